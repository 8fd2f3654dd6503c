// For one real PTX file: ptxlint reports nothing, and the file round-trips.
//
// Round trip: the AST printed back as PTX has exactly the input's tokens, in
// order (nothing lost, nothing invented), and printing is a fixed point
// (print(parse(print(ast))) == print(ast)), so the re-parsed AST equals the
// first one.
#include <fmt/format.h>

#include <fstream>
#include <sstream>
#include <string>

#include "ast/printer.h"
#include "diag/render_text.h"
#include "parse/parser.h"
#include "ptxlint/ptxlint.hpp"

namespace {

bool parseClean(std::string_view text, ptxlint::ast::Module& module, std::string_view what) {
  ptxlint::diag::DiagnosticSink sink;
  ptxlint::parse::parseModule(text, {}, module, sink);
  if (sink.diagnostics().empty()) return true;
  fmt::print("{}: {} diagnostics, first: {}\n", what, sink.diagnostics().size(), sink.diagnostics().front().message);
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    fmt::print(stderr, "usage: corpus_check FILE.ptx\n");
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  const std::string text = buffer.str();
  if (!in || text.empty()) {
    fmt::print(stderr, "cannot read {}\n", argv[1]);
    return 2;
  }

  ptxlint::Result result = ptxlint::lint(text);
  if (!result.diagnostics.empty()) {
    std::string rendered = ptxlint::diag::renderText(argv[1], text, result.diagnostics, {});
    fmt::print("{}{}: expected no diagnostics, got {}\n", rendered, argv[1], result.diagnostics.size());
    return 1;
  }

  ptxlint::ast::Module first;
  if (!parseClean(text, first, "original")) return 1;
  const std::string printed = ptxlint::ast::printModule(first);

  auto original_tokens = ptxlint::parse::lexTokens(text);
  auto printed_tokens = ptxlint::parse::lexTokens(printed);
  std::size_t n = std::min(original_tokens.size(), printed_tokens.size());
  for (std::size_t i = 0; i < n; ++i) {
    if (original_tokens[i] != printed_tokens[i]) {
      fmt::print("{}: round trip changes token {}: '{}' became '{}'\n", argv[1], i, original_tokens[i],
                 printed_tokens[i]);
      return 1;
    }
  }
  if (original_tokens.size() != printed_tokens.size()) {
    fmt::print("{}: round trip has {} tokens, the original {}\n", argv[1], printed_tokens.size(),
               original_tokens.size());
    return 1;
  }

  ptxlint::ast::Module second;
  if (!parseClean(printed, second, "printed")) return 1;
  if (ptxlint::ast::printModule(second) != printed) {
    fmt::print("{}: printing is not a fixed point\n", argv[1]);
    return 1;
  }
  fmt::print("{}: clean; {} instructions; round trip of {} tokens exact\n", argv[1], result.stats.instructions,
             original_tokens.size());
  return 0;
}
