#include "sema/constant_types.h"

#include <string_view>

#include <fmt/format.h>

namespace ptxlint::sema {
namespace {

using ast::Expr;
using ast::ExprKind;

bool isComparison(std::string_view op) {
  return op == "<" || op == ">" || op == "<=" || op == ">=" || op == "==" || op == "!=";
}

// Table 5: "%", the shifts, the bit and the logical operators take integers.
bool isIntegerOnly(std::string_view op) {
  return op == "%" || op == "<<" || op == ">>" || op == "&" || op == "|" || op == "^" || op == "&&" || op == "||";
}

ConstantTyping typed(ConstantType type, bool float_conditional = false) {
  ConstantTyping t;
  t.type = type;
  t.float_conditional = float_conditional;
  return t;
}

ConstantTyping problem(ConstantProblem p, const Expr* at, bool float_conditional) {
  ConstantTyping t;
  t.problem = p;
  t.at = at;
  t.float_conditional = float_conditional;
  return t;
}

class Typer {
 public:
  explicit Typer(bool names_are_addresses) : names_(names_are_addresses) {}

  ConstantTyping type(const Expr* e) {
    if (e == nullptr) return typed(ConstantType::Unknown);
    switch (e->kind) {
      case ExprKind::IntLiteral: return typed(ConstantType::Integer);
      case ExprKind::FloatLiteral:
        // A 0f constant "may not be used in constant expressions" (4.5.2):
        // PL1013's, not typed here.
        if (e->text.size() > 2 && e->text[0] == '0' && (e->text[1] == 'f' || e->text[1] == 'F')) {
          return typed(ConstantType::Unknown);
        }
        return typed(ConstantType::Float);
      case ExprKind::Symbol: {
        if (!names_) return typed(ConstantType::Unknown);
        ConstantTyping t = typed(ConstantType::Address);
        t.base = e;
        return t;
      }
      case ExprKind::Paren: {
        ConstantTyping t = type(e->lhs);
        // (var) is none of 5.4.4's forms (ptxas: "Parsing error").
        if (t.problem == ConstantProblem::None && t.type == ConstantType::Address) {
          return problem(ConstantProblem::AddressForm, e, t.float_conditional);
        }
        return t;
      }
      case ExprKind::Unary: return unary(e);
      case ExprKind::Cast: return integerOperand(e, type(e->lhs));
      case ExprKind::Call: {
        // generic(var) (5.4.4); anything else inside is left to others.
        if (!names_ || e->lhs == nullptr || e->lhs->kind != ExprKind::Symbol) return typed(ConstantType::Unknown);
        ConstantTyping t = typed(ConstantType::Address);
        t.base = e->lhs;
        return t;
      }
      case ExprKind::Mask: {
        // 5.4.4: "The only allowed expressions in the mask() operator are
        // integer constant expression and symbol expression representing
        // address of variable."
        ConstantTyping t = type(e->lhs);
        if (t.problem != ConstantProblem::None) return t;
        if (t.type == ConstantType::Float) return problem(ConstantProblem::IntegerExpected, e, t.float_conditional);
        if (t.type == ConstantType::Address) t.masked = true;
        return t;
      }
      case ExprKind::Binary: return binary(e);
      case ExprKind::Conditional: return conditional(e);
      case ExprKind::Index: return typed(ConstantType::Unknown);
    }
    return typed(ConstantType::Unknown);
  }

 private:
  // An operator that takes an integer (!, ~, a cast): its result is one.
  ConstantTyping integerOperand(const Expr* e, ConstantTyping t) {
    if (t.problem != ConstantProblem::None) return t;
    switch (t.type) {
      case ConstantType::Float: return problem(ConstantProblem::IntegerExpected, e, t.float_conditional);
      case ConstantType::Address: return problem(ConstantProblem::AddressForm, e, t.float_conditional);
      case ConstantType::Integer: return typed(ConstantType::Integer, t.float_conditional);
      case ConstantType::Unknown: break;
    }
    return typed(ConstantType::Unknown, t.float_conditional);
  }

  ConstantTyping unary(const Expr* e) {
    ConstantTyping t = type(e->lhs);
    if (e->op == "!" || e->op == "~") return integerOperand(e, t);
    if (t.problem != ConstantProblem::None) return t;
    // -var is no address (ptxas: "Parsing error near 'var'").
    if (t.type == ConstantType::Address) return problem(ConstantProblem::AddressForm, e, t.float_conditional);
    return typed(t.type, t.float_conditional);
  }

