// Parameterized register names (5.4.6): `.reg .b32 %r<100>` declares %r0 to
// %r99, and every use of a register is split into its prefix and index to
// find the range that holds it. The symbol pass does this for nearly every
// operand of every instruction, so the common case, a name of 3 to 8 bytes,
// is done without a loop or a branch that depends on the name: its bytes in
// one word, its final digits found and summed for all of them at once, and
// its prefix, packed in a word with its length, looked up in a small table
// of the scope's ranges (RangeTable).
#pragma once

#include <bit>
#include <cstdint>
#include <string_view>

#include "support/text.h"

namespace ptxlint::sema {

// A name of 3 to 8 bytes split into its prefix (packed: its bytes and, in
// the top byte, its length) and the value of its final digits. `ok` is
// false when the name has no final digits, is all digits, or its digits
// have a leading zero ("%r01" is no member of a range), or is of another
// length: those are split byte by byte (splitIndexed).
struct PackedSplit {
  std::uint64_t prefix = 0;
  std::uint64_t index = 0;
  bool ok = false;
};

// A prefix of up to 7 bytes packed as PackedSplit::prefix packs it.
inline std::uint64_t packPrefix(std::string_view prefix) {
  std::uint64_t bytes = 0;
  for (std::size_t i = 0; i < prefix.size() && i < 7; ++i) {
    bytes |= std::uint64_t{static_cast<unsigned char>(prefix[i])} << (8 * i);
  }
  return bytes | std::uint64_t{prefix.size()} << 56;
}

inline PackedSplit splitPacked(std::string_view name) {
  const std::size_t size = name.size();
  const char* p = name.data();
  if (size < 3 || size > 8) return {};
  // The name's bytes, the first lowest, zeros above: two overlapping 4-byte
  // loads, or three bytes.
  std::uint64_t word;
  if (size >= 4) {
    word = support::loadBytes32(p) | support::loadBytes32(p + size - 4) << (8 * (size - 4));
  } else {
    auto byte = [&](std::size_t i) { return std::uint64_t{static_cast<unsigned char>(p[i])}; };
    word = byte(0) | byte(1) << 8 | byte(2) << 16;
  }
  // A byte b is a digit when b ^ '0' is at most 9: its high bit clear, and
  // adding 0x76 to its low seven bits leaves the high bit clear.
  constexpr std::uint64_t kOnes = 0x0101010101010101ull;
  const unsigned missing = static_cast<unsigned>(8 - size);         // bytes above the name
  std::uint64_t values = (word ^ (0x30 * kOnes)) << (8 * missing);  // the last byte on top
  std::uint64_t not_digit = (((values & (0x7F * kOnes)) + 0x76 * kOnes) | values) & (0x80 * kOnes);
  not_digit |= ((std::uint64_t{1} << (8 * missing)) - 1) & (0x80 * kOnes);  // (nor are the bytes shifted in)
  const auto digits = static_cast<std::size_t>(std::countl_zero(not_digit)) / 8;
  if (digits == 0 || digits == size || (digits > 1 && p[size - digits] == '0')) return {};
  // The digits alone, the most significant lowest, zeros below: summed in
  // pairs, fours, then eights.
  std::uint64_t v = values & (~0ull << (8 * (8 - digits)));
  v = (v * 10 + (v >> 8)) & 0x00FF00FF00FF00FFull;
  v = (v * 100 + (v >> 16)) & 0x0000FFFF0000FFFFull;
  v = (v * 10000 + (v >> 32)) & 0xFFFFFFFFull;
  const std::size_t prefix_size = size - digits;
  const std::uint64_t prefix_bytes = word & ((std::uint64_t{1} << (8 * prefix_size)) - 1);
  return {prefix_bytes | std::uint64_t{prefix_size} << 56, v, true};
}

}  // namespace ptxlint::sema
