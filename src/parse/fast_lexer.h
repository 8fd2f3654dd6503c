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

  // Debug sections (see SectionData in fast_lexer.cpp): the data lines of a
  // section body that the checks' parse would drop whole (fast_path.cpp,
  // HandParser::validSectionItems) are passed over on their bytes, no token
  // written for them. `readable`: the bytes from the text's start that may
  // be read (a window lexed in place is followed by the rest of the file);
  // `in_body`: the text begins at a line inside a section body whose data
  // was being passed over (the last window's inSectionBody()).
  // Passing over stops `readable` bytes from the text's start (it may be 0:
  // the lexer then only follows whether it is inside a body).
  // Each stretch passed over is recorded in `passed` (if given): where the
  // lexer went on after it (an offset as the tokens') and how many tokens
  // its lines hold.
  using PassedStretches = std::vector<std::pair<std::uint32_t, std::uint32_t>>;
  void passOverSectionData(std::size_t readable, bool in_body, PassedStretches* passed = nullptr) {
    passing_ = true;
    readable_ = readable;
    in_section_body_ = in_body;
    passed_ = passed;
  }
  // Whether the text ended inside such a body (for the next window).
  bool inSectionBody() const { return in_section_body_; }
  // Where lexing goes on when data passed over ran past the text's end
  // (an offset as the tokens', base included), else 0.
  std::uint32_t passedTo() const { return passed_to_; }

  std::uint32_t position() const { return static_cast<std::uint32_t>(at_); }
  // Whether a token so far was one of the grammar's error tokens
  // (INVALID_CHAR, BAD_NUMBER, UNTERMINATED_STRING, UNTERMINATED_COMMENT).
  bool sawErrorToken() const { return error_token_; }

 private:
  std::string_view text_;
  std::uint32_t base_;
  std::size_t at_ = 0;
  bool error_token_ = false;
  bool passing_ = false;
  PassedStretches* passed_ = nullptr;
  std::size_t readable_ = 0;
  bool in_section_body_ = false;
  std::uint32_t passed_to_ = 0;
};

// Every token of `text` (offsets relative to `text`).
TokenVector lexAll(std::string_view text);

// Whether a '{' after a token of type `previous` opens a block. After a
// comma, a name, an opcode, '=', '{', '(' or '[' it belongs to the statement
// (a vector operand, an initializer, a section's data). The fast path and
// the chunker both cut on this.
bool braceOpensBlock(std::uint16_t previous);

}  // namespace ptxlint::parse
