#include "parse/fast_path.h"

#include <antlr4-runtime.h>

#include <algorithm>
#include <array>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <span>
#include <string>
#include <unordered_map>

#include "PtxLexer.h"
#include "PtxParser.h"
#include "parse/ast_builder.h"
#include "parse/ast_relocation.h"
#include "parse/fast_lexer.h"
#include "parse/hand_parser.h"
#include "parse/list_bounds.h"
#include "parse/token_source.h"
#include "support/front_cache.h"
#include "support/text.h"

namespace ptxlint::parse {
namespace {

using T = PtxLexer;

bool isLinkage(std::uint16_t type) {
  return type == T::EXTERN || type == T::VISIBLE || type == T::WEAK || type == T::COMMON;
}

class SilentListener final : public antlr4::BaseErrorListener {};

// One ANTLR parser, reused for every run of a chunk that the hand-written
// parser leaves to it (created for the first such run: a chunk whose runs
// all parse by hand never touches ANTLR): SLL prediction and the bail-out
// strategy (the first error ends the fast path).
class RunParser {
 public:
  template <typename Context>
  Context* parse(std::span<const LexedToken> tokens, Context* (PtxParser::*rule)()) {
    source_ = std::make_unique<SpanTokenSource>(tokens);
    auto stream = std::make_unique<antlr4::CommonTokenStream>(source_.get());
    if (!parser_) {
      parser_ = std::make_unique<PtxParser>(stream.get());
      parser_->removeErrorListeners();
      parser_->addErrorListener(&silent_);
      parser_->getInterpreter<antlr4::atn::ParserATNSimulator>()->setPredictionMode(antlr4::atn::PredictionMode::SLL);
      parser_->setErrorHandler(std::make_shared<antlr4::BailErrorStrategy>());
    } else {
      parser_->setTokenStream(stream.get());  // also frees the previous tree
    }
    stream_ = std::move(stream);
    try {
      return (parser_.get()->*rule)();
    } catch (const antlr4::ParseCancellationException&) {
      return nullptr;
    } catch (const antlr4::RecognitionException&) {
      return nullptr;
    }
  }

 private:
  SilentListener silent_;
  std::unique_ptr<SpanTokenSource> source_;
  std::unique_ptr<antlr4::CommonTokenStream> stream_;
  std::unique_ptr<PtxParser> parser_;
};

struct RunTemplate;

// How the fast path defers an instruction of a cached run (ast::
// DeferredInstruction, with ParseOptions::defer_instructions): the plan of
// the run's last statement, an instruction, built from the template when
// the checks ask.
class TemplatePlan final : public ast::InstructionPlan {
 public:
  explicit TemplatePlan(const RunTemplate& owner) : owner_(owner) {}
  ast::Statement build(const ast::DeferredInstruction& d, const ast::Module& module,
                       ast::ExprArena& arena) const override;

  std::uint8_t first_token = 0;  // the instruction's first token in the run
  // The integer literals (token in the instruction, whether the template's
  // value fits in 64 bits): relocation refuses a run whose literal fits
  // differently (the slow path reports it), so such a run is not deferred.
  support::SmallVector<std::pair<std::uint8_t, bool>, 2> int_literals;

