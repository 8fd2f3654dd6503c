// The opaque types .texref, .samplerref and .surfref (5.3): the PTX ISA
// version they need, the texturing mode a .samplerref needs, and the named
// members of their initializers (Tables 10 and 11).
#pragma once

#include <string_view>

#include "ast/ast.h"
#include "diag/diagnostic_builder.h"
#include "sema/module_context.h"

namespace ptxlint::sema {

bool isOpaqueType(std::string_view type);

// A variable or parameter of type `type` (its specifier at `at`): opaque
// types are PTX ISA 1.5 (9.7.10.3: "Extension using opaque .texref and
// .samplerref types and independent mode texturing introduced in PTX ISA
// version 1.5"); a .samplerref needs texmode_independent (9.7.10.1).
void checkOpaqueType(std::string_view type, SourceRange at, const ModuleContext& context, diag::DiagnosticSink& sink);

// The initializer of a module-scope variable of type `type` (any type:
// named members belong to opaque ones only); `is_array`: a list of element
// initializers.
void checkMemberInitializer(std::string_view type, bool is_array, const ast::Initializer& init,
                            const ModuleContext& context, diag::DiagnosticSink& sink);

}  // namespace ptxlint::sema
