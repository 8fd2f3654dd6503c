#include "parse/fast_lexer.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <iterator>
#include <string>
#include <type_traits>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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

// The first p' >= p before `limit` whose byte is no FOLLOW_SYM, or some p'
// whose 16 bytes from it are not all within `limit` (the caller's loop
// goes on from there, a byte at a time). Sixteen bytes a step: a mangled
// C++ name is 50 to 200 of them (a third of the lexer's time went to
// names, a byte and a table lookup at a time, on a CUB module; #27).
[[gnu::always_inline]] inline std::size_t skipFollow(const char* d, std::size_t p, std::size_t limit) {
#if defined(__SSE2__)
  while (p + 16 <= limit) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(d + p));
    // Signed compares: a byte from 0x80 up is negative, in no range here.
    const __m128i folded = _mm_or_si128(v, _mm_set1_epi8(0x20));  // 'A'-'Z' -> 'a'-'z'
    const __m128i letter =
        _mm_and_si128(_mm_cmpgt_epi8(folded, _mm_set1_epi8('a' - 1)), _mm_cmpgt_epi8(_mm_set1_epi8('z' + 1), folded));
    const __m128i digit =
        _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8('0' - 1)), _mm_cmpgt_epi8(_mm_set1_epi8('9' + 1), v));
    const __m128i other = _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('_')), _mm_cmpeq_epi8(v, _mm_set1_epi8('$')));
    const auto follow = static_cast<unsigned>(_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(letter, digit), other)));
    if (follow != 0xFFFF) return p + static_cast<std::size_t>(std::countr_one(follow));
    p += 16;
  }
#else
  (void)d;
  (void)limit;
