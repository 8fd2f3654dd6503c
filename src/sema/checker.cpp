#include "sema/checker.h"

#include "sema/module_context.h"

#include <fmt/format.h>

#include <algorithm>
#include <string>

namespace ptxlint::sema {

bool listsUnchecked(const Options& options) {
  return options.show_unchecked ||
         std::any_of(options.enabled_rules.begin(), options.enabled_rules.end(),
                     [](const std::string& r) { return r == "PL9002" || r == "unchecked-instruction"; });
}

ModuleContext checkModuleHeader(const ast::Module& module, const Options& options, diag::DiagnosticSink& sink,
                                RequirementLog* requirements) {
  // A .version or .target line with a syntax error (or none parsed at all:
  // empty, binary or garbage input) is not missing: its absence is not
  // reported (PL2001, PL2002), and the context it would set stays unknown,
  // so nothing is gated on it.
  if (!module.broken_module_directive && !module.items.empty()) {
    return checkModuleDirectives(module, options, sink, requirements);
  }
  diag::DiagnosticSink header(options.max_errors);
  ModuleContext context = checkModuleDirectives(module, options, header, requirements);
  for (Diagnostic& d : header.diagnostics()) {
    if (d.code == "PL2001" || d.code == "PL2002") continue;  // version-first, target-after-version
    sink.adopt(std::move(d));
  }
  sink.addDropped(header.droppedCount());
  return context;
}

void checkModule(const ast::Module& module, const Options& options, diag::DiagnosticSink& sink, Statistics& stats,
                 RequirementLog* requirements) {
  // Syntax errors switch nothing off: the statements that have one are not
  // in the AST, and what they declared is declared but unknown (see
  // ast::Block::unknown_names), so every other statement is checked
  // without a cascade.
  ModuleContext context = checkModuleHeader(module, options, sink, requirements);
  checkModuleBody(module, context, options, sink, stats);
}

}  // namespace ptxlint::sema
