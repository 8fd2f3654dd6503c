#include "parse/token_chunker.h"

#include <algorithm>
#include <array>
#include <cstring>

#include "PtxLexer.h"

namespace ptxlint::parse {

using T = PtxLexer;

namespace {

// The token types that cutAt looks at (the others only as the token
// before): what ends items and statements, opens and closes them, or says
// what an item is; and where they may be cut, a section's data types and
// an initializer's ','.
constexpr std::array<bool, 256> makeItemTokens(std::uint16_t also) {
  std::array<bool, 256> table{};
  for (std::size_t type : {T::ENTRY, T::FUNC, T::SECTION, T::ASSIGN, T::LBRACE, T::RBRACE, T::SEMI, T::QUESTION,
                           T::COLON, T::VERSION, T::ADDRESS_SIZE, T::TARGET, T::FILE, T::LOC}) {
    table[type] = true;
  }
  if (also != 0) table[also] = true;
  return table;
}
constexpr std::array<bool, 256> kItemTokens = makeItemTokens(0);
constexpr std::array<bool, 256> kSectionTokens = makeItemTokens(T::TYPE);
constexpr std::array<bool, 256> kInitializerTokens = makeItemTokens(T::COMMA);

// WS of the lexer grammar.
bool isBlank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

}  // namespace

TokenChunker::TokenChunker(std::string_view text, std::uint32_t min_chunk_bytes, std::uint32_t max_nesting,
                           bool split_items, bool pass_section_data)
    : text_(text),
      min_bytes_(min_chunk_bytes),
      near_bound_(max_nesting / 2),
      split_(split_items),
      pass_sections_(pass_section_data),
      track_after_(split_items ? firstPieceBytes(min_chunk_bytes) : 0xFFFFFFFF) {
  watch();
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
      bool prefix = false;
      switch (t.type) {
        case T::MINUS:
        case T::PLUS:
        case T::BANG:
        case T::TILDE:
          if (++prefixes > near_bound_) return Step::Trouble;
          prefix = true;  // a run of prefix operators goes on
          break;
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
          if (!initializer && (t.end - uncut_begin_ >= min_bytes_ || continuesItem())) {
            return emit(k + 1 - first_, t.end, chunk, tokens);
          }
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
          if (braces == 0 && (t.end - uncut_begin_ >= min_bytes_ || continuesItem())) {
            return emit(k + 1 - first_, t.end, chunk, tokens);
          }
          break;
        case T::FILE:
        case T::VERSION:
        case T::TARGET:
        case T::ADDRESS_SIZE:
          // Module directives that no ';' ends begin an item: with split_,
          // a chunk of a thousand .file lines ends before one (Cut::Between).
          if (split_ && braces == 0 && k > first_ && tokens_begin[k - 1].end - begin_ >= min_bytes_) {
            save();
            return emit(k - first_, tokens_begin[k - 1].end, chunk, tokens, Cut::Between);
          }
          break;
        default: break;
      }
      if (need_more) break;
      if (!prefix) prefixes = 0;
      // Items are followed for cuts only once one is long enough to be cut
      // (most never are): then the chunk's tokens so far are read again.
      if (!tracking_) {
        if (t.end - begin_ < track_after_) continue;
        track(k);
      }
      // (Most tokens mean nothing to the item but as the token before one
      // that does: they are read back where they are.)
      if (watched_[t.type] || attention_) {
        switch (cutAt(k, braces, parens)) {
          case Cut::None:
          case Cut::Between: break;  // (not cutAt's)
          case Cut::NeedMore: need_more = true; break;
          case Cut::After:
            ++k;
            save();
            return emit(k - first_, t.end, chunk, tokens, Cut::After);
          case Cut::Before: save(); return emit(k - first_, tokens_begin[k - 1].end, chunk, tokens, Cut::Before);
          case Cut::Missing: {  // its linkage directives begin the next item
            std::size_t last = k;
            while (last > first_ && tokens_begin[last - 1].begin >= item_.end) --last;
            return emit(last - first_, item_.end, chunk, tokens);
          }
        }
        if (need_more) break;
      }
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
                                      std::span<const LexedToken>& tokens, Cut cut) {
  const bool open = cut == Cut::After || cut == Cut::Before;
  chunk = Chunk{};
  chunk.begin = begin_;
  chunk.end = end;
  if (!passed_.empty()) {  // the stretches that end in the chunk
    std::size_t n = 0;
    while (n < passed_.size() && passed_[n].first <= end) chunk.passed_tokens += passed_[n++].second;
    passed_.erase(passed_.begin(), passed_.begin() + static_cast<std::ptrdiff_t>(n));
  }
  chunk.head = continued_head_;
  tokens = std::span<const LexedToken>(tokens_).subspan(first_, count);
  consumed_ = count;
  begin_ = end;
  scanned_ = first_ + count;
  if (continuesItem()) chunk.group = {item_.group_begin, item_.end};
  if (open) {  // a cut inside the item: its state goes on, and what its last tokens were
    item_.before[0] = count >= 1 ? tokens_[first_ + count - 1].type : item_.before[0];
    item_.before[1] = count >= 2 ? tokens_[first_ + count - 2].type : item_.before[0];
    if (item_.pieces++ == 0) {
      item_.group_begin = uncut_begin_;
      chunk.labels = std::move(item_.labels);
      if (item_.kind == ItemKind::Function) chunk.body = item_.head_end;
    }
    chunk.tail = item_.tail;
    if (item_.closer_missing) chunk.missing_tail = item_.kind == ItemKind::Initializer ? 2 : 1;
    chunk.group = {item_.group_begin, item_.end};
    continued_head_ = {item_.begin, item_.head_end};
    return Step::Chunk;
  }
  if (cut == Cut::Between) {  // before a module directive: inside the chunk an uncut parse would make
    if (uncut_end_ <= uncut_begin_) uncut_end_ = itemEndAhead(text_, end);
    chunk.group = {uncut_begin_, uncut_end_};
  } else {
    uncut_begin_ = end;
  }
  braces_ = parens_ = ternaries_ = prefixes_ = 0;  // the state at an item's end
  item_ = Item{};
  watch();
  tracking_ = false;
  continued_head_ = {};
  return Step::Chunk;
}

namespace {

bool isLinkage(std::uint16_t type) {
  return type == T::EXTERN || type == T::VISIBLE || type == T::WEAK || type == T::COMMON;
}

bool labelsDirective(std::uint16_t type) {
  return type == T::CALLPROTOTYPE || type == T::BRANCHTARGETS || type == T::CALLTARGETS;
}

// The last token of an initializer element: an element that ends so is
// whole (a cut after its ',' cannot split it, the parser of a piece sees
// the same error as the whole item's).
bool endsElement(std::uint16_t type) {
  return type == T::INT || type == T::FLOAT || type == T::HEX_FLOAT || type == T::IDENT || type == T::RPAREN ||
         type == T::RBRACE;
}

}  // namespace

// Called for every token after the item-end scan has counted it (`braces`
// and `parens` include it). Keeps item_ and says where the item may be cut.
TokenChunker::Cut TokenChunker::cutAt(std::size_t k, std::uint32_t braces, std::uint32_t parens, bool replay) {
  const LexedToken& t = tokens_[k];
  Item& item = item_;
  if (item.directive != Item::Directive::None && braces == 0 && directiveEnds(t.type)) item.starting = true;
  if (item.starting) {
    item = Item{};
    item.starting = false;
    item.begin = t.begin;
  }
  // The types of the two tokens before (those of an earlier chunk kept
  // by emit()).
  auto before = [&](std::size_t back) -> std::uint16_t {
    if (k >= first_ + back) return tokens_[k - back].type;
    return k + 1 == first_ + back ? item.before[0] : item.before[1];
  };
  // Long enough for a cut after this token (or before it): a chunk, or
  // for the item's first piece kFirstPiece chunks (an item of a few chunks
  // is not worth cutting, and most are no longer: their text is not read
  // ahead).
  const std::uint64_t piece_bytes = item.pieces == 0 ? firstPieceBytes(min_bytes_) : min_bytes_;
  auto longAfter = [&] { return std::uint64_t{t.end - begin_} >= piece_bytes; };
  if (item.closer_missing && t.begin >= item.end && item.pieces > 0) return Cut::Missing;
  Cut cut = Cut::None;
  switch (t.type) {
    case T::ENTRY:
    case T::FUNC:
      if (braces == 0 && parens == 0 && item.head_end == 0 &&
          (item.kind == ItemKind::Unknown || item.kind == ItemKind::Function)) {
        item.kind = ItemKind::Function;
        // Its head begins with its linkage (the item may have begun before,
        // with a prototype that no ';' ends); a chunk holds a whole header.
        std::size_t first = k;
        while (first > first_ && isLinkage(tokens_[first - 1].type)) --first;
        item.begin = tokens_[first].begin;
      }
      break;
    case T::SECTION:
      if (braces == 0 && item.kind == ItemKind::Unknown) {
        item.kind = ItemKind::Section;
        item.begin = t.begin;
      }
      break;
    // Module directives that no ';' ends (11.1, 11.5): what follows them
    // begins an item (TokenChunker::directiveEnds).
    case T::VERSION:
    case T::ADDRESS_SIZE:
      if (braces == 0) item.directive = Item::Directive::Value;
      break;
    case T::TARGET:
      if (braces == 0) item.directive = Item::Directive::Target;
      break;
    case T::FILE:
      if (braces == 0) item.directive = Item::Directive::File;
      break;
    case T::ASSIGN:
      if (braces == 0 && parens == 0 && item.kind == ItemKind::Unknown) item.kind = ItemKind::Assigned;
      break;
    case T::LBRACE:
      if (item.head_end == 0 && braces == 1) {  // the item's first brace
        bool body = (item.kind == ItemKind::Function && parens == 0) || item.kind == ItemKind::Section ||
                    (item.kind == ItemKind::Assigned && before(1) == T::ASSIGN);
        if (body && t.end - item.begin <= kLargestHead) {
          item.head_end = t.end;
          item.blocks = 1;
          if (item.kind == ItemKind::Assigned) item.kind = ItemKind::Initializer;
        } else {
          item.kind = ItemKind::Other;
        }
      } else if (item.kind == ItemKind::Function && item.blocks > 0) {
        if (item.statement_braces == 0 && (before(1) == T::LBRACE || braceOpensBlock(before(1)))) {
          ++item.blocks;
        } else {
          ++item.statement_braces;
        }
      }
      break;
    case T::RBRACE:
      if (item.kind == ItemKind::Function && item.blocks > 0) {
        if (item.statement_braces > 0) {
          --item.statement_braces;
        } else if (--item.blocks == 0) {
          item.closed = true;
        } else if (item.blocks == 1 && braces == 1 && parens == 0 && longAfter()) {
          cut = Cut::After;  // after a nested block, a statement of the body
        }
      } else if (item.head_end != 0 && braces == 0) {
        item.closed = true;
      }
      if (braces == 0 && parens == 0 && item.kind != ItemKind::Assigned && item.kind != ItemKind::Initializer) {
        // An item's end, but for an initializer's '}' (a ';' or ',' follows).
        bool initializer =
            k + 1 < tokens_.size() && (tokens_[k + 1].type == T::SEMI || tokens_[k + 1].type == T::COMMA);
        if (!initializer) item.starting = true;
      }
      break;
    case T::SEMI:
      if (braces == 0) {
        item.starting = true;  // an item's end
        break;
      }
      item.statement_braces = item.questions = 0;
      if (item.kind == ItemKind::Function && !item.closed && braces == 1 && item.blocks == 1 && longAfter()) {
        cut = Cut::After;
      }
      break;
    case T::QUESTION: ++item.questions; break;
    case T::COLON:
      if (item.questions > 0) {
        --item.questions;  // a conditional expression's
        break;
      }
      if (item.closed || braces != 1 || parens != 0 || before(1) != T::IDENT) break;
      if (item.kind == ItemKind::Section) {
        if (longAfter()) cut = Cut::After;
      } else if (item.kind == ItemKind::Function && item.blocks == 1 && item.statement_braces == 0 &&
                 (before(2) == T::SEMI || before(2) == T::COLON || before(2) == T::LBRACE || before(2) == T::RBRACE) &&
                 longAfter()) {
        // A label; not cut from the directive it may name.
        if (k + 1 == tokens_.size()) {
          if (lexed_ < size()) return Cut::NeedMore;  // (nothing changed yet)
        } else if (labelsDirective(tokens_[k + 1].type)) {
          break;
        }
        cut = Cut::After;
      }
      break;
    case T::COMMA:
      if (item.kind == ItemKind::Initializer && !item.closed && braces == 1 && parens == 0 && item.questions == 0 &&
          endsElement(before(1)) && longAfter()) {
        cut = Cut::After;
      }
      break;
    case T::LOC:
      // A .loc (no ';' ends it) begins a statement: a body of them is cut
      // before one.
      if (item.kind == ItemKind::Function && !item.closed && braces == 1 && parens == 0 && item.blocks == 1 &&
          item.statement_braces == 0 && item.questions == 0 && k > first_ && !replay &&
          std::uint64_t{tokens_[k - 1].end - begin_} >= piece_bytes && cuttable()) {
        watch();
        return Cut::Before;
      }
      break;
    case T::TYPE:
      // A section's data line; not the chunk's first token.
      if (item.kind == ItemKind::Section && !item.closed && braces == 1 && parens == 0 && k > first_ && !replay &&
          std::uint64_t{tokens_[k - 1].end - begin_} >= piece_bytes && cuttable()) {
        watch();
        return Cut::Before;  // (the token is scanned again, in the next chunk)
      }
      break;
    default: break;
  }
  if (cut != Cut::None && (replay || !cuttable())) cut = Cut::None;
  watch();
  return cut;
}

void TokenChunker::track(std::size_t k) {
  // From the chunk's start (an item's: no piece was cut, or tracking_
  // would be on), with the braces and parentheses the scan counts.
  item_ = Item{};
  watch();
  std::uint32_t braces = 0, parens = 0;
  for (std::size_t i = first_; i < k; ++i) {
    switch (tokens_[i].type) {
      case T::LBRACE: ++braces; break;
      case T::RBRACE: braces -= braces > 0; break;
      case T::LPAREN:
      case T::LBRACK: ++parens; break;
      case T::RPAREN:
      case T::RBRACK: parens -= parens > 0; break;
      case T::SEMI: parens = 0; break;
      default: break;
    }
    if (watched_[tokens_[i].type] || attention_) cutAt(i, braces, parens, /*replay=*/true);
  }
  tracking_ = true;
}

void TokenChunker::watch() {
  attention_ = item_.starting || item_.directive != Item::Directive::None;
  watched_ = item_.kind == ItemKind::Section       ? kSectionTokens.data()
             : item_.kind == ItemKind::Initializer ? kInitializerTokens.data()
                                                   : kItemTokens.data();
}

bool TokenChunker::directiveEnds(std::uint16_t type) {
  std::uint32_t step = item_.directive_step++;  // tokens read after the keyword
  switch (item_.directive) {
    case Item::Directive::None: return false;
    case Item::Directive::Value: return step >= 1;                                // the value
    case Item::Directive::Target: return step % 2 == 1 && type != T::COMMA;       // a name, then ',' or the end
    case Item::Directive::File: return step == 2 ? type != T::COMMA : step >= 6;  // 1 "f" [, 2, 3]
  }
  return false;
}

bool TokenChunker::cuttable() {
  if (item_.ahead == Item::Ahead::NotYet) {
    CutItem kind = item_.kind == ItemKind::Function  ? CutItem::FunctionBody
                   : item_.kind == ItemKind::Section ? CutItem::Section
                                                     : CutItem::Initializer;
    std::optional<LookAhead> ahead = lookAhead(text_, item_.head_end, kind);
    item_.ahead = ahead ? Item::Ahead::Cuttable : Item::Ahead::Not;
    if (ahead) {
      item_.tail = ahead->tail;
      item_.closer_missing = ahead->closer_missing;
      item_.end = ahead->end;
      item_.labels = std::move(ahead->labels);
    }
  }
  return item_.ahead == Item::Ahead::Cuttable;
}

// A window that ends inside a line (split_items: a line of megabytes, as
// nvcc writes a large initializer): the window's last token may be cut, or
// be the start of a comment or string that the cut ends early; it is left
// for the next window, lexed again from its start with the tokens it
// touches. False, nothing lexed, where that makes no headway (a comment or
// string longer than the window, a window without a blank) or meets an
// error token.
bool TokenChunker::lexInsideLine(std::uint32_t end) {
  std::string_view window = text_.substr(lexed_, end - lexed_);
  if (!allPlainAscii(window)) return false;
  std::size_t before = tokens_.size();
  FastLexer lexer(window, lexed_);
  lexer.appendAll(tokens_);
  in_section_body_ = false;  // (what follows is no line's start: lexed as it is)
  // The last token may be cut short, and so may those it touches (no
  // blank between: `mov.` lexes as `mov` and `.`, `mov.u32` as one): they
  // are lexed again, from the first of them.
  std::size_t keep = tokens_.size() > before ? tokens_.size() - 1 : before;
  while (keep > before && tokens_[keep - 1].end == tokens_[keep].begin) --keep;
  bool headway = keep > before;
  for (std::size_t i = before; headway && lexer.sawErrorToken() && i < keep; ++i) {
    std::uint16_t type = tokens_[i].type;
    headway = type != T::INVALID_CHAR && type != T::BAD_NUMBER && type != T::UNTERMINATED_STRING &&
              type != T::UNTERMINATED_COMMENT;
  }
  if (!headway) {
    tokens_.resize(before);
    return false;
  }
  lexed_ = tokens_[keep].begin;
  tokens_.resize(keep);
  return true;
}

bool TokenChunker::lexMore() {
  if (lexed_ - begin_ > kLargestChunk) return false;
  if (split_ && std::size_t{lexed_} + min_bytes_ < size()) {
    std::size_t from = std::size_t{lexed_} + min_bytes_;
    std::size_t reach = std::min<std::size_t>(size() - from, kLongLine);
    if (std::memchr(text_.data() + from, '\n', reach) == nullptr && reach == kLongLine &&
        lexInsideLine(static_cast<std::uint32_t>(from))) {
      return true;
    }
  }
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
  const std::size_t passed_before = passed_.size();
  FastLexer lexer(window, lexed_);
  // Data passed over may run past the window, as far as an item's first
  // piece from the chunk's start (half the largest chunk without split_):
  // a longer section is then lexed on to where the chunk can be cut
  // before a data line (cutAt), as without passing, and passed over again
  // in the next piece.
  const bool was_in_body = in_section_body_;
  auto passing = [&](FastLexer& l) {
    if (!pass_sections_) return;
    std::size_t pass_end =
        std::min<std::size_t>(size(), std::size_t{begin_} + (split_ ? firstPieceBytes(min_bytes_) : kLargestChunk / 2));
    l.passOverSectionData(pass_end > lexed_ ? pass_end - lexed_ : 0, was_in_body, &passed_);
  };
  passing(lexer);
  if (end < size()) {
    lexer.appendAllInPlace(tokens_);
  } else {
    lexer.appendAll(tokens_);
  }
  in_section_body_ = lexer.inSectionBody();
  if (lexer.passedTo() > end) end = lexer.passedTo();
  if (lexer.sawErrorToken()) {
    // A block comment that the window's end cut is no error: lex up to
    // the line it ends on.
    const LexedToken last = tokens_.back();
    std::size_t close =
        last.type == T::UNTERMINATED_COMMENT ? text_.find("*/", last.begin + 2) : std::string_view::npos;
    if (end == size() || close == std::string_view::npos) return false;
    tokens_.resize(before);
    passed_.resize(passed_before);
    end = windowEnd(close + 2);
    if (end - begin_ > kLargestChunk) return false;
    window = text_.substr(lexed_, end - lexed_);
    if (!allPlainAscii(window)) return false;
    FastLexer again(window, lexed_);
    passing(again);
    if (end < size()) {
      again.appendAllInPlace(tokens_);
    } else {
      again.appendAll(tokens_);
    }
    if (again.sawErrorToken()) return false;
    in_section_body_ = again.inSectionBody();
    if (again.passedTo() > end) end = again.passedTo();
  }
  lexed_ = end;
  return true;
}

namespace {

// A parameter list's count as the AST builder gives it (one Param per
// declaration between the commas; 0xFFFF: too many to tell).
std::uint16_t paramCount(std::uint32_t commas, bool filled) {
  std::uint32_t n = filled ? commas + 1 : 0;
  return static_cast<std::uint16_t>(std::min<std::uint32_t>(n, 0xFFFF));
}

// The body-level labels of a function, read on its tokens: a ':' after a
// name, one level of blocks deep, outside parentheses and the braces of a
// statement, that no '?' of a conditional expression waits for. That is
// where the grammar reads `label=IDENT COLON` (a statement's start), in
// every valid body; a body with a syntax error is not checked.
class LabelReader {
 public:
  explicit LabelReader(ast::BodyLabels& out) : out_(out) {}

