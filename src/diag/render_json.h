// Machine-readable output: one JSON document for all files (schema in
// docs/json-schema.md).
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "ptxlint/ptxlint.hpp"

namespace ptxlint::diag {

struct FileReport {
  std::string_view file;
  std::string_view text;
  const Result* result;
};

std::string renderJson(std::span<const FileReport> files);

}  // namespace ptxlint::diag
