// The type of a constant expression (4.5.4, 4.5.6 Table 5): integer or
// floating point, and in an initializer an address (5.4.4: var,
// var+offset, generic(var), mask(...)). PTX has no conversion between
// integer and floating point in a constant expression ("Constant
// expressions in PTX do not support casts between integer and
// floating-point"), so an operator whose operands are one of each has no
// type, and the integer-only operators (!, ~, %, shifts, bit and logical
// operators, casts, the ternary's condition) take no floating-point
// operand. ptxas 13.0: "Constant expression type mismatch", "Integer
// constant expression expected".
#pragma once

#include <cstdint>
#include <string>

#include "ast/ast.h"

namespace ptxlint::sema {

enum class ConstantType : std::uint8_t {
  Integer,  // .s64/.u64 by Table 5; comparisons and logical operators give it
  Float,    // .f64
  Address,  // a variable or function (initializers only), generic(var), var+offset
  Unknown,  // a register, a name where no address is meant, an index
};

enum class ConstantProblem : std::uint8_t {
  None,
  MixedOperands,    // 1.0 / 3: one floating-point and one integer operand
  IntegerExpected,  // !1.0, 1.0 % 2.0, (.s64)1.0, 1.0 ? 1 : 2
  AddressForm,      // an address other than var, var+offset, generic(var)(+offset), mask(...)
};

struct ConstantTyping {
  ConstantType type = ConstantType::Unknown;
  ConstantProblem problem = ConstantProblem::None;
  const ast::Expr* at = nullptr;  // the operator (or operand) the problem is at
  // A ternary choosing between floating-point values somewhere in the
  // expression: Table 5 gives it (`int ? .f64 : .f64`), ptxas 13.0 refuses
  // it (deviation float-conditional-*).
  bool float_conditional = false;
  // Address: masked by 0xFF..(...) (5.4.4: "Type .u8 is allowed only if
  // the mask() operator is used").
  bool masked = false;
  // Address: a function's name with an offset is not an address form;
  // set where the base is a Symbol (the caller knows what it names).
  const ast::Expr* base = nullptr;
  bool offset = false;
};

// `names_are_addresses`: a Symbol is a variable's or function's address
// (an initializer); elsewhere (an instruction operand) a name's type is
// the register's or unknown, and the expression's Unknown.
ConstantTyping typeConstant(const ast::Expr* e, bool names_are_addresses);

// The problem in words, for a finding at typing.at.
std::string constantProblemMessage(const ConstantTyping& typing);

}  // namespace ptxlint::sema
