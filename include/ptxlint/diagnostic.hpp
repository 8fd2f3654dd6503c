// Diagnostics as data: what ptxlint found, where, and how to fix it.
// Rendering (text, JSON, SARIF) is separate and lives in src/diag.
#pragma once

#include <cstdint>
#include <optional>
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

// A place in the source that generated the PTX (a .cu or .py file named by
// a .file directive), from the .loc directive in force (PTX ISA 11.5.3,
// 11.5.4). Column 0: the generator gave none.
struct SourceLocation {
  std::string file;
  std::uint32_t line = 0;
  std::uint32_t column = 0;
};

// What generated a diagnostic's PTX line: the innermost .loc in force, the
// call sites it was inlined at (innermost first, from `inlined_at`), and
// whether the line lies in an inline asm block (between the compilers'
// `// begin inline asm` and `// end inline asm` comments).
struct SourceOrigin {
  SourceLocation location;
  std::vector<SourceLocation> inlined_at;
  bool in_inline_asm = false;
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
  // Set when the PTX carries .file/.loc (nvcc -lineinfo, clang -g, Triton).
  std::optional<SourceOrigin> source;
};

}  // namespace ptxlint