 private:
  const RunTemplate& owner_;
};

// The AST of the first run of a token shape, with a copy of its text.
struct RunTemplate {
  std::string text;                 // the run's source; the AST points into it
  TokenVector tokens;               // offsets relative to `text`
  std::vector<std::uint8_t> index;  // tokenIndex(tokens, text.size())
  std::vector<ast::Statement> statements;
  std::vector<ast::SectionItem> items;
  std::vector<ast::Function> headers;
  ast::ExprArena exprs;
  std::unique_ptr<TemplatePlan> plan;  // when its last statement is an instruction that can be deferred
};

ast::Statement TemplatePlan::build(const ast::DeferredInstruction& d, const ast::Module& module,
                                   ast::ExprArena& arena) const {
  // The instance's tokens where the template has them (those before the
  // instruction, a .loc, are not kept: the instruction maps none of them).
  thread_local TokenVector places;
  places.assign(owner_.tokens.size(), LexedToken{});
  for (std::size_t k = 0; k < token_count; ++k) places[first_token + k] = module.deferredToken(d.first_token + k);
  Relocator relocator({owner_.text.data(), owner_.tokens, owner_.index}, {module.deferred_text, places, {}}, arena);
  ast::Statement statement = owner_.statements.back();
  relocator.relocate(statement);  // cannot fail: the parser compared the literals (ChunkParser::defer)
  return statement;
}

// Tokens whose text their type fixes ('_' and punctuation): a verdict's key
// need not repeat them.
bool fixedText(std::uint16_t type) { return type == T::UNDERSCORE || (type >= T::LBRACE && type <= T::ASSIGN); }

// The plan of a template whose last statement is an instruction, or null
// when some name or literal of it is not exactly one token.
std::unique_ptr<TemplatePlan> planOf(const RunTemplate& t) {
  if (t.statements.empty() || t.index.empty()) return nullptr;
  const ast::Instruction* in = ast::nodeIf<ast::Instruction>(t.statements.back());
  if (in == nullptr || in->range.end != t.text.size()) return nullptr;
  for (std::size_t k = 0; k + 1 < t.statements.size(); ++k) {
    if (!std::holds_alternative<ast::LocDirective>(t.statements[k].node)) return nullptr;
  }
  auto plan = std::make_unique<TemplatePlan>(t);
  std::size_t first = 0;
  while (first < t.tokens.size() && t.tokens[first].begin < in->range.begin) ++first;
  if (first == t.tokens.size() || t.tokens[first].begin != in->range.begin) return nullptr;
  plan->first_token = static_cast<std::uint8_t>(first);
  plan->token_count = static_cast<std::uint8_t>(t.tokens.size() - first);

  bool ok = true;
  std::vector<bool> is_name(t.tokens.size(), false);
  // The token whose text `text` is, or -1.
  auto tokenOf = [&](std::string_view text) -> int {
    auto offset = static_cast<std::uint32_t>(text.data() - t.text.data());
    for (std::size_t k = first; k < t.tokens.size(); ++k) {
      if (t.tokens[k].begin == offset && t.tokens[k].end == offset + text.size()) return static_cast<int>(k);
    }
    ok = false;
    return -1;
  };
  auto name = [&](std::string_view text, bool guard) {
    int k = tokenOf(text);
    if (k < 0) return;
    is_name[k] = true;
    plan->names.push_back({static_cast<std::uint8_t>(k - first), guard, t.tokens[k].type != T::IDENT});
  };
  // The symbol pass's order (sema/symbols.cpp: instruction(), operand(),
  // expression()).
  auto expression = [&](auto& self, const ast::Expr* e) -> void {
    if (e == nullptr) return;
    if (e->kind == ast::ExprKind::Symbol) {
      name(e->text, false);
      return;
    }
    if (e->kind == ast::ExprKind::IntLiteral) {
      int k = tokenOf(e->text);
      if (k >= 0) plan->int_literals.push_back({static_cast<std::uint8_t>(k - first), e->value_fits});
    }
    self(self, e->lhs);
    self(self, e->rhs);
    self(self, e->third);
  };
  auto operand = [&](auto& self, const ast::Operand& op) -> void {
    switch (op.kind) {
      case ast::OperandKind::Expression:
      case ast::OperandKind::Address: expression(expression, op.expr); break;
      case ast::OperandKind::Negated: name(op.name.text, false); break;
      case ast::OperandKind::PredicatePair:
        if (op.name.text != "_") name(op.name.text, false);
        if (op.second.text != "_") name(op.second.text, false);
        break;
      case ast::OperandKind::Vector:
        if (!op.second.text.empty()) name(op.second.text, false);
        break;
      default: break;
    }
    for (const ast::Operand& element : op.elements) self(self, element);
  };
  if (in->guard) name(in->guard->predicate.text, true);
  for (const ast::Operand& op : in->operands) operand(operand, op);
  if (!ok) return nullptr;
  for (std::size_t k = first; k < t.tokens.size(); ++k) {
    if (!is_name[k] && !fixedText(t.tokens[k].type)) plan->texts.push_back(static_cast<std::uint8_t>(k - first));
  }
  for (std::size_t k = first; k < t.tokens.size(); ++k) plan->shape += static_cast<char>(t.tokens[k].type);
  return plan;
}

// Shape -> template, shared by every thread (read-mostly). Bounded: a fuzzer
// or a generator of endless new shapes empties it now and then.
class RunCache {
 public:
  // The template of `key`, or null; the pointer is valid until the next
  // find() or insert() on this thread (the thread's front cache holds it).
  const std::shared_ptr<const RunTemplate>* find(std::string_view key) {
    std::uint64_t hash = support::hashBytes(key);
    if (support::one_thread_process) return only_.find(hash, key);  // (support/front_cache.h)
    Front& front = this->front();
    if (const std::shared_ptr<const RunTemplate>* kept = front.find(hash, key)) return kept;
    std::shared_ptr<const RunTemplate> found;
    {
      std::shared_lock lock(mutex_);
      auto it = map_.find(key);
      if (it == map_.end()) return nullptr;
      found = it->second;
    }
    front.put(hash, key, found);
    return front.find(hash, key);
  }
  void insert(std::string key, std::shared_ptr<const RunTemplate> run) {
    if (support::one_thread_process) {
      only_.put(support::hashBytes(key), key, std::move(run));
      return;
    }
    front().put(support::hashBytes(key), key, run);
    std::unique_lock lock(mutex_);
    if (map_.size() >= kMaxShapes) map_.clear();
    map_.emplace(std::move(key), std::move(run));
  }

 private:
  using Front = support::FrontCache<std::shared_ptr<const RunTemplate>, 1024>;  // (templates it holds stay alive)
  static Front& front() {
    thread_local Front instance;
    return instance;
  }

  static constexpr std::size_t kMaxShapes = 16384;
  std::shared_mutex mutex_;
  std::unordered_map<std::string, std::shared_ptr<const RunTemplate>, support::BytesHash, std::equal_to<>> map_;
  support::FrontCache<std::shared_ptr<const RunTemplate>, kMaxShapes> only_;  // one_thread_process: the one table
};

RunCache& runCache() {
  static RunCache cache;
  return cache;
}

// Longer runs (large initializers, long data lines) rarely repeat.
constexpr std::size_t kMaxCachedRunTokens = 192;

class ChunkParser {
 public:
  ChunkParser(std::string_view text, const ParseOptions& options, ast::Module& module, ParseStats& stats)
      : text_(text), options_(options), module_(module), stats_(stats), hand_(text, module, options.max_nesting) {}

  bool run(std::uint32_t begin, std::uint32_t end, bool unscanned) {
    lexed_.reserve((end - begin) / 5);  // PTX has about one token per 5-6 bytes
    FastLexer lexer(text_.substr(begin, end - begin), begin);
    lexer.appendAll(lexed_);
    if (lexer.sawErrorToken()) return false;  // the slow path reports it
    return run(lexed_, unscanned);
  }

  // The same, on the chunk's tokens (lexed by the caller, none an error).
  bool run(std::span<const LexedToken> tokens, bool unscanned) {
    tokens_ = tokens;
    // The chunk's tokens outlive the module's check (the caller says so):
    // deferred instructions refer to them where they are.
    if (options_.borrow_chunk_tokens && module_.deferred.empty() && module_.deferred_tokens.empty() &&
        module_.borrowed_tokens == nullptr && !tokens.empty()) {
      module_.borrowed_tokens = tokens.data();
      module_.borrowed_count = tokens.size();
    }
    if (unscanned && (tokens_.empty() || nearNestingBounds())) return false;
    stats_.tokens += tokens_.size();
    std::size_t i = 0;
    while (i < tokens_.size()) {
      std::size_t j = i;
      while (j < tokens_.size() && isLinkage(type(j))) ++j;
      if (j < tokens_.size() && (type(j) == T::ENTRY || type(j) == T::FUNC)) {
        if (!function(i)) return false;
      } else if (j == i && type(i) == T::SECTION) {
        if (!section(i)) return false;
      } else {
        // Other top-level items, up to the next function or section.
        std::size_t k = j;
        while (k < tokens_.size() && type(k) != T::ENTRY && type(k) != T::FUNC && type(k) != T::SECTION) ++k;
        while (k > j && isLinkage(type(k - 1))) --k;
        if (k == i) return false;
        if (!topLevelItems(i, k)) return false;
        i = k;
      }
    }
    return true;
  }

