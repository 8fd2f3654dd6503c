// The distinct names of one instruction, numbered in the order first met
// (verdict keys: `add %r1, %r1, %r2` and `add %r1, %r2, %r3` differ in
// which operands name the same register). A short list is searched; past
// kLinear names a hash table takes over (a wgmma writes 128 accumulator
// registers: a linear search is 8,000 comparisons an instruction).
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include "support/text.h"

namespace ptxlint::support {

class NameIndex {
 public:
  void clear() {
    for (std::uint16_t slot : used_) slots_[slot] = 0;
    used_.clear();
    names_.clear();
  }

  // The number of `name`, a new one if it was not met since clear().
  std::size_t indexOf(std::string_view name) {
    if (names_.size() < kLinear) {
      // Names of 4 to 8 bytes (registers, most of them) compared as one
      // word each (their bytes: with the length, the whole name), kept
      // beside the list.
      const std::uint64_t word = packed(name);
      if (word != 0) {
        for (std::size_t i = 0; i < names_.size(); ++i) {
          if (words_[i] == word && names_[i].size() == name.size()) return i;
        }
      } else {
        for (std::size_t i = 0; i < names_.size(); ++i) {
          if (sameBytes(names_[i], name)) return i;
        }
      }
      words_[names_.size()] = word;
      names_.push_back(name);
      if (names_.size() == kLinear) {
        for (std::size_t i = 0; i < names_.size(); ++i) place(names_[i], i);
      }
      return names_.size() - 1;
    }
    if (names_.size() >= kMaxHashed) {  // (no instruction has so many: searched as a list)
      for (std::size_t i = 0; i < names_.size(); ++i) {
        if (sameBytes(names_[i], name)) return i;
      }
      names_.push_back(name);
      return names_.size() - 1;
    }
    std::size_t slot = hashBytes(name) & (kSlots - 1);
    for (; slots_[slot] != 0; slot = (slot + 1) & (kSlots - 1)) {
      std::size_t i = slots_[slot] - 1u;
      if (sameBytes(names_[i], name)) return i;
    }
    names_.push_back(name);
    slots_[slot] = static_cast<std::uint16_t>(names_.size());
    used_.push_back(static_cast<std::uint16_t>(slot));
    return names_.size() - 1;
  }

  std::size_t size() const { return names_.size(); }

 private:
  static constexpr std::size_t kLinear = 12;

  // A name of 4 to 8 bytes as a word: its first and last four bytes (two
  // overlapping loads: with its length, every byte of it), else 0 (no name
  // of 4 bytes or more is NUL bytes only).
  static std::uint64_t packed(std::string_view name) {
    const std::size_t n = name.size();
    if (n < 4 || n > 8) return 0;
    const char* p = name.data();
    return loadBytes32(p) | loadBytes32(p + n - 4) << 32;
  }
  std::array<std::uint64_t, kLinear> words_{};
  static constexpr std::size_t kSlots = 2048;      // a power of two
  static constexpr std::size_t kMaxHashed = 1024;  // at most half full

  void place(std::string_view name, std::size_t index) {
    std::size_t slot = hashBytes(name) & (kSlots - 1);
    while (slots_[slot] != 0) slot = (slot + 1) & (kSlots - 1);
    slots_[slot] = static_cast<std::uint16_t>(index + 1);
    used_.push_back(static_cast<std::uint16_t>(slot));
  }

  std::vector<std::string_view> names_;
  std::array<std::uint16_t, kSlots> slots_{};  // index + 1; 0: empty
  std::vector<std::uint16_t> used_;            // the slots to empty
};

}  // namespace ptxlint::support
