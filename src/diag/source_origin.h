// From PTX back to the source that generated it: the .file and .loc
// directives (PTX ISA 11.5.3, 11.5.4) and the inline asm blocks of a PTX
// text, read in one pass when a diagnostic needs them (a clean file never
// pays for it). Memory stays bounded whatever the text: only the answers
// for the offsets asked about are kept.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ptxlint/diagnostic.hpp"

namespace ptxlint::diag {

class PtxOrigins {
 public:
  // Reads `text` once, answering for each of `offsets` (in any order).
  PtxOrigins(std::string_view text, std::vector<std::uint32_t> offsets);

  // The origin of the PTX at `offset` (one of those given): the nearest
  // .loc before it in the same function ("lexically preceding", 11.5.4),
  // its inlined_at chain, and whether the offset lies in an inline asm
  // block.
  std::optional<SourceOrigin> originAt(std::uint32_t offset) const;

  // The inline asm block holding `offset` (one of those given): from the
  // line after `// begin inline asm` to the start of `// end inline asm`.
  std::optional<SourceRange> inlineAsmAt(std::uint32_t offset) const;

 private:
  struct FileLineColumn {
    std::uint32_t file = 0, line = 0, column = 0;
    bool operator==(const FileLineColumn&) const = default;
    bool operator<(const FileLineColumn& o) const {
      return file != o.file ? file < o.file : line != o.line ? line < o.line : column < o.column;
    }
  };
  struct Answer {
    std::optional<FileLineColumn> location;
    std::vector<FileLineColumn> inlined_at;
    std::optional<std::uint32_t> asm_begin;  // of an open inline asm block
    std::optional<std::uint32_t> asm_end;
  };
  // What the pass knows at a point of the text.
  struct State {
    std::optional<FileLineColumn> location;
    std::optional<FileLineColumn> inlined_at;
    // Within the function: the call site of each inlined location seen
    // (bounded), for inlined_at chains.
    std::map<FileLineColumn, FileLineColumn> calls;
    std::optional<std::uint32_t> asm_begin;
  };

  void scanLine(std::string_view line, std::uint32_t end, State& state);
  void answer(std::uint32_t offset, const State& state);
  SourceLocation locationOf(const FileLineColumn& where) const;

  std::map<std::uint32_t, Answer> answers_;
  std::vector<std::uint32_t> open_asm_;         // answered offsets inside the open asm block
  std::map<std::uint32_t, std::string> files_;  // .file index -> name (bounded)
};

// Sets Diagnostic::source on each diagnostic of a text with .loc directives.
void attachSourceOrigins(std::string_view text, std::vector<Diagnostic>& diagnostics);

}  // namespace ptxlint::diag
