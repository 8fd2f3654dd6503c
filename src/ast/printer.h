// AST -> PTX text. The output parses back to the same AST (tested on the
// whole corpus): every token of the input is printed, in order, with
// canonical spacing and indentation; comments are not kept.
#pragma once

#include <string>

#include "ast/ast.h"

namespace ptxlint::ast {

std::string printModule(const Module& module);
std::string printExpr(const Expr& expr);

}  // namespace ptxlint::ast
