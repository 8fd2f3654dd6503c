// Operand count and shape: which of the block's operands the instruction
// gives (always-present ones, optional ones, and those that exist only with a
// qualifier), the count error when they do not fit, the dispatch of each
// operand to the part that judges its kind (OperandKind in spec.h), and the
// call signature check (9.7.12.5: "the call operands are type-checked
// against the type signature of the functions indicated by flist").
#pragma once

#include <utility>
#include <vector>

#include "sema/engine/operand_scope.h"
#include "support/small_vector.h"

namespace ptxlint::sema::engine {

// Each operand of the instruction with the block's operand it stands for.
// (Inline room for the operands of nearly every instruction: a first
// judgement matches a block or two, and each binding was a heap allocation.)
using OperandBinding = support::SmallVector<std::pair<const ast::Operand*, const spec::OperandSpec*>, 8>;

struct OperandFit {
  bool wrong_count = false;  // the operand count was reported
};

// Binds and judges the operands. With qualifier findings already made (the
// block is a poor fit anyway) a count mismatch is not reported, only weighed.
OperandBinding matchOperands(const OperandScope& s, OperandFit& fit);

}  // namespace ptxlint::sema::engine
