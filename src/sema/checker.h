// The semantic pass over the AST.
#pragma once

#include "ast/ast.h"
#include "diag/diagnostic_builder.h"
#include "ptxlint/ptxlint.hpp"
#include "sema/requirements.h"

namespace ptxlint::sema {

// Walks every statement of `module`. Instructions that an instruction table
// covers are checked against it; the others are counted as unchecked (and
// reported as PL9002 notes when options.show_unchecked is set). Gated uses
// are logged to `requirements` when it is not null. Statements with a
// syntax error are not in the AST; every other one is checked.
void checkModule(const ast::Module& module, const Options& options, diag::DiagnosticSink& sink, Statistics& stats,
                 RequirementLog* requirements = nullptr);

// Whether every instruction no table covers is to be reported (PL9002:
// --show-unchecked, or the rule enabled).
bool listsUnchecked(const Options& options);

}  // namespace ptxlint::sema
