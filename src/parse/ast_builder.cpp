#include "parse/ast_builder.h"

#include <fmt/format.h>

#include <algorithm>

#include "PtxLexer.h"
#include "parse/syntax_errors.h"
#include "support/text.h"

namespace ptxlint::parse {
namespace {

using antlr4::tree::TerminalNode;

template <typename T>
T* as(antlr4::tree::ParseTree* node) {
  return dynamic_cast<T*>(node);
}

// Parses an integer literal (4.5.1): decimal, 0x hex, 0b binary, 0 octal,
// optional 'U'. Returns false when the value exceeds 64 bits.
bool parseInteger(std::string_view text, std::uint64_t& value) { return support::integerLiteralValue(text, value); }

// A small decimal number (version components); saturates instead of
// overflowing.
std::uint64_t parseDecimal(std::string_view text) {
  std::uint64_t value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return 0;
    value = std::min<std::uint64_t>(value * 10 + unsigned(c - '0'), 1000000);
  }
  return value;
}

// The tokens of a parse tree node in order, those the error recovery
// skipped (error nodes) included; a token the recovery conjured (a missing
// ';') has no place in the text and is left out. Iterative: a left-deep
// chain of binary operators is a tree as deep as the chain is long (the
// AST builder refuses it later, but its tokens are collected first).
void collectTokens(antlr4::tree::ParseTree* root, std::vector<antlr4::Token*>& out) {
  std::vector<antlr4::tree::ParseTree*> pending{root};
  while (!pending.empty()) {
    antlr4::tree::ParseTree* node = pending.back();
    pending.pop_back();
    if (auto* terminal = dynamic_cast<TerminalNode*>(node)) {
      antlr4::Token* t = terminal->getSymbol();
      if (t != nullptr && t->getType() != antlr4::Token::EOF && t->getStartIndex() != INVALID_INDEX &&
          t->getStopIndex() >= t->getStartIndex()) {
        out.push_back(t);
      }
      continue;
    }
    pending.insert(pending.end(), node->children.rbegin(), node->children.rend());
  }
}

// A token that begins a variable declaration (5.4): linkage, state space,
// alignment, vector, type, attribute, or an unknown dotted word in their place.
bool startsDeclaration(std::size_t type) {
  switch (type) {
    case PtxLexer::EXTERN:
    case PtxLexer::VISIBLE:
    case PtxLexer::WEAK:
    case PtxLexer::COMMON:
    case PtxLexer::REG:
    case PtxLexer::SREG:
    case PtxLexer::CONST:
    case PtxLexer::GLOBAL:
    case PtxLexer::LOCAL:
    case PtxLexer::PARAM:
    case PtxLexer::SHARED:
    case PtxLexer::TEX:
    case PtxLexer::ALIGN:
    case PtxLexer::VECTOR:
    case PtxLexer::TYPE:
    case PtxLexer::PTR:
    case PtxLexer::ATTRIBUTE:
    case PtxLexer::DOT_NAME: return true;
    default: return false;
  }
}

// +1 for an opening bracket of any kind, -1 for a closing one.
int nesting(std::size_t type) {
  if (type == PtxLexer::LPAREN || type == PtxLexer::LBRACK || type == PtxLexer::LBRACE) return 1;
  if (type == PtxLexer::RPAREN || type == PtxLexer::RBRACK || type == PtxLexer::RBRACE) return -1;
  return 0;
}

}  // namespace

void splitMnemonic(const ast::Token& mnemonic, ast::Instruction& in) {
  // A byte loop, not find(): the words are a few bytes long, and this runs
  // for every instruction of a file (relocation splits each copy again).
  in.mnemonic_range = mnemonic.range;
  in.qualifiers.clear();
  const std::string_view text = mnemonic.text;
  const std::uint32_t base = mnemonic.range.begin;
  std::size_t dot = 0;
  while (dot < text.size() && text[dot] != '.') ++dot;
  in.opcode = {text.substr(0, dot), {base, base + static_cast<std::uint32_t>(dot)}};
  while (dot < text.size()) {
    std::size_t end = dot + 1;
    while (end < text.size() && text[end] != '.') ++end;
    in.qualifiers.push_back({text.substr(dot, end - dot),
                             {base + static_cast<std::uint32_t>(dot), base + static_cast<std::uint32_t>(end)}});
    dot = end;
  }
}

bool parseIntegerLiteral(std::string_view text, std::uint64_t& value) { return parseInteger(text, value); }

void markPointeeSpecifiers(ast::Specifiers& specifiers) {
  for (std::size_t i = 1; i < specifiers.size(); ++i) {
    ast::SpecifierKind previous = specifiers[i - 1].kind;
    bool after_ptr = previous == ast::SpecifierKind::Ptr || previous == ast::SpecifierKind::PtrSpace;
    if (after_ptr && specifiers[i].kind == ast::SpecifierKind::StateSpace && previous == ast::SpecifierKind::Ptr) {
      specifiers[i].kind = ast::SpecifierKind::PtrSpace;
    } else if (after_ptr && specifiers[i].kind == ast::SpecifierKind::Align) {
      specifiers[i].kind = ast::SpecifierKind::PtrAlign;
    }
  }
}