 private:
  std::uint16_t type(std::size_t i) const { return tokens_[i].type; }
  std::span<const LexedToken> span(std::size_t from, std::size_t to) const {
    return std::span<const LexedToken>(tokens_).subspan(from, to - from);
  }
  AstBuilder builder() { return AstBuilder(text_, 0, module_, sink_, no_errors_, options_.max_nesting); }
  bool clean() const { return const_cast<diag::DiagnosticSink&>(sink_).diagnostics().empty(); }

  bool misc(std::size_t from, std::size_t to) {
    if (options_.compare_hand_parser) compareTopLevel(span(from, to));
    if (options_.hand_parser && hand_.topLevelItems(span(from, to), module_.items)) return true;
    auto* ctx = parser_.parse(span(from, to), &PtxParser::module);
    if (ctx == nullptr) return false;
    builder().buildModule(ctx);
    return clean();
  }

  // Top-level items other than functions and sections, a run up to each
  // ';'. Variable declarations and .file/.pragma directives are statements
  // of the grammar too (same rules, same AST), so they go through the shape
  // cache; runs with module directives are parsed as they are.
  bool topLevelItems(std::size_t from, std::size_t to) {
    std::size_t p = from;
    while (p < to) {
      std::size_t q = p;
      bool module_directive = false;
      int depth = 0;
      for (; q < to; ++q) {
        std::uint16_t t = type(q);
        module_directive |= t == T::VERSION || t == T::TARGET || t == T::ADDRESS_SIZE || t == T::ALIAS;
        if (t == T::LPAREN || t == T::LBRACK || t == T::LBRACE) ++depth;
        if (t == T::RPAREN || t == T::RBRACK || t == T::RBRACE) --depth;
        if (t == T::SEMI && depth == 0) {
          ++q;
          break;
        }
      }
      if (module_directive) {
        if (!misc(p, q)) return false;
      } else {
        std::vector<ast::Statement> items;
        if (!statements(p, q, items)) return false;
        for (ast::Statement& item : items) {
          if (auto* v = ast::nodeIf<ast::VariableDecl>(item)) {
            module_.items.push_back(ast::TopLevel{std::move(*v)});
          } else if (auto* f = std::get_if<ast::FileDirective>(&item.node)) {
            module_.items.push_back(ast::TopLevel{std::move(*f)});
          } else if (auto* pragma = std::get_if<ast::PragmaDirective>(&item.node)) {
            module_.items.push_back(ast::TopLevel{std::move(*pragma)});
          } else {
            return false;  // not a top-level item: the slow path reports it
          }
        }
      }
      p = q;
    }
    return true;
  }

  // linkage* (.entry|.func) header ( '{' body '}' | ';' )
  bool function(std::size_t& i) {
    std::size_t h = i;
    int parens = 0;
    for (; h < tokens_.size(); ++h) {
      std::uint16_t t = type(h);
      if (t == T::LPAREN) ++parens;
      if (t == T::RPAREN) --parens;
      if (parens == 0 && (t == T::LBRACE || t == T::SEMI)) break;
    }
    if (h == tokens_.size()) return false;
    std::vector<ast::Function> header;
    if (!cachedRun('h', i, h, header, &PtxParser::functionHeaderPiece, &AstBuilder::buildFunctionHeaders,
                   &RunTemplate::headers)) {
      return false;
    }
    ast::Function function = std::move(header.front());
    if (type(h) == T::SEMI) {  // a declaration (a prototype): the header and its ';'
      function.range = {tokens_[i].begin, tokens_[h].end};
      module_.items.push_back(ast::TopLevel{std::move(function)});
      i = h + 1;
      return true;
    }

    // The body: blocks are matched here, runs of statements go to ANTLR.
    std::vector<ast::Block> blocks;
    blocks.push_back(ast::Block{{tokens_[h].begin, 0}, {}, {}, {}});
    // Deferred instructions come in runs, one statement each: few are left
    // to grow the vector, not worth a pass to count them, but in a body of
    // megabytes (a million labels) growing by doubling would need half as
    // much memory again.
    if (!options_.defer_instructions || tokens_.size() - h > (std::size_t{1} << 16)) {
      blocks.back().statements.reserve(statementsIn(h));
    }
    std::size_t p = h + 1;
    for (;;) {
      if (p >= tokens_.size()) return false;
      if (type(p) == T::RBRACE) {
        ast::Block done = std::move(blocks.back());
        blocks.pop_back();
        done.range.end = tokens_[p].end;
        ++p;
        if (blocks.empty()) {
          function.body = std::move(done);
          break;
        }
        blocks.back().statements.push_back(ast::Statement{std::move(done)});
        continue;
      }
      if (type(p) == T::LBRACE) {
        if (blocks.size() > options_.max_nesting) return false;
        blocks.push_back(ast::Block{{tokens_[p].begin, 0}, {}, {}, {}});
        ++p;
        continue;
      }
      std::size_t q = endOfStatementRun(p);
      if (q == 0 || !statements(p, q, blocks.back().statements)) return false;
      p = q;
    }
    function.range = {tokens_[i].begin, tokens_[p - 1].end};
    module_.items.push_back(ast::TopLevel{std::move(function)});
    i = p;
    return true;
  }

  // What the prescan bounds (prescan.cpp), counted on tokens: braces,
  // parentheses and brackets, '?' and runs of prefix operators within a
  // statement. The counts can differ from the prescan's by one ('!=' is one
  // token, two bytes to the prescan), hence the margin of half the bound.
  bool nearNestingBounds() const {
    const std::uint32_t limit = options_.max_nesting / 2;
    std::uint32_t braces = 0, parens = 0, ternaries = 0, prefixes = 0;
    for (const LexedToken& token : tokens_) {
      switch (token.type) {
        case T::MINUS:
        case T::PLUS:
        case T::BANG:
        case T::TILDE:
          if (++prefixes > limit) return true;
          continue;  // a run of prefix operators goes on
        case T::LBRACE:
          if (++braces > limit) return true;
          break;
        case T::RBRACE: braces -= braces > 0; break;
        case T::LPAREN:
        case T::LBRACK:
          if (++parens > limit) return true;
          break;
        case T::RPAREN:
        case T::RBRACK: parens -= parens > 0; break;
        case T::SEMI: parens = ternaries = 0; break;
        case T::QUESTION:
          if (++ternaries > limit) return true;
          break;
        default: break;
      }
      prefixes = 0;
    }
    return false;
  }

