// From PTX back to the source that generated it: the .file and .loc
// directives (PTX ISA 11.5.3, 11.5.4) and the inline asm blocks of a PTX
// text, read in one pass when a diagnostic needs them (a clean file never
// pays for it).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ptxlint/diagnostic.hpp"

namespace ptxlint::diag {

class PtxOrigins {
 public:
  explicit PtxOrigins(std::string_view text);

  // Whether the text has any .loc at all.
  bool empty() const { return locs_.empty(); }

  // The origin of the PTX at byte `offset`: the nearest .loc before it in
  // the same function ("lexically preceding", 11.5.4), its inlined_at chain,
  // and whether the offset lies in an inline asm block.
  std::optional<SourceOrigin> originAt(std::uint32_t offset) const;

  // The inline asm block holding `offset`: from the line after
  // `// begin inline asm` to the start of the `// end inline asm` line.
  std::optional<SourceRange> inlineAsmAt(std::uint32_t offset) const;

 private:
  struct FileLineColumn {
    std::uint32_t file = 0, line = 0, column = 0;
    bool operator==(const FileLineColumn&) const = default;
  };
  // One .loc (or, with where.file == 0, the start of a function, after
  // which no earlier .loc is in force).
  struct Loc {
    std::uint32_t offset = 0;  // of its line
    FileLineColumn where;
    std::optional<FileLineColumn> inlined_at;
  };

  // One line, leading blanks removed; `offset` and `end` bound it in the text.
  void scanLine(std::string_view line, std::uint32_t offset, std::uint32_t end,
                std::optional<std::uint32_t>& asm_begin);
  SourceLocation locationOf(const FileLineColumn& where) const;

  std::vector<Loc> locs_;
  std::vector<SourceRange> asm_blocks_;
  std::vector<std::pair<std::uint32_t, std::string>> files_;  // .file index -> name
};

// Sets Diagnostic::source on each diagnostic of a text with .loc directives.
void attachSourceOrigins(std::string_view text, std::vector<Diagnostic>& diagnostics);

}  // namespace ptxlint::diag
