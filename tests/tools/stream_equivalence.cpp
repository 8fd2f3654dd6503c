// The engine's two shortcuts must not change a verdict. Checking a file
// chunk by chunk (Options::streaming: each chunk's AST is checked as soon as
// it is parsed, then dropped) and reusing the verdicts of instructions that
// read the same (Options::memoize_checks, sema::CheckMemo) must give exactly
// the result of checking the whole module at once, every instruction anew:
// the same diagnostics (code, position, message, notes, fix-its), the same
// statistics and the same inferred requirements, for every file under the
// given paths. Small chunks put many chunk boundaries in every file, as in a
// large one. Checking on several threads (Options::threads: chunks parsed at
// once, checked in order) must give the streamed result too, statistics of
// the chunks included.
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
  std::size_t files = 0, multi_chunk = 0, threaded = 0;
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
      // Three threads on two cores: workers wait for each other's turn in
      // every order.
      ptxlint::Options parallel = streamed;
      parallel.threads = 3;
      ptxlint::Result c = ptxlint::lint(text, parallel);
      if (!requirements && text.size() >= 8 * streamed.chunk_bytes) ++threaded;
      auto chunks = [](const ptxlint::Result& r) {
        return " chunks " + std::to_string(r.stats.chunks) + " slow " + std::to_string(r.stats.slow_chunks) + " runs " +
               std::to_string(r.stats.parsed_runs + r.stats.reused_runs) + "\n";
      };
      std::string dc = describe(c) + chunks(c);
      db += chunks(b);
      if (db != dc) {
        std::fprintf(stderr, "%s: three threads differ from one%s:\n--- one\n%s--- three\n%s", path.string().c_str(),
                     requirements ? " (--requirements)" : "", db.c_str(), dc.c_str());
        ok = false;
      }
    }
  };
  ptxlint::testing::forEachInputFile(argc, argv, check);
  std::printf("stream equivalence: %zu files (%zu in more than one chunk, %zu on three threads): %s\n", files,
              multi_chunk, threaded, ok ? "identical" : "DIFFERENT");
  return ok ? 0 : 1;
}