  // About how many statements the body opening at `open` holds itself (its
  // ';' and ':' tokens, its .loc directives, which end without a ';', and
  // one per nested block, whose statements go to that block's vector): the
  // body's vector is allocated once, not regrown, and not larger than it
  // needs (a statement is 128 bytes).
  std::size_t statementsIn(std::size_t open) const {
    std::size_t count = 0;
    int depth = 0;
    for (std::size_t q = open; q < tokens_.size(); ++q) {
      std::uint16_t t = type(q);
      if (t == T::LBRACE && ++depth == 2) ++count;
      if (t == T::RBRACE && --depth == 0) break;
      if (depth == 1 && (t == T::SEMI || t == T::COLON || t == T::LOC)) ++count;  // (.loc has no ';')
    }
    return count;
  }

  // The end of the run of statements starting at p (not a brace): after its
  // ';', or before a '}' that closes the enclosing block, or before a '{'
  // that opens a nested block after labels or debug directives. 0 when the
  // tokens end first.
  // The same scan writes the run's shape key (see shapeKey) into shape_,
  // for cachedRun: one pass over the tokens, not two.
  std::size_t endOfStatementRun(std::size_t p) {
    std::size_t end = scanStatementRun(p);
    shape_from_ = p;
    shape_to_ = end;
    return end;
  }
  std::size_t scanStatementRun(std::size_t p) {
    shape_[0] = 's';
    // A label is a run of its own (a file of a million labels must not make
    // one run), except where it names a prototype or a target list.
    if (p + 1 < tokens_.size() && type(p) == T::IDENT && type(p + 1) == T::COLON &&
        (p + 2 >= tokens_.size() ||
         (type(p + 2) != T::CALLPROTOTYPE && type(p + 2) != T::BRANCHTARGETS && type(p + 2) != T::CALLTARGETS))) {
      shape_[1] = static_cast<char>(T::IDENT);
      shape_[2] = static_cast<char>(T::COLON);
      return p + 2;
    }
    // A .loc is a run of its own where it has a form compilers write (it
    // ends without a ';': glued to the statement after it, every shape
    // would come twice, with and without it).
    if (type(p) == T::LOC) {
      if (std::size_t end = locEnd(p); end != 0) {
        for (std::size_t q = p; q < end; ++q) shape_[q - p + 1] = static_cast<char>(type(q));
        return end;
      }
    }
    int brackets = 0;  // ( and [
    int braces = 0;    // vector operands, initializers, sections
    for (std::size_t q = p; q < tokens_.size(); ++q) {
      std::uint16_t t = type(q);
      if (q - p < kMaxCachedRunTokens) shape_[q - p + 1] = static_cast<char>(t);
      switch (t) {
        case T::LPAREN:
        case T::LBRACK: ++brackets; break;
        case T::RPAREN:
        case T::RBRACK: --brackets; break;
        case T::LBRACE:
          if (brackets == 0 && braces == 0 && braceOpensBlock(type(q - 1))) return q;
          ++braces;
          break;
        case T::RBRACE:
          if (braces == 0) return q;
          --braces;
          break;
        case T::SEMI:
          if (brackets == 0 && braces == 0) return q + 1;
          break;
        default: break;
      }
    }
    return 0;
  }

  // The end of the .loc directive at `p` (11.5.4: `.loc file line column`,
  // each attribute `, name name` or `, name file line column`, as nvcc,
  // LLVM and Triton write them) where the token after it begins a
  // statement that no part of the directive can continue (as the grammar's
  // locDirective ends there: an attribute's expression takes no name or
  // opcode after it); 0 for any other form, whose run goes on to its ';'.
  std::size_t locEnd(std::size_t p) const {
    const std::size_t n = tokens_.size();
    if (p + 4 >= n || type(p + 1) != T::INT || type(p + 2) != T::INT || type(p + 3) != T::INT) return 0;
    std::size_t q = p + 4;
    while (type(q) == T::COMMA) {
      if (q + 2 >= n || type(q + 1) != T::IDENT) return 0;
      if (type(q + 2) == T::IDENT) {
        q += 3;
      } else if (q + 4 < n && type(q + 2) == T::INT && type(q + 3) == T::INT && type(q + 4) == T::INT) {
        q += 5;
      } else {
        return 0;
      }
      if (q >= n) return 0;
    }
    switch (type(q)) {
      case T::OPCODE_OR_DOTTED:
      case T::IDENT:
      case T::AT:
      case T::LOC:
      case T::LBRACE:
      case T::RBRACE: return q;
      default: return 0;
    }
  }

  // A run that is one .loc (scanStatementRun): parsed directly, no shape
  // cached (its numbers would be relocated token by token). For the checks
  // alone (defer_instructions), a .loc without attributes is left out: no
  // check reads it (the attributes are checked, sema/debug_directives.cpp).
  bool locRun(std::size_t from, std::size_t to, std::vector<ast::Statement>& out) {
    if (options_.defer_instructions) {
      if (to - from == 4) return true;
      // `, function_name label, inlined_at file line column`, as nvcc
      // writes it: its form is right, its names are not built.
      if (to - from == 12 && type(from + 6) == T::IDENT && type(from + 9) == T::INT &&
          text(from + 5) == "function_name" && text(from + 8) == "inlined_at") {
        ast::LocDirective& loc = out.emplace_back().node.emplace<ast::LocDirective>();
        loc.range = {tokens_[from].begin, tokens_[to - 1].end};
        loc.file = tokenAt(from + 1);
        loc.line = tokenAt(from + 2);
        loc.column = tokenAt(from + 3);
        loc.standard_pair = {tokens_[from + 5].begin, tokens_[from + 5].end};
        return true;
      }
    }
    return parseRun(span(from, to), out, &PtxParser::statementsPiece, &AstBuilder::buildStatements);
  }
  std::string_view text(std::size_t i) const {
    return text_.substr(tokens_[i].begin, tokens_[i].end - tokens_[i].begin);
  }
  ast::Token tokenAt(std::size_t i) const { return {text(i), {tokens_[i].begin, tokens_[i].end}}; }

