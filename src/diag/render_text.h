// Renders diagnostics the way clang does: location, severity, message and
// code, then the source line with a caret and underline under the range, and
// the fix-it text under that.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "ptxlint/diagnostic.hpp"

namespace ptxlint::diag {

struct TextStyle {
  bool color = false;
  bool show_source = true;
  // The text is a file mapping whose pages may be given back behind the scan
  // for line starts (Options::input_is_file_mapping).
  bool text_is_file_mapping = false;
};

std::string renderText(std::string_view file_name, std::string_view text, std::span<const Diagnostic> diagnostics,
                       const TextStyle& style);

}  // namespace ptxlint::diag
