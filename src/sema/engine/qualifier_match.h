// Matching an instruction's qualifiers to the slots of one syntax block:
// which token fills which slot, state spaces in their .dst/.src order,
// qualifiers written on an address operand (`[a].unified`, 9.7.9.8), values
// another block of the same instruction takes, misspellings ("did you mean"),
// duplicates, missing mandatory qualifiers, and the order the manual fixes
// (a leading qualifier right after the opcode; type qualifiers in operand
// order, 9.4).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "ast/ast.h"
#include "sema/engine/findings.h"
#include "sema/engine/qualifier_binding.h"
#include "spec/spec.h"

namespace ptxlint::sema::engine {

// How a block fits the instruction's qualifiers, beyond its findings; used
// to choose the block to report (block_choice.h).
struct QualifierFit {
  std::size_t misplaced_values = 0;    // values placed as another block takes them
  std::size_t unknown_qualifiers = 0;  // qualifiers this block cannot place
  std::size_t missing_qualifiers = 0;  // mandatory qualifiers not written
  std::size_t type_misfits = 0;        // type slots missing or holding another block's value
};

// `first_qualifier`: the index of the first qualifier token that is not part
// of the opcode's name (cp.async.bulk has two name words). `siblings`: every
// block of the instruction, `spec` among them.
QualifierBinding matchQualifiers(const spec::InstructionSpec& spec, spec::EntryList siblings,
                                 const ast::Instruction& in, std::size_t first_qualifier, Findings& out,
                                 QualifierFit& fit);

// "ld.global.v4.f32": the opcode and every qualifier as written.
std::string writtenMnemonic(const ast::Instruction& in);

// " when .dst is .shared::cluster": the part of the block that chose its
// tables, for messages; empty for a block without a fixed .dst.
std::string dstContext(const spec::InstructionSpec& spec, const Findings& out);

}  // namespace ptxlint::sema::engine
