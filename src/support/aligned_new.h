// operator new and delete for a type's alignment, without the aligned
// overloads where the plain ones suffice: glibc serves an aligned request
// through memalign, about twice the cost of malloc, even for an alignment
// that malloc gives anyway.
#pragma once

#include <cstddef>
#include <new>

namespace ptxlint::support {

template <std::size_t kAlign>
void* allocateAligned(std::size_t size) {
  if constexpr (kAlign <= __STDCPP_DEFAULT_NEW_ALIGNMENT__) {
    return ::operator new(size);
  } else {
    return ::operator new(size, std::align_val_t(kAlign));
  }
}

template <std::size_t kAlign>
void deallocateAligned(void* p) noexcept {
  if constexpr (kAlign <= __STDCPP_DEFAULT_NEW_ALIGNMENT__) {
    ::operator delete(p);
  } else {
    ::operator delete(p, std::align_val_t(kAlign));
  }
}

}  // namespace ptxlint::support
