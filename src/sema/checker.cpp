#include "sema/checker.h"

#include <fmt/format.h>

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
  ModuleWalker(options, sink, stats).walk(module);
}

}  // namespace ptxlint::sema
