// The rules of chapter 5 (state spaces, variables, parameters) and chapter
// 11 (.entry, .func, .callprototype, linking and performance-tuning
// directives) on declarations, as ptxas applies them: the order of a
// declaration's specifiers, arrays without a size, initializers of each
// state space, vectors, alignment, parameters of each kind of function and
// each PTX ISA version, and which directive goes on which function.
#pragma once

#include <array>
#include <cstdint>

#include "ast/ast.h"
#include "diag/diagnostic_builder.h"
#include "sema/initializer_values.h"
#include "sema/module_context.h"

namespace ptxlint::sema {

class DeclarationChecker {
 public:
  DeclarationChecker(const ModuleContext& context, diag::DiagnosticSink& sink)
      : context_(context), sink_(sink), values_(context, sink) {}

  // A variable declared at module scope (function == nullptr) or in the
  // body of `function`.
  void variable(const ast::VariableDecl& decl, const ast::Function* function);
  // A function's header: linkage, parameters, directives.
  void function(const ast::Function& f);
  // A .callprototype statement (11.3.3).
  void callPrototype(const ast::CallPrototype& proto);
  void targetList(const ast::TargetList& list);
  // A later piece of a module-scope declaration cut into pieces (ast::Piece):
  // its elements continue the first piece's initializer list.
  void initializerPiece(const ast::VariableDecl& decl);

 private:
  void specifierOrder(const ast::Specifiers& specifiers, bool is_param);
  void vectorAndAlignment(const ast::Specifiers& specifiers, std::int8_t vector, std::int8_t type, std::int8_t align);
  void arrays(const ast::Declarator& d, bool is_extern, std::string_view space);
  void sizeExpression(const ast::Expr& size, std::string_view space);
  void constantBank(const ast::Specifier& space);
  void constantBytes(const ast::VariableDecl& decl, const ast::Specifier& space);
  void constantSize(const ast::Declarator& d, const ast::Expr& e);
  void initializer(const ast::VariableDecl& decl, const ast::Declarator& d, std::string_view space, bool is_extern);
  void linkage(const ast::VariableDecl& decl, std::string_view space, bool at_module_scope);
  void stateSpaceScope(const ast::VariableDecl& decl, std::string_view space, const ast::Function* function);
  void paramLists(const std::optional<std::vector<ast::Param>>& returns,
                  const std::optional<std::vector<ast::Param>>& inputs, bool is_entry, bool is_prototype,
                  bool bodiless);
  // `bodiless`: of a function declaration or a prototype (no body).
  void param(const ast::Param& p, bool is_entry, bool is_return, bool is_last, bool bodiless);
  void entryParamList(const ast::Function& f);
  void directives(const std::vector<ast::FunctionDirective>& list, std::string_view kind, bool has_returns);
  void opaqueVariable(const ast::VariableDecl& decl, const ast::Specifier& type, std::string_view space,
                      const ast::Function* function);
  void attributes(const std::vector<ast::AttributeItem>& items, std::string_view space, bool on_function,
                  SourceRange at);
  Diagnostic& report(diag::RuleId rule, SourceRange at, std::string message, std::string_view section);

  const ModuleContext& context_;
  diag::DiagnosticSink& sink_;
  InitializerValues values_;
  std::array<std::uint64_t, 11> const_bytes_{};  // .const bytes declared so far, by bank (5.1.3, 5.1.3.1)
};

}  // namespace ptxlint::sema
