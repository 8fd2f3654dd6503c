// Choosing the syntax block an instruction is judged by. An opcode has one
// block per syntax block of the manual (ld has a dozen); the instruction is
// matched against each in table order (qualifiers, constraints, operands)
// until one fits without a finding. When none does, the block reported is
// the likeliest intent: the fewest findings, qualifier findings weighing
// twice, with the ties broken as BlockMatch::betterThan says. Its findings
// are emitted, then its PTX ISA and target notes are checked (notes.h).
#pragma once

#include "ast/ast.h"
#include "diag/diagnostic_builder.h"
#include "sema/instruction_checker.h"
#include "sema/module_context.h"

namespace ptxlint::sema::engine {

// Judges `in` against the tables, without the verdict cache. An
// instruction no entry covers is reported (unknown_instruction.h). Returns
// whether it was judged (always, now that every section has a table).
bool judgeInstruction(const ast::Instruction& in, const ModuleContext& context, const RegisterResolver& registers,
                      diag::DiagnosticSink& sink);

}  // namespace ptxlint::sema::engine
