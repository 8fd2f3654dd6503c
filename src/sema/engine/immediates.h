// Constants where an operand goes: what a literal is (4.5.1 integer, 4.5.2
// floating point in its notations), its value, whether the instruction type
// takes it (an integer for integer and bit-size types; any floating-point
// notation for .f32/.f64; 0f/0d for .b32/.b64; nothing for the half, packed
// and 128-bit types), and the bounds a block puts on it: a list of values,
// a range, a multiple ("must be a multiple of 16"), non-zero.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "sema/engine/operand_scope.h"

namespace ptxlint::sema::engine {

// What an immediate is: an integer, or a floating-point literal in one of
// its notations (4.5.1, 4.5.2); Unknown for an expression with symbols.
enum class Literal : std::uint8_t { Integer, Float, HexFloat32, HexFloat64, Unknown };
Literal literalKind(const ast::Expr* e);

// The value of an integer constant (negated and parenthesised ones too).
std::optional<std::int64_t> constantValue(const ast::Expr* e);
// The value of a floating-point constant (1.5, 0f3FC00000, 0d3FF8000000000000;
// negated and parenthesised ones too); nullopt for an integer or an expression.
std::optional<double> floatConstantValue(const ast::Expr* e);
// A floating-point constant out of (0.0, 1.0] where `want.unit_fraction`.
void checkUnitFraction(const OperandScope& s, const ast::Operand& op, const spec::OperandSpec& want);

// An operand that must be an integer constant (OperandKind::Immediate).
void checkImmediateOperand(const OperandScope& s, const ast::Operand& op, const spec::OperandSpec& want);
// A constant where a value of instruction type `type` goes.
void checkImmediateOfType(const OperandScope& s, const ast::Operand& op, const spec::OperandSpec& want,
                          std::string_view type);
// A constant in a register-or-constant slot: its listed values and range,
// then checkMultipleOf.
void checkConstantBounds(const OperandScope& s, const ast::Operand& op, const spec::OperandSpec& want, std::int64_t v);
// Whether checkConstantBounds can find anything in `want` (a list, a range,
// a multiple, non-zero): for other slots it needs no value.
inline bool boundsConstants(const spec::OperandSpec& want) {
  return (want.kind == spec::OperandKind::Value && !want.immediates.empty()) || want.min_value != INT64_MIN ||
         want.max_value != INT64_MAX || want.non_zero || want.multiple_of != 0;
}
// The constant 0f... negated: its sign bit flipped (a fix-it for PL1013).
std::string negatedHexFloat(std::string_view text);
// "A constant must be a multiple of" and "non-zero" (bar's thread count).
void checkMultipleOf(const OperandScope& s, const ast::Operand& op, const spec::OperandSpec& want, std::int64_t v);

}  // namespace ptxlint::sema::engine
