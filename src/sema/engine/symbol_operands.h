// Operands that take a name rather than a value: branch targets ("The branch
// target must be a label", 9.7.12.3), call targets and prototypes ("func is a
// symbol", 9.7.12.5), .branchtargets labels declared before use (9.7.12.4),
// and call's parenthesised argument lists (9.7.12.5). An undeclared name is
// the symbol pass's finding, never this part's.
#pragma once

#include "sema/engine/operand_scope.h"

namespace ptxlint::sema::engine {

// OperandKind::Symbol: a name of a kind the operand allows.
void checkSymbolOperand(const OperandScope& s, const ast::Operand& op, const spec::OperandSpec& want);
// Value, Register, Predicate and Data operands given a name: a variable's
// or parameter's name stands for its address only where the entry says so
// (OperandSpec::symbols: mov, cvta, mapa, getctarank), in the state
// space the instruction names, and never in 32 bits for a .global variable
// under .address_size 64; a label is never a value (6.4.1, 6.4.4). True
// when the operand is such a name (judged here, whatever was found).
bool checkNameAsValue(const OperandScope& s, const ast::Operand& op, const spec::OperandSpec& want);
// An opaque variable where OperandSpec::opaque_variable asks for one: a
// finding when `name` is a variable of another type (true).
bool checkOpaqueVariable(const OperandScope& s, SourceRange at, std::string_view name, const spec::OperandSpec& want);
// OperandKind::List: `(a, b, ...)` of scalar operands.
void checkListOperand(const OperandScope& s, const ast::Operand& op, const spec::OperandSpec& want);

}  // namespace ptxlint::sema::engine
