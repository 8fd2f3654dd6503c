// A list in an instruction table: a view of elements that live as long as
// the process.
//
// The tables are built by the section builders (src/spec/*.cpp) only when
// ptxlint itself is built: src/spec/freeze_tables.cpp runs them and writes
// every entry as constant data (build/generated/frozen_tables.cpp), which the
// library reads in place, with nothing built, allocated or relocated at run
// time (#27). A List is what makes both possible: in frozen data it points at
// a constant array; in a builder it is filled from an initializer list or by
// push_back into storage that is never given back (builders run once per
// program, and their lists are kept as long as the tables).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <new>
#include <vector>

namespace ptxlint::spec {

// Storage for lists being built: `bytes` aligned to `align`, kept (and
// reachable) until the program ends. Thread-safe.
void* listStorage(std::size_t bytes, std::size_t align);

template <class T>
class List {
 public:
  using value_type = T;
  using const_iterator = const T*;
  using iterator = const T*;

  constexpr List() = default;
  // A view of `count` constant elements (frozen tables).
  constexpr List(const T* items, std::size_t count) : items_(items), count_(static_cast<std::uint32_t>(count)) {}
  // A copy of the elements (builders).
  List(std::initializer_list<T> items) { assign(items.begin(), items.size()); }
  List(const std::vector<T>& items) { assign(items.data(), items.size()); }  // NOLINT: builders pass vectors
  List(const T* first, const T* last) { assign(first, static_cast<std::size_t>(last - first)); }

  // A copy shares the elements; pushing onto it copies them first, so that
  // lists built from one base never write into each other.
  constexpr List(const List& other) : items_(other.items_), count_(other.count_) {}
  constexpr List& operator=(const List& other) {
    items_ = other.items_;
    count_ = other.count_;
    capacity_ = 0;
    return *this;
  }

  constexpr const T* begin() const { return items_; }
  constexpr const T* end() const { return items_ + count_; }
  constexpr const T* data() const { return items_; }
  constexpr std::size_t size() const { return count_; }
  constexpr bool empty() const { return count_ == 0; }
  constexpr const T& operator[](std::size_t i) const { return items_[i]; }
  constexpr const T& front() const { return items_[0]; }
  constexpr const T& back() const { return items_[count_ - 1]; }

  // Builders only: changing a list first copies elements it shares.
  T* begin() { return own(); }
  T* end() { return own() + count_; }
  T& operator[](std::size_t i) { return own()[i]; }
  T& front() { return own()[0]; }
  T& back() { return own()[count_ - 1]; }
  template <class It>
  void insert(const T* at, It first, It last) {
    std::vector<T> all(items_, at);
    all.insert(all.end(), first, last);
    all.insert(all.end(), at, items_ + count_);
    assign(all.data(), all.size());
  }
  void insert(const T* at, const T& item) {
    const T* one = &item;
    insert(at, one, one + 1);
  }
  void push_back(const T& item) {
    if (count_ >= capacity_) {  // full, or shared (capacity 0)
      std::uint32_t grown = count_ < 4 ? 8 : count_ * 2;
      T* fresh = static_cast<T*>(listStorage(sizeof(T) * grown, alignof(T)));
      std::uninitialized_copy(items_, items_ + count_, fresh);
      items_ = fresh;
      capacity_ = grown;
    }
    new (const_cast<T*>(items_) + count_) T(item);
    ++count_;
  }
  void clear() {
    items_ = nullptr;
    count_ = capacity_ = 0;
  }

  friend bool operator==(const List& a, const List& b) { return std::equal(a.begin(), a.end(), b.begin(), b.end()); }

 private:
  T* own() {
    if (capacity_ == 0 && count_ != 0) assign(items_, count_);
    return const_cast<T*>(items_);
  }
  void assign(const T* items, std::size_t count) {
    if (count == 0) return;
    T* fresh = static_cast<T*>(listStorage(sizeof(T) * count, alignof(T)));
    std::uninitialized_copy(items, items + count, fresh);
    items_ = fresh;
    count_ = capacity_ = static_cast<std::uint32_t>(count);
  }

  const T* items_ = nullptr;
  std::uint32_t count_ = 0;
  std::uint32_t capacity_ = 0;  // > 0 only for a list this object filled
};

}  // namespace ptxlint::spec
