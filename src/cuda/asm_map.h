// From a PTX inline asm block back to the string literal it was written in:
// the compilers copy an asm statement's template into the PTX with %0, %1...
// replaced by operands and %% by %, so aligning the two finds, for a byte of
// the PTX, the line and column of the character in the .cu source that
// produced it (an operand maps to its %N).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ptxlint/diagnostic.hpp"

namespace ptxlint::cuda {

struct SourcePosition {
  std::uint32_t line = 0, column = 0;  // 1-based, the column in bytes
};

// One asm statement of a source file: its decoded template, and for each
// template byte the source position of what wrote it.
struct AsmStatement {
  std::uint32_t first_line = 0, last_line = 0;  // from `asm` to the closing parenthesis
  std::string templ;
  std::vector<SourcePosition> positions;
};

// Every asm statement of a C++/CUDA source (`asm`, `__asm__`, `__asm`, with
// volatile/inline/goto), its template made of ordinary and raw string
// literals.
std::vector<AsmStatement> findAsmStatements(std::string_view source);

// Every asm template of a Triton kernel's Python source: the string
// literals given to tl.inline_asm_elementwise (first argument or asm=), in
// LLVM's inline asm syntax ($0, $1 for operands).
std::vector<AsmStatement> findPythonAsmStatements(std::string_view source);

// Where the PTX byte at `offset` of `block` (the text of an inline asm block)
// was written, if `statement` generated the block.
std::optional<SourcePosition> mapAsmOffset(const AsmStatement& statement, std::string_view block, std::uint32_t offset);

// The statement near `line` (the .loc line: nvcc's points into the
// statement, clang's at its start) that generated `block`.
const AsmStatement* asmStatementFor(const std::vector<AsmStatement>& statements, std::uint32_t line,
                                    std::string_view block);

// Diagnostics in the inline asm of a Triton kernel (a .loc into a .py file
// that can be read): the source location moved from the call to the byte of
// the asm string that wrote the offending text.
void refinePythonAsmOrigins(std::string_view ptx, std::vector<Diagnostic>& diagnostics);

}  // namespace ptxlint::cuda
