// The fast path (src/parse/fast_path.h: ANTLR once per statement shape, the
// AST relocated onto every later statement of that shape) must build exactly
// the AST of the slow path (ANTLR on the whole chunk) and report exactly the
// same diagnostics, for every file under the given paths. Each file is
// parsed three times: slow, fast (the shape cache as earlier files left it),
// and fast again (every shape now cached, so every run is relocated).
// A fourth parse compares the fast path's two parsers run by run: every run
// the hand-written parser (src/parse/hand_parser.h) takes must get the same
// AST from ANTLR and the AST builder, with no diagnostic.
//
//   parse_equivalence PATH...     exit 0 when all agree, 1 otherwise
#include <cstdio>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>
#include "input_files.h"

#include "ast/printer.h"
#include "diag/diagnostic_builder.h"
#include "parse/ast_relocation.h"
#include "parse/parser.h"

namespace {

struct Parsed {
  ptxlint::ast::Module module;
  ptxlint::diag::DiagnosticSink sink;
  ptxlint::parse::ParseStats stats;
};

void parse(std::string_view text, bool fast, Parsed& out, bool compare_parsers = false) {
  ptxlint::parse::ParseOptions options;
  options.fast_path = fast;
  options.compare_hand_parser = compare_parsers;
  // Small chunks: more chunk boundaries, as in a large file.
  options.min_chunk_bytes = 4096;
  out.stats = ptxlint::parse::parseModule(text, options, out.module, out.sink);
}

std::string describe(const ptxlint::diag::DiagnosticSink& sink) {
  std::string out;
  for (const auto& d : const_cast<ptxlint::diag::DiagnosticSink&>(sink).diagnostics()) {
    out += std::string(d.code) + "@" + std::to_string(d.range.begin) + "-" + std::to_string(d.range.end) + ":" +
           d.message + "\n";
  }
  return out;
}

bool same(const std::string& name, std::string_view text, const Parsed& slow, const Parsed& fast, const char* which) {
  auto fail = [&](const std::string& what) {
    std::fprintf(stderr, "%s: %s path differs from the slow path: %s\n", name.c_str(), which, what.c_str());
    return false;
  };
  if (describe(slow.sink) != describe(fast.sink)) return fail("diagnostics");
  if (slow.module.items.size() != fast.module.items.size()) return fail("number of top-level items");
  for (std::size_t i = 0; i < slow.module.items.size(); ++i) {
    if (ptxlint::parse::locationsOf(slow.module.items[i], text.data()) !=
        ptxlint::parse::locationsOf(fast.module.items[i], text.data())) {
      return fail("positions in top-level item " + std::to_string(i));
    }
  }
  if (ptxlint::ast::printModule(slow.module) != ptxlint::ast::printModule(fast.module)) return fail("printed AST");
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  bool ok = true;
  std::size_t files = 0, fast_files = 0;
  std::uint64_t parsed_runs = 0, reused_runs = 0, hand_runs = 0, compared_files = 0;
  auto check = [&](const std::filesystem::path& path, const std::string& text) {
    ++files;
    Parsed slow, fast, again;
    parse(text, false, slow);
    parse(text, true, fast);
    parse(text, true, again);
    Parsed compared;
    parse(text, true, compared, /*compare_parsers=*/true);
    if (compared.stats.hand_mismatches > 0) {
      std::fprintf(stderr, "%s: the hand-written parser and ANTLR differ on %llu runs, the first at offset %u\n",
                   path.string().c_str(), static_cast<unsigned long long>(compared.stats.hand_mismatches),
                   compared.stats.first_hand_mismatch);
      ok = false;
    }
    ++compared_files;
    hand_runs += fast.stats.hand_runs;
    ok &= same(path.string(), text, slow, fast, "fast");
    ok &= same(path.string(), text, slow, again, "cached fast");
    if (fast.stats.slow_chunks == 0) ++fast_files;
    parsed_runs += fast.stats.parsed_runs + again.stats.parsed_runs;
    reused_runs += fast.stats.reused_runs + again.stats.reused_runs;
  };
  ptxlint::testing::forEachInputFile(argc, argv, check);
  std::printf(
      "parse equivalence: %zu files (%zu wholly on the fast path), %llu runs parsed (%llu of the first fast parse by "
      "hand), %llu reused; both parsers on every run of %llu files: %s\n",
      files, fast_files, static_cast<unsigned long long>(parsed_runs), static_cast<unsigned long long>(hand_runs),
      static_cast<unsigned long long>(reused_runs), static_cast<unsigned long long>(compared_files),
      ok ? "identical" : "DIFFERENT");
  return ok ? 0 : 1;
}