  // A label named by token `name`.
  void label(const LexedToken& name) { out_.entries.push_back({name.begin, name.end, ast::BodyLabels::Kind::Label}); }

  // Every token; `after_label`: the one after a label's ':', `level`:
  // outside parentheses and statement braces.
  void token(const LexedToken& t, bool after_label, bool level) {
    if (directive_ != Directive::None) {
      directiveToken(t, level);
    } else if (after_label) {
      ast::BodyLabels::Entry& label = out_.entries.back();
      auto entry = static_cast<std::uint32_t>(out_.entries.size() - 1);
      if (t.type == T::CALLPROTOTYPE) {
        label.kind = ast::BodyLabels::Kind::Prototype;
        out_.directives.push_back({entry});
        directive_ = Directive::Prototype;
        depth_ = 0;
        after_underscore_ = false;
      } else if (t.type == T::BRANCHTARGETS) {
        label.kind = ast::BodyLabels::Kind::BranchTargets;
      } else if (t.type == T::CALLTARGETS) {
        label.kind = ast::BodyLabels::Kind::CallTargets;
        ast::BodyLabels::Directive& d = out_.directives.emplace_back();
        d.entry = entry;
        d.first_target = static_cast<std::uint32_t>(out_.targets.size());
        directive_ = Directive::CallTargets;
      }
    }
  }

