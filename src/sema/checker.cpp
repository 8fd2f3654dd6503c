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

void checkModule(const ast::Module& module, const Options& options, diag::DiagnosticSink& sink, Statistics& stats,
                 RequirementLog* requirements) {
  // Syntax errors switch nothing off: the statements that have one are not
  // in the AST, and what they declared is declared but unknown (see
  // ast::Block::unknown_names), so every other statement is checked
  // without a cascade.
  ModuleContext context = checkModuleDirectives(module, options, sink, requirements);
  checkModuleBody(module, context, options, sink, stats);
}

}  // namespace ptxlint::sema