ast::VersionDirective versionDirective(SourceRange range, const ast::Token& number) {
  ast::VersionDirective d;
  d.range = range;
  d.version = number;
  std::string_view t = number.text;
  std::size_t dot = t.find('.');
  if (dot != std::string_view::npos) {
    d.major = static_cast<std::uint32_t>(parseDecimal(t.substr(0, dot)));
    d.minor = static_cast<std::uint32_t>(parseDecimal(t.substr(dot + 1)));
  }
  return d;
}

void AstBuilder::reportUnknownDirective(const ast::Token& word) {
  Diagnostic& d =
      sink_.report(diag::RuleId::UnknownDirective, word.range, fmt::format("unknown directive '{}'", word.text));
  std::string_view suggestion = closestDirective(word.text);
  if (!suggestion.empty()) {
    diag::DiagnosticSink::addNote(d, fmt::format("did you mean '{}'?", suggestion));
    diag::DiagnosticSink::addFixIt(d, word.range, std::string(suggestion));
  }
}

ast::Token AstBuilder::token(antlr4::Token* t) const {
  auto begin = base_ + static_cast<std::uint32_t>(t->getStartIndex());
  auto end = base_ + static_cast<std::uint32_t>(t->getStopIndex() + 1);
  return {text_.substr(begin, end - begin), {begin, end}};
}

SourceRange AstBuilder::rangeOf(antlr4::ParserRuleContext* ctx) const {
  antlr4::Token* start = ctx->getStart();
  antlr4::Token* stop = ctx->getStop();
  auto begin = base_ + static_cast<std::uint32_t>(start->getStartIndex());
  if (stop == nullptr || stop->getType() == antlr4::Token::EOF || stop->getStopIndex() + 1 < start->getStartIndex()) {
    return {begin, begin};
  }
  return {begin, base_ + static_cast<std::uint32_t>(stop->getStopIndex() + 1)};
}

bool AstBuilder::hasSyntaxError(antlr4::ParserRuleContext* ctx) const {
  if (errors_.empty()) return false;
  if (ctx->exception) return true;
  SourceRange r = rangeOf(ctx);
  auto it = std::lower_bound(errors_.begin(), errors_.end(), r.begin);
  if (it != errors_.end() && *it < r.end) return true;
  for (auto* child : ctx->children) {
    if (auto* rule = dynamic_cast<antlr4::ParserRuleContext*>(child)) {
      if (hasSyntaxError(rule)) return true;
    }
  }
  return false;
}

// What a statement that did not parse declared is guessed from its tokens
// (its parse tree is partial or of the wrong alternative): a function
// header's name, labels (in a body only: a label begins a statement of a
// function body, 4.3, and names a place in that function), a
// declaration's names. Those names are then declared but
// unknown (clang's invalid declarations): no use of them is "undeclared",
// and nothing is judged by their kind or type. An instruction declares
// nothing.
void AstBuilder::declaredNames(const std::vector<antlr4::Token*>& tokens, bool in_body, std::vector<ast::Token>& names,
                               std::vector<ast::Token>& labels) const {
  auto type = [&](std::size_t i) { return i < tokens.size() ? tokens[i]->getType() : antlr4::Token::EOF; };
  int depth = 0;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    std::size_t t = type(i);
    if (depth == 0 && (t == PtxLexer::ENTRY || t == PtxLexer::FUNC)) {
      // A function header: its name is the first name outside the return
      // parameters' parentheses (11.2).
      for (std::size_t k = i + 1, inner = 0; k < tokens.size(); ++k) {
        if (inner == 0 && type(k) == PtxLexer::IDENT) {
          names.push_back(token(tokens[k]));
          break;
        }
        int change = nesting(type(k));
        if (change < 0 && inner == 0) break;
        inner += change;
      }
      return;
    }
    depth += nesting(t);
  }
  // Labels: `name:` at the start (or with a stray token before the ':'),
  // and every label the recovery skipped with it (after a ';', a brace or
  // another label).
  for (std::size_t i = 0; in_body && i + 1 < tokens.size(); ++i) {
    std::size_t before = i == 0 ? static_cast<std::size_t>(PtxLexer::SEMI) : type(i - 1);
    bool label_place = before == PtxLexer::COLON || before == PtxLexer::SEMI || before == PtxLexer::LBRACE ||
                       before == PtxLexer::RBRACE;
    if (type(i) == PtxLexer::IDENT && label_place &&
        (type(i + 1) == PtxLexer::COLON || (i == 0 && type(2) == PtxLexer::COLON))) {
      labels.push_back(token(tokens[i]));
    }
  }
  if (tokens.empty() || !startsDeclaration(type(0))) return;
  // A declaration: every name outside brackets and initializers.
  depth = 0;
  bool in_initializer = false;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    std::size_t t = type(i);
    if (depth == 0 && t == PtxLexer::SEMI) break;
    if (depth == 0 && t == PtxLexer::ASSIGN) in_initializer = true;
    if (depth == 0 && t == PtxLexer::COMMA) in_initializer = false;
    if (depth == 0 && !in_initializer && t == PtxLexer::IDENT) names.push_back(token(tokens[i]));
    depth = std::max(0, depth + nesting(t));
  }
}