  ConstantTyping binary(const Expr* e) {
    ConstantTyping a = type(e->lhs);
    if (a.problem != ConstantProblem::None) return a;
    ConstantTyping b = type(e->rhs);
    if (b.problem != ConstantProblem::None) {
      b.float_conditional = b.float_conditional || a.float_conditional;
      return b;
    }
    bool float_conditional = a.float_conditional || b.float_conditional;
    if (a.type == ConstantType::Address || b.type == ConstantType::Address) {
      // 5.4.4: "var+offset expressions, where offset is a byte offset added
      // to the address of var" (ptxas: `var - 4`, `4 + var`, `var * 2`:
      // "Parsing error"; `var + 1.0`: "Integer constant expression expected").
      if (e->op == "+" && a.type == ConstantType::Address && !a.masked) {
        if (b.type == ConstantType::Integer) {
          a.offset = true;
          a.float_conditional = float_conditional;
          return a;
        }
        if (b.type == ConstantType::Float) return problem(ConstantProblem::IntegerExpected, e, float_conditional);
        if (b.type == ConstantType::Unknown) return typed(ConstantType::Unknown, float_conditional);
      }
      if (a.type == ConstantType::Unknown || b.type == ConstantType::Unknown || a.masked || b.masked) {
        return typed(ConstantType::Unknown, float_conditional);
      }
      return problem(ConstantProblem::AddressForm, e, float_conditional);
    }
    if (a.type == ConstantType::Unknown || b.type == ConstantType::Unknown) {
      return typed(ConstantType::Unknown, float_conditional);
    }
    if (isIntegerOnly(e->op)) {
      if (a.type != ConstantType::Integer || b.type != ConstantType::Integer) {
        return problem(ConstantProblem::IntegerExpected, e, float_conditional);
      }
      return typed(ConstantType::Integer, float_conditional);
    }
    if (a.type != b.type) return problem(ConstantProblem::MixedOperands, e, float_conditional);
    return typed(isComparison(e->op) ? ConstantType::Integer : a.type, float_conditional);
  }

  // Table 5: `int ? .f64 : .f64` and `int ? int : int`.
  ConstantTyping conditional(const Expr* e) {
    ConstantTyping c = type(e->lhs);
    if (c.problem != ConstantProblem::None) return c;
    ConstantTyping x = type(e->rhs);
    if (x.problem != ConstantProblem::None) return x;
    ConstantTyping y = type(e->third);
    if (y.problem != ConstantProblem::None) return y;
    bool float_conditional = c.float_conditional || x.float_conditional || y.float_conditional;
    if (c.type == ConstantType::Float) return problem(ConstantProblem::IntegerExpected, e, float_conditional);
    for (const ConstantTyping* t : {&c, &x, &y}) {
      if (t->type == ConstantType::Address) return problem(ConstantProblem::AddressForm, e, float_conditional);
    }
    if (x.type == ConstantType::Unknown || y.type == ConstantType::Unknown) {
      return typed(ConstantType::Unknown, float_conditional);
    }
    if (x.type != y.type) return problem(ConstantProblem::MixedOperands, e, float_conditional);
    if (x.type == ConstantType::Float) float_conditional = true;
    return typed(c.type == ConstantType::Unknown ? ConstantType::Unknown : x.type, float_conditional);
  }

  bool names_;
};

}  // namespace

ConstantTyping typeConstant(const ast::Expr* e, bool names_are_addresses) { return Typer(names_are_addresses).type(e); }

std::string constantProblemMessage(const ConstantTyping& typing) {
  const Expr* at = typing.at;
  std::string_view op = at != nullptr ? at->op : std::string_view{};
  bool conditional = at != nullptr && at->kind == ExprKind::Conditional;
  switch (typing.problem) {
    case ConstantProblem::MixedOperands:
      return conditional ? std::string(
                               "the two values of '?:' are an integer and a floating-point constant: a "
                               "constant expression has no conversion between them")
                         : fmt::format(
                               "the operands of '{}' are an integer and a floating-point constant: a "
                               "constant expression has no conversion between them",
                               op);
    case ConstantProblem::IntegerExpected:
      if (conditional) return "the condition of '?:' must be an integer, not floating point";
      if (at != nullptr && at->kind == ExprKind::Cast) return fmt::format("the cast ({}) takes an integer", op);
      if (at != nullptr && at->kind == ExprKind::Mask) {
        return fmt::format("{}() takes an integer or a variable's address, not floating point", at->text);
      }
      if (at != nullptr && at->kind == ExprKind::Binary && op == "+") {
        return "an address's offset must be an integer, not floating point";
      }
      return fmt::format("'{}' takes integer operands, not floating point", op);
    case ConstantProblem::AddressForm:
      return "an address in an initializer is written var, var+offset, generic(var) or generic(var)+offset";
    case ConstantProblem::None: break;
  }
  return {};
}

}  // namespace ptxlint::sema
