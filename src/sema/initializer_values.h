// 5.4.4 Initializers: the values of a .global or .const variable's
// initializer against the variable's type, vector size and dimensions.
// (Where an initializer may be at all, and opaque types' members, are the
// declaration checks'.)
#pragma once

#include <cstdint>
#include <string_view>

#include "ast/ast.h"
#include "diag/diagnostic_builder.h"
#include "sema/constant_types.h"
#include "sema/module_context.h"

namespace ptxlint::sema {

class InitializerValues {
 public:
  InitializerValues(const ModuleContext& context, diag::DiagnosticSink& sink) : context_(context), sink_(sink) {}

  // The initializer of declarator `d` of `decl` (a .global or .const
  // variable that may have one). A declaration cut into pieces
  // (ast::Piece) comes piece by piece, in order: the elements of its last
  // declarator's list continue from piece to piece.
  void declarator(const ast::VariableDecl& decl, const ast::Declarator& d, bool last_declarator);

 private:
  enum class TypeClass : std::uint8_t { Float, Unsigned, Signed, Bits, Other };
  static TypeClass classOf(std::string_view type);

  // One level of the initializer: `level` indexes the dimensions, then the
  // vector, then the scalar. False once it reported (one finding a
  // declarator, as ptxas stops at its first).
  bool value(const ast::Initializer& init, std::size_t level);
  bool list(const ast::Initializer& init, std::size_t level, std::uint64_t already);
  bool scalar(const ast::Initializer& init);
  // What a table of a million values has, judged without a walk: a literal
  // of the variable's kind, generic(var) or var in an address's type.
  bool quick(const ast::Expr* e) const {
    if (e == nullptr) return false;
    switch (e->kind) {
      case ast::ExprKind::IntLiteral: return type_class_ != TypeClass::Float;
      case ast::ExprKind::FloatLiteral: return type_class_ == TypeClass::Float || type_class_ == TypeClass::Bits;
      case ast::ExprKind::Symbol: return holds_addresses_;
      case ast::ExprKind::Call: return holds_addresses_ && e->lhs != nullptr && e->lhs->kind == ast::ExprKind::Symbol;
      default: return false;
    }
  }
  // mask() operators: their values and the version they need.
  bool masks(const ast::Expr* e);
  // A value's type against the variable's (reports when it does not fit).
  bool fits(const ConstantTyping& t, const ast::Expr* e);
  void mismatch(SourceRange at, std::string message);

  const ModuleContext& context_;
  diag::DiagnosticSink& sink_;
  // The declarator being checked.
  const ast::VariableDecl* decl_ = nullptr;
  const ast::Declarator* d_ = nullptr;
  std::string_view type_;
  TypeClass type_class_ = TypeClass::Other;
  bool holds_addresses_ = false;  // .u32, .u64 (5.4.4)
  unsigned vector_ = 0;
  // Top-level elements of the pieces so far of a declaration cut into
  // pieces, and whether one of them reported.
  std::uint64_t piece_elements_ = 0;
  bool piece_reported_ = false;
};

}  // namespace ptxlint::sema
