// The engine's two shortcuts must not change a verdict. Checking a file
// chunk by chunk (Options::streaming: each chunk's AST is checked as soon as
// it is parsed, then dropped) and reusing the verdicts of instructions that
// read the same (Options::memoize_checks, sema::CheckMemo) must give exactly
// the result of checking the whole module at once, every instruction anew:
// the same diagnostics (code, position, message, notes, fix-its), the same
// statistics and the same inferred requirements, for every file under the
// given paths. Small chunks put many chunk boundaries in every file, as in a
// large one.
//
//   stream_equivalence PATH...     exit 0 when all agree, 1 otherwise
#include <cstdio>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include "input_files.h"

#include "ptxlint/ptxlint.hpp"

namespace {

std::string describe(const ptxlint::Result& r) {
  std::string out;
  for (const ptxlint::Diagnostic& d : r.diagnostics) {
    out += std::string(d.code) + "@" + std::to_string(d.begin.line) + ":" + std::to_string(d.begin.column) + "-" +
           std::to_string(d.end.line) + ":" + std::to_string(d.end.column) + " " + d.message + "\n";
    for (const ptxlint::DiagnosticNote& n : d.notes) {
      out += "  note@" + std::to_string(n.begin.line) + ":" + std::to_string(n.begin.column) + " " + n.message + "\n";
    }
    for (const ptxlint::FixIt& f : d.fixits) {
      out +=
          "  fixit@" + std::to_string(f.range.begin) + "-" + std::to_string(f.range.end) + " " + f.replacement + "\n";
    }
  }
  const ptxlint::Statistics& s = r.stats;
  out += "instructions " + std::to_string(s.instructions) + " checked " + std::to_string(s.checked) + " unchecked " +
         std::to_string(s.unchecked) + " tokens " + std::to_string(s.tokens) + " truncated " +
         std::to_string(r.truncated) + "\n";
  if (r.requirements) {
    for (const ptxlint::Requirement* q : {&r.requirements->version, &r.requirements->target}) {
      out += "requires " + q->value + " @" + std::to_string(q->line) + ":" + std::to_string(q->column) + " " +
             q->reason + "\n";
    }
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  bool ok = true;
  std::size_t files = 0, multi_chunk = 0;
  auto check = [&](const std::filesystem::path& path, const std::string& text) {
    ++files;
    for (bool requirements : {false, true}) {
      ptxlint::Options whole;
      whole.streaming = false;
      whole.memoize_checks = false;
      whole.infer_requirements = requirements;
      whole.chunk_bytes = 2048;
      ptxlint::Options streamed = whole;
      streamed.streaming = true;
      streamed.memoize_checks = true;
      ptxlint::Result a = ptxlint::lint(text, whole);
      ptxlint::Result b = ptxlint::lint(text, streamed);
      if (!requirements && b.stats.chunks > 1) ++multi_chunk;
      std::string da = describe(a), db = describe(b);
      if (da != db) {
        std::fprintf(stderr, "%s: streamed and memoized differs from whole and anew%s:\n--- whole\n%s--- streaming\n%s",
                     path.string().c_str(), requirements ? " (--requirements)" : "", da.c_str(), db.c_str());
        ok = false;
      }
    }
  };
  ptxlint::testing::forEachInputFile(argc, argv, check);
  std::printf("stream equivalence: %zu files (%zu in more than one chunk): %s\n", files, multi_chunk,
              ok ? "identical" : "DIFFERENT");
  return ok ? 0 : 1;
}
