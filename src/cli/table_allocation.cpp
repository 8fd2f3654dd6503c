// The CLI's global operator new: what tables built at run time allocate
// while they are built (support/table_arena.h: the deviation table's index;
// the instruction tables are constant data) comes from a bump arena that is
// never given back; everything else from malloc, as the default operator
// new does. The tables live as long as the process; the temporaries of
// their building are reused for the next of their size.
#include <sys/mman.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <new>

#include "support/table_arena.h"

namespace {

// Reserved once (address space only: pages are touched as they are used).
constexpr std::size_t kArenaBytes = std::size_t{1} << 30;

struct Arena {
  char* begin = nullptr;
  std::atomic<std::size_t> used{0};

  Arena() {
    void* p = mmap(nullptr, kArenaBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p != MAP_FAILED) begin = static_cast<char*>(p);
  }
  bool holds(const void* p) const {
    auto* c = static_cast<const char*>(p);
    return begin != nullptr && c >= begin && c < begin + kArenaBytes;
  }
};

Arena* arena_instance = nullptr;  // set at its first use; read by operator delete

Arena& arena() {
  static Arena instance;
  arena_instance = &instance;
  return instance;
}

void* fromArena(std::size_t n) {
  Arena& a = arena();
  std::size_t size = (n + 15) & ~std::size_t{15};
  std::size_t at = a.used.fetch_add(size, std::memory_order_relaxed);
  if (a.begin == nullptr || at + size > kArenaBytes) return nullptr;  // (then malloc)
  return a.begin + at;
}

// The arena's blocks freed while tables are built (the temporaries of
// their building: copies, vectors outgrown), by size in 16-byte steps, for
// the next allocation of that size: a sized delete says the size.
constexpr std::size_t kReusedSizes = 64;  // up to 1 KiB
struct FreeBlock {
  FreeBlock* next;
};
thread_local FreeBlock* free_blocks[kReusedSizes + 1] = {};

void* allocate(std::size_t n) {
  if (ptxlint::support::building_tables) {
    std::size_t steps = (n + 15) / 16;
    if (steps <= kReusedSizes && free_blocks[steps] != nullptr) {
      FreeBlock* b = free_blocks[steps];
      free_blocks[steps] = b->next;
      return b;
    }
    if (void* p = fromArena(steps * 16)) return p;
  }
  return std::malloc(n == 0 ? 1 : n);
}

// `n`: the size allocated, or 0 when not known.
void release(void* p, std::size_t n) {
  if (p == nullptr) return;
  if (const Arena* a = arena_instance; a != nullptr && a->holds(p)) {  // never given back to the system
    std::size_t steps = (n + 15) / 16;
    if (n != 0 && steps <= kReusedSizes && ptxlint::support::building_tables) {
      auto* b = static_cast<FreeBlock*>(p);
      b->next = free_blocks[steps];
      free_blocks[steps] = b;
    }
    return;
  }
  std::free(p);
}

}  // namespace

void* operator new(std::size_t n) {
  if (void* p = allocate(n)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t n) {
  if (void* p = allocate(n)) return p;
  throw std::bad_alloc();
}
void* operator new(std::size_t n, const std::nothrow_t&) noexcept { return allocate(n); }
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept { return allocate(n); }
void operator delete(void* p) noexcept { release(p, 0); }
void operator delete[](void* p) noexcept { release(p, 0); }
void operator delete(void* p, std::size_t n) noexcept { release(p, n); }
void operator delete[](void* p, std::size_t n) noexcept { release(p, n); }
void operator delete(void* p, const std::nothrow_t&) noexcept { release(p, 0); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { release(p, 0); }