void AstBuilder::leftOut(antlr4::tree::ParseTree* node, ast::Block& block) {
  std::vector<antlr4::Token*> tokens;
  collectTokens(node, tokens);
  leftOut(tokens, block);
}

void AstBuilder::leftOut(const std::vector<antlr4::Token*>& tokens, ast::Block& block) {
  ++module_.unparsed_statements;
  declaredNames(tokens, /*in_body=*/true, block.unknown_names, block.unknown_labels);
}

void AstBuilder::leftOutItem(const std::vector<antlr4::Token*>& tokens) {
  ++module_.unparsed_statements;
  // Before the first item that parsed, or a header directive itself: the
  // module's header (11.1) may be in it.
  if (module_.items.empty()) module_.broken_before_first_item = true;
  for (antlr4::Token* t : tokens) {
    std::size_t type = t->getType();
    if (type == PtxLexer::VERSION || type == PtxLexer::TARGET || type == PtxLexer::ADDRESS_SIZE) {
      module_.broken_module_directive = true;
    }
  }
  std::vector<ast::Token> names;
  declaredNames(tokens, /*in_body=*/false, names, names);
  auto place = static_cast<std::uint32_t>(module_.items.size());
  for (const ast::Token& name : names) module_.unknown_names.push_back({name, place});
}

// A left-out statement may not have ended where its parse tree does: the
// rule that failed returns (ANTLR recovers in every rule), and the rest of
// the statement, up to its ';', is skipped by the enclosing list
// (`.reg .b32 %r<4>>, %s;`: `>>, %s;` after the declaration's node). Those
// tokens belong to it: one statement, whose names they may hold.
template <typename Context, typename Build, typename LeftOut>
void AstBuilder::eachChild(antlr4::ParserRuleContext* parent, Build build, LeftOut left_out) {
  std::vector<antlr4::Token*> run;  // a left-out statement, or skipped tokens, not yet ended
  auto flush = [&] {
    if (!run.empty()) left_out(run);
    run.clear();
  };
  for (auto* child : parent->children) {
    if (auto* item = as<Context>(child)) {
      flush();
      if (build(item)) continue;
      collectTokens(item, run);
      std::size_t last = run.empty() ? static_cast<std::size_t>(PtxLexer::SEMI) : run.back()->getType();
      if (last == PtxLexer::SEMI || last == PtxLexer::RBRACE) flush();
    } else if (auto* error = as<antlr4::tree::ErrorNode>(child)) {
      collectTokens(error, run);
    }
  }
  flush();
}

void AstBuilder::buildModule(PtxParser::ModuleContext* ctx) {
  eachChild<PtxParser::TopLevelContext>(
      ctx, [&](PtxParser::TopLevelContext* top) { return buildTopLevel(top); },
      [&](const std::vector<antlr4::Token*>& tokens) { leftOutItem(tokens); });
}

// False: the item has a syntax error, and is left out (eachChild).
bool AstBuilder::buildTopLevel(PtxParser::TopLevelContext* ctx) {
  ast::TopLevel item;
  if (auto* f = ctx->functionDecl()) {
    // A function with errors in its body keeps its good statements. A
    // broken header drops the whole function, body included (the recovery
    // skips the body with the header, and the parameters it would declare
    // are not known): its name is declared but unknown.
    bool broken = f->functionBody() == nullptr ? hasSyntaxError(f) : f->exception != nullptr;
    for (auto* c : f->children) {
      auto* rule = dynamic_cast<antlr4::ParserRuleContext*>(c);
      if (rule != nullptr && rule != f->functionBody() && hasSyntaxError(rule)) broken = true;
    }
    if (broken) return false;
    item.node = buildFunction(f);
    module_.items.push_back(std::move(item));
    return true;
  }
  // A declaration the builder finds wrong (PL1006, PL1010, PL1011) is left
  // out as one the parser refused.
  std::size_t errors = sink_.errorCount();
  if (hasSyntaxError(ctx)) return false;
  if (auto* v = ctx->versionDirective()) {
    item.node = versionDirective(rangeOf(v), token(v->FLOAT()));
  } else if (auto* t = ctx->targetDirective()) {
    ast::TargetDirective d;
    d.range = rangeOf(t);
    for (auto* id : t->IDENT()) d.targets.push_back(token(id));
    item.node = std::move(d);
  } else if (auto* a = ctx->addressSizeDirective()) {
    item.node = ast::AddressSizeDirective{rangeOf(a), token(a->INT())};
  } else if (auto* file = ctx->fileDirective()) {
    item.node = buildFile(file);
  } else if (auto* s = ctx->sectionDirective()) {
    item.node = buildSection(s);
  } else if (auto* al = ctx->aliasDirective()) {
    item.node = ast::AliasDirective{rangeOf(al), token(al->IDENT(0)), token(al->IDENT(1))};
  } else if (auto* p = ctx->pragmaDirective()) {
    item.node = buildPragma(p);
  } else if (auto* v = ctx->variableDecl()) {
    item.node = buildVariableDecl(v);
    if (sink_.errorCount() > errors) return false;
  } else {
    return false;
  }
  module_.items.push_back(std::move(item));
  return true;
}

