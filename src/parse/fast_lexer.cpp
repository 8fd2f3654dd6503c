#include "parse/fast_lexer.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <iterator>
#include <string>
#include <type_traits>

#include "PtxLexer.h"
#include "support/text.h"

namespace ptxlint::parse {
namespace {

using T = PtxLexer;

// Character classes of the lexer grammar, one table lookup each.
enum : std::uint8_t { kFollow = 1, kDigit = 2, kHex = 4, kLetter = 8, kBlank = 16 };

constexpr std::array<std::uint8_t, 256> makeClasses() {
  std::array<std::uint8_t, 256> table{};
  for (int c = 0; c < 256; ++c) {
    bool lower = c >= 'a' && c <= 'z', upper = c >= 'A' && c <= 'Z', digit = c >= '0' && c <= '9';
    std::uint8_t k = 0;
    if (lower || upper || digit || c == '_' || c == '$') k |= kFollow;  // FOLLOW_SYM : [a-zA-Z0-9_$]
    if (digit) k |= kDigit;
    if (digit || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')) k |= kHex;
    if (lower || upper) k |= kLetter;
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v') k |= kBlank;  // WS
    table[static_cast<std::size_t>(c)] = k;
  }
  return table;
}
constexpr std::array<std::uint8_t, 256> kClasses = makeClasses();

bool is(char c, std::uint8_t k) { return (kClasses[static_cast<unsigned char>(c)] & k) != 0; }
bool isFollow(char c) { return is(c, kFollow); }
bool isDigit(char c) { return is(c, kDigit); }
bool isHex(char c) { return is(c, kHex); }
bool isLetter(char c) { return is(c, kLetter); }

// The dotted keywords: every lexer rule of nothing but dotted literals
// ('.version', '.reg', the alternatives of TYPE and VECTOR), generated from
// grammar/PtxLexer.g4 when ptxlint is built (cmake/LexerKeywords.cmake), so
// that the grammar stays their only definition; in the grammar's order.
struct Keyword {
  std::string_view word;
  std::uint16_t type = 0;
};
constexpr Keyword kKeywords[] = {
#include "ptx_keywords.inc"
};

// Their table, built when ptxlint is compiled: open addressing with linear
// probing (a lookup per dotted word of the input: every type, directive and
// state space, so no node to chase).
constexpr std::size_t kKeywordSlots = 512;  // over twice the keywords
constexpr std::size_t kKeywordMask = kKeywordSlots - 1;
static_assert(std::size(kKeywords) * 2 <= kKeywordSlots, "grow kKeywordSlots");

// N bytes of `p` as one word, in memory order (as an unaligned load gives
// them; also in constant evaluation, where the table is built).
template <std::size_t N>
constexpr std::uint64_t load(const char* p) {
  if (!std::is_constant_evaluated()) {
    if constexpr (N == 2) {
      std::uint16_t v;
      std::memcpy(&v, p, 2);
      return v;
    } else {
      return N == 8 ? support::loadBytes64(p) : support::loadBytes32(p);
    }
  }
  std::array<char, N> bytes{};
  for (std::size_t i = 0; i < N; ++i) bytes[i] = p[i];
  if constexpr (N == 8) {
    return std::bit_cast<std::uint64_t>(bytes);
  } else if constexpr (N == 2) {
    return std::bit_cast<std::uint16_t>(bytes);
  } else {
    return std::bit_cast<std::uint32_t>(bytes);
  }
}

// A word's bytes as two words: the first and last eight (overlapping
// loads, as support::hashBytes takes them); up to 16 bytes they and the
// length are the whole word, so a keyword is recognised by comparing
// them, no memcmp.
struct WordBits {
  std::uint64_t head = 0, tail = 0;
};

constexpr WordBits wordBits(std::string_view w) {
  const char* p = w.data();
  std::size_t n = w.size();
  WordBits b;
  if (n >= 8) {
    b.head = load<8>(p);
    b.tail = load<8>(p + n - 8);
  } else if (n >= 4) {
    b.head = load<4>(p) | load<4>(p + n - 4) << 32;
  } else if (n >= 2) {  // (.b8, .u8, .f32: two overlapping pairs)
    b.head = load<2>(p) | load<2>(p + n - 2) << 16;
  } else if (n == 1) {
    b.head = static_cast<unsigned char>(p[0]);
  }
  return b;
}

// Those and the length, mixed: two multiplications.
constexpr std::size_t keywordHash(WordBits b, std::size_t n) {
  std::uint64_t h = (b.head * 0x9E3779B97F4A7C15ull) ^ ((b.tail + n) * 0xBF58476D1CE4E5B9ull);
  return static_cast<std::size_t>(h ^ (h >> 32));
}

struct KeywordSlot {
  std::string_view word;
  WordBits bits;
  std::uint16_t type = 0;
};

constexpr std::array<KeywordSlot, kKeywordSlots> makeKeywordTable() {
  std::array<KeywordSlot, kKeywordSlots> slots{};
  for (const Keyword& k : kKeywords) {
    WordBits bits = wordBits(k.word);
    std::size_t i = keywordHash(bits, k.word.size()) & kKeywordMask;
    while (!slots[i].word.empty() && slots[i].word != k.word) i = (i + 1) & kKeywordMask;
    if (slots[i].word.empty())
      slots[i] = {k.word, bits, k.type};  // the first rule of a word wins, as ANTLR's lexer does
  }
  return slots;
}
constexpr std::array<KeywordSlot, kKeywordSlots> kKeywordTable = makeKeywordTable();

// The token type of a dotted word: its keyword's, or DOT_NAME.
std::uint16_t keywordType(std::string_view word) {
  const WordBits bits = wordBits(word);
  const std::size_t n = word.size();
  for (std::size_t i = keywordHash(bits, n) & kKeywordMask;; i = (i + 1) & kKeywordMask) {
    const KeywordSlot& slot = kKeywordTable[i];
    if (slot.word.empty()) return T::DOT_NAME;
    if (slot.word.size() == n && slot.bits.head == bits.head && slot.bits.tail == bits.tail &&
        (n <= 16 || slot.word == word)) {
      return slot.type;
    }
  }
}

// Length of the longest EXPONENT ([eE] [+-]? DIGIT+) at `at`, 0 if none.
std::size_t exponentLength(std::string_view s, std::size_t at) {
  if (at >= s.size() || (s[at] != 'e' && s[at] != 'E')) return 0;
  std::size_t p = at + 1;
  if (p < s.size() && (s[p] == '+' || s[p] == '-')) ++p;
  std::size_t digits = p;
  while (p < s.size() && isDigit(s[p])) ++p;
  return p > digits ? p - at : 0;
}

// A token starting with a digit: the longest of HEX_FLOAT, FLOAT, INT and
// BAD_NUMBER, the earlier rule on a tie (ANTLR's rule).
std::pair<std::size_t, std::uint16_t> number(std::string_view s, std::size_t at) {
  std::size_t n = s.size();
  auto run = [&](std::size_t p, auto predicate) {
    while (p < n && predicate(s[p])) ++p;
    return p;
  };
  // BAD_NUMBER : DIGIT FOLLOW_SYM*
  std::size_t bad = run(at + 1, isFollow) - at;
  // HEX_FLOAT : '0' [fF] HEX{8} | '0' [dD] HEX{16}
  std::size_t hex_float = 0;
  if (s[at] == '0' && at + 1 < n) {
    std::size_t digits = (s[at + 1] == 'f' || s[at + 1] == 'F') ? 8 : (s[at + 1] == 'd' || s[at + 1] == 'D') ? 16 : 0;
    if (digits > 0 && run(at + 2, isHex) - (at + 2) >= digits) hex_float = digits + 2;
  }
  // FLOAT : DIGIT+ '.' DIGIT* EXPONENT? | DIGIT+ EXPONENT
  std::size_t float_length = 0;
  std::size_t p = run(at, isDigit);
  if (p < n && s[p] == '.') {
    std::size_t q = run(p + 1, isDigit);
    float_length = q + exponentLength(s, q) - at;
  } else if (std::size_t e = exponentLength(s, p); e > 0) {
    float_length = p + e - at;
  }
  // INT : '0' [xX] HEX+ 'U'? | '0' [bB] [01]+ 'U'? | '0' [0-7]* 'U'? | [1-9] DIGIT* 'U'?
  auto withU = [&](std::size_t end) { return (end < n && s[end] == 'U' ? end + 1 : end) - at; };
  std::size_t int_length;
  if (s[at] == '0') {
    int_length = withU(run(at + 1, [](char c) { return c >= '0' && c <= '7'; }));
    if (at + 1 < n && (s[at + 1] == 'x' || s[at + 1] == 'X')) {
      std::size_t end = run(at + 2, isHex);
      if (end > at + 2) int_length = std::max(int_length, withU(end));
    } else if (at + 1 < n && (s[at + 1] == 'b' || s[at + 1] == 'B')) {
      std::size_t end = run(at + 2, [](char c) { return c == '0' || c == '1'; });
      if (end > at + 2) int_length = std::max(int_length, withU(end));
    }
  } else {
    int_length = withU(run(at + 1, isDigit));
  }
  std::pair<std::size_t, std::uint16_t> best{hex_float, T::HEX_FLOAT};
  if (float_length > best.first) best = {float_length, T::FLOAT};
  if (int_length > best.first) best = {int_length, T::INT};
  if (bad > best.first) best = {bad, T::BAD_NUMBER};
  return best;
}

}  // namespace

namespace {

// One token from `at` on (see FastLexer::next); inlined into both loops.
// kTerminated: s.data()[s.size()] is a NUL that the scan may read. The
// loops over name characters, digits and blanks then need no bound check:
// the NUL belongs to no character class and matches no punctuation, so it
// stops them where the end of the text would. (A NUL inside the text stops
// them the same way in both versions.) Comments and strings, which may
// hold a NUL, keep their bound checks.
// `error` is set when the token is one that only the slow path handles
// (INVALID_CHAR, BAD_NUMBER, UNTERMINATED_STRING, UNTERMINATED_COMMENT), by
// the case that makes it (each INVALID_CHAR case sets it too).
template <bool kTerminated>
[[gnu::always_inline]] inline bool scan(const std::string_view s, std::size_t& at_, std::uint32_t base_,
                                        LexedToken& token, bool& error) {
  const std::size_t n = s.size();
  const char* const d = s.data();
  std::size_t at = at_;
  for (;;) {  // skip WS, LINE_COMMENT, BLOCK_COMMENT
    while ((kTerminated || at < n) && is(d[at], kBlank)) ++at;
    if (at >= n) {
      at_ = at;
      return false;
    }
    if (d[at] != '/' || at + 1 >= n) break;  // (one test for nearly every token)
    if (d[at + 1] == '/') {
      while (at < n && s[at] != '\n' && s[at] != '\r') ++at;
      continue;
    }
    if (d[at + 1] == '*') {
      std::size_t close = s.find("*/", at + 2);
      if (close != std::string_view::npos) {
        at = close + 2;
        continue;
      }
    }
    break;
  }

  std::size_t end = at + 1;
  std::uint16_t type = T::INVALID_CHAR;
  auto follows = [&](std::size_t p) { return (kTerminated || p < n) && isFollow(d[p]); };
  // IDENT_FORM ('.' SEGMENT)*, SEGMENT : FOLLOW_SYM+ ('::' FOLLOW_SYM+)*
  auto identifier = [&](std::size_t p) {
    while (follows(p)) ++p;
    type = T::IDENT;
    while ((kTerminated || p + 1 < n) && d[p] == '.' && isFollow(d[p + 1])) {
      p += 1;
      while (follows(p)) ++p;
      while ((kTerminated || p + 2 < n) && d[p] == ':' && d[p + 1] == ':' && isFollow(d[p + 2])) {
        p += 2;
        while (follows(p)) ++p;
      }
      type = T::OPCODE_OR_DOTTED;
    }
    end = p;
  };
  auto twoChar = [&](char second, std::uint16_t pair_type, std::uint16_t single_type) {
    if (at + 1 < n && s[at + 1] == second) {
      end = at + 2;
      type = pair_type;
    } else {
      type = single_type;
    }
  };

  char c = s[at];
  switch (c) {
    case '/':
      if (at + 1 < n && s[at + 1] == '*') {  // no '*/' follows: see above
        end = n;
        type = T::UNTERMINATED_COMMENT;
        error = true;
      } else {
        type = T::SLASH;
      }
      break;
    case '.':
      if (at + 1 < n && isDigit(s[at + 1])) {  // FLOAT : '.' DIGIT+ EXPONENT?
        std::size_t p = at + 1;
        while (p < n && isDigit(s[p])) ++p;
        end = p + exponentLength(s, p);
        type = T::FLOAT;
      } else if (at + 1 < n && (isLetter(s[at + 1]) || s[at + 1] == '_')) {
        // DOT_NAME : '.' [a-zA-Z_] FOLLOW_SYM* ('::' FOLLOW_SYM+)*, unless
        // a keyword rule matches the same text.
        std::size_t p = at + 2;
        while (follows(p)) ++p;
        while ((kTerminated || p + 2 < n) && d[p] == ':' && d[p + 1] == ':' && isFollow(d[p + 2])) {
          p += 2;
          while (follows(p)) ++p;
        }
        end = p;
        type = keywordType(s.substr(at, end - at));
      } else {
        error = true;  // INVALID_CHAR: a '.' alone
      }
      break;
    case '"': {  // STRING or UNTERMINATED_STRING
      std::size_t p = at + 1;
      while (p < n && s[p] != '"' && s[p] != '\r' && s[p] != '\n') {
        if (s[p] == '\\') {
          if (p + 1 >= n || s[p + 1] == '\r' || s[p + 1] == '\n') break;
          p += 2;
        } else {
          ++p;
        }
      }
      if (p < n && s[p] == '"') {
        end = p + 1;
        type = T::STRING;
      } else {
        end = p;
        type = T::UNTERMINATED_STRING;
        error = true;
      }
      break;
    }
    case '_':
      if (follows(at + 1)) {
        identifier(at + 1);
      } else {
        type = T::UNDERSCORE;
      }
      break;
    case '%':
      if (follows(at + 1)) {
        identifier(at + 1);
      } else {
        type = T::PERCENT;
      }
      break;
    case '$':
      if (follows(at + 1)) {
        identifier(at + 1);
      } else {
        error = true;  // INVALID_CHAR: a '$' alone
      }
      break;
    case '{': type = T::LBRACE; break;
    case '}': type = T::RBRACE; break;
    case '(': type = T::LPAREN; break;
    case ')': type = T::RPAREN; break;
    case '[': type = T::LBRACK; break;
    case ']': type = T::RBRACK; break;
    case ',': type = T::COMMA; break;
    case ';': type = T::SEMI; break;
    case ':': type = T::COLON; break;
    case '@': type = T::AT; break;
    case '+': type = T::PLUS; break;
    case '-': type = T::MINUS; break;
    case '*': type = T::STAR; break;
    case '^': type = T::CARET; break;
    case '~': type = T::TILDE; break;
    case '?': type = T::QUESTION; break;
    case '<':
      if (at + 1 < n && s[at + 1] == '<') {
        end = at + 2;
        type = T::SHL;
      } else {
        twoChar('=', T::LE, T::LT);
      }
      break;
    case '>':
      if (at + 1 < n && s[at + 1] == '>') {
        end = at + 2;
        type = T::SHR;
      } else {
        twoChar('=', T::GE, T::GT);
      }
      break;
    case '=': twoChar('=', T::EQ, T::ASSIGN); break;
    case '!': twoChar('=', T::NE, T::BANG); break;
    case '&': twoChar('&', T::ANDAND, T::AMP); break;
    case '|': twoChar('|', T::OROR, T::PIPE); break;
    default:
      if (isLetter(c)) {
        identifier(at + 1);
      } else if (isDigit(c)) {
        // Most numbers are plain decimals ("16", "0"): INT, whatever the
        // other rules would match, when no name character or '.' follows.
        std::size_t p = at + 1;
        while ((kTerminated || p < n) && isDigit(d[p])) ++p;
        if ((c != '0' || p == at + 1) && (p == n || (!isFollow(d[p]) && d[p] != '.'))) {
          end = p;
          type = T::INT;
          break;
        }
        auto [length, number_type] = number(s, at);
        end = at + length;
        type = number_type;
        error |= type == T::BAD_NUMBER;
      } else {
        error = true;  // INVALID_CHAR: no rule starts with it
      }
      break;
  }
  token.begin = base_ + static_cast<std::uint32_t>(at);
  token.end = base_ + static_cast<std::uint32_t>(end);
  token.type = type;
  at_ = end;
  return true;
}

}  // namespace

bool FastLexer::next(LexedToken& token) { return scan<false>(text_, at_, base_, token, error_token_); }

namespace {

// The tokens of `s` appended to `out`, written in place (no push_back per
// token): room is made ahead, a few thousand tokens at a time.
template <bool kTerminated>
void scanAll(std::string_view s, std::size_t& at, std::uint32_t base, bool& error, TokenVector& out) {
  const std::size_t first = out.size();
  out.resize(std::max<std::size_t>(first + 4096, first + s.size() / 5));
  LexedToken* slot = out.data() + first;
  LexedToken* limit = out.data() + out.size();
  auto advance = [&] {
    if (++slot == limit) {
      // Room for as many again as this call has written: not twice the
      // whole vector, which a chunk lexed window by window (a statement of
      // megabytes) would regrow at every window (80 MB and 3 s for 4 MB).
      std::size_t used = out.size();
      out.resize(used + (used - first));
      slot = out.data() + used;
      limit = out.data() + out.size();
    }
  };
  const char* const d = s.data();
  while (scan<kTerminated>(s, at, base, *slot, error)) {
    const bool after_int = slot->type == T::INT;
    advance();
    if constexpr (kTerminated) {
      // A list of decimals with no blank between (`.b8 95,90,78,...`, most
      // of a debug section): ',' and each plain decimal taken here, as
      // scan() takes them (see its INT case), without its dispatch. A
      // number that is not plain (0x.., 1.5, 12U, 07) is left to scan().
      // (d[at + 1] is in the text or its terminator: a ',' ends no text.)
      if (after_int) {
        while (d[at] == ',' && isDigit(d[at + 1])) {
          std::size_t p = at + 2;
          while (isDigit(d[p])) ++p;
          if ((d[at + 1] == '0' && p != at + 2) || isFollow(d[p]) || d[p] == '.') break;
          *slot = {base + static_cast<std::uint32_t>(at), base + static_cast<std::uint32_t>(at + 1), T::COMMA};
          advance();
          *slot = {base + static_cast<std::uint32_t>(at + 1), base + static_cast<std::uint32_t>(p), T::INT};
          advance();
          at = p;
        }
      }
    }
  }
  out.resize(static_cast<std::size_t>(slot - out.data()));
}

}  // namespace

void FastLexer::appendAll(TokenVector& out) {
  std::size_t at = at_;
  // A copy of the text ends with a NUL (std::string does), so the scan can
  // leave out most bound checks. Copying costs a small fraction of lexing;
  // a text larger than kLargestCopy (a hostile single function, say) is
  // lexed in place rather than held twice.
  constexpr std::size_t kLargestCopy = 4 << 20;
  if (text_.size() <= kLargestCopy) {
    thread_local std::string copy;
    copy.assign(text_);
    scanAll<true>(copy, at, base_, error_token_, out);
    // A thread of a library user's pool keeps at most a megabyte of it.
    if (copy.capacity() > (1 << 20)) std::string().swap(copy);
  } else {
    scanAll<false>(text_, at, base_, error_token_, out);
  }
  at_ = at;
}

void FastLexer::appendAllInPlace(TokenVector& out) {
  // (Every loop that reads without a bound stops at a blank, a NUL or the
  // byte after the text: name characters, digits and blanks.)
  std::size_t at = at_;
  scanAll<true>(text_, at, base_, error_token_, out);
  at_ = std::min(at, text_.size());
}

TokenVector lexAll(std::string_view text) {
  TokenVector tokens;
  FastLexer(text).appendAll(tokens);
  return tokens;
}

bool braceOpensBlock(std::uint16_t previous) {
  switch (previous) {
    case PtxLexer::COMMA:
    case PtxLexer::OPCODE_OR_DOTTED:
    case PtxLexer::IDENT:
    case PtxLexer::DOT_NAME:
    case PtxLexer::ASSIGN:
    case PtxLexer::LBRACE:
    case PtxLexer::LPAREN:
    case PtxLexer::LBRACK: return false;
    default: return true;
  }
}

}  // namespace ptxlint::parse
