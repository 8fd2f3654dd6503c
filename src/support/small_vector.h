// A vector that keeps its first N elements inside itself.
//
// Why: an instruction has a handful of qualifiers and operands, and the fast
// path copies a cached statement's AST for every statement of a file
// (src/parse/fast_path.h). With std::vector each copy cost two heap
// allocations and two frees per instruction, a sixth of a validation's
// instructions; with N inline elements it costs none. Past N it grows on
// the heap like std::vector.
//
// Only what the AST's users need: iteration by pointer, push_back,
// emplace_back, indexing, clear, reserve.
#pragma once

#include <algorithm>
#include <cstddef>
#include <initializer_list>
#include <memory>
#include <new>
#include <stdexcept>
#include <utility>

#include "support/aligned_new.h"

namespace ptxlint::support {

template <typename T, std::size_t N>
class SmallVector {
 public:
  using value_type = T;
  using size_type = std::size_t;
  using iterator = T*;
  using const_iterator = const T*;
  using reference = T&;
  using const_reference = const T&;

  SmallVector() = default;
  SmallVector(std::initializer_list<T> values) {
    reserve(values.size());
    for (const T& v : values) push_back(v);
  }
  SmallVector(const SmallVector& other) {
    reserve(other.size_);
    std::uninitialized_copy(other.begin(), other.end(), data_);
    size_ = other.size_;
  }
  SmallVector(SmallVector&& other) noexcept { takeFrom(other); }
  SmallVector& operator=(const SmallVector& other) {
    if (this != &other) {
      clear();
      reserve(other.size_);
      std::uninitialized_copy(other.begin(), other.end(), data_);
      size_ = other.size_;
    }
    return *this;
  }
  SmallVector& operator=(SmallVector&& other) noexcept {
    if (this != &other) {
      clear();
      release();
      takeFrom(other);
    }
    return *this;
  }
  ~SmallVector() {
    clear();
    release();
  }

  iterator begin() { return data_; }
  iterator end() { return data_ + size_; }
  const_iterator begin() const { return data_; }
  const_iterator end() const { return data_ + size_; }
  T* data() { return data_; }
  const T* data() const { return data_; }

  size_type size() const { return size_; }
  bool empty() const { return size_ == 0; }
  size_type capacity() const { return capacity_; }

  T& operator[](size_type i) { return data_[i]; }
  const T& operator[](size_type i) const { return data_[i]; }
  const T& at(size_type i) const {
    if (i >= size_) throw std::out_of_range("SmallVector::at");
    return data_[i];
  }
  T& front() { return data_[0]; }
  const T& front() const { return data_[0]; }
  T& back() { return data_[size_ - 1]; }
  const T& back() const { return data_[size_ - 1]; }

  void push_back(const T& value) { emplace_back(value); }
  void push_back(T&& value) { emplace_back(std::move(value)); }
  template <typename... Args>
  T& emplace_back(Args&&... args) {
    if (size_ == capacity_) {
      // `args` may refer to an element: build the new one before moving.
      T value(std::forward<Args>(args)...);
      grow(capacity_ * 2);
      ::new (static_cast<void*>(data_ + size_)) T(std::move(value));
    } else {
      ::new (static_cast<void*>(data_ + size_)) T(std::forward<Args>(args)...);
    }
    return data_[size_++];
  }
  void pop_back() { data_[--size_].~T(); }

  void clear() {
    std::destroy(data_, data_ + size_);
    size_ = 0;
  }
  void reserve(size_type n) {
    if (n > capacity_) grow(n);
  }

  friend bool operator==(const SmallVector& a, const SmallVector& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end());
  }

 private:
  bool isInline() const { return data_ == inlineData(); }
  T* inlineData() { return std::launder(reinterpret_cast<T*>(inline_)); }
  const T* inlineData() const { return std::launder(reinterpret_cast<const T*>(inline_)); }

  void grow(size_type n) {
    n = std::max(n, capacity_ + 1);
    T* fresh = static_cast<T*>(allocateAligned<alignof(T)>(n * sizeof(T)));
    std::uninitialized_move(data_, data_ + size_, fresh);
    std::destroy(data_, data_ + size_);
    release();
    data_ = fresh;
    capacity_ = n;
  }
  void release() {
    if (!isInline()) deallocateAligned<alignof(T)>(data_);
    data_ = inlineData();
    capacity_ = N;
  }
  // Requires this to be empty and inline.
  void takeFrom(SmallVector& other) {
    if (other.isInline()) {
      std::uninitialized_move(other.begin(), other.end(), data_);
      size_ = other.size_;
      other.clear();
    } else {
      data_ = other.data_;
      size_ = other.size_;
      capacity_ = other.capacity_;
      other.data_ = other.inlineData();
      other.size_ = 0;
      other.capacity_ = N;
    }
  }

  alignas(T) unsigned char inline_[N * sizeof(T)];
  T* data_ = inlineData();
  std::size_t size_ = 0;
  std::size_t capacity_ = N;
};

}  // namespace ptxlint::support