ast::Function AstBuilder::buildFunction(PtxParser::FunctionDeclContext* ctx) {
  ast::Function f = buildFunctionHeader(ctx->functionHeader());
  f.range = rangeOf(ctx);
  auto* body = ctx->functionBody();
  if (body == nullptr) return f;
  if (body->RBRACE() != nullptr && body->exception == nullptr) {
    f.body = buildBlock(body, body->statement());
    return f;
  }
  // A body without its closing '}' runs to the end of the file: where it
  // was meant to end is unknown, and the items after that place were
  // parsed as its statements, in the wrong scope. It is not checked (the
  // function itself, whose header parsed, is declared).
  f.body = ast::Block{rangeOf(body), {}, {}, {}};
  leftOut(body, *f.body);
  return f;
}

ast::Function AstBuilder::buildFunctionHeader(PtxParser::FunctionHeaderContext* ctx) {
  ast::Function f;
  f.range = rangeOf(ctx);
  for (auto* l : ctx->linkage()) f.linkage.push_back(token(l->getStart()));
  f.kind = token(ctx->kind);
  for (auto* a : ctx->attributeClause()) f.attributes.push_back(buildAttributeClause(a));
  f.name = token(ctx->name);
  if (ctx->returnParams) f.return_params = buildParams(ctx->returnParams);
  if (ctx->params) f.params = buildParams(ctx->params);
  for (auto* d : ctx->functionDirective()) f.directives.push_back(buildFunctionDirective(d));
  return f;
}

void AstBuilder::buildStatements(PtxParser::StatementsPieceContext* ctx, std::vector<ast::Statement>& out) {
  for (auto* s : ctx->statement()) {
    ast::Statement statement;
    if (buildStatement(s, statement)) out.push_back(std::move(statement));
  }
}

void AstBuilder::buildSectionItems(PtxParser::SectionItemsPieceContext* ctx, std::vector<ast::SectionItem>& out) {
  for (auto* item : ctx->sectionItem()) out.push_back(buildSectionItem(item));
}

ast::SectionItem AstBuilder::buildSectionItem(PtxParser::SectionItemContext* item) {
  ast::SectionItem out;
  out.range = rangeOf(item);
  if (auto* label = as<PtxParser::SectionLabelContext>(item)) {
    out.label = token(label->IDENT());
  } else if (auto* data = as<PtxParser::SectionDataContext>(item)) {
    out.type = token(data->TYPE());
    for (auto* e : data->expression()) out.values.push_back(buildExpr(e));
  }
  return out;
}

std::vector<ast::Param> AstBuilder::buildParams(PtxParser::ParamListContext* ctx) {
  std::vector<ast::Param> params;
  for (auto* p : ctx->paramDecl()) {
    ast::Param param;
    param.range = rangeOf(p);
    for (auto* s : p->declSpecifier()) param.specifiers.push_back(buildSpecifier(s));
    markPointeeSpecifiers(param.specifiers);
    param.declarator = buildDeclarator(p->declarator());
    classifySpecifiers(param, true);
    params.push_back(std::move(param));
  }
  return params;
}

ast::FunctionDirective AstBuilder::buildFunctionDirective(PtxParser::FunctionDirectiveContext* ctx) {
  ast::FunctionDirective d;
  d.range = rangeOf(ctx);
  if (auto* p = ctx->pragmaDirective()) {
    d.keyword = token(p->PRAGMA());
    d.pragma = buildPragma(p);
    return d;
  }
  if (auto* unknown = ctx->unknownDirective()) {
    d.keyword = token(unknown->DOT_NAME());
    reportUnknownDirective(d.keyword);
    for (auto* n : unknown->INT()) d.values.push_back(token(n));
    return d;
  }
  d.keyword = token(ctx->getStart());
  for (auto* n : ctx->INT()) d.values.push_back(token(n));
  return d;
}

