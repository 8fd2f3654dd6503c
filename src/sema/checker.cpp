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
    for (const ast::TopLevel& item : module.items) {
      if (const auto* f = std::get_if<ast::Function>(&item.node); f != nullptr && f->body) block(*f->body);
    }
  }

 private:
  void block(const ast::Block& b) {
    for (const ast::Statement& s : b.statements) {
      if (const auto* in = std::get_if<ast::Instruction>(&s.node)) {
        instruction(*in);
      } else if (const auto* inner = std::get_if<ast::Block>(&s.node)) {
        block(*inner);
      }
    }
  }

  void instruction(const ast::Instruction& in) {
    ++stats_.instructions;
    // No instruction table exists yet (TODO(#4)): every instruction is
    // parsed, counted, and reported as unchecked on request.
    ++stats_.unchecked;
    if (options_.show_unchecked) {
      std::string mnemonic(in.opcode.text);
      for (const ast::Token& q : in.qualifiers) mnemonic += q.text;
      sink_.report(diag::RuleId::UncheckedInstruction, in.mnemonic_range,
                   fmt::format("'{}' is not checked: no instruction table covers '{}' yet", mnemonic,
                               in.opcode.text));
    }
  }

  const Options& options_;
  diag::DiagnosticSink& sink_;
  Statistics& stats_;
};

}  // namespace

void checkModule(const ast::Module& module, const Options& options, diag::DiagnosticSink& sink,
                 Statistics& stats) {
  // After syntax errors the AST lacks the broken statements (a dropped .reg
  // line would make every use of its registers "undeclared"): the semantic
  // checks wait until the syntax is right, as ptxas does.
  bool syntax_ok = std::none_of(sink.diagnostics().begin(), sink.diagnostics().end(), [](const Diagnostic& d) {
    return d.severity == Severity::Error && d.code.substr(0, 3) == "PL1";
  });
  if (syntax_ok) {
    ModuleContext context = checkModuleDirectives(module, options, sink);
    checkSymbols(module, context, sink);
  }
  ModuleWalker(options, sink, stats).walk(module);
}

}  // namespace ptxlint::sema
