// PTX ISA 9.7.9.12 st.async, 9.7.9.13 st.bulk and 9.7.9.26 multimem.cp.async.bulk (../shared/ptx-manual-9.1/
// 9_instruction_set/97_instructions/979_data_movement_and_conversion_instructions/).
// One entry per syntax line.
#include "spec/sections.h"

namespace ptxlint::spec {
namespace {

const Values kMbarrier = {".mbarrier::complete_tx::bytes"};
const Values kWeakTypes = {".b32", ".b64", ".u32", ".u64", ".s32", ".s64", ".f32", ".f64"};

// "st.async{.weak}{.ss}.completion_mechanism{.vec}.type [a], b, [mbar];" and
// "st.async{.scope}{.ss}.completion_mechanism{.vec}.type [a], b, [mbar];"
// ".scope = { .cluster }; .ss = { .shared::cluster }; .vec = { .v2, .v4 }".
// ptxas 13.0 caps the vector at 128 bits ("Vector type too large, exceeds
// 128 bit limit"): .v4 only with the 32-bit types.
InstructionSpec weakBlock(bool scope) {
  // "b is a source value, of the type indicated by qualifier .type": Table 26
  // (9.4), not only its size (ptxas 13.0: "Arguments mismatch" for an .f32
  // register with .u32).
  OperandSpec b = data("b", ".vec");
  b.typed_elements = true;
  InstructionSpec s{
      .section = "9.7.9.12",
      .syntax = scope ? "st.async{.scope}{.ss}.completion_mechanism{.vec}.type [a], b, [mbar]"
                      : "st.async{.weak}{.ss}.completion_mechanism{.vec}.type [a], b, [mbar]",
      .opcode = "st.async",
      .qualifiers = {scope ? optional(".scope", {".cluster"}) : optional(".weak", {".weak"}),
                     optionalSpace(".ss", {".shared::cluster"}), required(".completion_mechanism", kMbarrier),
                     optional(".vec", {".v2", ".v4"}), required(".type", kWeakTypes)},
      // The variables named in a and mbar lie in .ss ("State space mismatch"
      // with .shared::cluster written; with none, any is taken).
      .operands = {addressIn("a", ".ss"), b, addressIn("mbar", ".ss")},
      .constraints = {pairs(".vec", ".type", {{{".v2"}, kWeakTypes}, {{".v4"}, {".b32", ".u32", ".s32", ".f32"}}})},
      // "Introduced in PTX ISA version 8.1"; "Requires sm_90 or higher".
      .introduced = {8, 1},
      .target = TargetRequirement::atLeast(90),
  };
  return s;
}

// st.bulk: "The 32-bit or 64-bit integer operand size"; "The maximum value of
// size operand can be 16777216"; "The only numeric value allowed for operand
// initval is 0"; "size must be a multiple of 8. If the value is not a
// multiple of 8, then the behavior is undefined": a constant off the multiple
// is refused, as the bulk copies' sizes are (ptxas 13.0: "expected to be
// multiple of 8").
InstructionSpec bulkBlock(std::uint8_t size_bits) {
  InstructionSpec s{
      .section = "9.7.9.13",
      .syntax = "st.bulk{.weak}{.shared::cta} [a], size, initval",
      .opcode = "st.bulk",
      .qualifiers = {optional(".weak", {".weak"}), optionalSpace(".shared::cta", {".shared::cta"})},
      .operands = {address("a"),
                   multipleOf(inRange(valueOfType("size", size_bits == 64 ? ".u64" : ".u32"), 0, 16777216), 8),
                   immediate("initval", {0})},
      // "Introduced in PTX ISA version 8.6"; "Requires sm_100 or higher".
      .introduced = {8, 6},
      .target = TargetRequirement::atLeast(100),
  };
  // "Support for size operand with 32-bit length is introduced in PTX ISA version 9.0."
  if (size_bits == 32) s.notes.push_back({.operand = "size", .introduced = {9, 0}});
  return s;
}

}  // namespace

std::vector<InstructionSpec> asyncStoreSpecs() {
  std::vector<InstructionSpec> specs;
  // 9.7.9.12 st.async
  specs.push_back(weakBlock(false));
  specs.push_back(weakBlock(true));
  // "st.async{.mmio}.sem.scope{.ss}.type [a], b;" ".sem = { .release }; .scope
  // = { .gpu, .sys }; .ss = { .global }"; "If .mmio is specified, .scope must
  // be .sys." "Support for .mmio qualifier, .release semantics, .global state
  // space, and .scope qualifier introduced in PTX ISA version 8.7"; "... require
  // sm_100 or higher".
  specs.push_back({
      .section = "9.7.9.12",
      .syntax = "st.async{.mmio}.sem.scope{.ss}.type [a], b",
      .opcode = "st.async",
      .qualifiers = {optional(".mmio", {".mmio"}), required(".sem", {".release"}), required(".scope", {".gpu", ".sys"}),
                     optionalSpace(".ss", {".global"}),
                     required(".type", {".b8", ".b16", ".b32", ".b64", ".u8", ".u16", ".u32", ".u64", ".s8", ".s16",
                                        ".s32", ".s64", ".f32", ".f64"})},
      .operands = {address("a"), typedValue("b")},
      .constraints = {implies({{".mmio", {".mmio"}}}, {".scope", {".sys"}}, "with .mmio the scope is .sys")},
      .introduced = {8, 7},
      .target = TargetRequirement::atLeast(100),
  });
  // 9.7.9.13 st.bulk: a 64-bit size (PTX ISA 8.6) or a 32-bit one (9.0).
  specs.push_back(bulkBlock(64));
  specs.push_back(bulkBlock(32));

  // 9.7.9.26 multimem.cp.async.bulk (PTX ISA 9.1: newer than ptxas 13.0,
  // which cannot judge it; tests/golden/tma/manual-only/ follows the manual).
  // "multimem.cp.async.bulk.dst.src.completion_mechanism{.cp_mask} [dstMem],
  // [srcMem], size{, byteMask};" ".dst = { .global }; .src = { .shared::cta };
  // .completion_mechanism = { .bulk_group }"; "The 32-bit operand size"; "When
  // the optional modifier .cp_mask is specified, the argument byteMask is
  // required. ... the 16-bit wide byteMask operand"; "Introduced in PTX ISA
  // version 9.1"; "Requires sm_90 or higher"; "Support for .cp_mask qualifier
  // requires sm_100 or higher".
  specs.push_back({
      .section = "9.7.9.26",
      .syntax = "multimem.cp.async.bulk.dst.src.completion_mechanism{.cp_mask} [dstMem], [srcMem], size{, byteMask}",
      .opcode = "multimem.cp.async.bulk",
      .qualifiers = {space(".dst", {".global"}), space(".src", {".shared::cta"}),
                     required(".completion_mechanism", {".bulk_group"}), optional(".cp_mask", {".cp_mask"})},
      // 9.7.9.26: "Operand size must be a multiple of 16".
      .operands = {address("dstMem"), address("srcMem"), integerOnly(multipleOf(value("size", 32), 16)),
                   withQualifier(value("byteMask", 16), ".cp_mask")},
      .introduced = {9, 1},
      .target = TargetRequirement::atLeast(90),
      .notes = {{.slot = ".cp_mask", .targets = {TargetRequirement::atLeast(100)}}},
  });
  return specs;
}

}  // namespace ptxlint::spec
