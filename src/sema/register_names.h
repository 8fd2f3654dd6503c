// Parameterized register names (5.4.6): `.reg .b32 %r<100>` declares %r0 to
// %r99, and every use of a register is split into its prefix and index to
// find the range that holds it. The symbol pass does this for nearly every
// operand of every instruction, so the common case, a name of 3 to 8 bytes,
// is split without a call: its final digits summed, and its prefix, packed
// in a word with its length, looked up in a small table of the scope's
// ranges (Scope::tabledRange).
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
  // The final digits, summed from the last (a register has one to three:
  // a loop of that many steps costs less than reading all eight bytes as
  // digits at once, which the previous version did).
  std::size_t end = size;  // where the digits begin
  std::uint64_t value = 0, scale = 1;
  for (unsigned digit; end > 0 && (digit = static_cast<unsigned>(p[end - 1] - '0')) < 10; --end) {
    value += digit * scale;
    scale *= 10;
  }
  const std::size_t digits = size - end;
  if (digits == 0 || end == 0 || (digits > 1 && p[end] == '0')) return {};
  // The name's bytes, the first lowest: two overlapping 4-byte loads, or
  // three bytes; the prefix's kept (end is at most 7).
  std::uint64_t word;
  if (size >= 4) {
    word = support::loadBytes32(p) | std::uint64_t{support::loadBytes32(p + size - 4)} << (8 * (size - 4));
  } else {
    auto byte = [&](std::size_t i) { return std::uint64_t{static_cast<unsigned char>(p[i])}; };
    word = byte(0) | byte(1) << 8 | byte(2) << 16;
  }
  const std::uint64_t prefix_bytes = word & ((std::uint64_t{1} << (8 * end)) - 1);
  return {prefix_bytes | std::uint64_t{end} << 56, value, true};
}

}  // namespace ptxlint::sema
