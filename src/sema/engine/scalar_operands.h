// Scalar operands: a register or constant of the instruction type
// (OperandKind::Value), a register only (Register), a predicate (Predicate:
// negated `!p`, a pair `p|q`, the sink `_`, and where the manual allows it an
// integer constant, 4.5.3), a register with its predicate (`d|p`, 9.7.8.6
// lop3; `d[|p]`, 9.7.9.6 shfl.sync), and selectors (`%r1.b0`, 9.7.18 video).
#pragma once

#include "sema/engine/operand_scope.h"

namespace ptxlint::sema::engine {

void checkScalarOperand(const OperandScope& s, const ast::Operand& op, const spec::OperandSpec& want);

}  // namespace ptxlint::sema::engine