 private:
  // 11.3.3 `.callprototype (results) _ (params) ...;`: the lists' lengths;
  // 11.3.2 `.calltargets f, g<4>;`: the names.
  void directiveToken(const LexedToken& t, bool level) {
    if (t.type == T::SEMI) {
      directive_ = Directive::None;
      return;
    }
    ast::BodyLabels::Directive& label = out_.directives.back();
    if (directive_ == Directive::CallTargets) {
      if (t.type == T::IDENT && level) {
        out_.targets.push_back({t.begin, t.end, false});
        ++label.targets;
      }
      if (t.type == T::LT && label.targets > 0) out_.targets.back().counted = true;
      return;
    }
    switch (t.type) {
      case T::LPAREN:
        if (depth_++ == 0) {
          commas_ = 0;
          filled_ = false;
        } else {
          filled_ = true;
        }
        break;
      case T::RPAREN:
        if (depth_ > 0 && --depth_ == 0) {
          (after_underscore_ ? label.params : label.results) = paramCount(commas_, filled_);
        } else {
          filled_ = true;
        }
        break;
      case T::COMMA:
        if (depth_ == 1) {
          ++commas_;
        } else {
          filled_ = true;
        }
        break;
      case T::UNDERSCORE:
        if (depth_ == 0) {
          after_underscore_ = true;
        } else {
          filled_ = true;
        }
        break;
      default: filled_ = filled_ || depth_ > 0; break;
    }
  }

