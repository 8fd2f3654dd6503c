// Chapter 11.5, the debugging directives a check judges beyond the
// grammar. 11.5.2 .section: The body of a debug section is
// dwarf-lines: labels, and data lines of .b8, .b16, .b32 or .b64 whose
// values are integers in the type's range or, on a .b32/.b64 line, one
// label expression. Each line the parser kept (lint's checks keep only the
// lines that are not plain integers that fit: parse/hand_parser.h) is
// judged here: PL2018 for what the manual's forms do not allow, PL4002 for
// what the file's .version is too old for, and the deviation table's
// ".section" entries where ptxas 13.0 says otherwise.
#pragma once

#include "ast/ast.h"
#include "diag/diagnostic_builder.h"
#include "sema/module_context.h"

namespace ptxlint::sema {

void checkSection(const ast::SectionDirective& section, const ModuleContext& context, diag::DiagnosticSink& sink);

// 11.5.4 .loc: its attributes are function_name (a label, or label +
// immediate) and inlined_at (file, line and column), both and in this
// order, PTX ISA 7.2 (PL4002; ptxas 13.0 takes them from 7.0, deviation
// 'loc-attributes-before-7.2'); any other attribute, one without its
// operands, or one without the other is PL2019. Not judged:
// whether function_name's label is defined in .debug_str, and whether
// inlined_at's location was used by an earlier .loc (ptxas checks both).
void checkLocAttributes(const ast::LocDirective& loc, const ModuleContext& context, diag::DiagnosticSink& sink);

// What is left to check of the pair `, function_name label, inlined_at
// file line column` of a well-formed .loc: the PTX ISA version (7.2) it
// needs. `first_name` is the range of function_name. (checkLocAttributes
// ends so; the checks' parse leaves the pair unbuilt where its form is
// right: ast::LocDirective::standard_pair.)
void checkLocPairVersion(SourceRange first_name, const ModuleContext& context, diag::DiagnosticSink& sink);

}  // namespace ptxlint::sema
