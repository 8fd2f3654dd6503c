// Cutting plain PTX text into chunks on the lexer's tokens.
//
// The prescan (prescan.h) reads every byte once before anything is parsed,
// to find the chunks' boundaries and to judge input the parser must not see
// (binary data, non-ASCII bytes, nesting deep enough to overflow ANTLR's
// stack). For the fast path's input, plain text without error tokens, the
// tokens tell the same: TokenChunker lexes the text a window at a time and
// ends a chunk where the prescan would, at the end of a top-level item (a
// ';' outside braces, or a '}' that closes a function body or a section),
// once the chunk holds min_chunk_bytes; the same scan of the tokens counts
// their nesting (a chunk anywhere near the prescan's bounds is trouble). At
// the first sign of trouble (a non-ASCII byte, an error token, deep nesting,
// a chunk the fast path refuses, an item of megabytes) the driver prescans
// the rest of the text and goes on as before, from the start of that chunk
// (parser.cpp).
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "parse/fast_lexer.h"
#include "parse/prescan.h"

namespace ptxlint::parse {

class TokenChunker {
 public:
  TokenChunker(std::string_view text, std::uint32_t min_chunk_bytes, std::uint32_t max_nesting);

  enum class Step {
    Chunk,    // `chunk` and `tokens` are the next chunk (valid until the next call)
    End,      // the text is done (nothing but blanks and comments followed)
    Trouble,  // the text from position() on holds what only the prescan and the slow path judge
  };
  Step next(Chunk& chunk, std::span<const LexedToken>& tokens);

  // Where the next chunk begins.
  std::uint32_t position() const { return begin_; }

  // A chunk is not let grow past this (Trouble then): an item of megabytes
  // (a function of a million labels, a file on one line) takes the
  // prescan's path, which holds it in less memory (its tokens reserved at
  // once, not grown window by window).
  static constexpr std::uint32_t kLargestChunk = 4 << 20;

 private:
  // False when the next window holds a non-ASCII byte or an error token, or
  // the chunk would pass kLargestChunk bytes.
  bool lexMore();
  // The `count` tokens from first_ as a chunk ending at `end`.
  Step emit(std::size_t count, std::uint32_t end, Chunk& chunk, std::span<const LexedToken>& tokens);
  std::uint32_t size() const { return static_cast<std::uint32_t>(text_.size()); }

  std::string_view text_;
  std::uint32_t min_bytes_;
  // What the prescan bounds, counted on tokens as the fast path counts them
  // for input the prescan did not see (fast_path.cpp, nearNestingBounds):
  // a chunk that comes within half the bound is Trouble.
  std::uint32_t near_bound_;
  std::uint32_t begin_ = 0;  // the next chunk's first byte
  std::uint32_t lexed_ = 0;  // text_[0, lexed_) is lexed
  TokenVector tokens_;       // lexed tokens; those of the next chunk from first_ on
  std::size_t first_ = 0;
  std::size_t consumed_ = 0;  // the tokens of the chunk returned last
  std::size_t scanned_ = 0;   // tokens_ the boundary scan has passed
  // The nesting at tokens_[scanned_] (braces and parentheses: the item
  // boundaries; all of them: the bounds).
  std::uint32_t braces_ = 0, parens_ = 0, ternaries_ = 0, prefixes_ = 0;
};

}  // namespace ptxlint::parse