#endif
  return p;
}

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
  // `mangled`: a name that begins with '_', as C++ names mangled by nvcc
  // do (_ZN3cub...: 50 to 200 bytes), scanned 16 bytes at a time
  // (skipFollow); the others (%r12, an opcode's words) are short, and a
  // byte at a time is quicker for them.
  auto identifier = [&](std::size_t p, bool mangled = false) {
    if (mangled) p = skipFollow(d, p, n);
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
        identifier(at + 1, /*mangled=*/true);
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

// Debug sections (11.5.2) are most of a -G module: thousands of lines such
// as `.b8 95,90,78,...` and `.b64 $L__func_begin0`, a token per two or three
// bytes. The checks' parse drops a line of .b8/.b32/.b64 integers that fit
// and a label alone on a .b32/.b64 line (HandParser::validSectionItems):
// nothing is judged on them. With FastLexer::passOverSectionData, such lines
// of a section body are passed over on their bytes, no token written, so
// neither the chunker nor the fast path reads them. A line is taken only
// where its tokens are exactly such a line: a list of plain decimals (no
// sign, no leading zero, no suffix, no blank inside, each within the
// type's width) or one name that lexes as IDENT or DOT_NAME, then blanks or
// a line comment. A label line (`$L__info_string0:`, as .debug_str has) is
// written as its two tokens. At anything else (the section's '}', a
// label+offset, a .b16 line, a block comment) the passing stops at that
// line's start, and the lexer goes on there. The checks' parse drops a line
// only where what follows continues no expression; a dropped line's
// successor is then what follows the line before: so the passing takes no
// line after an incomplete one (it starts only after a '{', an integer, a
// name, or a label's ':'), and the line it stops at must begin with '.',
// '}' or a name's first character, or the last line it dropped is given
// back to the lexer.
struct SectionPass {
  std::size_t readable = 0;   // bytes from the text's start that may be passed over
  bool in_body = false;       // between a section's '{' and its '}'
  bool line_start = false;    // the text begins at a line's first token (a window's start)
  std::size_t passed_to = 0;  // where the last pass stopped, when past the text's end
  std::uint32_t base = 0;
  FastLexer::PassedStretches* passed = nullptr;  // (FastLexer::passOverSectionData)
};

constexpr std::array<bool, 256> makeBodyEdges() {
  std::array<bool, 256> table{};
  table[T::LBRACE] = table[T::RBRACE] = table[T::SECTION] = true;
  return table;
}
constexpr std::array<bool, 256> kBodyEdges = makeBodyEdges();

// Whether the token that ends a line allows the lines after it to be passed
// over (see above): `last` the line's last token, `back(k)` the k-th before.
template <typename Back>
bool endsCleanly(std::uint16_t last, Back back) {
  switch (last) {
    case T::LBRACE:  // the section's own: in_body is cleared by any other
    case T::INT:
    case T::IDENT:
    case T::DOT_NAME: return true;
    case T::COLON: {  // a label's: `name:` after a complete line
      if (back(2) != T::IDENT) return false;
      std::uint16_t before = back(3);
      return before == T::LBRACE || before == T::INT || before == T::IDENT || before == T::DOT_NAME ||
             before == T::COLON;
    }
    default: return false;
  }
}

// The section lines from `at` passed over (scanAll, a SectionPass): from
// `at` itself with `line_start` (the text's first line), else where the rest
// of its line is empty (blanks, a line comment). `used` tokens of `out` are
// written (those of label lines are added); `first` is where this call of
// scanAll began writing. Returns where the lexer goes on. Out of line: the
// lexer's loop keeps its registers.
[[gnu::noinline]] std::size_t passSectionLines(const char* d, std::size_t at, std::uint32_t base, TokenVector& out,
                                               std::size_t& used, std::size_t first, SectionPass& pass,
                                               bool line_start) {
  // The type of the k-th token back (0 before the first).
  auto back = [&](std::size_t k) -> std::uint16_t { return used >= k ? out[used - k].type : 0; };
  auto put = [&](std::size_t begin, std::size_t end, std::uint16_t type) {
    if (used == out.size()) out.resize(used + std::max<std::size_t>(used - first, 4096));
    out[used++] = {base + static_cast<std::uint32_t>(begin), base + static_cast<std::uint32_t>(end), type};
  };
  // The lines from `p` (a line's first byte, or with `rest_of_line` a place
  // whose line holds nothing more but blanks and a comment) passed over;
  // returns where lexing goes on. Label lines are written as tokens. A line
  // is read only once its newline is found within the readable bytes: that
  // '\n' ends every loop over it (no bound check per byte).
  auto passOver = [&](std::size_t p, bool rest_of_line) -> std::size_t {
    const std::size_t lim = pass.readable;
    auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r'; };
    // After a line's content at `r` (its newline at `nl`): only blanks and
    // a line comment may follow.
    auto restIsEmpty = [&](std::size_t r, std::size_t nl) {
      while (blank(d[r])) ++r;
      return r == nl || (d[r] == '/' && d[r + 1] == '/');
    };
    auto newlineFrom = [&](std::size_t from) -> std::size_t {
      if (from >= lim) return SIZE_MAX;
      const void* nl = std::memchr(d + from, '\n', lim - from);
      return nl == nullptr ? SIZE_MAX : static_cast<std::size_t>(static_cast<const char*>(nl) - d);
    };
    std::size_t resume = at;  // where the lexer goes on
    if (rest_of_line) {
      std::size_t nl = newlineFrom(p);
      if (nl == SIZE_MAX || !restIsEmpty(p, nl)) return resume;
      p = nl + 1;
    }
    std::size_t dropped_line = SIZE_MAX;  // the last line dropped, if the last taken
    std::uint32_t dropped_tokens = 0, last_line_tokens = 0, last_dropped = 0;
    // Where the lexer goes on, the stretch before it recorded with the
    // tokens of the lines dropped in it.
    auto finish = [&](std::size_t at_line, bool give_back) {
      if (give_back) dropped_tokens -= last_dropped;
      if (dropped_tokens != 0 && pass.passed != nullptr) {
        pass.passed->push_back({pass.base + static_cast<std::uint32_t>(at_line), dropped_tokens});
      }
      return at_line;
    };
    for (;;) {
      const std::size_t nl = newlineFrom(p);
      if (nl == SIZE_MAX) break;  // (the readable bytes end: the lexer goes on)
      std::size_t q = p;
      while (blank(d[q])) ++q;
      const char c = d[q];
      if (q == nl || (c == '/' && d[q + 1] == '/')) {  // a blank line, a comment
        p = nl + 1;
        continue;
      }
      if (c == '}') {
        pass.in_body = false;
        return finish(q, false);
      }
      if (c == '.' && d[q + 1] == 'b') {  // .b8, .b32, .b64, then a blank
        const unsigned width = d[q + 2] == '8'                      ? 8
                               : d[q + 2] == '3' && d[q + 3] == '2' ? 32
                               : d[q + 2] == '6' && d[q + 3] == '4' ? 64
                                                                    : 0;
        std::size_t r = q + (width == 8 ? 3 : 4);
        bool taken = false;
        if (width != 0 && (d[r] == ' ' || d[r] == '\t')) {
          while (d[r] == ' ' || d[r] == '\t') ++r;
          if (width == 8 && isDigit(d[r])) {
            // The common line, .b8's bytes: a value's length says whether it
            // fits (three digits are compared with 255), no value computed.
            for (std::uint32_t values = 1;; ++values) {
              const char* s = d + r;
              std::size_t length = 1;
              if (s[0] != '0' && isDigit(s[1])) {
                length = 2;
                if (isDigit(s[2])) {
                  length = 3;
                  if (s[0] > '2' || (s[0] == '2' && (s[1] > '5' || (s[1] == '5' && s[2] > '5')))) break;
                }
              }
              const char next = s[length];
              if (next == ',') {
                if (!isDigit(s[length + 1])) break;
                r += length + 1;
                continue;
              }
              if (isFollow(next) || next == '.') break;  // (a fourth digit, 0 leading, a suffix)
              taken = restIsEmpty(r + length, nl);
              last_line_tokens = 2 * values;  // the type, the values and the commas between
              break;
            }
          } else if (isDigit(d[r])) {
            // Plain decimals: '0' or no leading zero, at most the width's
            // digits (3, 10, 19) and value, each followed by ',' and a
            // digit, or by what ends the token (no name character, no '.').
            const unsigned most = width == 8 ? 3 : width == 32 ? 10 : 19;
            const std::uint64_t max = width == 8 ? 0xFF : width == 32 ? 0xFFFFFFFF : ~std::uint64_t{0};
            for (std::uint32_t values = 1;; ++values) {
              const std::size_t v = r;
              std::uint64_t value = static_cast<unsigned>(d[r++] - '0');
              if (value != 0) {
                while (isDigit(d[r]) && r - v < most) value = value * 10 + static_cast<unsigned>(d[r++] - '0');
              }
              const char next = d[r];
              if (value > max || isFollow(next) || next == '.') break;  // (a digit: too long, or 0 leading)
              if (next == ',') {
                if (!isDigit(d[r + 1])) break;
                ++r;
                continue;
              }
              taken = restIsEmpty(r, nl);
              last_line_tokens = 2 * values;
              break;
            }
          } else if (width >= 32) {  // one name: IDENT, or DOT_NAME that is no keyword
            const std::size_t w = r;
            if (d[r] == '.' && (isLetter(d[r + 1]) || d[r + 1] == '_')) {
              r += 2;
              while (isFollow(d[r])) ++r;
              taken = d[r] != ':' && restIsEmpty(r, nl) && keywordType(std::string_view(d + w, r - w)) == T::DOT_NAME;
            } else if (isLetter(d[r]) || d[r] == '$' || (d[r] == '_' && isFollow(d[r + 1]))) {
              ++r;
              while (isFollow(d[r])) ++r;
              taken = d[r] != '.' && d[r] != ':' && restIsEmpty(r, nl);  // (dotted, '::': other tokens)
            }
            last_line_tokens = 2;
          }
        }
        if (taken) {
          dropped_tokens += last_line_tokens;
          last_dropped = last_line_tokens;
          dropped_line = q;
          p = resume = nl + 1;
          continue;
        }
      } else if (isLetter(c) || c == '$' || (c == '_' && isFollow(d[q + 1]))) {  // a label: name ':'
        std::size_t r = q + 1;
        while (isFollow(d[r])) ++r;
        if (d[r] == ':' && d[r + 1] != ':' && restIsEmpty(r + 1, nl)) {
          put(q, r, T::IDENT);
          put(r, r + 1, T::COLON);
          dropped_line = SIZE_MAX;
          p = resume = nl + 1;
          continue;
        }
      }
      // A line the lexer reads: it must not continue the line dropped last.
      if (dropped_line != SIZE_MAX && !(c == '.' || isLetter(c) || c == '_' || c == '$')) {
        return finish(dropped_line, true);
      }
      return finish(resume, false);
    }
    if (dropped_line != SIZE_MAX) return finish(dropped_line, true);  // (what follows is not known here)
    return finish(resume, false);
  };
  // Whether lines are passed over from `at` (the rest of its line empty).
  auto passFromHere = [&]() -> bool {
    if (!endsCleanly(back(1), back)) return false;
    std::size_t r = at;
    while (r < pass.readable && (d[r] == ' ' || d[r] == '\t' || d[r] == '\r')) ++r;
    return r < pass.readable && (d[r] == '\n' || (d[r] == '/' && r + 1 < pass.readable && d[r + 1] == '/'));
  };

  if (line_start ? !endsCleanly(back(1), back) : !passFromHere()) return at;
  return passOver(at, /*rest_of_line=*/!line_start);
}

// The tokens of `s` appended to `out`, written in place (no push_back per
// token): room is made ahead, a few thousand tokens at a time.
template <bool kTerminated>
void scanAll(std::string_view s, std::size_t& at, std::uint32_t base, bool& error, TokenVector& out,
             SectionPass* pass = nullptr) {
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

  bool in_body = pass != nullptr && pass->in_body;
  bool line_start = in_body && pass->line_start;
  for (;;) {
    if (in_body) [[unlikely]] {
      std::size_t used = static_cast<std::size_t>(slot - out.data());
      at = passSectionLines(d, at, base, out, used, first, *pass, line_start);
      slot = out.data() + used;
      limit = out.data() + out.size();
      in_body = pass->in_body;
      line_start = false;
      if (at >= s.size()) {
        if (at > s.size()) pass->passed_to = at;
        break;
      }
    }
    if (!scan<kTerminated>(s, at, base, *slot, error)) break;
    const std::uint16_t type = slot->type;
    advance();
    // ('{', '}' and .section change whether a section's body is being read.)
    if (kBodyEdges[type] && pass != nullptr) [[unlikely]] {
      const std::size_t used = static_cast<std::size_t>(slot - out.data());
      in_body = type == T::LBRACE && used >= 3 && slot[-2].type == T::DOT_NAME && slot[-3].type == T::SECTION;
      pass->in_body = in_body;
    }
    if constexpr (kTerminated) {
      // A list of decimals with no blank between (`.b8 95,90,78,...`, most
      // of a debug section): ',' and each plain decimal taken here, as
      // scan() takes them (see its INT case), without its dispatch. A
      // number that is not plain (0x.., 1.5, 12U, 07) is left to scan().
      // (d[at + 1] is in the text or its terminator: a ',' ends no text.)
      if (type == T::INT) {
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
    SectionPass pass{std::min(readable_, text_.size()), in_section_body_, true, 0, base_, passed_};
    scanAll<true>(copy, at, base_, error_token_, out, passing_ ? &pass : nullptr);
    in_section_body_ = pass.in_body;
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
  SectionPass pass{readable_, in_section_body_, true, 0, base_, passed_};
  scanAll<true>(text_, at, base_, error_token_, out, passing_ ? &pass : nullptr);
  in_section_body_ = pass.in_body;
  if (pass.passed_to != 0) passed_to_ = base_ + static_cast<std::uint32_t>(pass.passed_to);
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
