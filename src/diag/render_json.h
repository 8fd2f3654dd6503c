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

// `all_stats` (--stats): a file's "stats" object holds every count and the
// phase times, not only the five counts it always has.
std::string renderJson(std::span<const FileReport> files, bool all_stats = false);

// A "stats" object: bytes, tokens, instructions, checked, unchecked; with
// `all_stats`, the parser's counts and the phase times (milliseconds) too.
std::string statsJson(const Statistics& s, bool all_stats);

}  // namespace ptxlint::diag
