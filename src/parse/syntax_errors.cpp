#include "parse/syntax_errors.h"

#include <fmt/format.h>

#include "support/text.h"

#include <algorithm>
#include <array>
#include <string>
#include <utility>

#include "PtxLexer.h"
#include "PtxParser.h"

namespace ptxlint::parse {
namespace {

using antlr4::Token;

// Directive keywords, for "did you mean" suggestions (4.3.1, Table 1).
constexpr std::array<std::string_view, 44> kDirectiveWords = {".version",
                                                              ".target",
                                                              ".address_size",
                                                              ".entry",
                                                              ".func",
                                                              ".alias",
                                                              ".file",
                                                              ".loc",
                                                              ".section",
                                                              ".pragma",
                                                              ".callprototype",
                                                              ".calltargets",
                                                              ".branchtargets",
                                                              ".align",
                                                              ".attribute",
                                                              ".ptr",
                                                              ".extern",
                                                              ".visible",
                                                              ".weak",
                                                              ".common",
                                                              ".maxnreg",
                                                              ".maxntid",
                                                              ".reqntid",
                                                              ".minnctapersm",
                                                              ".maxnctapersm",
                                                              ".noreturn",
                                                              ".abi_preserve",
                                                              ".abi_preserve_control",
                                                              ".reqnctapercluster",
                                                              ".explicitcluster",
                                                              ".maxclusterrank",
                                                              ".blocksareclusters",
                                                              ".reg",
                                                              ".sreg",
                                                              ".const",
                                                              ".global",
                                                              ".local",
                                                              ".param",
                                                              ".shared",
                                                              ".tex",
                                                              ".v2",
                                                              ".v4",
                                                              ".v8",
                                                              ".b32"};

// How a token type is named in a message.
std::string describeTokenType(std::size_t type, const antlr4::dfa::Vocabulary& vocabulary) {
  switch (type) {
    case PtxLexer::SEMI: return "';'";
    case PtxLexer::COMMA: return "','";
    case PtxLexer::COLON: return "':'";
    case PtxLexer::LBRACE: return "'{'";
    case PtxLexer::RBRACE: return "'}'";
    case PtxLexer::LPAREN: return "'('";
    case PtxLexer::RPAREN: return "')'";
    case PtxLexer::LBRACK: return "'['";
    case PtxLexer::RBRACK: return "']'";
    case PtxLexer::GT: return "'>'";
    case PtxLexer::LT: return "'<'";
    case PtxLexer::ASSIGN: return "'='";
    case PtxLexer::IDENT: return "an identifier";
    case PtxLexer::OPCODE_OR_DOTTED: return "an instruction";
    case PtxLexer::INT: return "an integer";
    case PtxLexer::FLOAT: return "a number such as 8.0";
    case PtxLexer::STRING: return "a string";
    case PtxLexer::TYPE: return "a type such as .b32";
    case PtxLexer::VECTOR: return "a vector size";
    case PtxLexer::DOT_NAME: return "a dotted name";
    case PtxLexer::UNDERSCORE: return "'_'";
    case Token::EOF: return "end of file";
    default: break;
  }
  std::string literal = vocabulary.getLiteralName(type);
  if (!literal.empty()) return literal;
  return vocabulary.getSymbolicName(type);
}

// What the parser was reading, for messages where the expected set is large.
std::string_view describeContext(std::size_t rule) {
  switch (rule) {
    case PtxParser::RuleOperand:
    case PtxParser::RuleVectorElement:
    case PtxParser::RuleExpression:
    case PtxParser::RulePrimary: return "an operand";
    case PtxParser::RuleStatement:
    case PtxParser::RuleFunctionBody: return "a statement";
    case PtxParser::RuleModule:
    case PtxParser::RuleTopLevel: return "a directive, declaration or function";
    case PtxParser::RuleDeclSpecifier:
    case PtxParser::RuleVariableDecl:
    case PtxParser::RuleParamDecl: return "a declaration specifier (state space, type, .align)";
    case PtxParser::RuleDeclarator: return "a variable name";
    case PtxParser::RuleInitializer: return "an initializer";
    case PtxParser::RuleFunctionDecl:
    case PtxParser::RuleFunctionHeader: return "a function header";
    case PtxParser::RuleFunctionDirective: return "a function directive";
    case PtxParser::RuleParamList: return "a parameter declaration";
    case PtxParser::RuleSectionDirective:
    case PtxParser::RuleSectionItem: return "a section data line";
    case PtxParser::RuleInstruction: return "an operand, ',' or ';'";
    default: return "";
  }
}

std::string describeToken(Token* token, std::string_view text) {
  if (token->getType() == Token::EOF) return "end of file";
  std::string_view t = text.substr(token->getStartIndex(), token->getStopIndex() + 1 - token->getStartIndex());
  if (t.size() > 40) return fmt::format("'{}...'", t.substr(0, 37));
  return fmt::format("'{}'", t);
}

bool isRecoveryUnit(std::size_t rule) {
  return rule == PtxParser::RuleStatement || rule == PtxParser::RuleTopLevel || rule == PtxParser::RuleSectionItem;
}

bool holdsList(std::size_t rule) {
  return rule == PtxParser::RuleModule || rule == PtxParser::RuleFunctionBody || rule == PtxParser::RuleStatement ||
         rule == PtxParser::RuleSectionDirective;
}

}  // namespace

std::string_view closestDirective(std::string_view word) {
  // Suggest only close misspellings: one edit per four characters, at most 2.
  return support::closestWord(word, kDirectiveWords,
                              std::min<std::size_t>(2, std::max<std::size_t>(1, word.size() / 4)));
}

namespace {

bool startsLine(std::string_view text, Token* previous, Token* token) {
  auto previous_end = previous->getStopIndex() + 1;
  if (token->getType() == Token::EOF) return true;
  if (token->getStartIndex() < previous_end) return false;
  return text.substr(previous_end, token->getStartIndex() - previous_end).find('\n') != std::string_view::npos;
}

// A token after which a statement cannot be complete: a list or an
// expression goes on past the line break.
bool continuesStatement(std::size_t type) {
  switch (type) {
    case PtxLexer::COMMA:
    case PtxLexer::LBRACE:
    case PtxLexer::LPAREN:
    case PtxLexer::LBRACK:
    case PtxLexer::PLUS:
    case PtxLexer::MINUS:
    case PtxLexer::STAR:
    case PtxLexer::SLASH:
    case PtxLexer::PERCENT:
    case PtxLexer::SHL:
    case PtxLexer::SHR:
    case PtxLexer::LT:
    case PtxLexer::LE:
    case PtxLexer::GE:
    case PtxLexer::EQ:
    case PtxLexer::NE:
    case PtxLexer::AMP:
    case PtxLexer::PIPE:
    case PtxLexer::CARET:
    case PtxLexer::ANDAND:
    case PtxLexer::OROR:
    case PtxLexer::QUESTION:
    case PtxLexer::COLON:
    case PtxLexer::ASSIGN:
    case PtxLexer::AT:
    case PtxLexer::BANG: return true;
    default: return false;
  }
}

// A token that can begin a statement: an opcode or label (not a %register),
// a guard, a directive or declaration keyword.
bool startsStatement(Token* token) {
  std::size_t type = token->getType();
  if (type == PtxLexer::IDENT || type == PtxLexer::OPCODE_OR_DOTTED) return token->getText()[0] != '%';
  return type == PtxLexer::AT || (type >= PtxLexer::VERSION && type <= PtxLexer::VECTOR);
}

// Whether a directive or specifier keyword fits where the parser is: one of
// .reg, .maxntid, .entry or a type is among the `expected` tokens.
bool directiveFits(const antlr4::misc::IntervalSet& expected) {
  return expected.contains(static_cast<std::size_t>(PtxLexer::REG)) ||
         expected.contains(static_cast<std::size_t>(PtxLexer::MAXNTID)) ||
         expected.contains(static_cast<std::size_t>(PtxLexer::ENTRY)) ||
         expected.contains(static_cast<std::size_t>(PtxLexer::TYPE));
}

}  // namespace

Token* PtxErrorStrategy::missingSemicolonAfter(antlr4::Parser* parser, Token* offending,
                                               const antlr4::misc::IntervalSet& expected) {
  antlr4::ParserRuleContext* statement = parser->getContext();
  while (statement != nullptr && statement->getRuleIndex() != PtxParser::RuleStatement &&
         statement->getRuleIndex() != PtxParser::RuleTopLevel) {
    std::size_t rule = statement->getRuleIndex();
    // Between statements (a body, the module, a section): nothing to end.
    if (rule == PtxParser::RuleFunctionBody || rule == PtxParser::RuleModule ||
        rule == PtxParser::RuleSectionDirective) {
      return nullptr;
    }
    statement = dynamic_cast<antlr4::ParserRuleContext*>(statement->parent);
  }
  if (statement == nullptr || statement->getStart() == nullptr) return nullptr;
  if (statement->getStart()->getType() == PtxLexer::LBRACE) return nullptr;  // a block
  antlr4::TokenStream* tokens = parser->getTokenStream();
  std::size_t first = statement->getStart()->getTokenIndex();
  std::size_t last = offending->getTokenIndex();
  if (last <= first || last >= tokens->size()) return nullptr;
  // A line inside the statement that begins like a new statement.
  for (std::size_t i = first + 1; i < last; ++i) {
    Token* previous = tokens->get(i - 1);
    Token* token = tokens->get(i);
    if (startsLine(text_, previous, token) && !continuesStatement(previous->getType()) && startsStatement(token) &&
        token->getType() != PtxLexer::AT) {
      // `@p` guards a statement only at its start; elsewhere it is rare
      // enough not to guess.
      return previous;
    }
  }
  Token* previous = tokens->get(last - 1);
  if (continuesStatement(previous->getType())) return nullptr;
  bool ends_block = offending->getType() == PtxLexer::RBRACE || offending->getType() == Token::EOF;
  bool semi_fits = expected.contains(static_cast<std::size_t>(PtxLexer::SEMI));
  if (ends_block) return previous;
  if (startsLine(text_, previous, offending) && (semi_fits || startsStatement(offending))) return previous;
  return nullptr;
}

void PtxErrorStrategy::reportError(antlr4::Parser* parser, const antlr4::RecognitionException& e) {
  if (inErrorRecoveryMode(parser)) return;
  beginErrorCondition(parser);
  Token* offending = e.getOffendingToken();
  if (offending == nullptr) offending = parser->getCurrentToken();
  antlr4::misc::IntervalSet expected;
  try {
    expected = e.getExpectedTokens();
  } catch (...) {
    expected = parser->getExpectedTokens();
  }
  reportAt(parser, offending, expected);
}

void PtxErrorStrategy::reportAt(antlr4::Parser* parser, Token* offending, const antlr4::misc::IntervalSet& expected) {
  std::string_view chunk = text_;
  auto begin = static_cast<std::uint32_t>(offending->getStartIndex());
  auto end = offending->getType() == Token::EOF ? begin : static_cast<std::uint32_t>(offending->getStopIndex() + 1);
  if (offending->getType() == Token::EOF) begin = end = static_cast<std::uint32_t>(chunk.size());
  SourceRange range{base_ + begin, base_ + end};

  // The lexer's own errors first, then the likeliest mistakes, then what
  // the parser expected.
  if (!reportBadToken(offending->getType(), begin, end, range)) {
    if (auto bracket = closers_.find(parser, offending, text_)) {
      // A bracket left open where its line (or its function) ends. Unless
      // a closer is conjured, the statement is left at that line's end.
      closers_.report(sink_, base_, *bracket);
      resume_before_ = offending;
    } else if (offending->getType() == PtxLexer::DOT_NAME && directiveFits(expected)) {
      // A dotted word where a directive or specifier belongs: name it.
      reportUnknownDirective(chunk.substr(begin, end - begin), range);
    } else if (Token* last = missingSemicolonAfter(parser, offending, expected)) {
      // A statement that runs into the next one: the ';' was forgotten.
      reportMissingSemicolon(parser, last);
    } else if (!reportMissingComma(parser, offending, expected, range)) {
      reportUnexpected(parser, offending, expected, range);
    }
  }
  error_offsets_.push_back(range.begin);
  // At --max-errors errors of this chunk nothing further of it can be shown
  // (they come in source order): the parse ends here, so that a flood of
  // errors holds no more tokens and tree than the errors shown need (#25).
  // Counted per chunk, not in the whole sink: a chunk parsed on another
  // thread (lintInParallel) stops where it would alone. The chunk then
  // gives no AST (parser.cpp): its instructions are not counted.
  if (sink_.errorCount() - errors_before_ >= sink_.maxErrors()) {
    throw antlr4::ParseCancellationException("--max-errors reached");
  }
}

bool PtxErrorStrategy::reportBadToken(std::size_t type, std::uint32_t begin, std::uint32_t end, SourceRange range) {
  std::string_view chunk = text_;
  switch (type) {
    case PtxLexer::INVALID_CHAR: {
      auto c = static_cast<unsigned char>(chunk[begin]);
      if (c == 0 || c >= 0x80) return true;  // the prescan reported the encoding (PL1008)
      std::string shown =
          (c >= 0x21 && c < 0x7F) ? fmt::format("'{}'", static_cast<char>(c)) : fmt::format("0x{:02X}", c);
      sink_.report(diag::RuleId::InvalidCharacter, range, fmt::format("invalid character {} in PTX source", shown));
      return true;
    }
    case PtxLexer::BAD_NUMBER: {
      std::string_view number = chunk.substr(begin, end - begin);
      std::string shown = number.size() > 40 ? std::string(number.substr(0, 37)) + "..." : std::string(number);
      sink_.report(diag::RuleId::InvalidNumber, range, fmt::format("invalid numeric constant '{}'", shown));
      return true;
    }
    case PtxLexer::UNTERMINATED_COMMENT:
      sink_.report(diag::RuleId::UnterminatedComment, {range.begin, range.begin + 2}, "unterminated /* comment");
      return true;
    case PtxLexer::UNTERMINATED_STRING:
      sink_.report(diag::RuleId::UnterminatedString, {range.begin, range.begin + 1},
                   "missing terminating '\"' character");
      return true;
    default: return false;
  }
}

void PtxErrorStrategy::reportUnknownDirective(std::string_view word, SourceRange range) {
  Diagnostic& d = sink_.report(diag::RuleId::UnknownDirective, range, fmt::format("unknown directive '{}'", word));
  std::string_view suggestion = closestDirective(word);
  if (!suggestion.empty()) {
    diag::DiagnosticSink::addNote(d, fmt::format("did you mean '{}'?", suggestion));
    diag::DiagnosticSink::addFixIt(d, range, std::string(suggestion));
  }
}

namespace {

// What the parser is in, for "expected ';' after ...": an instruction, a
// declaration, or (outside both) a statement.
std::string_view statementKind(antlr4::Parser* parser) {
  for (auto* ctx = parser->getContext(); ctx != nullptr; ctx = dynamic_cast<antlr4::ParserRuleContext*>(ctx->parent)) {
    if (dynamic_cast<PtxParser::InstructionStatementContext*>(ctx) != nullptr ||
        ctx->getRuleIndex() == PtxParser::RuleInstruction) {
      return "instruction";
    }
    if (ctx->getRuleIndex() == PtxParser::RuleVariableDecl) return "declaration";
    if (ctx->getRuleIndex() == PtxParser::RuleStatement || ctx->getRuleIndex() == PtxParser::RuleTopLevel) {
      auto start = ctx->getStart()->getType();
      bool instruction = start == PtxLexer::IDENT || start == PtxLexer::OPCODE_OR_DOTTED || start == PtxLexer::AT;
      return instruction ? "instruction" : "declaration";
    }
  }
  return "statement";
}

}  // namespace

void PtxErrorStrategy::reportMissingSemicolon(antlr4::Parser* parser, Token* last) {
  auto end_of_last = base_ + static_cast<std::uint32_t>(last->getStopIndex() + 1);
  SourceRange at{end_of_last, end_of_last};
  Diagnostic& d =
      sink_.report(diag::RuleId::MissingSemicolon, at, fmt::format("expected ';' after {}", statementKind(parser)));
  diag::DiagnosticSink::addFixIt(d, at, ";");
}

bool PtxErrorStrategy::reportMissingComma(antlr4::Parser* parser, Token* offending,
                                          const antlr4::misc::IntervalSet& expected, SourceRange range) {
  antlr4::TokenStream* stream = parser->getTokenStream();
  Token* previous = offending->getTokenIndex() > 0 && offending->getTokenIndex() < stream->size()
                        ? stream->get(offending->getTokenIndex() - 1)
                        : nullptr;
  // Two operands with nothing between them: the ',' is missing.
  bool starts_operand = offending->getType() == PtxLexer::IDENT || offending->getType() == PtxLexer::INT ||
                        offending->getType() == PtxLexer::FLOAT || offending->getType() == PtxLexer::HEX_FLOAT ||
                        offending->getType() == PtxLexer::LBRACK || offending->getType() == PtxLexer::LBRACE ||
                        offending->getType() == PtxLexer::OPCODE_OR_DOTTED;
  if (!starts_operand || previous == nullptr || !expected.contains(static_cast<std::size_t>(PtxLexer::SEMI)) ||
      dynamic_cast<PtxParser::InstructionStatementContext*>(parser->getContext()) == nullptr) {
    return false;
  }
  auto previous_end = base_ + static_cast<std::uint32_t>(previous->getStopIndex() + 1);
  Diagnostic& d = sink_.report(diag::RuleId::UnexpectedToken, range,
                               fmt::format("expected ',' between operands, found {}", describeToken(offending, text_)));
  diag::DiagnosticSink::addFixIt(d, SourceRange{previous_end, previous_end}, ",");
  return true;
}

namespace {

// What the parser wanted, for "expected X, found Y": up to three token
// names, else what it was reading; "" when neither says anything.
std::string describeExpected(antlr4::Parser* parser, const antlr4::misc::IntervalSet& expected) {
  std::size_t rule = parser->getContext() ? parser->getContext()->getRuleIndex() : 0;
  std::string wanted;
  std::vector<std::string> names;
  for (const auto& interval : expected.getIntervals()) {
    for (ssize_t t = interval.a; t <= interval.b && names.size() <= 4; ++t) {
      names.push_back(describeTokenType(static_cast<std::size_t>(t), parser->getVocabulary()));
    }
  }
  std::string_view context = describeContext(rule);
  if (!names.empty() && names.size() <= 3) {
    wanted = names[0];
    for (std::size_t i = 1; i < names.size(); ++i) {
      wanted += (i + 1 == names.size()) ? " or " : ", ";
      wanted += names[i];
    }
  } else if (!context.empty()) {
    wanted = std::string(context);
  }
  return wanted;
}

}  // namespace

void PtxErrorStrategy::reportUnexpected(antlr4::Parser* parser, Token* offending,
                                        const antlr4::misc::IntervalSet& expected, SourceRange range) {
  std::string wanted = describeExpected(parser, expected);
  std::string found = describeToken(offending, text_);
  std::string message =
      wanted.empty() ? fmt::format("unexpected {}", found) : fmt::format("expected {}, found {}", wanted, found);
  sink_.report(diag::RuleId::UnexpectedToken, range, std::move(message));
}

namespace {

// A '{' after one of these begins a block (4.3: a statement begins after
// the previous one, a block's brace or a label); after anything else it is
// a vector operand's (6.4.2) or an initializer's (5.4.4), inside a statement.
bool beginsBlock(std::size_t previous) {
  return previous == PtxLexer::SEMI || previous == PtxLexer::LBRACE || previous == PtxLexer::RBRACE ||
         previous == PtxLexer::COLON;
}

}  // namespace

void PtxErrorStrategy::skipStatement(antlr4::Parser* parser, bool at_module_level,
                                     antlr4::ParserRuleContext* statement) {
  antlr4::TokenStream* tokens = parser->getTokenStream();
  // Braces of blocks opened while skipping (the statement is the whole
  // block), and braces of operands or initializers, those the statement
  // opened before its error included: their '}' ends no block, and a ';'
  // inside them is not possible, so it ends the statement.
  int blocks = 0;
  int operand_braces = 0;
  std::size_t previous = PtxLexer::SEMI;
  if (statement != nullptr && statement->getStart() != nullptr) {
    for (std::size_t i = statement->getStart()->getTokenIndex(); i < tokens->index(); ++i) {
      std::size_t type = tokens->get(i)->getType();
      if (type == PtxLexer::LBRACE) {
        ++(i == statement->getStart()->getTokenIndex() || at_module_level ? blocks : operand_braces);
      } else if (type == PtxLexer::RBRACE) {
        if (operand_braces > 0) {
          --operand_braces;
        } else if (blocks > 0) {
          --blocks;
        }
      }
      previous = type;
    }
  }
  for (;;) {
    std::size_t type = tokens->LA(1);
    if (type == Token::EOF) return;
    if (type == PtxLexer::LBRACE) {
      // At module level every brace is a block's (a function body after a
      // broken header, skipped whole).
      ++(at_module_level || (operand_braces == 0 && beginsBlock(previous)) ? blocks : operand_braces);
    } else if (type == PtxLexer::RBRACE) {
      if (operand_braces > 0) {
        --operand_braces;
      } else if (blocks == 0) {
        // Closes the enclosing block: leave it to the block. At module level
        // there is no block, so a stray '}' is dropped.
        if (at_module_level) parser->consume();
        return;
      } else if (--blocks == 0) {
        parser->consume();
        return;
      }
    } else if (type == PtxLexer::SEMI && blocks == 0) {
      parser->consume();
      return;
    }
    previous = type;
    parser->consume();
  }
}

void PtxErrorStrategy::recover(antlr4::Parser* parser, std::exception_ptr) {
  auto* ctx = parser->getContext();
  std::size_t rule = ctx ? ctx->getRuleIndex() : 0;
  if (!isRecoveryUnit(rule)) return;  // unwind to the enclosing statement
  if (resume_before_ != nullptr && resumeAtNextLine(parser)) return;
  skipStatement(parser, rule == PtxParser::RuleTopLevel, ctx);
  endErrorCondition(parser);
}

void PtxErrorStrategy::sync(antlr4::Parser* parser) {
  auto* ctx = parser->getContext();
  if (ctx == nullptr || !holdsList(ctx->getRuleIndex())) return;
  std::size_t type = parser->getTokenStream()->LA(1);
  if (type == Token::EOF) return;  // the rule's own match reports what is missing
  const antlr4::atn::ATN& atn = parser->getInterpreter<antlr4::atn::ParserATNSimulator>()->atn;
  antlr4::atn::ATNState* state = atn.states[parser->getState()];
  antlr4::misc::IntervalSet next = atn.nextTokens(state);
  if (next.contains(type) || next.contains(Token::EPSILON)) return;
  // A token that can start no list element: report it (unless an error was
  // just reported for this statement) and skip its statement.
  if (!inErrorRecoveryMode(parser)) {
    beginErrorCondition(parser);
    reportAt(parser, parser->getCurrentToken(), next);
  }
  skipStatement(parser, ctx->getRuleIndex() == PtxParser::RuleModule, nullptr);
  endErrorCondition(parser);
}

bool PtxErrorStrategy::resumeAtNextLine(antlr4::Parser* parser) {
  Token* next = std::exchange(resume_before_, nullptr);
  antlr4::TokenStream* tokens = parser->getTokenStream();
  if (next->getTokenIndex() < tokens->index()) return false;  // already past: skip as usual
  // A closer reported missing that the parser could not take in place (it
  // was deciding what the bracket opened): the statement is left at the
  // end of the bracket's line, so that the next line is read as the next
  // statement; a ';' missing there too is reported as such.
  while (tokens->LT(1) != next && tokens->LA(1) != Token::EOF) parser->consume();
  endErrorCondition(parser);
  auto* ctx = parser->getContext();
  auto* top = dynamic_cast<PtxParser::TopLevelContext*>(ctx);
  bool ends_with_semicolon = dynamic_cast<PtxParser::InstructionStatementContext*>(ctx) != nullptr ||
                             dynamic_cast<PtxParser::DeclarationStatementContext*>(ctx) != nullptr ||
                             (top != nullptr && top->variableDecl() != nullptr);
  antlr4::misc::IntervalSet semicolon = antlr4::misc::IntervalSet::of(PtxLexer::SEMI);
  if (ends_with_semicolon && tokens->index() > 0 && missingSemicolonAfter(parser, next, semicolon) == tokens->LT(-1)) {
    reportAt(parser, next, semicolon);
  }
  return true;
}

antlr4::Token* PtxErrorStrategy::recoverInline(antlr4::Parser* parser) {
  // The tokens ptxlint conjures are a ';' or a closer missing at the end of
  // a line: the next line is then read as the author meant. Any other
  // single-token insertion or deletion would be a guess that garbles
  // messages, so the statement is abandoned instead.
  antlr4::TokenStream* tokens = parser->getTokenStream();
  antlr4::misc::IntervalSet expected = parser->getExpectedTokens();
  if (!inErrorRecoveryMode(parser) && tokens->index() > 0) {
    auto bracket = closers_.find(parser, tokens->LT(1), text_);
    if (bracket && bracket->last == tokens->LT(-1) && expected.contains(bracket->closer)) {
      reportAt(parser, tokens->LT(1), expected);
      resume_before_ = nullptr;
      endErrorCondition(parser);
      return closers_.conjure(tokens->LT(-1), bracket->closer);
    }
  }
  if (!inErrorRecoveryMode(parser) && expected.contains(static_cast<std::size_t>(PtxLexer::SEMI)) &&
      tokens->index() > 0) {
    Token* next = tokens->LT(1);
    if (missingSemicolonAfter(parser, next, expected) == tokens->LT(-1)) {
      reportAt(parser, next, expected);
      endErrorCondition(parser);
      return getMissingSymbol(parser);
    }
  }
  throw antlr4::InputMismatchException(parser);
}

}  // namespace ptxlint::parse
