// A per-thread free list of same-sized blocks, for objects made and dropped by
// the hundred thousand (ast::Boxed): a pop and a push instead of malloc and
// free.
#pragma once

#include <cstddef>
#include <new>

#include "support/aligned_new.h"

namespace ptxlint::support {

// Blocks of sizeof(T), aligned for T. A thread keeps at most kKept freed
// blocks (about 1 MiB of instructions) and gives the rest back; a block
// freed on another thread than the one that made it joins that thread's list.
template <typename T>
class FreeList {
 public:
  static void* allocate() {
    State& s = state;
    (void)&owner;  // its destructor empties the list when the thread ends
    if (s.head != nullptr) {
      Node* n = s.head;
      s.head = n->next;
      --s.count;
      return n;
    }
    return allocateAligned<kAlign>(kSize);
  }

  static void release(void* p) noexcept {
    State& s = state;
    if (s.ended || s.count >= kKept) {
      deallocateAligned<kAlign>(p);
      return;
    }
    auto* n = static_cast<Node*>(p);
    n->next = s.head;
    s.head = n;
    ++s.count;
  }

 private:
  static constexpr std::size_t kSize = sizeof(T) < sizeof(void*) ? sizeof(void*) : sizeof(T);
  static constexpr std::size_t kAlign = alignof(T) < alignof(void*) ? alignof(void*) : alignof(T);
  static constexpr std::size_t kKept = 2048;

  struct Node {
    Node* next;
  };
  // Trivially destructible: still readable while static objects (caches
  // holding boxes) are destroyed after the thread's own objects.
  struct State {
    Node* head = nullptr;
    std::size_t count = 0;
    bool ended = false;
  };
  struct Owner {
    ~Owner() {
      State& s = state;
      while (s.head != nullptr) {
        Node* n = s.head;
        s.head = n->next;
        deallocateAligned<kAlign>(n);
      }
      s.count = 0;
      s.ended = true;
    }
  };
  static inline thread_local State state{};
  static inline thread_local Owner owner{};
};

}  // namespace ptxlint::support
