// "PTX ISA Notes" and "Target ISA Notes" of the block chosen for an
// instruction: the .version and .target the instruction needs, the same for
// each qualifier, operand or sink form that a note names (with its own
// conditions), forms removed for newer targets ("Not supported in PTX ISA
// version 6.4 for .target sm_70 or higher"), qualifiers that became
// mandatory in a later version, and advisory target lists. With a
// requirement log (--requirements), every need is logged too.
#pragma once

#include "ast/ast.h"
#include "diag/diagnostic_builder.h"
#include "sema/engine/operands.h"
#include "sema/engine/qualifier_binding.h"
#include "sema/module_context.h"

namespace ptxlint::sema::engine {

void checkNotes(const QualifierBinding& qualifiers, const OperandBinding& operands, const ast::Instruction& in,
                const ModuleContext& context, diag::DiagnosticSink& sink);

}  // namespace ptxlint::sema::engine
