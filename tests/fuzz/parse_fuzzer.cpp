// libFuzzer target over ptxlint::lint, the library's entry point. Under clang
// it is built with -fsanitize=fuzzer,address,undefined (tools/fuzz); under
// g++ replay_main.cpp runs the saved corpus through it as an ordinary test.
//
// Besides "no crash, no hang, no leak", it checks invariants every result must
// hold: diagnostics sorted and inside the buffer, positions consistent with
// their byte ranges, and for input without errors an exact round trip.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "ast/printer.h"
#include "diag/diagnostic_builder.h"
#include "parse/parser.h"
#include "ptxlint/ptxlint.hpp"

namespace {

void require(bool condition) {
  if (!condition) std::abort();
}

bool sameFindings(const ptxlint::Result& a, const ptxlint::Result& b) {
  if (a.diagnostics.size() != b.diagnostics.size() || a.stats.instructions != b.stats.instructions ||
      a.stats.checked != b.stats.checked || a.truncated != b.truncated) {
    return false;
  }
  for (std::size_t i = 0; i < a.diagnostics.size(); ++i) {
    const ptxlint::Diagnostic& x = a.diagnostics[i];
    const ptxlint::Diagnostic& y = b.diagnostics[i];
    if (x.code != y.code || x.range.begin != y.range.begin || x.range.end != y.range.end || x.message != y.message) {
      return false;
    }
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  ptxlint::Options options;
  options.max_errors = 200;
  ptxlint::Result result = ptxlint::lint(text, options);

  std::uint32_t previous = 0;
  for (const ptxlint::Diagnostic& d : result.diagnostics) {
    require(d.range.begin <= d.range.end);
    require(d.range.end <= size);
    require(d.range.begin >= previous);
    previous = d.range.begin;
    require(d.begin.line >= 1 && d.begin.column >= 1);
    require(!d.code.empty() && !d.message.empty());
    for (const ptxlint::FixIt& f : d.fixits) require(f.range.begin <= f.range.end && f.range.end <= size);
  }

  // The engine's shortcuts change no finding: chunk by chunk with reused
  // verdicts, against the whole module checked anew, with the default chunk
  // size and with small chunks, so that short inputs have several (the chunk
  // size itself may change where syntax-error recovery resumes).
  ptxlint::Options whole = options;
  whole.streaming = false;
  whole.memoize_checks = false;
  require(sameFindings(result, ptxlint::lint(text, whole)));
  ptxlint::Options pieces = options;
  pieces.chunk_bytes = 256;
  ptxlint::Options whole_pieces = whole;
  whole_pieces.chunk_bytes = 256;
  ptxlint::Result in_pieces = ptxlint::lint(text, pieces);
  require(sameFindings(in_pieces, ptxlint::lint(text, whole_pieces)));
  // Two threads (chunks parsed at once, checked in order; inputs of eight
  // small chunks and more): the same findings as one.
  ptxlint::Options threaded = pieces;
  threaded.threads = 2;
  require(sameFindings(in_pieces, ptxlint::lint(text, threaded)));

  // Input that parses cleanly must print and re-parse to the same text.
  if (result.diagnostics.empty() && size > 0) {
    ptxlint::ast::Module module;
    ptxlint::diag::DiagnosticSink sink;
    ptxlint::parse::parseModule(text, {}, module, sink);
    require(sink.diagnostics().empty());
    std::string printed = ptxlint::ast::printModule(module);
    ptxlint::ast::Module again;
    ptxlint::diag::DiagnosticSink sink_again;
    ptxlint::parse::parseModule(printed, {}, again, sink_again);
    require(sink_again.diagnostics().empty());
    require(ptxlint::ast::printModule(again) == printed);
  }
  return 0;
}
