// Byte offset -> 1-based line and column.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string_view>
#include <vector>

#include "ptxlint/diagnostic.hpp"

namespace ptxlint::ast {

class SourceMap {
 public:
  explicit SourceMap(std::string_view text) : text_(text) {
    line_starts_.push_back(0);
    for (std::size_t i = 0; i < text.size(); ++i) {
      if (text[i] == '\n') line_starts_.push_back(static_cast<std::uint32_t>(i + 1));
    }
  }

  LineColumn lineColumn(std::uint32_t offset) const {
    auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
    auto line = static_cast<std::uint32_t>(it - line_starts_.begin());
    return {line, offset - line_starts_[line - 1] + 1};
  }

  // The text of a 1-based line, without its line terminator.
  std::string_view lineText(std::uint32_t line) const {
    if (line == 0 || line > line_starts_.size()) return {};
    std::uint32_t begin = line_starts_[line - 1];
    std::uint32_t end = line < line_starts_.size() ? line_starts_[line] : static_cast<std::uint32_t>(text_.size());
    std::string_view s = text_.substr(begin, end - begin);
    while (!s.empty() && (s.back() == '\n' || s.back() == '\r')) s.remove_suffix(1);
    return s;
  }

  std::string_view text() const { return text_; }

 private:
  std::string_view text_;
  std::vector<std::uint32_t> line_starts_;
};

}  // namespace ptxlint::ast
