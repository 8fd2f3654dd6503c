// Diagnostics as data: what ptxlint found, where, and how to fix it.
// Rendering (text, JSON, SARIF) is separate and lives in src/diag.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ptxlint {

enum class Severity : std::uint8_t { Note, Warning, Error };

std::string_view severityName(Severity severity);

// A half-open byte range [begin, end) in the checked buffer.
struct SourceRange {
  std::uint32_t begin = 0;
  std::uint32_t end = 0;
};

// 1-based line and column (the column counts bytes, like clang's).
struct LineColumn {
  std::uint32_t line = 0;
  std::uint32_t column = 0;
};

struct FixIt {
  SourceRange range;        // what to replace; an empty range inserts
  std::string replacement;  // the new text
};

struct DiagnosticNote {
  std::string message;
  bool has_range = false;
  SourceRange range;
  LineColumn begin;
};

struct Diagnostic {
  std::string_view code;  // stable rule code, e.g. "PL1002"
  std::string_view rule;  // the rule's slug, e.g. "missing-semicolon"
  Severity severity = Severity::Error;
  SourceRange range;    // the offending token(s), not the whole line
  LineColumn begin;     // of range.begin
  LineColumn end;       // of range.end
  std::string message;  // one line, lower case, no final period
  std::vector<DiagnosticNote> notes;
  std::vector<FixIt> fixits;
  std::string_view spec_section;  // manual section the rule implements
};

}  // namespace ptxlint