// (The slow path's: the fast path builds runs of statements.)
ast::Block AstBuilder::buildBlock(antlr4::ParserRuleContext* ctx,
                                  const std::vector<PtxParser::StatementContext*>& statements) {
  ast::Block block;
  block.range = rangeOf(ctx);
  block.statements.reserve(statements.size());
  auto build = [&](PtxParser::StatementContext* s) {
    // A statement with a syntax error, found by the parser or the builder
    // (PL1006, PL1010, PL1011), is left out; what it declared is unknown.
    std::size_t errors = sink_.errorCount();
    ast::Statement statement;
    bool nested_block = as<PtxParser::BlockStatementContext>(s) != nullptr;
    if ((nested_block ? s->exception != nullptr : hasSyntaxError(s)) || !buildStatement(s, statement) ||
        (!nested_block && sink_.errorCount() > errors)) {
      return false;
    }
    block.statements.push_back(std::move(statement));
    return true;
  };
  eachChild<PtxParser::StatementContext>(ctx, build,
                                         [&](const std::vector<antlr4::Token*>& skipped) { leftOut(skipped, block); });
  return block;
}

bool AstBuilder::buildStatement(PtxParser::StatementContext* ctx, ast::Statement& out) {
  if (auto* block = as<PtxParser::BlockStatementContext>(ctx)) {
    if (block->exception) return false;
    out.node = buildBlock(block, block->statement());
    return true;
  }
  if (hasSyntaxError(ctx)) return false;
  if (auto* i = as<PtxParser::InstructionStatementContext>(ctx)) {
    ast::Instruction instruction = buildInstruction(i->instruction());
    instruction.range.end = base_ + static_cast<std::uint32_t>(i->SEMI()->getSymbol()->getStopIndex() + 1);
    out.node = std::move(instruction);
  } else if (auto* l = as<PtxParser::LabelStatementContext>(ctx)) {
    out.node = ast::Label{token(l->label), rangeOf(l)};
  } else if (auto* d = as<PtxParser::DeclarationStatementContext>(ctx)) {
    out.node = buildVariableDecl(d->variableDecl());
  } else if (auto* fd = as<PtxParser::FunctionDeclarationStatementContext>(ctx)) {
    ast::Function f = buildFunctionHeader(fd->functionHeader());
    f.range = rangeOf(fd);
    out.node = std::move(f);
  } else if (auto* loc = as<PtxParser::LocStatementContext>(ctx)) {
    out.node = buildLoc(loc->locDirective());
  } else if (auto* file = as<PtxParser::FileStatementContext>(ctx)) {
    out.node = buildFile(file->fileDirective());
  } else if (auto* p = as<PtxParser::PragmaStatementContext>(ctx)) {
    out.node = buildPragma(p->pragmaDirective());
  } else if (auto* s = as<PtxParser::SectionStatementContext>(ctx)) {
    out.node = buildSection(s->sectionDirective());
  } else if (auto* proto = as<PtxParser::PrototypeStatementContext>(ctx)) {
    ast::CallPrototype cp;
    cp.range = rangeOf(proto);
    cp.label = token(proto->label);
    auto* c = proto->prototype;
    if (c->returnParams) cp.return_params = buildParams(c->returnParams);
    if (c->params) cp.params = buildParams(c->params);
    for (auto* fd : c->functionDirective()) cp.directives.push_back(buildFunctionDirective(fd));
    out.node = std::move(cp);
  } else if (auto* bt = as<PtxParser::BranchTargetsStatementContext>(ctx)) {
    out.node = buildTargetList(bt->label, bt, bt->targets->targetName());
  } else if (auto* ct = as<PtxParser::CallTargetsStatementContext>(ctx)) {
    out.node = buildTargetList(ct->label, ct, ct->targets->targetName());
  } else {
    return false;
  }
  return true;
}

ast::TargetList AstBuilder::buildTargetList(antlr4::Token* label, antlr4::ParserRuleContext* ctx,
                                            std::vector<PtxParser::TargetNameContext*> names) {
  ast::TargetList list;
  list.range = rangeOf(ctx);
  list.label = token(label);
  list.keyword = token(dynamic_cast<antlr4::ParserRuleContext*>(ctx->children[2])->getStart());
  for (auto* n : names) {
    ast::TargetList::Entry entry{token(n->IDENT()), std::nullopt};
    if (n->INT()) entry.count = token(n->INT());
    list.targets.push_back(entry);
  }
  return list;
}

ast::Instruction AstBuilder::buildInstruction(PtxParser::InstructionContext* ctx) {
  ast::Instruction in;
  in.range = rangeOf(ctx);
  if (auto* g = ctx->guard()) {
    ast::Guard guard;
    guard.negated = g->BANG() != nullptr;
    guard.predicate = token(g->IDENT() ? g->IDENT() : g->OPCODE_OR_DOTTED());
    guard.range = rangeOf(g);
    in.guard = guard;
  }
  splitMnemonic(token(ctx->opcode), in);
  for (auto* child : ctx->children) {
    if (auto* op = as<PtxParser::OperandContext>(child)) in.operands.push_back(buildOperand(op));
  }
  return in;
}

