#include "sema/checker.h"

#include "sema/module_context.h"

#include <fmt/format.h>

#include <algorithm>
#include <string>

namespace ptxlint::sema {
namespace {

class ModuleWalker {
 public:
  ModuleWalker(const Options& options, diag::DiagnosticSink& sink, Statistics& stats)
      : options_(options), sink_(sink), stats_(stats) {}

  void walk(const ast::Module& module) {
    module_ = &module;
    for (const ast::TopLevel& item : module.items) {
      if (const auto* f = std::get_if<ast::Function>(&item.node); f != nullptr && f->body) block(*f->body);
    }
  }

 private:
  void block(const ast::Block& b) {
    for (const ast::Statement& s : b.statements) {
      if (const auto* in = ast::nodeIf<ast::Instruction>(s)) {
        instruction(*in);
      } else if (const auto* run = std::get_if<ast::DeferredRun>(&s.node)) {
        for (std::uint32_t k = run->first; k < run->first + run->count; ++k) {
          if (listsUnchecked(options_)) {
            ast::ExprArena arena;
            ast::Statement built = module_->build(module_->deferred[k], arena);
            instruction(*ast::nodeIf<ast::Instruction>(built));
          } else {
            ++stats_.instructions;
            ++stats_.unchecked;
          }
        }
      } else if (const auto* inner = ast::nodeIf<ast::Block>(s)) {
        block(*inner);
      }
    }
  }

  void instruction(const ast::Instruction& in) {
    ++stats_.instructions;
    ++stats_.unchecked;
    if (listsUnchecked(options_)) reportUnchecked(in, sink_);
  }

  const Options& options_;
  diag::DiagnosticSink& sink_;
  Statistics& stats_;
  const ast::Module* module_ = nullptr;
};

}  // namespace

bool listsUnchecked(const Options& options) {
  return options.show_unchecked ||
         std::any_of(options.enabled_rules.begin(), options.enabled_rules.end(),
                     [](const std::string& r) { return r == "PL9002" || r == "unchecked-instruction"; });
}

void countInstructions(const ast::Module& module, Statistics& stats) {
  Options quiet;  // lists nothing
  diag::DiagnosticSink unused;
  ModuleWalker(quiet, unused, stats).walk(module);
}

void checkModule(const ast::Module& module, const Options& options, diag::DiagnosticSink& sink, Statistics& stats,
                 RequirementLog* requirements) {
  // After syntax errors the AST lacks the broken statements (a dropped .reg
  // line would make every use of its registers "undeclared"): the semantic
  // checks wait until the syntax is right, as ptxas does.
  bool syntax_ok = std::none_of(sink.diagnostics().begin(), sink.diagnostics().end(), [](const Diagnostic& d) {
    return d.severity == Severity::Error && d.code.substr(0, 3) == "PL1";
  });
  if (syntax_ok) {
    ModuleContext context = checkModuleDirectives(module, options, sink, requirements);
    checkModuleBody(module, context, options, sink, stats);
    return;
  }
  // Only count: with syntax errors nothing is checked.
  ModuleWalker(options, sink, stats).walk(module);
}

}  // namespace ptxlint::sema
