// Byte offset -> 1-based line and column.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

#include "ptxlint/diagnostic.hpp"
#include "support/input_pages.h"

namespace ptxlint::ast {

// The line table is built on the first question: a clean file (no
// diagnostic to place) costs nothing.
class SourceMap {
 public:
  // `mapped`: the text is a file mapping whose pages may be given back
  // behind the scan for line starts (Options::input_is_file_mapping).
  explicit SourceMap(std::string_view text, bool mapped = false) : text_(text), mapped_(mapped) {}

  LineColumn lineColumn(std::uint32_t offset) const {
    buildLineTable();
    auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
    auto line = static_cast<std::uint32_t>(it - line_starts_.begin());
    return {line, offset - line_starts_[line - 1] + 1};
  }

  // The text of a 1-based line, without its line terminator.
  std::string_view lineText(std::uint32_t line) const {
    buildLineTable();
    if (line == 0 || line > line_starts_.size()) return {};
    std::uint32_t begin = line_starts_[line - 1];
    std::uint32_t end = line < line_starts_.size() ? line_starts_[line] : static_cast<std::uint32_t>(text_.size());
    std::string_view s = text_.substr(begin, end - begin);
    while (!s.empty() && (s.back() == '\n' || s.back() == '\r')) s.remove_suffix(1);
    return s;
  }

  std::string_view text() const { return text_; }

 private:
  void buildLineTable() const {
    if (!line_starts_.empty()) return;
    line_starts_.push_back(0);
    const char* data = text_.data();
    const char* end = data + text_.size();
    support::InputPages pages(text_, mapped_);
    for (const char* at = data; at < end;) {
      const void* newline = std::memchr(at, '\n', static_cast<std::size_t>(end - at));
      if (newline == nullptr) break;
      at = static_cast<const char*>(newline) + 1;
      line_starts_.push_back(static_cast<std::uint32_t>(at - data));
      pages.releaseBefore(static_cast<std::size_t>(at - data));
    }
  }

  std::string_view text_;
  bool mapped_ = false;
  mutable std::vector<std::uint32_t> line_starts_;
};

}  // namespace ptxlint::ast