  // .section NAME { items }
  bool section(std::size_t& i) {
    if (i + 2 >= tokens_.size() || type(i + 1) != T::DOT_NAME || type(i + 2) != T::LBRACE) return false;
    ast::SectionDirective section;
    const LexedToken& name = tokens_[i + 1];
    section.name = {text_.substr(name.begin, name.end - name.begin), {name.begin, name.end}};
    std::size_t p = i + 3;
    if (wholeSectionValid(p, section.items)) {  // (p: the closing brace)
      section.range = {tokens_[i].begin, tokens_[p].end};
      module_.items.push_back(ast::TopLevel{std::move(section)});
      i = p + 1;
      return true;
    }
    for (;;) {
      if (p >= tokens_.size()) return false;
      if (type(p) == T::RBRACE) break;
      // A run of data lines ends before the next line's type.
      std::size_t q = p + 1;
      int parens = 0;
      for (; q < tokens_.size(); ++q) {
        std::uint16_t t = type(q);
        if (t == T::LPAREN) ++parens;
        if (t == T::RPAREN) --parens;
        if (parens == 0 && (t == T::TYPE || t == T::RBRACE)) break;
      }
      if (!sectionItems(p, q, section.items)) return false;
      p = q;
    }
    section.range = {tokens_[i].begin, tokens_[p].end};
    module_.items.push_back(ast::TopLevel{std::move(section)});
    i = p + 1;
    return true;
  }

  // Where not all data is kept (the checks' parse), a section's body from
  // `p` on is judged at once, to the '}' that ends it: a debug section is
  // thousands of data lines, and cutting it into a run per line read each
  // token once more. True, `p` at that '}' and in `items` the lines the
  // checks judge (HandParser::sectionItemsValid), when the hand-written
  // parser takes all of it; otherwise nothing is changed and the body is
  // taken a line at a time (section()).
  bool wholeSectionValid(std::size_t& p, std::vector<ast::SectionItem>& items) {
    if (!options_.hand_parser || options_.compare_hand_parser || options_.keep_section_data) return false;
    std::size_t closer = 0;
    if (!hand_.sectionBodyValid(span(p, tokens_.size()), closer, items)) return false;
    ++stats_.parsed_runs;
    ++stats_.hand_runs;
    p += closer;
    return true;
  }

  // The token types of a run, in key_ (reused: no allocation per run).
  const std::string& shapeKey(char kind, std::span<const LexedToken> run) {
    key_.resize(run.size() + 1);
    key_[0] = kind;
    for (std::size_t k = 0; k < run.size(); ++k) key_[k + 1] = static_cast<char>(run[k].type);
    return key_;
  }

  // Builds `run` through the cache: the template of its shape relocated, or
  // a direct parse that becomes the template.
  template <typename Node, typename Context>
  bool cachedRun(char kind, std::size_t from, std::size_t to, std::vector<Node>& out, Context* (PtxParser::*rule)(),
                 void (AstBuilder::*build)(Context*, std::vector<Node>&), std::vector<Node> RunTemplate::*nodes) {
    bool shape_ready = kind == 's' && from == shape_from_ && to == shape_to_;
    return cachedRun(kind, span(from, to), shape_ready, /*gapped=*/false, out, rule, build, nodes);
  }
  // The same on any tokens of the chunk, in order: `shape_ready` when shape_
  // holds their shape key, `gapped` when they are not all the tokens of the
  // text they span (longInitializer's): the template then keeps their texts
  // only, not the text between them.
  template <typename Node, typename Context>
  bool cachedRun(char kind, std::span<const LexedToken> run, bool shape_ready, bool gapped, std::vector<Node>& out,
                 Context* (PtxParser::*rule)(), void (AstBuilder::*build)(Context*, std::vector<Node>&),
                 std::vector<Node> RunTemplate::*nodes) {
    bool cacheable = run.size() <= kMaxCachedRunTokens;
    if (cacheable && !options_.compare_hand_parser) {
      std::string_view key =
          shape_ready ? std::string_view(shape_.data(), run.size() + 1) : std::string_view(shapeKey(kind, run));
      if (const std::shared_ptr<const RunTemplate>* found = runCache().find(key)) {
        const RunTemplate* t = found->get();
        const std::vector<Node>& template_nodes = (*t).*nodes;
        std::size_t built = template_nodes.size();
        bool deferred = false;
        if constexpr (std::is_same_v<Node, ast::Statement>) {
          if (t->plan != nullptr && options_.defer_instructions && literalsFit(*t->plan, run)) {
            deferred = true;
            --built;  // the instruction, last
          }
        }
        Relocator relocator({t->text.data(), t->tokens, t->index}, {text_.data(), run, {}}, module_.expr_arena);
        for (std::size_t k = 0; k < built; ++k) {
          if (!relocator.relocate(out.emplace_back(template_nodes[k]))) return false;  // the chunk takes the slow path
        }
        if constexpr (std::is_same_v<Node, ast::Statement>) {
          if (deferred) defer(*found, run, out);
        }
        ++stats_.reused_runs;
        return true;
      }
    }
    std::size_t first = out.size();
    if (!parseRun(run, out, rule, build)) return false;
    ++stats_.parsed_runs;
    if (!cacheable) return true;

    auto t = std::make_shared<RunTemplate>();
    t->tokens.reserve(run.size());
    if (gapped) {  // the tokens' texts, a blank between each two
      for (const LexedToken& token : run) {
        if (!t->text.empty()) t->text += ' ';
        auto begin = static_cast<std::uint32_t>(t->text.size());
        t->text += text_.substr(token.begin, token.end - token.begin);
        t->tokens.push_back({begin, static_cast<std::uint32_t>(t->text.size()), token.type});
      }
    } else {
      std::uint32_t origin = run.front().begin;
      t->text = std::string(text_.substr(origin, run.back().end - origin));
      for (const LexedToken& token : run) t->tokens.push_back({token.begin - origin, token.end - origin, token.type});
    }
    t->index = tokenIndex(t->tokens, static_cast<std::uint32_t>(t->text.size()));
    Relocator relocator({text_.data(), run, {}}, {t->text.data(), t->tokens, {}}, t->exprs);
    for (std::size_t k = first; k < out.size(); ++k) {
      Node copy = out[k];
      if (!relocator.relocate(copy)) return true;  // not reusable; this run is built
      ((*t).*nodes).push_back(std::move(copy));
    }
    if constexpr (std::is_same_v<Node, ast::Statement>) {
      // The first run of a shape is deferred too, so that every instruction
      // of the shape is judged the one way (its verdict is cached under the
      // key of a deferred one; the checks build it again for that).
      t->plan = planOf(*t);
      if (t->plan != nullptr && options_.defer_instructions && literalsFit(*t->plan, run)) {
        out.pop_back();
        defer(t, run, out);
      }
    }
    runCache().insert(shapeKey(kind, run), std::move(t));
    return true;
  }

