// An allocator whose containers default-initialise the elements they add
// without a value (resize(n)) instead of value-initialising them: for a
// trivial type such as ast::TokenPlace, room that is about to be written
// over is not zeroed first.
#pragma once

#include <memory>
#include <new>
#include <type_traits>
#include <utility>

namespace ptxlint::support {

template <typename T>
struct DefaultInitAllocator : std::allocator<T> {
  using std::allocator<T>::allocator;
  template <typename U>
  struct rebind {
    using other = DefaultInitAllocator<U>;
  };
  template <typename U>
  void construct(U* at) noexcept(std::is_nothrow_default_constructible_v<U>) {
    ::new (static_cast<void*>(at)) U;
  }
  template <typename U, typename... Args>
  void construct(U* at, Args&&... args) {
    ::new (static_cast<void*>(at)) U(std::forward<Args>(args)...);
  }
};

}  // namespace ptxlint::support
