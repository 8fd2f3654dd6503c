// Small text helpers shared by the parser, the checker and the renderers.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace ptxlint::support {

// Unaligned loads of 8 and 4 bytes (one instruction each on x86-64), for
// handling short byte strings a word at a time.
inline std::uint64_t loadBytes64(const char* p) {
  std::uint64_t w;
  std::memcpy(&w, p, 8);
  return w;
}
inline std::uint64_t loadBytes32(const char* p) {
  std::uint32_t w;
  std::memcpy(&w, p, 4);
  return w;
}

// A hash of short byte strings (names, keywords, shape and memo keys) for
// the hash tables on the hot path: a few multiplications where std::hash
// calls out to a byte-at-a-time MurmurHash. Tables fed by input are bounded
// or per function, so no seed is needed.
inline std::uint64_t hashBytes(std::string_view s) {
  auto mix = [](std::uint64_t h, std::uint64_t w) {
    h = (h ^ w) * 0xBF58476D1CE4E5B9ull;
    return h ^ (h >> 31);
  };
  const char* p = s.data();
  std::size_t n = s.size();
  std::uint64_t h = 0x9E3779B97F4A7C15ull ^ n;
  if (n > 16) {
    // Two lanes of 8 bytes, mixed independently (a cache key of 60 bytes
    // waits on four multiplications in a row, not eight), then together.
    std::uint64_t g = h ^ 0xD6E8FEB86659FD93ull;
    for (; n > 16; p += 16, n -= 16) {
      h = mix(h, loadBytes64(p));
      g = mix(g, loadBytes64(p + 8));
    }
    h = mix(h, loadBytes64(p + n - 16));  // the last 16 bytes (may overlap)
    g = mix(g, loadBytes64(p + n - 8));
    h = mix(h, g);
  } else if (n >= 8) {
    if (n > 8) h = mix(h, loadBytes64(p));
    h = mix(h, loadBytes64(p + n - 8));  // the last 8 bytes (may overlap)
  } else if (n >= 4) {
    h = mix(h, loadBytes32(p) | loadBytes32(p + n - 4) << 32);
  } else if (n > 0) {
    auto byte = [&](std::size_t i) { return std::uint64_t{static_cast<unsigned char>(p[i])}; };
    h = mix(h, byte(0) | byte(n / 2) << 8 | byte(n - 1) << 16);
  }
  return h * 0x94D049BB133111EBull ^ (h >> 29);
}

// Whether two byte strings are equal; for the short names of the hot path,
// two overlapping fixed-size loads instead of a call to memcmp.
inline bool sameBytes(std::string_view a, std::string_view b) {
  const std::size_t n = a.size();
  if (n != b.size()) return false;
  const char* p = a.data();
  const char* q = b.data();
  if (n >= 8) {
    if (n > 16) return std::memcmp(p, q, n) == 0;
    return loadBytes64(p) == loadBytes64(q) && loadBytes64(p + n - 8) == loadBytes64(q + n - 8);
  }
  if (n >= 4) return loadBytes32(p) == loadBytes32(q) && loadBytes32(p + n - 4) == loadBytes32(q + n - 4);
  if (n == 0) return true;
  return p[0] == q[0] && p[n / 2] == q[n / 2] && p[n - 1] == q[n - 1];  // every byte of 1 to 3
}

// Copies the n bytes of a name or qualifier (keys built on the hot path):
// two overlapping fixed-size copies instead of a call to memcpy.
inline void copyShortBytes(char* to, const char* from, std::size_t n) {
  if (n >= 8 && n <= 16) {
    std::memcpy(to, from, 8);
    std::memcpy(to + n - 8, from + n - 8, 8);
  } else if (n >= 4 && n < 8) {
    std::memcpy(to, from, 4);
    std::memcpy(to + n - 4, from + n - 4, 4);
  } else if (n > 0 && n < 4) {
    to[0] = from[0];
    to[n / 2] = from[n / 2];
    to[n - 1] = from[n - 1];
  } else if (n > 16) {
    std::memcpy(to, from, n);
  }  // n == 0: `from` may be null
}

// sameBytes as a (transparent) equality for unordered containers.
struct BytesEqual {
  using is_transparent = void;
  bool operator()(std::string_view a, std::string_view b) const noexcept { return sameBytes(a, b); }
};

