// ptxlint::lint: prescan, parse, check, then resolve positions and order.
#include <algorithm>

#include "ast/source_map.h"
#include "diag/diagnostic_builder.h"
#include "parse/parser.h"
#include "ptxlint/ptxlint.hpp"
#include "sema/checker.h"

namespace ptxlint {

std::size_t Result::count(Severity severity) const {
  return static_cast<std::size_t>(std::count_if(diagnostics.begin(), diagnostics.end(),
                                                [&](const Diagnostic& d) { return d.severity == severity; }));
}

std::string_view version() { return PTXLINT_VERSION; }

Result lint(std::string_view text, const Options& options) {
  Result result;
  result.stats.bytes = text.size();
  diag::DiagnosticSink sink(options.max_errors);

  parse::ParseOptions parse_options;
  parse_options.max_nesting = options.max_nesting;
  ast::Module module;
  parse::ParseStats parse_stats = parse::parseModule(text, parse_options, module, sink);
  result.stats.tokens = parse_stats.tokens;
  result.stats.chunks = parse_stats.chunks;
  result.stats.ll_fallbacks = parse_stats.ll_fallbacks;

  sema::checkModule(module, options, sink, result.stats);

  std::vector<Diagnostic>& diagnostics = sink.diagnostics();
  std::stable_sort(diagnostics.begin(), diagnostics.end(), [](const Diagnostic& a, const Diagnostic& b) {
    return a.range.begin < b.range.begin;
  });
  // Keep at most max_errors errors (notes and warnings of kept positions stay).
  std::size_t errors = 0;
  ast::SourceMap map(text);
  for (Diagnostic& d : diagnostics) {
    if (d.severity == Severity::Error && ++errors > options.max_errors) {
      result.truncated = true;
      break;
    }
    d.begin = map.lineColumn(d.range.begin);
    d.end = map.lineColumn(d.range.end);
    for (DiagnosticNote& n : d.notes) {
      if (n.has_range) n.begin = map.lineColumn(n.range.begin);
    }
    result.diagnostics.push_back(std::move(d));
  }
  return result;
}

}  // namespace ptxlint
