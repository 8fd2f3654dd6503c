#include "parse/missing_closer.h"

#include <fmt/format.h>

#include <algorithm>

#include "PtxLexer.h"
#include "PtxParser.h"

namespace ptxlint::parse {
namespace {

using antlr4::Token;

// How far the search looks, in tokens, back for the open bracket and ahead
// for what follows: a bound on the work per error, whatever the input
// (beyond it, the error is reported as before, at the token found).
constexpr std::size_t kMaxLookBack = 1 << 16;
constexpr std::size_t kMaxLookAhead = 4096;

std::size_t closerOf(std::size_t open) {
  switch (open) {
    case PtxLexer::LPAREN: return PtxLexer::RPAREN;
    case PtxLexer::LBRACK: return PtxLexer::RBRACK;
    case PtxLexer::LBRACE: return PtxLexer::RBRACE;
    default: return 0;
  }
}

bool isOpener(std::size_t type) { return closerOf(type) != 0; }

bool isCloser(std::size_t type) {
  return type == PtxLexer::RPAREN || type == PtxLexer::RBRACK || type == PtxLexer::RBRACE;
}

bool isLinkage(std::size_t type) {
  return type == PtxLexer::VISIBLE || type == PtxLexer::EXTERN || type == PtxLexer::WEAK || type == PtxLexer::COMMON;
}

// A directive or specifier keyword (.version to .v8 in the lexer): it can
// stand in no operand and no initializer.
bool isDirectiveKeyword(std::size_t type) { return type >= PtxLexer::VERSION && type <= PtxLexer::VECTOR; }

// A token that can end a list element (an operand, an initializer, a
// parameter's declarator): after it the line may well end the list.
bool endsElement(std::size_t type) {
  switch (type) {
    case PtxLexer::IDENT:
    case PtxLexer::OPCODE_OR_DOTTED:
    case PtxLexer::DOT_NAME:
    case PtxLexer::INT:
    case PtxLexer::FLOAT:
    case PtxLexer::HEX_FLOAT:
    case PtxLexer::STRING:
    case PtxLexer::UNDERSCORE:
    case PtxLexer::RPAREN:
    case PtxLexer::RBRACK:
    case PtxLexer::RBRACE:
    case PtxLexer::GT: return true;
    default: return false;
  }
}

bool isLexerError(std::size_t type) {
  return type == PtxLexer::INVALID_CHAR || type == PtxLexer::BAD_NUMBER || type == PtxLexer::UNTERMINATED_COMMENT ||
         type == PtxLexer::UNTERMINATED_STRING;
}

// Token `i` of the stream, fetched if the parser has not read that far.
Token* tokenAt(antlr4::TokenStream* tokens, std::size_t i) {
  if (i < tokens->size()) return tokens->get(i);
  return tokens->LT(static_cast<ssize_t>(i - tokens->index() + 1));
}

bool lineEndsBetween(std::string_view text, Token* last, Token* next) {
  if (next->getType() == Token::EOF) return true;
  std::size_t from = last->getStopIndex() + 1;
  std::size_t to = next->getStartIndex();
  return to > from && text.substr(from, to - from).find('\n') != std::string_view::npos;
}

// What is being read, which decides what may stand inside its brackets.
enum class Reading { Parameters, Operands, Declaration };

// The statement, top-level item or section line the parser is in, and
// what it is; none between statements (in a body, a block, the module).
struct Unit {
  antlr4::ParserRuleContext* ctx = nullptr;
  Reading reading = Reading::Operands;
  PtxParser::InstructionContext* instruction = nullptr;
};

std::optional<Unit> enclosingUnit(antlr4::ParserRuleContext* ctx) {
  std::optional<Reading> reading;
  PtxParser::InstructionContext* instruction = nullptr;
  for (; ctx != nullptr; ctx = dynamic_cast<antlr4::ParserRuleContext*>(ctx->parent)) {
    std::size_t rule = ctx->getRuleIndex();
    if (!reading) {
      if (rule == PtxParser::RuleFunctionHeader || rule == PtxParser::RuleCallPrototype ||
          rule == PtxParser::RuleParamList) {
        reading = Reading::Parameters;
      } else if (rule == PtxParser::RuleInstruction) {
        reading = Reading::Operands;
        instruction = dynamic_cast<PtxParser::InstructionContext*>(ctx);
      } else if (rule == PtxParser::RuleVariableDecl) {
        reading = Reading::Declaration;
      }
    }
    if (rule == PtxParser::RuleFunctionBody || rule == PtxParser::RuleModule ||
        rule == PtxParser::RuleSectionDirective || dynamic_cast<PtxParser::BlockStatementContext*>(ctx) != nullptr) {
      return std::nullopt;
    }
    if (rule == PtxParser::RuleStatement || rule == PtxParser::RuleTopLevel || rule == PtxParser::RuleSectionItem) {
      if (ctx->getStart() == nullptr || !reading) return std::nullopt;
      return Unit{ctx, *reading, instruction};
    }
  }
  return std::nullopt;
}

// The innermost bracket still open among tokens [first, end), those in
// `closed` (sorted token indices) counting as closed.
Token* innermostOpen(antlr4::TokenStream* tokens, std::size_t first, std::size_t end,
                     const std::vector<std::size_t>& closed) {
  std::size_t depth = 0;
  for (std::size_t i = end, seen = 0; i > first && seen < kMaxLookBack; ++seen) {
    Token* t = tokens->get(--i);
    if (isCloser(t->getType())) {
      ++depth;
    } else if (isOpener(t->getType())) {
      if (depth == 0 && !std::binary_search(closed.begin(), closed.end(), i)) return t;
      if (depth > 0) --depth;
    }
  }
  return nullptr;
}

enum class Follows { Missing, Continues, Unknown };

// Whether the tokens from `from` on go on inside an open bracket whose
// closer is `closer` (they reach that closer, the list merely spans lines)
// or leave it (a ';', the end of the file, or what cannot stand inside it
// comes first: then the closer is missing).
Follows whatFollows(antlr4::TokenStream* tokens, std::size_t from, std::size_t closer, Reading reading) {
  std::size_t depth = 0;
  for (std::size_t i = from; i < from + kMaxLookAhead; ++i) {
    std::size_t type = tokenAt(tokens, i)->getType();
    if (type == Token::EOF) return Follows::Missing;
    if (depth == 0) {
      if (type == PtxLexer::SEMI) return Follows::Missing;
      // Braces nest only in initializers; directives stand only in
      // parameter lists.
      if (type == PtxLexer::LBRACE && (reading != Reading::Declaration || closer != PtxLexer::RBRACE)) {
        return Follows::Missing;
      }
      if (isDirectiveKeyword(type) && reading != Reading::Parameters) return Follows::Missing;
      if (isCloser(type)) return type == closer ? Follows::Continues : Follows::Unknown;
    }
    if (isOpener(type)) {
      ++depth;
    } else if (isCloser(type)) {
      --depth;
    }
  }
  return Follows::Unknown;
}

std::string_view describeBracket(const Unit& unit, Token* open) {
  std::size_t type = open->getType();
  switch (unit.reading) {
    case Reading::Parameters: return type == PtxLexer::LPAREN ? "parameter list" : "";
    case Reading::Declaration:
      if (type == PtxLexer::LBRACE) return "initializer";
      return type == PtxLexer::LBRACK ? "array size" : "";
    case Reading::Operands:
      if (type == PtxLexer::LBRACK) return "address";
      if (type == PtxLexer::LBRACE) return "vector";
      if (unit.instruction != nullptr && unit.instruction->opcode != nullptr &&
          unit.instruction->opcode->getText().starts_with("call")) {
        return "argument list";
      }
      return "";
  }
  return "";
}

// A bracket of the statement being read, open where the line before
// `offending` ends.
std::optional<UnclosedBracket> bracketOpenAtLineEnd(antlr4::Parser* parser, Token* offending, std::string_view text,
                                                    const std::vector<std::size_t>& closed) {
  antlr4::TokenStream* tokens = parser->getTokenStream();
  std::size_t at = offending->getTokenIndex();
  if (at == 0 || at == INVALID_INDEX || at > tokens->size()) return std::nullopt;
  Token* last = tokens->get(at - 1);
  if (!lineEndsBetween(text, last, offending)) return std::nullopt;
  std::optional<Unit> unit = enclosingUnit(parser->getContext());
  if (!unit) return std::nullopt;
  Token* open = innermostOpen(tokens, unit->ctx->getStart()->getTokenIndex(), at, closed);
  if (open == nullptr) return std::nullopt;
  if (open != last && !endsElement(last->getType())) return std::nullopt;  // `a,` or `a +`: the list goes on
  std::size_t closer = closerOf(open->getType());
  if (whatFollows(tokens, at, closer, unit->reading) != Follows::Missing) return std::nullopt;
  return UnclosedBracket{open, last, closer, describeBracket(*unit, open)};
}

// The block, function body or section being read, left open at the end
// of the text (which the driver ends before the next function, see
// cutAtFunctionsInsideBraces).
std::optional<UnclosedBracket> blockOpenAtEnd(antlr4::Parser* parser, Token* offending) {
  antlr4::ParserRuleContext* ctx = parser->getContext();
  if (offending->getType() != Token::EOF || ctx == nullptr) return std::nullopt;
  std::string_view what;
  if (ctx->getRuleIndex() == PtxParser::RuleFunctionBody) {
    what = "function body";
  } else if (ctx->getRuleIndex() == PtxParser::RuleSectionDirective) {
    what = "section";
  } else if (dynamic_cast<PtxParser::BlockStatementContext*>(ctx) != nullptr) {
    what = "block";
  } else {
    return std::nullopt;
  }
  antlr4::tree::TerminalNode* open = ctx->getToken(PtxLexer::LBRACE, 0);
  antlr4::TokenStream* tokens = parser->getTokenStream();
  std::size_t at = offending->getTokenIndex();
  if (open == nullptr || at == 0 || at == INVALID_INDEX || at > tokens->size()) return std::nullopt;
  return UnclosedBracket{open->getSymbol(), tokens->get(at - 1), PtxLexer::RBRACE, what};
}

std::string_view closerText(std::size_t closer) {
  switch (closer) {
    case PtxLexer::RPAREN: return ")";
    case PtxLexer::RBRACK: return "]";
    default: return "}";
  }
}

std::string_view openerText(std::size_t closer) {
  switch (closer) {
    case PtxLexer::RPAREN: return "(";
    case PtxLexer::RBRACK: return "[";
    default: return "{";
  }
}

bool mayStartFunction(std::size_t type) { return type == PtxLexer::ENTRY || type == PtxLexer::FUNC || isLinkage(type); }

// Whether tokens[from] begins a function header (11.2): linkage
// directives, .entry or .func, and then a body (a definition), or a ';' or
// nothing before the next function or the end of the text (a declaration).
bool beginsFunction(std::span<const LexedToken> tokens, std::size_t from) {
  std::size_t i = from;
  while (i < tokens.size() && isLinkage(tokens[i].type)) ++i;
  if (i >= tokens.size() || (tokens[i].type != PtxLexer::ENTRY && tokens[i].type != PtxLexer::FUNC)) return false;
  for (std::size_t end = std::min(tokens.size(), i + kMaxLookAhead); ++i < end;) {
    std::size_t type = tokens[i].type;
    if (type == PtxLexer::LBRACE || mayStartFunction(type)) return true;
    if (type == PtxLexer::SEMI) return i + 1 == tokens.size() || mayStartFunction(tokens[i + 1].type);
    if (type == PtxLexer::RBRACE) return false;
  }
  return i == tokens.size();
}

}  // namespace

std::optional<UnclosedBracket> MissingClosers::find(antlr4::Parser* parser, Token* offending,
                                                    std::string_view text) const {
  if (offending == nullptr || isLexerError(offending->getType())) return std::nullopt;
  if (auto block = blockOpenAtEnd(parser, offending)) return block;
  return bracketOpenAtLineEnd(parser, offending, text, closed_);
}

void MissingClosers::report(diag::DiagnosticSink& sink, std::uint32_t base, const UnclosedBracket& bracket) {
  auto at = base + static_cast<std::uint32_t>(bracket.last->getStopIndex() + 1);
  std::string_view closer = closerText(bracket.closer);
  std::string message = bracket.what.empty() ? fmt::format("expected '{}'", closer)
                                             : fmt::format("expected '{}' to close the {}", closer, bracket.what);
  Diagnostic& d = sink.report(diag::RuleId::MissingCloser, {at, at}, std::move(message));
  auto open = base + static_cast<std::uint32_t>(bracket.open->getStartIndex());
  diag::DiagnosticSink::addNote(d, {open, open + 1}, fmt::format("to match this '{}'", openerText(bracket.closer)));
  diag::DiagnosticSink::addFixIt(d, {at, at}, std::string(closer));
  std::size_t index = bracket.open->getTokenIndex();
  closed_.insert(std::lower_bound(closed_.begin(), closed_.end(), index), index);
}

Token* MissingClosers::conjure(Token* after, std::size_t closer) {
  auto token = std::make_unique<antlr4::CommonToken>(std::make_pair(after->getTokenSource(), after->getInputStream()),
                                                     closer, Token::DEFAULT_CHANNEL, INVALID_INDEX, INVALID_INDEX);
  token->setText(fmt::format("<missing '{}'>", closerText(closer)));
  conjured_.push_back(std::move(token));
  return conjured_.back().get();
}

std::vector<std::uint32_t> cutAtFunctionsInsideBraces(std::span<const LexedToken> tokens, std::uint32_t min_bytes) {
  std::vector<std::uint32_t> cuts;
  std::size_t depth = 0;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    std::size_t type = tokens[i].type;
    if (type == PtxLexer::LBRACE) {
      ++depth;
    } else if (type == PtxLexer::RBRACE) {
      if (depth > 0 && --depth == 0 && !cuts.empty()) {
        // A body's end ends an item (an initializer's is followed by ';'
        // or ','), as the prescan cuts.
        bool ends_item =
            i + 1 == tokens.size() || (tokens[i + 1].type != PtxLexer::SEMI && tokens[i + 1].type != PtxLexer::COMMA);
        if (ends_item && tokens[i].end - cuts.back() >= min_bytes) cuts.push_back(tokens[i].end);
      }
    } else if (type == PtxLexer::SEMI) {
      if (depth == 0 && !cuts.empty() && tokens[i].end - cuts.back() >= min_bytes) cuts.push_back(tokens[i].end);
    } else if (depth > 0 && mayStartFunction(type) && beginsFunction(tokens, i)) {
      cuts.push_back(tokens[i].begin);
      depth = 0;  // the next function starts at the top level
      while (i + 1 < tokens.size() && isLinkage(tokens[i].type)) ++i;
    }
  }
  if (!cuts.empty() && cuts.back() >= tokens.back().end) cuts.pop_back();  // nothing after it
  return cuts;
}

}  // namespace ptxlint::parse
