// Vector operands: data vectors of ld/st/mov and their kin whose length a
// .v2/.v4 qualifier gives (9.7.9.8-9, 6.4.3), vectors whose length and
// element type a table of qualifier combinations gives (ldmatrix's .shape x
// .num, wgmma's .shape x .dtype), packed vectors whose elements share the
// instruction type's bits (9.7.9.4 mov), fixed-length vectors (im2colInfo,
// 9.7.9.27.1.2), the sink `_` as an element where the manual allows it, and
// a vector's predicate `{...}|p`.
#pragma once

#include "sema/engine/operand_scope.h"

namespace ptxlint::sema::engine {

// OperandKind::Data: a register of the type, or a vector of them.
void checkDataOperand(const OperandScope& s, const ast::Operand& op, const spec::OperandSpec& want);
// OperandKind::Packed.
void checkPackedVector(const OperandScope& s, const ast::Operand& op, const spec::OperandSpec& want);
// OperandKind::Vector.
void checkFixedVector(const OperandScope& s, const ast::Operand& op, const spec::OperandSpec& want);
// {d0, ...}|p: the predicate of a vector, where the operand takes one.
void checkVectorPredicate(const OperandScope& s, const ast::Operand& op, const spec::OperandSpec& want);

}  // namespace ptxlint::sema::engine
