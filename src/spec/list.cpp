// Storage for the lists of tables being built (spec/list.h): blocks that are
// kept, reachable from here, until the program ends. Linked only into the
// programs that run the section builders (the table freezer and the tests):
// the library reads frozen tables and never builds a list.
#include "spec/list.h"

#include <cstdlib>
#include <memory>
#include <mutex>

namespace ptxlint::spec {
namespace {

struct ListPool {
  std::mutex mutex;
  std::vector<std::unique_ptr<std::byte[]>> blocks;
  std::byte* next = nullptr;
  std::size_t left = 0;
};

ListPool& pool() {
  static ListPool* instance = new ListPool();  // lives as long as the lists
  return *instance;
}

}  // namespace

void* listStorage(std::size_t bytes, std::size_t align) {
  constexpr std::size_t kBlock = 256 * 1024;
  ListPool& p = pool();
  std::lock_guard lock(p.mutex);
  std::size_t pad = (align - reinterpret_cast<std::uintptr_t>(p.next) % align) % align;
  if (p.next == nullptr || pad + bytes > p.left) {
    std::size_t size = std::max(kBlock, bytes + align);
    p.blocks.push_back(std::make_unique<std::byte[]>(size));
    p.next = p.blocks.back().get();
    p.left = size;
    pad = (align - reinterpret_cast<std::uintptr_t>(p.next) % align) % align;
  }
  std::byte* at = p.next + pad;
  p.next = at + bytes;
  p.left -= pad + bytes;
  return at;
}

}  // namespace ptxlint::spec
