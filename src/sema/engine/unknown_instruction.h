// An instruction that no syntax block covers. Every instruction section of
// chapter 9.7 has a table, so an opcode none of them has (`mbarier`), or a
// dotted name none of an opcode's entries has (`mbarrier.arive`,
// `cp.cg.shared.global` without its `.async`), is a mistake: PL3014, with
// the caret on the first word no entry takes and a "did you mean" drawn
// from the registry (a misspelt, dropped, extra or swapped word).
#pragma once

#include "ast/ast.h"
#include "diag/diagnostic_builder.h"
#include "sema/module_context.h"

namespace ptxlint::sema::engine {

void reportUnknownInstruction(const ast::Instruction& in, const ModuleContext& context, diag::DiagnosticSink& sink);

}  // namespace ptxlint::sema::engine