ast::Operand AstBuilder::buildOperand(PtxParser::OperandContext* ctx) {
  ast::Operand op;
  op.range = rangeOf(ctx);
  if (auto* e = as<PtxParser::ExpressionOperandContext>(ctx)) {
    op.kind = ast::OperandKind::Expression;
    op.expr = buildExpr(e->expression());
  } else if (auto* a = as<PtxParser::AddressOperandContext>(ctx)) {
    op.kind = ast::OperandKind::Address;
    op.expr = buildExpr(a->expression());
    for (auto* extra : a->operand()) op.elements.push_back(buildOperand(extra));
    if (a->suffix != nullptr) op.name = token(a->suffix);
  } else if (auto* v = as<PtxParser::VectorOperandContext>(ctx)) {
    op.kind = ast::OperandKind::Vector;
    for (auto* element : v->vectorElement()) {
      ast::Operand item;
      item.range = rangeOf(element);
      if (element->UNDERSCORE()) {
        item.kind = ast::OperandKind::Sink;
      } else {
        item.kind = ast::OperandKind::Expression;
        item.expr = buildExpr(element->expression());
      }
      op.elements.push_back(std::move(item));
    }
    if (v->pred != nullptr) op.second = token(v->pred);
  } else if (auto* p = as<PtxParser::ParenOperandContext>(ctx)) {
    op.kind = ast::OperandKind::ParenList;
    for (auto* element : p->operand()) op.elements.push_back(buildOperand(element));
  } else if (auto* n = as<PtxParser::NegatedOperandContext>(ctx)) {
    op.kind = ast::OperandKind::Negated;
    op.name = token(n->IDENT() ? n->IDENT() : n->OPCODE_OR_DOTTED());
  } else if (auto* pair = as<PtxParser::PredicatePairOperandContext>(ctx)) {
    op.kind = ast::OperandKind::PredicatePair;
    op.name = token(pair->first);
    op.second = token(pair->second);
  } else {
    op.kind = ast::OperandKind::Sink;
  }
  return op;
}

ast::Expr* AstBuilder::intLiteral(TerminalNode* node) {
  ast::Expr* e = module_.newExpr();
  e->kind = ast::ExprKind::IntLiteral;
  ast::Token t = token(node);
  e->text = t.text;
  e->range = t.range;
  e->value_fits = parseInteger(t.text, e->int_value);
  if (!e->value_fits) {
    sink_.report(diag::RuleId::IntegerTooLarge, t.range,
                 fmt::format("integer constant '{}' does not fit in 64 bits",
                             t.text.size() > 40 ? std::string(t.text.substr(0, 37)) + "..." : std::string(t.text)));
  }
  return e;
}

const ast::Expr* AstBuilder::buildPrimary(PtxParser::PrimaryContext* ctx) {
  if (auto* i = as<PtxParser::IntLiteralContext>(ctx)) return intLiteral(i->INT());
  ast::Expr* e = module_.newExpr();
  e->range = rangeOf(ctx);
  if (auto* f = as<PtxParser::FloatLiteralContext>(ctx)) {
    e->kind = ast::ExprKind::FloatLiteral;
    e->text = token(f->getStart()).text;
  } else if (auto* s = as<PtxParser::SymbolRefContext>(ctx)) {
    e->kind = ast::ExprKind::Symbol;
    e->text = token(s->getStart()).text;
  } else if (auto* c = as<PtxParser::CallLikeExprContext>(ctx)) {
    e->kind = ast::ExprKind::Call;
    e->text = token(c->IDENT()).text;
    e->lhs = buildExpr(c->expression());
  } else if (auto* m = as<PtxParser::MaskExprContext>(ctx)) {
    e->kind = ast::ExprKind::Mask;
    e->text = token(m->INT()).text;
    e->lhs = buildExpr(m->expression());
  } else if (auto* p = as<PtxParser::ParenExprContext>(ctx)) {
    e->kind = ast::ExprKind::Paren;
    e->lhs = buildExpr(p->expression());
  }
  return e;
}