  // A run of a shape the cache does not hold, parsed into `out`: by the
  // hand-written parser where it can, else by ANTLR and the AST builder.
  template <typename Node, typename Context>
  bool parseRun(std::span<const LexedToken> run, std::vector<Node>& out, Context* (PtxParser::*rule)(),
                void (AstBuilder::*build)(Context*, std::vector<Node>&)) {
    if (options_.compare_hand_parser) compareParsers(run, rule, build);
    if (options_.hand_parser && handParse(run, out)) {
      ++stats_.hand_runs;
      return true;
    }
    // (An expression of thousands of operators: the slow path reports it,
    // parse/list_bounds.h; ANTLR's tree of it would take hundreds of MB.)
    if (operatorsPastBound(run)) return false;
    Context* ctx = parser_.parse(run, rule);
    if (ctx == nullptr) return false;
    AstBuilder b = builder();
    (b.*build)(ctx, out);
    return clean();
  }
  bool handParse(std::span<const LexedToken> run, std::vector<ast::Statement>& out) {
    return hand_.statements(run, out);
  }
  bool handParse(std::span<const LexedToken> run, std::vector<ast::Function>& out) {
    return hand_.functionHeader(run, out);
  }
  bool handParse(std::span<const LexedToken> run, std::vector<ast::SectionItem>& out) {
    return hand_.sectionItems(run, out);
  }

  // compare_hand_parser: every position, kind and text of what each parser
  // builds (ast_relocation.h's location list).
  std::vector<std::uint64_t> fingerprint(const ast::Statement& s) const { return locationsOf(s, text_.data()); }
  std::vector<std::uint64_t> fingerprint(const ast::TopLevel& item) const { return locationsOf(item, text_.data()); }
  std::vector<std::uint64_t> fingerprint(const ast::Function& f) const { return fingerprint(ast::TopLevel{f}); }
  std::vector<std::uint64_t> fingerprint(const ast::SectionItem& item) const {
    ast::SectionDirective section;
    section.items.push_back(item);
    return fingerprint(ast::TopLevel{std::move(section)});
  }
  template <typename Node>
  void compareNodes(std::span<const LexedToken> run, const std::vector<Node>& by_hand,
                    const std::vector<Node>& by_antlr, bool antlr_clean) {
    bool same = antlr_clean && by_hand.size() == by_antlr.size();
    for (std::size_t k = 0; same && k < by_hand.size(); ++k) same = fingerprint(by_hand[k]) == fingerprint(by_antlr[k]);
    if (!same && stats_.hand_mismatches++ == 0) stats_.first_hand_mismatch = run.front().begin;
  }
  template <typename Node, typename Context>
  void compareParsers(std::span<const LexedToken> run, Context* (PtxParser::*rule)(),
                      void (AstBuilder::*build)(Context*, std::vector<Node>&)) {
    std::vector<Node> by_hand, by_antlr;
    if (!handParse(run, by_hand)) return;  // refused: ANTLR decides
    diag::DiagnosticSink sink;
    Context* ctx = parser_.parse(run, rule);
    if (ctx != nullptr) {
      AstBuilder b(text_, 0, module_, sink, no_errors_, options_.max_nesting);
      (b.*build)(ctx, by_antlr);
    }
    compareNodes(run, by_hand, by_antlr, ctx != nullptr && sink.diagnostics().empty());
  }
  void compareTopLevel(std::span<const LexedToken> run) {
    std::vector<ast::TopLevel> by_hand;
    if (!hand_.topLevelItems(run, by_hand)) return;
    diag::DiagnosticSink sink;
    ast::Module scratch;
    auto* ctx = parser_.parse(run, &PtxParser::module);
    if (ctx != nullptr) AstBuilder(text_, 0, scratch, sink, no_errors_, options_.max_nesting).buildModule(ctx);
    compareNodes(run, by_hand, scratch.items, ctx != nullptr && sink.diagnostics().empty());
  }

  // Whether the integer literals of `run` fit in 64 bits where the
  // template's do (else relocation refuses the run).
  [[gnu::always_inline]] bool literalsFit(const TemplatePlan& plan, std::span<const LexedToken> run) const {
    for (const auto& [k, fits] : plan.int_literals) {
      const LexedToken& token = run[plan.first_token + k];
      // 18 characters (prefix and 'U' included) always fit: 0x and 16 hex
      // digits, 18 decimal digits, 0b and 16 binary ones.
      if (fits && token.end - token.begin <= 18) continue;
      std::uint64_t value = 0;
      if (parseIntegerLiteral(text_.substr(token.begin, token.end - token.begin), value) != fits) return false;
    }
    return true;
  }

  // The run's instruction, deferred: its token places, and its template kept
  // alive as long as the module (a bounded cache may drop it meanwhile).
  void defer(const std::shared_ptr<const RunTemplate>& t, std::span<const LexedToken> run,
             std::vector<ast::Statement>& out) {
    const TemplatePlan& plan = *t->plan;
    std::span<const LexedToken> tokens = run.subspan(plan.first_token);
    std::uint32_t first = 0;
    if (module_.borrowed_tokens != nullptr && tokens.data() >= module_.borrowed_tokens &&
        tokens.data() + tokens.size() <= module_.borrowed_tokens + module_.borrowed_count) {
      first = static_cast<std::uint32_t>(tokens.data() - module_.borrowed_tokens);  // where they are
    } else {
      if (module_.borrowed_tokens != nullptr) {  // tokens of another array (longInitializer's): copies from now on
        module_.deferred_tokens.assign(module_.borrowed_tokens, module_.borrowed_tokens + module_.borrowed_count);
        module_.borrowed_tokens = nullptr;
        module_.borrowed_count = 0;
      }
      first = static_cast<std::uint32_t>(module_.deferred_tokens.size());
      module_.deferred_tokens.insert(module_.deferred_tokens.end(), tokens.begin(), tokens.end());
    }
    module_.deferred_text = text_.data();
    // A template is kept once per chunk, about (a direct-mapped memory of
    // the last few; a repeat only costs a second reference).
    std::size_t slot = (reinterpret_cast<std::uintptr_t>(t.get()) >> 4) % kept_.size();
    if (kept_[slot] != t.get()) {
      kept_[slot] = t.get();
      module_.plan_owners.push_back(t);
    }
    auto index = static_cast<std::uint32_t>(module_.deferred.size());
    module_.deferred.push_back({&plan, first, {tokens.front().begin, tokens.back().end}});
    if (!out.empty()) {  // the next of a run of them?
      auto* run = std::get_if<ast::DeferredRun>(&out.back().node);
      if (run != nullptr && run->first + run->count == index) {
        ++run->count;
        return;
      }
    }
    out.emplace_back().node.emplace<ast::DeferredRun>(ast::DeferredRun{index, 1});
  }

