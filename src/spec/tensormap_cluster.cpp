// PTX ISA 9.7.9.28 tensormap.replace, 9.7.13.16 tensormap.cp_fenceproxy,
// 9.7.13.17 clusterlaunchcontrol.try_cancel and 9.7.13.18
// clusterlaunchcontrol.query_cancel (../shared/ptx-manual-9.1/9_instruction_set/
// 97_instructions/). One entry per syntax line; tensormap.replace's .field3
// line is split by field, since Table 33 gives each field its own new_val
// values.
#include "spec/sections.h"

namespace ptxlint::spec {
namespace {

// "Supported on following architectures: sm_100a, sm_101a (Renamed to sm_110a
// from PTX ISA version 9.0), sm_120a, And is supported on following
// family-specific architectures from PTX ISA version 8.8: sm_100f or higher in
// the same family, sm_101f ... (Renamed to sm_110f ...), sm_120f or higher in
// the same family".
std::vector<TargetRequirement> sm100To120() {
  return {TargetRequirement::archSpecific(100),   TargetRequirement::archSpecific(110),
          TargetRequirement::archSpecific(120),   TargetRequirement::familySpecific(100),
          TargetRequirement::familySpecific(110), TargetRequirement::familySpecific(120)};
}

// tensormap.replace: "Introduced in PTX ISA version 8.3"; "Supported on
// following architectures: sm_90a, sm_100a, sm_101a (sm_110a), sm_120a, And
// ... family-specific architectures from PTX ISA version 8.8: sm_100f, sm_101f
// (sm_110f), sm_120f". A note on .mode, which every form has.
FeatureNote replaceTargets() {
  std::vector<TargetRequirement> targets = sm100To120();
  targets.insert(targets.begin(), TargetRequirement::archSpecific(90));
  return {.slot = ".mode", .targets = std::move(targets), .family_from = {8, 8}};
}

InstructionSpec replace(std::string_view syntax, std::vector<QualifierSlot> field, std::vector<OperandSpec> operands,
                        std::vector<Constraint> constraints = {}, std::vector<FeatureNote> notes = {}) {
  InstructionSpec s{
      .section = "9.7.9.28",
      .syntax = syntax,
      .opcode = "tensormap.replace",
      .qualifiers = {required(".mode", {".tile"})},
      .operands = {address("addr")},
      .constraints = std::move(constraints),
      .introduced = {8, 3},
      .target = TargetRequirement::none(),
      .notes = {replaceTargets()},
  };
  for (QualifierSlot& q : field) s.qualifiers.push_back(std::move(q));
  // ".ss = { .global, .shared::cta }"; "If no state space is specified then
  // Generic Addressing is used"; ".b1024 indicates the size of the tensor-map
  // object"; ".type = { .b32, .b64 }".
  s.qualifiers.push_back(optionalSpace(".ss", {".global", ".shared::cta"}));
  s.qualifiers.push_back(required(".b1024", {".b1024"}));
  for (OperandSpec& op : operands) s.operands.push_back(std::move(op));
  s.notes.insert(s.notes.end(), notes.begin(), notes.end());
  return s;
}

// "When .field3 is specified, the operand new_val must be an immediate and
// the Table 33 shows the mapping of the operand new_val across various fields."
InstructionSpec replaceField3(std::string_view field, std::vector<std::int64_t> values,
                              std::vector<FeatureNote> notes = {}) {
  return replace("tensormap.replace.mode.field3{.ss}.b1024.type [addr], new_val",
                 {required(".field3", {field}), required(".type", {".b32"})}, {immediate("new_val", std::move(values))},
                 {}, std::move(notes));
}

}  // namespace

std::vector<InstructionSpec> tensormapClusterSpecs() {
  std::vector<InstructionSpec> specs;

  // 9.7.9.28 tensormap.replace
  // "tensormap.replace.mode.field1{.ss}.b1024.type [addr], new_val;"
  // "Operand new_val has the type .type. When .field is specified as
  // .global_address or .global_stride, .type must be .b64. Otherwise, .type
  // must be .b32."
  specs.push_back(replace("tensormap.replace.mode.field1{.ss}.b1024.type [addr], new_val",
                          {required(".field1", {".global_address", ".rank"}), required(".type", {".b32", ".b64"})},
                          {typedValue("new_val")},
                          {pairs(".field1", ".type", {{{".global_address"}, {".b64"}}, {{".rank"}, {".b32"}}})}));
  // "tensormap.replace.mode.field2{.ss}.b1024.type [addr], ord, new_val;"
  // new_val, a dimension or a stride, is an integer (ptxas 13.0: "Arguments
  // mismatch" for an .f32 register or a 0f constant, which it takes as
  // .rank's).
  // "The immediate integer operand ord specifies the ordinal of the field
  // across the rank of the tensor": 0 to 4 (ptxas: "expected to be in range
  // [0..4]"; a tensor has at most 5 dimensions, .1d to .5d).
  specs.push_back(
      replace("tensormap.replace.mode.field2{.ss}.b1024.type [addr], ord, new_val",
              {required(".field2", {".box_dim", ".global_dim", ".global_stride", ".element_stride"}),
               required(".type", {".b32", ".b64"})},
              {inRange(immediate("ord"), 0, 4), integerOnly(typedValue("new_val"))},
              {pairs(".field2", ".type",
                     {{{".global_stride"}, {".b64"}}, {{".box_dim", ".global_dim", ".element_stride"}, {".b32"}}})}));
  // "tensormap.replace.mode.field3{.ss}.b1024.type [addr], new_val;" Table 33:
  // .elemtype 0-15, .interleave_layout 0-2, .swizzle_mode 0-4,
  // .swizzle_atomicity 0-3, .fill_mode 0-1.
  specs.push_back(replaceField3(".elemtype", {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}));
  // "Qualifier .elemtype with values from 13 to 15, both inclusive, is
  // supported in PTX ISA version 8.7 onwards"; "supported on ... sm_100a,
  // sm_101a, sm_120a, ... sm_100f, sm_101f, sm_120f from PTX ISA version 8.8".
  specs.push_back(
      replaceField3(".elemtype", {13, 14, 15},
                    {{.slot = ".field3", .introduced = {8, 7}, .targets = sm100To120(), .family_from = {8, 8}}}));
  specs.push_back(replaceField3(".interleave_layout", {0, 1, 2}));
  specs.push_back(replaceField3(".swizzle_mode", {0, 1, 2, 3}));
  // "Qualifier .swizzle_mode with value 4 is supported from PTX ISA version
  // 8.8 onwards"; "... value 4 is supported on following architectures: sm_103a".
  specs.push_back(
      replaceField3(".swizzle_mode", {4},
                    {{.slot = ".field3", .introduced = {8, 8}, .targets = {TargetRequirement::archSpecific(103)}}}));
  // "Qualifier .swizzle_atomicity introduced in PTX ISA version 8.6" and
  // "supported on ... sm_100a, sm_101a, sm_120a, ... from PTX ISA version 8.8".
  specs.push_back(
      replaceField3(".swizzle_atomicity", {0, 1, 2, 3},
                    {{.slot = ".field3", .introduced = {8, 6}, .targets = sm100To120(), .family_from = {8, 8}}}));
  specs.push_back(replaceField3(".fill_mode", {0, 1}));

  // 9.7.13.16 tensormap.cp_fenceproxy:
  // "tensormap.cp_fenceproxy.cp_qualifiers.fence_qualifiers.sync.aligned [dst], [src], size;"
  // ".cp_qualifiers = { .global.shared::cta }"; ".fence_qualifiers = {
  // .to_proxy::from_proxy.release.scope }"; ".to_proxy::from_proxy = {
  // .tensormap::generic }"; ".scope = { .cta, .cluster, .gpu , .sys }";
  // "The valid value of immediate operand size is 128."
  specs.push_back(
      {.section = "9.7.13.16",
       .syntax = "tensormap.cp_fenceproxy.cp_qualifiers.fence_qualifiers.sync.aligned [dst], [src], size",
       .opcode = "tensormap.cp_fenceproxy",
       .qualifiers = {space(".dst", {".global"}), space(".src", {".shared::cta"}),
                      required(".to_proxy::from_proxy", {".tensormap::generic"}), required(".release", {".release"}),
                      required(".scope", {".cta", ".cluster", ".gpu", ".sys"}), required(".sync", {".sync"}),
                      required(".aligned", {".aligned"})},
       .operands = {address("dst"), address("src"), immediate("size", {128})},
       .introduced = {8, 3},
       .target = TargetRequirement::atLeast(90)});

  // 9.7.13.17 clusterlaunchcontrol.try_cancel:
  // "clusterlaunchcontrol.try_cancel.async{.space}.completion_mechanism
  // {.multicast::cluster::all}.b128 [addr], [mbar];" "Introduced in PTX ISA
  // version 8.6"; "Requires sm_100 or higher"; ".multicast::cluster::all is
  // supported on ... sm_100a, sm_101a, sm_120a, ... from PTX ISA version 8.8".
  // .async right after the opcode: ptxas 13.0 reads try_cancel.async as the
  // name ("Unknown modifier '.try_cancel'" with .async written later).
  specs.push_back({.section = "9.7.13.17",
                   .syntax = "clusterlaunchcontrol.try_cancel.async{.space}.completion_mechanism"
                             "{.multicast::cluster::all}.b128 [addr], [mbar]",
                   .opcode = "clusterlaunchcontrol.try_cancel",
                   .qualifiers = {leading(required(".async", {".async"})), optionalSpace(".space", {".shared::cta"}),
                                  required(".completion_mechanism", {".mbarrier::complete_tx::bytes"}),
                                  optional(".multicast", {".multicast::cluster::all"}), required(".b128", {".b128"})},
                   // Both in .space when it is written; generic otherwise (ptxas
                   // 13.0 takes a .global variable there).
                   .operands = {addressIn("addr", ".space"), addressIn("mbar", ".space")},
                   .introduced = {8, 6},
                   .target = TargetRequirement::atLeast(100),
                   .notes = {{.slot = ".multicast", .targets = sm100To120(), .family_from = {8, 8}}}});

  // 9.7.13.18 clusterlaunchcontrol.query_cancel: its two type qualifiers are
  // "placed in the same order as the operands" (9.4; ptxas: "Unexpected
  // instruction types" for .b128.pred). "Introduced in PTX ISA
  // version 8.6"; "Requires sm_100 or higher". try_cancel_response is the
  // 16-byte response ("ld.shared.b128 handle, [addr]" in 9.7.13.17's example).
  specs.push_back({.section = "9.7.13.18",
                   .syntax = "clusterlaunchcontrol.query_cancel.is_canceled.pred.b128 pred, try_cancel_response",
                   .opcode = "clusterlaunchcontrol.query_cancel",
                   .qualifiers = {required(".is_canceled", {".is_canceled"}), ordered(required(".pred", {".pred"})),
                                  ordered(required(".b128", {".b128"}))},
                   .operands = {predicateDest("pred"), reg("try_cancel_response", 128)},
                   .introduced = {8, 6},
                   .target = TargetRequirement::atLeast(100)});
  specs.push_back({.section = "9.7.13.18",
                   .syntax = "clusterlaunchcontrol.query_cancel.get_first_ctaid.v4.b32.b128 {xdim, ydim, zdim, _}, "
                             "try_cancel_response",
                   .opcode = "clusterlaunchcontrol.query_cancel",
                   .qualifiers = {required(".get_first_ctaid", {".get_first_ctaid"}), required(".vec", {".v4"}),
                                  ordered(required(".type", {".b32"})), ordered(required(".b128", {".b128"}))},
                   .operands = {data("{xdim, ydim, zdim, _}", ".vec"), reg("try_cancel_response", 128)},
                   .introduced = {8, 6},
                   .target = TargetRequirement::atLeast(100)});
  // "clusterlaunchcontrol.query_cancel.get_first_ctaid{::dimension}.b32.b128
  // reg, try_cancel_response;" "::dimension = { ::x, ::y, ::z }" (without it
  // the line is the .v4 one: ptxas refuses a scalar reg then).
  specs.push_back(
      {.section = "9.7.13.18",
       .syntax = "clusterlaunchcontrol.query_cancel.get_first_ctaid{::dimension}.b32.b128 reg, try_cancel_response",
       .opcode = "clusterlaunchcontrol.query_cancel",
       .qualifiers = {required(".get_first_ctaid::dimension",
                               {".get_first_ctaid::x", ".get_first_ctaid::y", ".get_first_ctaid::z"}),
                      ordered(required(".type", {".b32"})), ordered(required(".b128", {".b128"}))},
       .operands = {reg("reg", 32), reg("try_cancel_response", 128)},
       .introduced = {8, 6},
       .target = TargetRequirement::atLeast(100)});
  return specs;
}

}  // namespace ptxlint::spec