const ast::Expr* AstBuilder::buildExpr(PtxParser::ExpressionContext* ctx) {
  if (ctx == nullptr) return nullptr;
  // The prescan bounds parentheses and unary chains; long left-deep chains
  // of binary operators are bounded here.
  if (depth_ >= max_depth_) {
    SourceRange r = rangeOf(ctx);
    sink_.report(diag::RuleId::NestingTooDeep, {r.begin, r.begin + 1},
                 fmt::format("expression nested deeper than {} levels", max_depth_));
    ast::Expr* e = module_.newExpr();
    e->range = r;
    return e;
  }
  struct DepthGuard {
    std::uint32_t& depth;
    explicit DepthGuard(std::uint32_t& d) : depth(d) { ++depth; }
    ~DepthGuard() { --depth; }
  } guard(depth_);

  if (auto* p = as<PtxParser::PrimaryExprContext>(ctx)) return buildPrimary(p->primary());
  ast::Expr* e = module_.newExpr();
  e->range = rangeOf(ctx);
  if (auto* u = as<PtxParser::UnaryExprContext>(ctx)) {
    e->kind = ast::ExprKind::Unary;
    e->op = token(u->op).text;
    e->lhs = buildExpr(u->expression());
  } else if (auto* b = as<PtxParser::BinaryExprContext>(ctx)) {
    e->kind = ast::ExprKind::Binary;
    e->op = token(b->op).text;
    e->lhs = buildExpr(b->expression(0));
    e->rhs = buildExpr(b->expression(1));
  } else if (auto* c = as<PtxParser::ConditionalExprContext>(ctx)) {
    e->kind = ast::ExprKind::Conditional;
    e->lhs = buildExpr(c->expression(0));
    e->rhs = buildExpr(c->expression(1));
    e->third = buildExpr(c->expression(2));
  } else if (auto* i = as<PtxParser::IndexExprContext>(ctx)) {
    e->kind = ast::ExprKind::Index;
    e->lhs = buildExpr(i->expression(0));
    e->rhs = buildExpr(i->expression(1));
  } else if (auto* cast = as<PtxParser::CastExprContext>(ctx)) {
    e->kind = ast::ExprKind::Cast;
    e->op = token(cast->TYPE()).text;
    e->lhs = buildExpr(cast->expression());
  }
  return e;
}

ast::VariableDecl AstBuilder::buildVariableDecl(PtxParser::VariableDeclContext* ctx) {
  ast::VariableDecl decl;
  decl.range = rangeOf(ctx);
  for (auto* s : ctx->declSpecifier()) decl.specifiers.push_back(buildSpecifier(s));
  for (auto* d : ctx->declarator()) decl.declarators.push_back(buildDeclarator(d));
  classifySpecifiers(decl, true);
  return decl;
}

ast::Specifier AstBuilder::buildAttributeClause(PtxParser::AttributeClauseContext* ctx) {
  ast::Specifier s;
  s.kind = ast::SpecifierKind::Attribute;
  s.range = rangeOf(ctx);
  s.keyword = token(ctx->ATTRIBUTE());
  for (auto* item : ctx->attributeItem()) {
    ast::AttributeItem a;
    a.name = token(item->DOT_NAME());
    for (auto* e : item->expression()) a.arguments.push_back(buildExpr(e));
    s.attributes.push_back(std::move(a));
  }
  return s;
}

ast::Specifier AstBuilder::buildSpecifier(PtxParser::DeclSpecifierContext* ctx) {
  if (auto* a = as<PtxParser::AttributeSpecifierContext>(ctx)) return buildAttributeClause(a->attributeClause());
  ast::Specifier s;
  s.range = rangeOf(ctx);
  s.keyword = token(ctx->getStart());
  if (as<PtxParser::LinkageSpecifierContext>(ctx)) {
    s.kind = ast::SpecifierKind::Linkage;
  } else if (auto* space = as<PtxParser::StateSpaceSpecifierContext>(ctx)) {
    s.kind = ast::SpecifierKind::StateSpace;
    if (space->INT()) s.value = token(space->INT());
  } else if (auto* align = as<PtxParser::AlignSpecifierContext>(ctx)) {
    s.kind = ast::SpecifierKind::Align;
    s.value = token(align->INT());
  } else if (as<PtxParser::VectorSpecifierContext>(ctx)) {
    s.kind = ast::SpecifierKind::Vector;
  } else if (as<PtxParser::TypeSpecifierContext>(ctx)) {
    s.kind = ast::SpecifierKind::Type;
  } else if (as<PtxParser::UnknownSpecifierContext>(ctx)) {
    s.kind = ast::SpecifierKind::Unknown;
    reportUnknownDirective(s.keyword);
  } else {
    s.kind = ast::SpecifierKind::Ptr;
  }
  return s;
}