  enum class Directive : std::uint8_t { None, Prototype, CallTargets };
  ast::BodyLabels& out_;
  Directive directive_ = Directive::None;
  std::uint32_t depth_ = 0, commas_ = 0;
  bool filled_ = false, after_underscore_ = false;
};

}  // namespace

namespace {

// The first byte at or after `at` that is no blank and in no comment.
std::size_t skipBlanksAndComments(std::string_view text, std::size_t at) {
  while (at < text.size()) {
    if (isBlank(text[at])) {
      ++at;
    } else if (text.compare(at, 2, "//") == 0) {
      at = text.find('\n', at);
    } else if (text.compare(at, 2, "/*") == 0) {
      std::size_t close = text.find("*/", at + 2);
      at = close == std::string_view::npos ? text.size() : close + 2;
    } else {
      break;
    }
  }
  return std::min(at, text.size());
}

// lookAhead for a section or an initializer (no labels to read): on the
// bytes, as the prescan reads them, not on tokens (a debug section is
// most of a -G build's text). Strings and comments are skipped; braces,
// parentheses and brackets counted as TokenChunker counts their tokens.
constexpr std::array<bool, 256> makeBraceBytes() {
  std::array<bool, 256> table{};
  for (char c : std::string_view("/\"{}()[];")) table[static_cast<unsigned char>(c)] = true;
  table[0] = true;
  for (int c = 0x80; c < 256; ++c) table[c] = true;
  return table;
}
constexpr std::array<bool, 256> kBraceByte = makeBraceBytes();

// At text[i], '/' or '"': moves i to the last byte of the comment or string
// literal that starts there (a lone '/' stays). False for a string that no
// '"' closes on its line.
bool skipCommentOrString(std::string_view text, std::size_t& i) {
  if (text[i] == '/') {
    if (i + 1 < text.size() && (text[i + 1] == '/' || text[i + 1] == '*')) i = skipBlanksAndComments(text, i) - 1;
    return true;
  }
  while (++i < text.size() && text[i] != '"' && text[i] != '\n') {
    if (text[i] == '\\' && i + 1 < text.size() && text[i + 1] != '\n') ++i;
  }
  return i < text.size() && text[i] == '"';
}

// The text ends inside the item being read ahead from `from`: it lacks its
// closer (PL1014). One of megabytes is cut all the same, where it is
// `open` one level deep (a piece's parse closes it where the closer
// belongs, `at`); a shorter one is parsed whole, as an uncut parse does.
std::optional<LookAhead> closerMissing(std::uint32_t from, bool open, std::uint32_t at) {
  if (!open || at < from || at - from <= kLargestGroup) return std::nullopt;
  LookAhead out;
  out.tail = {at, at};
  out.end = at;
  out.closer_missing = true;
  return out;
}

std::optional<LookAhead> braceAhead(std::string_view text, std::uint32_t from, CutItem kind) {
  std::uint32_t braces = 1, parens = 0;
  const auto* bytes = reinterpret_cast<const unsigned char*>(text.data());
  for (std::size_t i = from; i < text.size(); ++i) {
    // Runs of other bytes (names, numbers, blanks) four at a time.
    while (i + 4 <= text.size() &&
           !(kBraceByte[bytes[i]] | kBraceByte[bytes[i + 1]] | kBraceByte[bytes[i + 2]] | kBraceByte[bytes[i + 3]])) {
      i += 4;
    }
    while (i < text.size() && !kBraceByte[bytes[i]]) ++i;
    if (i == text.size()) break;
    switch (text[i]) {
      case '/':
      case '"':
        if (!skipCommentOrString(text, i)) return std::nullopt;  // (an unterminated string)
        break;
      case '{': ++braces; break;
      case '(':
      case '[': ++parens; break;
      case ')':
      case ']': parens -= parens > 0; break;
      case ';': parens = 0; break;
      case '}': {
        if (--braces != 0) break;
        if (parens != 0) return std::nullopt;
        LookAhead out;
        out.tail = {static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(i + 1)};
        out.end = out.tail.end;
        std::size_t after = skipBlanksAndComments(text, i + 1);
        char next = after < text.size() ? text[after] : '\0';
        if (kind == CutItem::Initializer) {  // `};`
          if (next != ';') return std::nullopt;
          out.tail.end = out.end = static_cast<std::uint32_t>(after + 1);
        } else if (next == ';') {
          out.end = static_cast<std::uint32_t>(after + 1);
        } else if (next == ',') {
          return std::nullopt;
        }
        return out;
      }
      default:
        if (static_cast<unsigned char>(text[i]) >= 0x80 || text[i] == '\0') return std::nullopt;
        break;
    }
  }
  return closerMissing(from, braces == 1 && parens == 0, static_cast<std::uint32_t>(text.size()));
}

}  // namespace

std::uint32_t itemEndAhead(std::string_view text, std::uint32_t from) {
  std::uint32_t braces = 0, parens = 0;
  const auto* bytes = reinterpret_cast<const unsigned char*>(text.data());
  for (std::size_t i = from; i < text.size(); ++i) {
    while (i < text.size() && !kBraceByte[bytes[i]]) ++i;
    if (i == text.size()) break;
    switch (text[i]) {
      case '/':
      case '"': skipCommentOrString(text, i); break;
      case '{': ++braces; break;
      case '(':
      case '[': ++parens; break;
      case ')':
      case ']': parens -= parens > 0; break;
      case ';':
        parens = 0;
        if (braces == 0) return static_cast<std::uint32_t>(i + 1);
        break;
      case '}': {
        if (braces == 0 || --braces != 0 || parens != 0) break;
        std::size_t after = skipBlanksAndComments(text, i + 1);
        if (after < text.size() && (text[after] == ';' || text[after] == ',')) break;  // an initializer's
        return static_cast<std::uint32_t>(i + 1);
      }
      default: break;
    }
  }
  return static_cast<std::uint32_t>(text.size());
}

std::optional<LookAhead> lookAhead(std::string_view text, std::uint32_t from, CutItem kind) {
  if (from > text.size()) return std::nullopt;
  if (kind != CutItem::FunctionBody) return braceAhead(text, from, kind);
  FastLexer lexer(text.substr(from), from);
  LookAhead out;
  std::optional<LabelReader> labels;
  if (kind == CutItem::FunctionBody) {
    out.labels = std::make_shared<ast::BodyLabels>();
    out.labels->text = text.data();
    labels.emplace(*out.labels);
  }
  // As TokenChunker::cutAt counts them: every brace and parenthesis, and
  // in a function body its blocks and the braces of its statements.
  std::uint32_t braces = 1, parens = 0, questions = 0;
  std::int64_t blocks = 1, statement_braces = 0;
  LexedToken previous{from, from, T::LBRACE};
  std::uint32_t before_linkage = from;  // the end of the last token that is no linkage directive
  bool after_label = false;
  LexedToken t;
  while (lexer.next(t)) {
    if (lexer.sawErrorToken()) return std::nullopt;
    bool label = false;
    switch (t.type) {
      case T::LBRACE:
        ++braces;
        if (statement_braces == 0 && (previous.type == T::LBRACE || braceOpensBlock(previous.type))) {
          ++blocks;
        } else {
          ++statement_braces;
        }
        break;
      case T::RBRACE:
        --braces;
        if (statement_braces > 0) {
          --statement_braces;
        } else {
          --blocks;
        }
        break;
      case T::LPAREN:
      case T::LBRACK: ++parens; break;
      case T::RPAREN:
      case T::RBRACK: parens -= parens > 0; break;
      case T::SEMI: parens = statement_braces = questions = 0; break;
      case T::QUESTION: ++questions; break;
      // No function begins inside another (11.2): the body lacks its '}',
      // and the parser cuts it there (cutAtFunctionsInsideBraces, PL1014),
      // before its linkage directives.
      case T::ENTRY:
      case T::FUNC: {
        bool statement_level = braces == 1 && blocks == 1 && statement_braces == 0 && parens == 0;
        std::optional<LookAhead> missing = closerMissing(from, statement_level, before_linkage);
        if (missing) missing->labels = std::move(out.labels);
        return missing;
      }
      case T::COLON:
        if (questions > 0) {
          --questions;
        } else if (labels && blocks == 1 && parens == 0 && statement_braces == 0 && previous.type == T::IDENT) {
          labels->label(previous);
          label = true;
        }
        break;
      default: break;
    }
    if (labels) labels->token(t, after_label, parens == 0 && statement_braces == 0);
    after_label = label;
    if (!isLinkage(t.type)) before_linkage = t.end;
    if (braces == 0) {  // the item's '}' as TokenChunker reads it: the same as the parser's, or not cut
      if (t.type != T::RBRACE || parens != 0 ||
          (kind == CutItem::FunctionBody && (blocks != 0 || statement_braces != 0))) {
        return std::nullopt;
      }
      out.tail = {t.begin, t.end};
      out.end = t.end;
      LexedToken after;
      bool more = lexer.next(after);
      if (more && lexer.sawErrorToken()) return std::nullopt;
      if (kind == CutItem::Initializer) {  // `};`
        if (!more || after.type != T::SEMI) return std::nullopt;
        out.tail.end = out.end = after.end;
      } else if (more && after.type == T::SEMI) {  // `};`: an item of two, for TokenChunker
        out.end = after.end;
      } else if (more && after.type == T::COMMA) {
        return std::nullopt;
      }
      return out;
    }
    previous = t;
  }
  std::optional<LookAhead> missing = closerMissing(from, braces > 0, previous.end);
  if (missing) missing->labels = std::move(out.labels);
  return missing;
}

}  // namespace ptxlint::parse