// hashBytes as a (transparent) hasher for unordered containers.
struct BytesHash {
  using is_transparent = void;
  std::size_t operator()(std::string_view s) const noexcept { return static_cast<std::size_t>(hashBytes(s)); }
};

// Whether `word` (not empty) occurs in `text`. A whole-file search (for
// suppression comments) before anything else is read: 16 positions at a
// time are tested for the word's first and last bytes, and only those where
// both match are compared (std::string_view::find stops at every first
// byte, and 'p' starts many PTX words).
bool containsBytes(std::string_view text, std::string_view word);

// Levenshtein distance, for "did you mean" suggestions.
std::size_t editDistance(std::string_view a, std::string_view b);

// The candidate closest to `word` by editDistance, at most `max_distance`
// edits away (the first of equals); empty when none is that close. Every
// "did you mean" (directives, qualifiers, state spaces, opcodes) asks this,
// each with its own bound.
template <typename Candidates>
std::string_view closestWord(std::string_view word, const Candidates& candidates, std::size_t max_distance) {
  std::string_view best;
  std::size_t best_distance = max_distance + 1;
  for (std::string_view candidate : candidates) {
    std::size_t d = editDistance(word, candidate);
    if (d < best_distance) {
      best_distance = d;
      best = candidate;
    }
  }
  return best;
}

// Whether `t` is the whole text of an integer constant (4.5.1: hexadecimal
// 0x..., binary 0b..., octal 0..., decimal, each with an optional U), not
// a floating-point one (0f..., 0d..., 1.5, 1e5).
inline bool isIntegerLiteral(std::string_view t) {
  if (t.empty() || t[0] < '0' || t[0] > '9') return false;
  std::size_t i = 0;
  bool hex = false;
  if (t.size() > 2 && t[0] == '0' && ((t[1] | 0x20) == 'x' || (t[1] | 0x20) == 'b')) {
    hex = (t[1] | 0x20) == 'x';
    i = 2;
  }
  auto digit = [&](char c) { return (c >= '0' && c <= '9') || (hex && (c | 0x20) >= 'a' && (c | 0x20) <= 'f'); };
  std::size_t first = i;
  while (i < t.size() && digit(t[i])) ++i;
  if (i == first) return false;
  if (i < t.size() && (t[i] | 0x20) == 'u') ++i;
  return i == t.size();
}

// The value of an integer literal's text as the lexer takes it (4.5.1:
// decimal, 0x hex, 0b binary, 0 octal, an optional U); false when it
// exceeds 64 bits.
inline bool integerLiteralValue(std::string_view text, std::uint64_t& value) {
  if (!text.empty() && (text.back() == 'U' || text.back() == 'u')) text.remove_suffix(1);
  unsigned base = 10;
  if (text.size() > 1 && text[0] == '0') {
    if (text[1] == 'x' || text[1] == 'X') {
      base = 16;
      text.remove_prefix(2);
    } else if (text[1] == 'b' || text[1] == 'B') {
      base = 2;
      text.remove_prefix(2);
    } else {
      base = 8;
      text.remove_prefix(1);
    }
  }
  value = 0;
  for (char c : text) {
    unsigned digit = (c >= '0' && c <= '9')   ? unsigned(c - '0')
                     : (c >= 'a' && c <= 'f') ? unsigned(c - 'a' + 10)
                                              : unsigned(c - 'A' + 10);
    if (value > (UINT64_MAX - digit) / base) return false;
    value = value * base + digit;
  }
  return true;
}

// Whether `t` is the whole text of an exact floating-point constant (4.5.1:
// 0f or 0F and eight hexadecimal digits, 0d or 0D and sixteen; this test
// takes any count of digits, the lexer's HEX_FLOAT those two).
inline bool isHexFloatLiteral(std::string_view t) {
  if (t.size() < 3 || t[0] != '0' || ((t[1] | 0x20) != 'f' && (t[1] | 0x20) != 'd')) return false;
  for (std::size_t i = 2; i < t.size(); ++i) {
    char c = t[i];
    if (!((c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'f'))) return false;
  }
  return true;
}

// A JSON string literal: quotes, escapes, and \u00XX for bytes outside
// printable ASCII (messages quote source text, which may hold any byte).
std::string jsonQuote(std::string_view s);

}  // namespace ptxlint::support
