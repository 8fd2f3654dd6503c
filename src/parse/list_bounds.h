// Bounds on what one statement may hold, checked on its tokens before a
// parser builds it (#25): its AST, or the recovering parser's tree, would
// hold memory in proportion to it, past the bound of 64 MiB + the input.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>

#include "PtxLexer.h"
#include "parse/fast_lexer.h"

namespace ptxlint::parse {

// The most elements one list may have: a function's parameters, a call's
// arguments, a vector, an instruction's operands, a target list. No PTX
// comes near it (a vector has at most 128 elements, wgmma's accumulator; a
// kernel's parameters fit 32,764 bytes of .param space, ptxas's limit),
// and the AST of a longer one holds hundreds of bytes an element (182 MB
// for a vector of 500,000 in 2.5 MB of text). Initializer lists and debug
// sections are cut into pieces instead, and are not counted.
constexpr std::uint32_t kMostListElements = 1 << 16;

// The most binary operators one statement may have. A chain of them nests
// as deep as it is long (4.5.4: left to right), and one deeper than
// max_nesting is an error already (the AST builder's PL1007); but the
// recovering parser that judges it holds a parse tree of about 1.4 KB an
// operator (700 MB for a chain of 500,000 in 2 MB of text).
constexpr std::uint32_t kMostOperators = 4096;

inline bool isBinaryOperator(std::size_t type) {
  switch (type) {
    case PtxLexer::STAR:
    case PtxLexer::SLASH:
    case PtxLexer::PERCENT:
    case PtxLexer::PLUS:
    case PtxLexer::MINUS:
    case PtxLexer::SHL:
    case PtxLexer::SHR:
    case PtxLexer::LT:
    case PtxLexer::GT:
    case PtxLexer::LE:
    case PtxLexer::GE:
    case PtxLexer::EQ:
    case PtxLexer::NE:
    case PtxLexer::AMP:
    case PtxLexer::CARET:
    case PtxLexer::PIPE:
    case PtxLexer::ANDAND:
    case PtxLexer::OROR: return true;
    default: return false;
  }
}

// Reads tokens one at a time and says where the statement being read
// passes a bound: its commas and its binary operators since the last ';',
// outside an initializer's braces (`= {`) and a section's (`.section name {`).
class StatementBounds {
 public:
  enum class Past : std::uint8_t { None, Elements, Operators };

  Past feed(const LexedToken& t) {
    Past past = Past::None;
    switch (t.type) {
      case PtxLexer::LBRACE:
        ++depth_;
        if (exempt_ == 0 && (before_[0] == PtxLexer::ASSIGN || before_[1] == PtxLexer::SECTION)) exempt_ = depth_;
        break;
      case PtxLexer::RBRACE:
        if (exempt_ == depth_) exempt_ = 0;
        depth_ -= depth_ > 0;
        break;
      case PtxLexer::SEMI: commas_ = operators_ = 0; break;
      case PtxLexer::COMMA:
        if (exempt_ == 0 && ++commas_ > kMostListElements) past = Past::Elements;
        break;
      default:
        if (exempt_ == 0 && isBinaryOperator(t.type) && ++operators_ > kMostOperators) past = Past::Operators;
        break;
    }
    before_[1] = before_[0];
    before_[0] = t.type;
    return past;
  }

  // The first token of `tokens` past a bound, or nothing.
  std::optional<std::uint32_t> feed(std::span<const LexedToken> tokens, Past& past) {
    for (const LexedToken& t : tokens) {
      past = feed(t);
      if (past != Past::None) return t.begin;
    }
    return std::nullopt;
  }

 private:
  std::uint32_t commas_ = 0, operators_ = 0, depth_ = 0, exempt_ = 0;
  std::size_t before_[2] = {0, 0};  // the types of the two tokens before
};

// Whether a statement in `tokens` passes kMostOperators (the fast path's
// runs: it refuses them; only a run of that many tokens can).
inline bool operatorsPastBound(std::span<const LexedToken> tokens) {
  if (tokens.size() <= 2 * std::size_t{kMostOperators}) return false;
  StatementBounds bounds;
  StatementBounds::Past past = StatementBounds::Past::None;
  return bounds.feed(tokens, past).has_value();
}

}  // namespace ptxlint::parse