template <typename Decl>
void AstBuilder::classifySpecifiers(Decl& decl, bool require_state_space) {
  auto note = [&](std::int8_t& slot, std::size_t index, std::string_view what) {
    const ast::Specifier& s = decl.specifiers[index];
    if (slot >= 0) {
      const ast::Specifier& first = decl.specifiers[static_cast<std::size_t>(slot)];
      Diagnostic& d = sink_.report(diag::RuleId::DeclarationSpecifiers, s.range,
                                   fmt::format("declaration has a second {} '{}'", what, s.keyword.text));
      diag::DiagnosticSink::addNote(d, first.range, fmt::format("first {} is '{}'", what, first.keyword.text));
      return;
    }
    slot = static_cast<std::int8_t>(index);
  };
  for (std::size_t i = 0; i < decl.specifiers.size() && i < 127; ++i) {
    switch (decl.specifiers[i].kind) {
      case ast::SpecifierKind::StateSpace: note(decl.state_space, i, "state space"); break;
      case ast::SpecifierKind::Type: note(decl.type, i, "type"); break;
      case ast::SpecifierKind::Vector: note(decl.vector, i, "vector size"); break;
      case ast::SpecifierKind::Align: note(decl.align, i, "alignment"); break;
      default: break;
    }
  }
  SourceRange at{decl.range.begin, decl.specifiers.empty() ? decl.range.end : decl.specifiers.back().range.end};
  // An unknown directive (already reported) most likely meant to be the
  // missing state space or type: say nothing more.
  bool has_unknown = std::any_of(decl.specifiers.begin(), decl.specifiers.end(),
                                 [](const ast::Specifier& s) { return s.kind == ast::SpecifierKind::Unknown; });
  if (has_unknown) return;
  if (require_state_space && decl.state_space < 0) {
    sink_.report(diag::RuleId::DeclarationSpecifiers, at,
                 "declaration has no state space (such as .reg, .global or .param)");
  }
  if (decl.type < 0) {
    sink_.report(diag::RuleId::DeclarationSpecifiers, at, "declaration has no type (such as .b32)");
  }
}

ast::Declarator AstBuilder::buildDeclarator(PtxParser::DeclaratorContext* ctx) {
  ast::Declarator d;
  d.range = rangeOf(ctx);
  d.name = token(ctx->name);
  if (ctx->count) {
    d.range_count = token(ctx->count);
    if (!parseInteger(d.range_count->text, d.range_count_value)) {
      sink_.report(diag::RuleId::IntegerTooLarge, d.range_count->range, "register count does not fit in 64 bits");
    }
  }
  // Brackets and their optional size expressions, in order.
  for (std::size_t i = 0; i < ctx->children.size(); ++i) {
    auto* t = as<TerminalNode>(ctx->children[i]);
    if (t == nullptr || t->getSymbol()->getType() != PtxParser::LBRACK) continue;
    auto* size = i + 1 < ctx->children.size() ? as<PtxParser::ExpressionContext>(ctx->children[i + 1]) : nullptr;
    d.dimensions.push_back(size ? buildExpr(size) : nullptr);
    auto* close = as<TerminalNode>(ctx->children[size ? i + 2 : i + 1]);
    d.dimension_ranges.push_back({token(t).range.begin, token(close).range.end});
  }
  if (auto* init = ctx->initializer()) d.initializer = buildInitializer(init);
  return d;
}

ast::Initializer AstBuilder::buildInitializer(PtxParser::InitializerContext* ctx) {
  ast::Initializer init;
  init.range = rangeOf(ctx);
  if (ctx->field != nullptr) init.field = token(ctx->field);
  if (auto* e = ctx->expression()) {
    init.expr = buildExpr(e);
  } else {
    for (auto* element : ctx->initializer()) init.elements.push_back(buildInitializer(element));
  }
  return init;
}

ast::LocDirective AstBuilder::buildLoc(PtxParser::LocDirectiveContext* ctx) {
  ast::LocDirective loc;
  loc.range = rangeOf(ctx);
  loc.file = token(ctx->INT(0));
  loc.line = token(ctx->INT(1));
  loc.column = token(ctx->INT(2));
  for (auto* a : ctx->locAttribute()) {
    ast::LocAttribute attribute;
    attribute.name = token(a->IDENT());
    for (auto* n : a->INT()) attribute.numbers.push_back(token(n));
    attribute.expr = buildExpr(a->expression());
    loc.attributes.push_back(std::move(attribute));
  }
  return loc;
}

ast::FileDirective AstBuilder::buildFile(PtxParser::FileDirectiveContext* ctx) {
  ast::FileDirective file;
  file.range = rangeOf(ctx);
  file.index = token(ctx->INT(0));
  file.name = token(ctx->STRING());
  if (ctx->INT().size() == 3) {
    file.timestamp = token(ctx->INT(1));
    file.size = token(ctx->INT(2));
  }
  return file;
}

ast::PragmaDirective AstBuilder::buildPragma(PtxParser::PragmaDirectiveContext* ctx) {
  ast::PragmaDirective pragma;
  pragma.range = rangeOf(ctx);
  for (auto* s : ctx->STRING()) pragma.strings.push_back(token(s));
  return pragma;
}

ast::SectionDirective AstBuilder::buildSection(PtxParser::SectionDirectiveContext* ctx) {
  ast::SectionDirective section;
  section.range = rangeOf(ctx);
  section.name = token(ctx->DOT_NAME());
  for (auto* item : ctx->sectionItem()) {
    if (hasSyntaxError(item)) continue;
    section.items.push_back(buildSectionItem(item));
  }
  return section;
}

}  // namespace ptxlint::parse
