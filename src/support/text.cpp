#include "support/text.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace ptxlint::support {

bool containsBytes(std::string_view text, std::string_view word) {
  const std::size_t n = word.size();
  if (n == 0 || n > text.size()) return n == 0;
  const char* t = text.data();
  const std::size_t last_start = text.size() - n;  // the last place the word can start
  std::size_t at = 0;
#if defined(__SSE2__)
  const __m128i first = _mm_set1_epi8(word.front());
  const __m128i last = _mm_set1_epi8(word.back());
  for (; at + 15 <= last_start; at += 16) {
    __m128i starts = _mm_loadu_si128(reinterpret_cast<const __m128i*>(t + at));
    __m128i ends = _mm_loadu_si128(reinterpret_cast<const __m128i*>(t + at + n - 1));
    auto candidates = static_cast<unsigned>(
        _mm_movemask_epi8(_mm_and_si128(_mm_cmpeq_epi8(starts, first), _mm_cmpeq_epi8(ends, last))));
    while (candidates != 0) {
      std::size_t k = at + static_cast<std::size_t>(__builtin_ctz(candidates));
      if (std::memcmp(t + k, word.data(), n) == 0) return true;
      candidates &= candidates - 1;
    }
  }
#endif
  for (; at <= last_start; ++at) {
    if (t[at] == word.front() && t[at + n - 1] == word.back() && std::memcmp(t + at, word.data(), n) == 0) return true;
  }
  return false;
}

std::size_t editDistance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

std::string jsonQuote(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x80) {
          out += fmt::format("\\u{:04x}", static_cast<unsigned char>(c));
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

}  // namespace ptxlint::support
