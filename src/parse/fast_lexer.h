// A hand-written lexer that produces exactly the tokens of grammar/PtxLexer.g4
// (same types, same boundaries, same longest-match and rule-order choices),
// without ANTLR's per-token objects. grammar/PtxLexer.g4 stays the
// specification: tests/tools/lexer_equivalence.cpp compares both lexers on
// every corpus, golden and fuzz input.
//
// Why: the generated lexer costs about 400 ns per token (an ATN simulator,
// one heap-allocated CommonToken each), more than ptxas spends on the whole
// statement. This one is a switch on the first byte.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "ast/ast.h"
#include "support/default_init_allocator.h"

namespace ptxlint::parse {

// A token: its byte offsets and its PtxLexer type (the AST keeps tokens so
// for deferred instructions).
using LexedToken = ast::TokenPlace;
using TokenVector = std::vector<LexedToken, support::DefaultInitAllocator<LexedToken>>;

class FastLexer {
 public:
  // Offsets of the tokens are `base` + position in `text`.
  explicit FastLexer(std::string_view text, std::uint32_t base = 0) : text_(text), base_(base) {}

  // The next token, skipping whitespace and comments (as the grammar's
  // `-> skip` rules do); false at the end of the text.
  bool next(LexedToken& token);
  // Every remaining token, appended to `out` (one loop: no call per token).
  void appendAll(TokenVector& out);
  // The same, for a text that ends with a blank and is followed in memory by
  // a byte that is none (a window of a larger text, cut so): that byte stops
  // every unchecked loop, so the text is lexed in place, not copied first.
  void appendAllInPlace(TokenVector& out);

  std::uint32_t position() const { return static_cast<std::uint32_t>(at_); }
  // Whether a token so far was one of the grammar's error tokens
  // (INVALID_CHAR, BAD_NUMBER, UNTERMINATED_STRING, UNTERMINATED_COMMENT).
  bool sawErrorToken() const { return error_token_; }

 private:
  std::string_view text_;
  std::uint32_t base_;
  std::size_t at_ = 0;
  bool error_token_ = false;
};

// Every token of `text` (offsets relative to `text`).
TokenVector lexAll(std::string_view text);

// Whether a '{' after a token of type `previous` opens a block. After a
// comma, a name, an opcode, '=', '{', '(' or '[' it belongs to the statement
// (a vector operand, an initializer, a section's data). The fast path and
// the chunker both cut on this.
bool braceOpensBlock(std::uint16_t previous);

}  // namespace ptxlint::parse