  bool statements(std::size_t from, std::size_t to, std::vector<ast::Statement>& out) {
    if (type(from) == T::LOC && !options_.compare_hand_parser && locEnd(from) == to) return locRun(from, to, out);
    // A label (a run of its own, scanStatementRun): built here, as the
    // parsers build it (a template would be copied and relocated).
    if (to - from == 2 && type(from) == T::IDENT && type(from + 1) == T::COLON && !options_.compare_hand_parser) {
      out.emplace_back().node = ast::Label{tokenAt(from), {tokens_[from].begin, tokens_[from + 1].end}};
      return true;
    }
    if (to - from > kMaxCachedRunTokens && longInitializer(from, to, out)) return true;
    return cachedRun('s', from, to, out, &PtxParser::statementsPiece, &AstBuilder::buildStatements,
                     &RunTemplate::statements);
  }

  // A declaration whose last declarator has a long braced initializer of
  // literals and names: a lookup table (nvcc's __cudart_i2opi_d[144], a
  // generated table of thousands). Too long for the shape cache, it would
  // go to ANTLR whole, whose expression prediction costs thousands of
  // instructions per element. Instead the declaration goes through the
  // cache with its braces emptied (the tokens up to '=', then the '{', the
  // '}' and the ';'), and the elements are built here as AstBuilder builds
  // them (buildInitializer, buildExpr). False, having added nothing, for
  // anything else (an element that is an expression, an integer too large,
  // a second initializer): the run then takes the usual path.
  bool longInitializer(std::size_t from, std::size_t to, std::vector<ast::Statement>& out) {
    if (type(to - 1) != T::SEMI || type(to - 2) != T::RBRACE) return false;
    std::size_t assign = from;
    int brackets = 0;
    for (; assign < to; ++assign) {
      std::uint16_t t = type(assign);
      if (t == T::LPAREN || t == T::LBRACK) ++brackets;
      if (t == T::RPAREN || t == T::RBRACK) --brackets;
      if (t == T::LBRACE || (t == T::ASSIGN && brackets == 0)) break;
    }
    if (assign + 1 >= to || type(assign) != T::ASSIGN || type(assign + 1) != T::LBRACE) return false;
    if (assign + 4 - from > kMaxCachedRunTokens) return false;
    ast::Initializer elements;
    if (literalList(assign + 1, 0, elements) != to - 1) return false;

    gapped_.assign(tokens_.begin() + static_cast<std::ptrdiff_t>(from),
                   tokens_.begin() + static_cast<std::ptrdiff_t>(assign + 2));  // ... = {
    gapped_.push_back(tokens_[to - 2]);                                         // }
    gapped_.push_back(tokens_[to - 1]);                                         // ;
    std::size_t before = out.size();
    if (cachedRun('s', gapped_, /*shape_ready=*/false, /*gapped=*/true, out, &PtxParser::statementsPiece,
                  &AstBuilder::buildStatements, &RunTemplate::statements)) {
      auto* decl = out.size() == before + 1 ? ast::nodeIf<ast::VariableDecl>(out.back()) : nullptr;
      std::optional<ast::Initializer>* init = decl != nullptr ? &decl->declarators.back().initializer : nullptr;
      if (init != nullptr && init->has_value() && (*init)->expr == nullptr && (*init)->elements.empty() &&
          (*init)->range.begin == tokens_[assign + 1].begin && (*init)->range.end == tokens_[to - 2].end) {
        (*init)->elements = std::move(elements.elements);
        return true;
      }
    }
    out.resize(before);
    return false;
  }

  // The braced initializer opening at `p`, into init.elements, when every
  // element is a braced list of the same or a literal, a name, a literal
  // with a '-' before it, or name(literal or name): the index after its
  // '}', or 0.
  std::size_t literalList(std::size_t p, std::uint32_t depth, ast::Initializer& init) {
    if (depth > options_.max_nesting) return 0;
    init.range.begin = tokens_[p].begin;
    ++p;  // the '{'
    if (p < tokens_.size() && type(p) == T::RBRACE) {
      init.range.end = tokens_[p].end;
      return p + 1;
    }
    for (;;) {
      if (p >= tokens_.size()) return 0;
      ast::Initializer& element = init.elements.emplace_back();
      if (type(p) == T::LBRACE) {
        p = literalList(p, depth + 1, element);
        if (p == 0) return 0;
      } else {
        std::size_t last = p + (type(p) == T::MINUS ? 1 : 0);
        if (last >= tokens_.size() || (last > p && type(last) == T::IDENT)) return 0;
        const ast::Expr* e = literal(last);
        std::size_t after = last + 1;
        if (e == nullptr && last == p && (e = generic(p)) != nullptr) after = p + 4;  // (after its ')')
        if (e == nullptr) return 0;
        if (last > p) {  // -literal: unaryExpr
          ast::Expr* negated = module_.newExpr();
          negated->kind = ast::ExprKind::Unary;
          negated->range = {tokens_[p].begin, tokens_[last].end};
          negated->op = text_.substr(tokens_[p].begin, tokens_[p].end - tokens_[p].begin);
          negated->lhs = e;
          e = negated;
        }
        element.range = e->range;
        element.expr = e;
        p = after;
      }
      if (p >= tokens_.size()) return 0;
      if (type(p) == T::RBRACE) {
        init.range.end = tokens_[p].end;
        return p + 1;
      }
      if (type(p) != T::COMMA) return 0;
      ++p;
    }
  }

