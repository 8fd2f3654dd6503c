// The constraints a syntax block states beside its qualifier sets: tables
// of allowed pairs (redOp x type, vec x type, "No .vec specified" rows) and
// the prose rules of the manual's Description sections (a combination that
// requires a qualifier, one that forbids another, one that implies a value).
// Each is spec::Constraint data in the block's table; this part only reads it.
#pragma once

#include "ast/ast.h"
#include "sema/engine/findings.h"
#include "sema/engine/qualifier_binding.h"

namespace ptxlint::sema::engine {

// Reports every constraint of the bound block that the qualifiers break; a
// qualifier already reported (a wrong value) is not judged again.
void checkConstraints(const QualifierBinding& qualifiers, const ast::Instruction& in, Findings& out);

}  // namespace ptxlint::sema::engine
