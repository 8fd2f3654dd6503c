// What every operand check reads: the block and the instruction, the
// qualifiers as matched (qualifier_match.h), what the symbol pass knows of
// names (RegisterResolver), and where findings go. The operand parts
// (operands.h and the files it dispatches to) take it by reference; none
// keeps state of its own between operands.
#pragma once

#include "ast/ast.h"
#include "sema/engine/findings.h"
#include "sema/engine/qualifier_binding.h"
#include "sema/instruction_checker.h"
#include "sema/module_context.h"
#include "spec/spec.h"

namespace ptxlint::sema::engine {

struct OperandScope {
  const spec::InstructionSpec& spec;
  const ast::Instruction& in;
  const QualifierBinding& qualifiers;
  const RegisterResolver& registers;
  Findings& out;
  const ModuleContext& context;  // .address_size (6.4.1: the width of an address)
};

}  // namespace ptxlint::sema::engine