  // The primary at `p` as AstBuilder::buildPrimary builds it, when it is an
  // integer that fits 64 bits, a float, or a name; else null.
  const ast::Expr* literal(std::size_t p) {
    const LexedToken& token = tokens_[p];
    std::uint16_t t = token.type;
    if (t != T::INT && t != T::FLOAT && t != T::HEX_FLOAT && t != T::IDENT) return nullptr;
    if (t == T::IDENT && p + 1 < tokens_.size() && type(p + 1) == T::LPAREN) return nullptr;  // generic(x)
    if (t == T::INT && p + 1 < tokens_.size() && type(p + 1) == T::LPAREN) return nullptr;    // a mask
    std::string_view text = text_.substr(token.begin, token.end - token.begin);
    std::uint64_t value = 0;
    if (t == T::INT && !parseIntegerLiteral(text, value)) return nullptr;  // AstBuilder reports it
    ast::Expr* e = module_.newExpr();
    e->kind = t == T::INT     ? ast::ExprKind::IntLiteral
              : t == T::IDENT ? ast::ExprKind::Symbol
                              : ast::ExprKind::FloatLiteral;
    e->range = {token.begin, token.end};
    e->text = text;
    e->int_value = value;
    return e;
  }
  // `name(primary)` at `p` as AstBuilder::buildPrimary builds it (a
  // callLikeExpr: generic(var), the address of a variable in a table of
  // them), when the primary is one that literal() builds; else null.
  const ast::Expr* generic(std::size_t p) {
    if (p + 3 >= tokens_.size() || type(p) != T::IDENT || type(p + 1) != T::LPAREN || type(p + 3) != T::RPAREN) {
      return nullptr;
    }
    const ast::Expr* inner = literal(p + 2);
    if (inner == nullptr) return nullptr;
    ast::Expr* e = module_.newExpr();
    e->kind = ast::ExprKind::Call;
    e->range = {tokens_[p].begin, tokens_[p + 3].end};
    e->text = text_.substr(tokens_[p].begin, tokens_[p].end - tokens_[p].begin);
    e->lhs = inner;
    return e;
  }

  bool sectionItems(std::size_t from, std::size_t to, std::vector<ast::SectionItem>& out) {
    // A data line is built straight from its tokens: the hand-written
    // parser takes less for it than finding and relocating a cached one
    // (a -G module's debug sections are tens of thousands of lines, of as
    // many shapes as a line has values), and no instruction is deferred.
    if (options_.hand_parser && !options_.compare_hand_parser && !options_.keep_section_data &&
        hand_.sectionItemsValid(span(from, to), out)) {
      ++stats_.parsed_runs;
      ++stats_.hand_runs;
      return true;
    }
    if (options_.hand_parser && !options_.compare_hand_parser && hand_.sectionItems(span(from, to), out)) {
      ++stats_.parsed_runs;
      ++stats_.hand_runs;
      return true;
    }
    return cachedRun('d', from, to, out, &PtxParser::sectionItemsPiece, &AstBuilder::buildSectionItems,
                     &RunTemplate::items);
  }

  std::string_view text_;
  const ParseOptions& options_;
  ast::Module& module_;
  ParseStats& stats_;
  TokenVector lexed_;                   // the chunk's tokens, when run() lexes them
  std::span<const LexedToken> tokens_;  // the chunk's tokens
  std::string key_;
  std::vector<LexedToken> gapped_;  // longInitializer's tokens
  RunParser parser_;
  HandParser hand_;
  diag::DiagnosticSink sink_;  // stays empty, or the chunk takes the slow path
  std::vector<std::uint32_t> no_errors_;
  std::array<const RunTemplate*, 64> kept_{};  // see defer()
  // The shape key of the statement run [shape_from_, shape_to_), written by
  // endOfStatementRun().
  std::array<char, kMaxCachedRunTokens + 1> shape_{};
  std::size_t shape_from_ = SIZE_MAX, shape_to_ = 0;
};

}  // namespace

namespace {

// Runs `parse` on a ChunkParser; on refusal, takes back what it added.
template <typename Parse>
bool parseChunkWith(std::string_view text, const ParseOptions& options, ast::Module& module, ParseStats& stats,
                    Parse parse) {
  std::size_t items_before = module.items.size();
  std::size_t deferred_before = module.deferred.size();
  std::size_t tokens_before = module.deferred_tokens.size();
  const ast::TokenPlace* borrowed_before = module.borrowed_tokens;
  std::size_t borrowed_count_before = module.borrowed_count;
  std::size_t owners_before = module.plan_owners.size();
  ParseStats chunk_stats;
  ChunkParser parser(text, options, module, chunk_stats);
  bool parsed = parse(parser);
  // (Counted whether the chunk is taken or not.)
  if (chunk_stats.hand_mismatches > 0 && stats.hand_mismatches == 0) {
    stats.first_hand_mismatch = chunk_stats.first_hand_mismatch;
  }
  stats.hand_mismatches += chunk_stats.hand_mismatches;
  if (!parsed) {
    module.items.resize(items_before);
    module.deferred.resize(deferred_before);
    module.deferred_tokens.resize(tokens_before);  // (empty where tokens were borrowed before)
    module.borrowed_tokens = borrowed_before;
    module.borrowed_count = borrowed_count_before;
    module.plan_owners.resize(owners_before);
    return false;
  }
  stats.tokens += chunk_stats.tokens;
  stats.parsed_runs += chunk_stats.parsed_runs;
  stats.hand_runs += chunk_stats.hand_runs;
  stats.reused_runs += chunk_stats.reused_runs;
  return true;
}

}  // namespace

bool parseChunkFast(std::string_view text, std::uint32_t begin, std::uint32_t end, const ParseOptions& options,
                    ast::Module& module, ParseStats& stats, bool unscanned) {
  return parseChunkWith(text, options, module, stats,
                        [&](ChunkParser& parser) { return parser.run(begin, end, unscanned); });
}

bool parseChunkFast(std::string_view text, std::span<const LexedToken> tokens, const ParseOptions& options,
                    ast::Module& module, ParseStats& stats) {
  return parseChunkWith(text, options, module, stats,
                        [&](ChunkParser& parser) { return parser.run(tokens, /*unscanned=*/false); });
}

}  // namespace ptxlint::parse
