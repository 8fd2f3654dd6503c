#include "parse/token_chunker.h"

#include <algorithm>
#include <cstring>

#include "PtxLexer.h"

namespace ptxlint::parse {

using T = PtxLexer;

namespace {

// WS of the lexer grammar.
bool isBlank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

}  // namespace

TokenChunker::TokenChunker(std::string_view text, std::uint32_t min_chunk_bytes, std::uint32_t max_nesting)
    : text_(text), min_bytes_(min_chunk_bytes), near_bound_(max_nesting / 2) {
  // Room for the largest chunk at once, at a token per two bytes (PTX has
  // one per 5-6 bytes, a debug section's data one per 3): the vector is not
  // regrown (doubled, on fresh pages) as windows come. Pages of the room
  // that a text never uses are never touched.
  tokens_.reserve(std::min<std::size_t>(text.size(), kLargestChunk + 2 * std::size_t{min_chunk_bytes}) / 2);
}

TokenChunker::Step TokenChunker::next(Chunk& chunk, std::span<const LexedToken>& tokens) {
  if (consumed_ > 0) {  // the chunk returned last is parsed: its tokens go
    first_ += consumed_;
    consumed_ = 0;
    if (first_ >= tokens_.size() / 2) {  // (moved now and then, not per chunk)
      tokens_.erase(tokens_.begin(), tokens_.begin() + static_cast<std::ptrdiff_t>(first_));
      scanned_ -= first_;
      first_ = 0;
    }
  }
  for (;;) {
    // The first item end at least min_bytes_ after begin_ (prescan.cpp's
    // rule: a ';' outside braces, a '}' back at depth 0 outside parentheses
    // that no ';' or ',' follows, which would make it an initializer's).
    // The state is copied to locals for the loop (members could alias the
    // tokens for the compiler) and stored back when it stops.
    const LexedToken* const tokens_begin = tokens_.data();
    const std::size_t count = tokens_.size();
    std::size_t k = scanned_;
    std::uint32_t braces = braces_, parens = parens_, ternaries = ternaries_, prefixes = prefixes_;
    auto save = [&] {
      scanned_ = k;
      braces_ = braces;
      parens_ = parens;
      ternaries_ = ternaries;
      prefixes_ = prefixes;
    };
    bool need_more = false;
    for (; k < count; ++k) {
      const LexedToken& t = tokens_begin[k];
      switch (t.type) {
        case T::MINUS:
        case T::PLUS:
        case T::BANG:
        case T::TILDE:
          if (++prefixes > near_bound_) return Step::Trouble;
          continue;  // a run of prefix operators goes on
        case T::LBRACE:
          if (++braces > near_bound_) return Step::Trouble;
          break;
        case T::RBRACE: {
          if (braces == 0) break;
          if (braces == 1 && parens == 0 && k + 1 == count && lexed_ < size()) {
            need_more = true;  // what follows decides: not lexed yet
            break;
          }
          if (--braces != 0 || parens != 0) break;
          bool initializer =
              k + 1 < count && (tokens_begin[k + 1].type == T::SEMI || tokens_begin[k + 1].type == T::COMMA);
          if (!initializer && t.end - begin_ >= min_bytes_) return emit(k + 1 - first_, t.end, chunk, tokens);
          break;
        }
        case T::LPAREN:
        case T::LBRACK:
          if (++parens > near_bound_) return Step::Trouble;
          break;
        case T::RPAREN:
        case T::RBRACK: parens -= parens > 0; break;
        case T::QUESTION:
          if (++ternaries > near_bound_) return Step::Trouble;
          break;
        case T::SEMI:
          parens = ternaries = 0;
          if (braces == 0 && t.end - begin_ >= min_bytes_) return emit(k + 1 - first_, t.end, chunk, tokens);
          break;
        default: break;
      }
      if (need_more) break;
      prefixes = 0;
    }
    save();
    if (!need_more && lexed_ >= size()) {
      if (first_ == tokens_.size()) return Step::End;
      return emit(tokens_.size() - first_, size(), chunk, tokens);  // the rest of the text
    }
    if (!lexMore()) return Step::Trouble;
  }
}

TokenChunker::Step TokenChunker::emit(std::size_t count, std::uint32_t end, Chunk& chunk,
                                      std::span<const LexedToken>& tokens) {
  chunk = {begin_, end, false};
  tokens = std::span<const LexedToken>(tokens_).subspan(first_, count);
  consumed_ = count;
  begin_ = end;
  scanned_ = first_ + count;  // the state at an item's end
  braces_ = parens_ = ternaries_ = prefixes_ = 0;
  return Step::Chunk;
}

bool TokenChunker::lexMore() {
  if (lexed_ - begin_ > kLargestChunk) return false;
  // A window ends after a newline, and the blanks after it: no token spans
  // a newline but a block comment (a string or a line comment ends there),
  // and the byte after the window, no blank, lets it be lexed in place
  // (FastLexer::appendAllInPlace) but at the end of the text.
  auto windowEnd = [&](std::size_t from) {
    if (from >= size()) return size();
    std::size_t searched = std::min<std::size_t>(size() - from, kLargestChunk + 1);
    const void* newline = std::memchr(text_.data() + from, '\n', searched);
    if (newline == nullptr) return size();  // (too far: refused by the caller)
    auto end = static_cast<std::uint32_t>(static_cast<const char*>(newline) - text_.data() + 1);
    while (end < size() && isBlank(text_[end])) ++end;
    return end;
  };
  std::uint32_t end = windowEnd(std::size_t{lexed_} + min_bytes_);
  if (end - begin_ > kLargestChunk) return false;  // (a line of megabytes)
  std::string_view window = text_.substr(lexed_, end - lexed_);
  if (!allPlainAscii(window)) return false;  // the prescan reports it
  std::size_t before = tokens_.size();
  FastLexer lexer(window, lexed_);
  if (end < size()) {
    lexer.appendAllInPlace(tokens_);
  } else {
    lexer.appendAll(tokens_);
  }
  if (lexer.sawErrorToken()) {
    // A block comment that the window's end cut is no error: lex up to
    // the line it ends on.
    const LexedToken last = tokens_.back();
    std::size_t close =
        last.type == T::UNTERMINATED_COMMENT ? text_.find("*/", last.begin + 2) : std::string_view::npos;
    if (end == size() || close == std::string_view::npos) return false;
    tokens_.resize(before);
    end = windowEnd(close + 2);
    if (end - begin_ > kLargestChunk) return false;
    window = text_.substr(lexed_, end - lexed_);
    if (!allPlainAscii(window)) return false;
    FastLexer again(window, lexed_);
    if (end < size()) {
      again.appendAllInPlace(tokens_);
    } else {
      again.appendAll(tokens_);
    }
    if (again.sawErrorToken()) return false;
  }
  lexed_ = end;
  return true;
}

}  // namespace ptxlint::parse
