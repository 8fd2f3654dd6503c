// Register operands and their declared types: whether a register's type
// agrees with the instruction type (9.4, Table 26: a floating-point type
// only with itself or a bit-size type of its size; an integer type with
// integer and bit-size types of its size), the relaxed rules of ld, st and
// cvt (9.4.1, Tables 27 and 28: any register at least as wide), fixed
// register sizes, and .pred registers.
#pragma once

#include <string>
#include <string_view>

#include "sema/engine/operand_scope.h"

namespace ptxlint::sema::engine {

// Bits of a type qualifier for register sizes (".pred" is 1, ".b32" 32);
// 0 for a name that is no sized type.
unsigned typeBits(std::string_view type);
// .f16, .f16x2, .bf16, .bf16x2, .f32, .f64: the floating-point types of 9.4's
// Table 26 and their packed pairs.
bool isTable26Float(std::string_view type);

// The type an operand must agree with (9.4): its fixed type, or the type
// qualifier's value, doubled for a .wide operand; empty when unknown or
// when the type qualifiers are out of order.
std::string_view expectedType(const OperandScope& s, const spec::OperandSpec& want);
// ".f32 (.type .f32)": the type and the qualifier it comes from, for messages.
std::string describeType(const OperandScope& s, const spec::OperandSpec& want, std::string_view type);

// A register whose declared type must agree with `type` (Table 26).
void checkRegisterOfType(const OperandScope& s, const ast::Operand& op, const spec::OperandSpec& want,
                         std::string_view type, const RegisterInfo& info);
// A data register (or vector element) of the instruction's `type`: the same
// size, or for ld/st/cvt any register Tables 27/28 allow (9.4.1).
void checkDataRegister(const OperandScope& s, const ast::Operand& op, const spec::OperandSpec& want,
                       std::string_view type);
// A register operand (or vector element) whose declared size must be `bits`.
void checkRegisterSize(const OperandScope& s, const ast::Operand& op, std::string_view name, unsigned bits);
// A predicate written by name: a .pred register (or the sink, judged elsewhere).
void checkPredicateRegister(const OperandScope& s, const ast::Token& name, const spec::OperandSpec& want);

}  // namespace ptxlint::sema::engine
