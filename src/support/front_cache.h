// A per-thread table in front of a shared, locked cache.
//
// The fast path's shape cache and the checker's verdict cache are shared by
// every thread and guarded by a reader-writer lock; a file asks them once
// per statement. Their values never go stale (a shape's template and a
// key's verdict are the same whenever they are asked for), so each thread
// keeps the entries it has met in a table of its own that it reads without
// a lock, and asks the shared cache only for a key it has not met.
//
// The table is open addressing with linear probing over 16-byte entries
// (and the value), the keys' bytes in one arena: a lookup reads an entry and
// compares the key, with no node to chase. It holds every key it is given
// up to kMaxEntries (or 128 bytes of keys each), then starts over: hostile
// input, every key new, costs a bounded amount of memory, and the shared
// cache still holds what it drops. (A direct-mapped table lost a tenth of
// the verdict lookups of a large file to collisions.)
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "support/text.h"

namespace ptxlint::support {

// Whether the process checks on one thread only: the CLI says so (without
// -j it checks one file at a time on its main thread) before any check.
// The shared caches then keep each entry once, in one table read without a
// lock, not in a front table and the shared one too: on a cold run of a
// 45 KB nvcc module every shape and verdict is new, and keeping each twice
// was 3 % of the instructions and 20 of its 170 heap page faults. A thread
// that checked all the same would only miss what another kept (a cache
// miss: judged again, never judged wrong); no thread writes the flag once
// checks have begun.
inline bool one_thread_process = false;
inline void checkOnOneThread() { one_thread_process = true; }

template <typename Value, std::size_t kMaxEntries>
class FrontCache {
  static_assert(kMaxEntries > 0);

 public:
  // The value kept for `key` (hashed to `hash`), or nullptr. The pointer is
  // valid until the next put() on this cache.
  const Value* find(std::uint64_t hash, std::string_view key) const {
    if (entries_.empty()) return nullptr;
    for (std::size_t i = hash & mask_;; i = (i + 1) & mask_) {
      const Entry& e = entries_[i];
      if (!e.used) return nullptr;
      if (e.hash == hash && holds(e, key)) return &e.value;
    }
  }

  // Keeps `value` for `key` (a key already kept keeps its value).
  void put(std::uint64_t hash, std::string_view key, Value value) {
    if (key.size() > UINT16_MAX) return;
    if (count_ >= kMaxEntries || keys_.size() + key.size() > kMaxKeyBytes) clear();
    if (2 * (count_ + 1) > entries_.size()) grow();
    std::size_t i = hash & mask_;
    for (; entries_[i].used; i = (i + 1) & mask_) {
      if (entries_[i].hash == hash && holds(entries_[i], key)) return;
    }
    Entry& e = entries_[i];
    e.hash = hash;
    e.offset = static_cast<std::uint32_t>(keys_.size());
    e.size = static_cast<std::uint16_t>(key.size());
    e.used = true;
    e.value = std::move(value);
    keys_.append(key);
    ++count_;
  }

  std::size_t size() const { return count_; }

  // Forgets every entry (also done by put() past kMaxEntries).
  void clear() {
    entries_.clear();
    keys_.clear();
    count_ = 0;
    mask_ = 0;
  }

  // Calls `visit(key, value)` for every entry kept, in no particular order.
  template <typename Visit>
  void forEach(Visit&& visit) const {
    for (const Entry& e : entries_) {
      if (e.used) visit(std::string_view(keys_.data() + e.offset, e.size), e.value);
    }
  }

 private:
  static constexpr std::size_t kMaxKeyBytes = 128 * kMaxEntries;  // (most keys are shorter)
  struct Entry {                                                  // 16 bytes and the value (a bool fits in the 16)
    std::uint64_t hash = 0;
    std::uint32_t offset = 0;  // of the key in keys_
    std::uint16_t size = 0;
    bool used = false;
    Value value{};
  };

  bool holds(const Entry& e, std::string_view key) const {
    return e.size == key.size() && sameBytes(std::string_view(keys_.data() + e.offset, e.size), key);
  }
  void grow() {
    std::vector<Entry> old = std::move(entries_);
    entries_ = std::vector<Entry>(old.empty() ? 256 : 2 * old.size());
    mask_ = entries_.size() - 1;
    for (Entry& e : old) {
      if (!e.used) continue;
      std::size_t i = e.hash & mask_;
      while (entries_[i].used) i = (i + 1) & mask_;
      entries_[i] = std::move(e);
    }
  }

  std::vector<Entry> entries_;  // a power of two, at most half used
  std::string keys_;
  std::size_t count_ = 0;
  std::size_t mask_ = 0;
};

}  // namespace ptxlint::support
