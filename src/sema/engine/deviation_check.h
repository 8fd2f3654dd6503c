// The one place the manual-versus-ptxas table (spec/deviations.h) meets an
// instruction: after the tables have judged it by the manual.
#pragma once

#include <cstddef>
#include <span>

#include "ast/ast.h"
#include "diag/diagnostic_builder.h"
#include "sema/instruction_checker.h"
#include "sema/module_context.h"
#include "spec/spec.h"

namespace ptxlint::sema::engine {

// `first`: the index in the sink of the first finding about `in`. A
// stricter entry that holds for a clean instruction adds PL5001 (a warning;
// an error under --compat); a laxer one that holds for an instruction the
// manual refuses adds a note to each error (under --compat the errors
// become warnings). `blocks`: the instruction's syntax blocks, its first
// `name_qualifiers` qualifiers part of its name (a laxer entry does not
// speak for a qualifier none of them has, unless it names it).
void applyDeviations(const ast::Instruction& in, const ModuleContext& context, const RegisterResolver& registers,
                     diag::DiagnosticSink& sink, std::size_t first,
                     std::span<const spec::InstructionSpec* const> blocks, std::size_t name_qualifiers);

// A directive's part judged by the manual (a debug section's value, label
// or line: `subject.opcode` ".section"), its findings from `first` on in
// the sink: the table's entries for that directive, as applyDeviations()
// does for an instruction; a stricter one's PL5001 is placed at `at`.
void applyDirectiveDeviations(const spec::DeviationSubject& subject, SourceRange at, const ModuleContext& context,
                              diag::DiagnosticSink& sink, std::size_t first);

// .address_size 32 and the .version/.target a --compat release lacks.
void applyModuleDeviations(const ast::Module& module, const ModuleContext& context, diag::DiagnosticSink& sink);

}  // namespace ptxlint::sema::engine
