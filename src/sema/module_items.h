// Module-scope directives that name what came before them: .alias (11.2.3),
// whose two functions must be declared, one defined and one a bodiless
// declaration of the same prototype, and .file (11.5.3), whose index names
// one file. The module may come in pieces (streaming), so what is kept of
// a function is copied out of its AST.
#pragma once

#include <string>
#include <unordered_map>
#include <vector>

#include "ast/ast.h"
#include "diag/diagnostic_builder.h"
#include "sema/module_context.h"
#include "sema/scope.h"

namespace ptxlint::sema {

using symbols::Symbol;

class ModuleItemChecker {
 public:
  ModuleItemChecker(const ModuleContext& context, diag::DiagnosticSink& sink) : context_(context), sink_(sink) {}

  // Every .entry and .func of the module, declarations and definitions, in
  // order.
  void function(const ast::Function& f);
  // `alias` and `aliasee`: what the names resolve to at module scope (null:
  // undeclared).
  void alias(const ast::AliasDirective& a, const Symbol* alias, const Symbol* aliasee);
  void file(const ast::FileDirective& f);
  // At the module's end: what an .alias named before its definition.
  void finish();

 private:
  struct FunctionFacts {
    bool entry = false;
    bool body = false;
    bool weak = false;
    std::string_view linkage;  // of its first declaration: ".extern", ".visible", ".weak", ".common" or ""
    std::string prototype;     // parameter specifiers and sizes, names left out
    std::string aliased_to;    // set once an .alias names it as fAlias
    SourceRange declared{};    // its name where it was first declared or defined
    SourceRange defined{};     // its name where it was defined (a body)
  };

  void linkageMismatch(const ast::Function& f, const FunctionFacts& facts);
  bool aliasee(const ast::AliasDirective& a, const Symbol* symbol, const FunctionFacts*& facts);
  bool definedAliasee(std::string_view name, SourceRange at, const FunctionFacts& facts);
  struct PendingAliasee {
    std::string name;
    SourceRange at;
  };
  std::vector<PendingAliasee> pending_aliasees_;  // declared, not yet defined
  Diagnostic& report(diag::RuleId rule, SourceRange at, std::string message, std::string_view section);

  const ModuleContext& context_;
  diag::DiagnosticSink& sink_;
  std::unordered_map<std::string, FunctionFacts> functions_;
  std::unordered_map<std::string, SourceRange> files_;  // index -> its first .file
};

}  // namespace ptxlint::sema
