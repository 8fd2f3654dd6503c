// A small per-thread cache in front of a shared, locked one.
//
// The fast path's shape cache and the checker's verdict cache are shared by
// every thread and guarded by a reader-writer lock; a file asks them once
// per statement. Their values never go stale (a shape's template and a
// key's verdict are the same whenever they are asked for), so each thread
// keeps the entries it met last in a direct-mapped table it reads without a
// lock, and asks the shared cache only on a miss.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "support/text.h"

namespace ptxlint::support {

template <typename Value, std::size_t kSlots>
class FrontCache {
  static_assert((kSlots & (kSlots - 1)) == 0, "a power of two");

 public:
  FrontCache() : slots_(kSlots) {}

  // The value kept for `key` (hashed to `hash`), or nullptr. The pointer is
  // valid until the next put() on this cache.
  const Value* find(std::uint64_t hash, std::string_view key) const {
    const Slot& slot = slots_[hash & (kSlots - 1)];
    return slot.hash == hash && slot.filled && sameBytes(slot.key(), key) ? &slot.value : nullptr;
  }

  void put(std::uint64_t hash, std::string_view key, Value value) {
    Slot& slot = slots_[hash & (kSlots - 1)];
    slot.hash = hash;
    slot.size = static_cast<std::uint32_t>(key.size());
    if (key.size() <= kInlineBytes) {
      if (!key.empty()) std::memcpy(slot.inline_key, key.data(), key.size());
    } else {
      // resize + copy rather than assign(): reuses the slot's room, and keeps
      // GCC 12's -Wrestrict false positive on string::assign quiet.
      slot.long_key.resize(key.size());
      std::memcpy(slot.long_key.data(), key.data(), key.size());
    }
    slot.value = std::move(value);
    slot.filled = true;
  }

 private:
  // Keys up to this long (nearly all) are kept in the slot itself: a lookup
  // reads one slot, not a slot and a string elsewhere on the heap (the
  // verdict cache is asked once per instruction; the second cache miss
  // cost more than the comparison).
  static constexpr std::size_t kInlineBytes = 80;
  struct Slot {
    std::uint64_t hash = 0;
    std::uint32_t size = 0;
    bool filled = false;
    Value value{};
    char inline_key[kInlineBytes];
    std::string long_key;  // a longer key
    std::string_view key() const { return {size <= kInlineBytes ? inline_key : long_key.data(), size}; }
  };
  std::vector<Slot> slots_;
};

}  // namespace ptxlint::support
