// PTX ISA 9.7.9.27.1.3 cp.reduce.async.bulk.tensor, 9.7.9.14 multimem.ld_reduce /
// multimem.st / multimem.red, 9.7.9.27 multimem.cp.reduce.async.bulk and
// 9.7.13.7 red.async (../shared/ptx-isa/). One entry per syntax block.
#include "spec/sections.h"

namespace ptxlint::spec {
namespace {

const Values kRedOps = {".and", ".or", ".xor", ".add", ".inc", ".dec", ".min", ".max"};
const Values kScopes = {".cta", ".cluster", ".gpu", ".sys"};
const Values kIntTypes = {".b32", ".b64", ".u32", ".u64", ".s32", ".s64"};
const Values kFloatTypes = {".f16",  ".f16x2",  ".bf16",   ".bf16x2", ".f32",    ".f64",
                            ".e5m2", ".e5m2x2", ".e5m2x4", ".e4m3",   ".e4m3x2", ".e4m3x4"};
const Values kFp8Types = {".e5m2", ".e5m2x2", ".e5m2x4", ".e4m3", ".e4m3x2", ".e4m3x4"};
const Values kRedFloatTypes = {".f16", ".f16x2", ".bf16", ".bf16x2", ".f32", ".f64"};

// 9.7.9.14: "The following table describes the valid combinations of .op and base type".
Constraint multimemOpTypes(std::string_view op_slot) {
  return pairs(op_slot, ".type",
               {{{".add"},
                 {".u32", ".u64", ".s32", ".f16", ".f16x2", ".bf16", ".bf16x2", ".f32", ".f64", ".e5m2", ".e5m2x2",
                  ".e5m2x4", ".e4m3", ".e4m3x2", ".e4m3x4"}},
                {{".and", ".or", ".xor"}, {".b32", ".b64"}},
                {{".min", ".max"},
                 {".u32", ".s32", ".u64", ".s64", ".f16", ".f16x2", ".bf16", ".bf16x2", ".e5m2", ".e5m2x2", ".e5m2x4",
                  ".e4m3", ".e4m3x2", ".e4m3x4"}}});
}

// 9.7.9.14: "the size of the specified type along with .vec must equal either
// 32-bits or 64-bits or 128-bits": the .vec x base-type table.
Constraint multimemVecTypes() {
  return pairs(
      ".vec", ".type",
      {{{""}, {".f16x2", ".bf16x2", ".f32", ".f64", ".e5m2x4", ".e4m3x4"}},
       {{".v2"}, {".f16", ".f16x2", ".bf16", ".bf16x2", ".f32", ".e5m2x2", ".e5m2x4", ".e4m3x2", ".e4m3x4"}},
       {{".v4"},
        {".f16", ".f16x2", ".bf16", ".bf16x2", ".f32", ".e5m2", ".e5m2x2", ".e5m2x4", ".e4m3", ".e4m3x2", ".e4m3x4"}},
       {{".v8"}, {".f16", ".bf16", ".e5m2", ".e4m3", ".e5m2x2", ".e4m3x2"}}});
}

// Target ISA Notes of 9.7.9.14 for the fp8 types and .acc::f16: sm_100a,
// sm_101a (sm_110a from 9.0), sm_120a, sm_121a, and from PTX ISA 8.8 the
// sm_100f and sm_101f/sm_110f families.
FeatureNote fp8Note(std::string_view slot, Values values) {
  return {.slot = slot,
          .values = std::move(values),
          .introduced = {8, 6},
          .targets = {TargetRequirement::archSpecific(100), TargetRequirement::archSpecific(110),
                      TargetRequirement::archSpecific(120), TargetRequirement::archSpecific(121),
                      TargetRequirement::familySpecific(100), TargetRequirement::familySpecific(110)},
          .family_from = {8, 8}};
}

InstructionSpec multimem(std::string_view section, std::string_view syntax, std::string_view opcode,
                         std::vector<QualifierSlot> qualifiers, std::vector<OperandSpec> operands,
                         std::vector<Constraint> constraints, std::vector<FeatureNote> notes = {}) {
  // "Introduced in PTX ISA version 8.1"; "Requires sm_90 or higher".
  return entry(section, syntax, opcode, std::move(qualifiers), std::move(operands), std::move(constraints), {8, 1},
               TargetRequirement::atLeast(90), std::move(notes));
}

// A scope needs a memory-ordering qualifier: without one the operation is
// .weak, and .weak takes no scope (ptxas: "Modifier '.sys' requires order").
Constraint scopeNeedsSemantics(std::string_view sem_slot, Values sems) {
  return implies({{".scope", kScopes}}, {sem_slot, std::move(sems)},
                 "a scope is given only with a memory-ordering qualifier; without one the operation is .weak");
}

// The manual gives multimem.red a default scope (.sys) but none to
// multimem.ld_reduce and multimem.st; ptxas requires a scope with their
// .ldsem/.stsem ("Modifier '.relaxed' requires scope"), and so does ptxlint.
Constraint semanticsNeedScope(std::string_view sem_slot, Values sems) {
  return implies({{sem_slot, std::move(sems)}}, {".scope", kScopes},
                 "the manual gives multimem.ld_reduce and multimem.st no default scope");
}

}  // namespace

std::vector<InstructionSpec> bulkReduceMultimemSpecs() {
  std::vector<InstructionSpec> specs;

  // 9.7.9.27.1.3 cp.reduce.async.bulk.tensor
  specs.push_back({
      .section = "9.7.9.27.1.3",
      .syntax = "cp.reduce.async.bulk.tensor.dim.dst.src.redOp{.load_mode}.completion_mechanism{.level::cache_hint} "
                "[tensorMap, tensorCoords], [srcMem] {,cache-policy}",
      .opcode = "cp.reduce.async.bulk.tensor",
      .qualifiers = {required(".dim", {".1d", ".2d", ".3d", ".4d", ".5d"}), space(".dst", {".global"}),
                     space(".src", {".shared::cta"}), required(".redOp", kRedOps),
                     optional(".load_mode", {".tile", ".im2col_no_offs"}),
                     required(".completion_mechanism", {".bulk_group"}),
                     optional(".level::cache_hint", {".L2::cache_hint"})},
      .operands = {tensorAddress("[tensorMap, tensorCoords]"), address("srcMem"),
                   withQualifier(value("cache-policy", 64), ".level::cache_hint")},
      // "In .im2col mode, the tensor has to be at least 3-dimensional."
      .constraints = {implies({{".load_mode", {".im2col_no_offs"}}}, {".dim", {".3d", ".4d", ".5d"}},
                              "in .im2col mode the tensor has at least 3 dimensions")},
      .introduced = {8, 0},
      .target = TargetRequirement::atLeast(90),
  });

  // 9.7.9.14 multimem.ld_reduce, integer types
  specs.push_back(multimem(
      "9.7.9.14", "multimem.ld_reduce{.ldsem}{.scope}{.ss}.op.type d, [a]", "multimem.ld_reduce",
      {optional(".ldsem", {".relaxed", ".acquire"}), optional(".scope", kScopes), optionalSpace(".ss", {".global"}),
       required(".op", {".min", ".max", ".add", ".and", ".or", ".xor"}), required(".type", kIntTypes)},
      {typed("d"), address("a")},
      {multimemOpTypes(".op"), scopeNeedsSemantics(".ldsem", {".relaxed", ".acquire"}),
       semanticsNeedScope(".ldsem", {".relaxed", ".acquire"})}));
  specs.push_back(
      multimem("9.7.9.14", "multimem.ld_reduce.weak{.ss}.op.type d, [a]", "multimem.ld_reduce",
               {required(".weak", {".weak"}), optionalSpace(".ss", {".global"}),
                required(".op", {".min", ".max", ".add", ".and", ".or", ".xor"}), required(".type", kIntTypes)},
               {typed("d"), address("a")}, {multimemOpTypes(".op")}));
  // multimem.ld_reduce, floating-point types
  std::vector<FeatureNote> ld_float_notes = {{.slot = ".acc_prec", .values = {".acc::f32"}, .introduced = {8, 2}},
                                             fp8Note(".acc_prec", {".acc::f16"}),
                                             fp8Note(".type", kFp8Types)};
  // ".acc::f32 changes f16/bf16 accumulation to f32; .acc::f16 changes fp8 to f16".
  // The syntax puts .acc_prec after any .op (.min, .max, .add); ptxas 13.0
  // takes it with .add only ("Illegal reduction operation"): the deviation
  // 'multimem-ld-reduce-acc-prec-min-max' (src/spec/deviations.cpp).
  Constraint acc_types = pairs(".acc_prec", ".type",
                               {{{".acc::f32"}, {".f16", ".f16x2", ".bf16", ".bf16x2"}},
                                {{".acc::f16"}, {".e5m2", ".e4m3", ".e5m2x2", ".e4m3x2", ".e4m3x4", ".e5m2x4"}}});
  Constraint no_f64_vec = forbids({{".type", {".f64"}}}, ".vec", "type .f64 cannot be used with .vec");
  specs.push_back(multimem(
      "9.7.9.14", "multimem.ld_reduce{.ldsem}{.scope}{.ss}.op{.acc_prec}{.vec}.type d, [a]", "multimem.ld_reduce",
      {optional(".ldsem", {".relaxed", ".acquire"}), optional(".scope", kScopes), optionalSpace(".ss", {".global"}),
       required(".op", {".min", ".max", ".add"}), optional(".acc_prec", {".acc::f32", ".acc::f16"}),
       optional(".vec", {".v2", ".v4", ".v8"}), required(".type", kFloatTypes)},
      {data("d", ".vec"), address("a")},
      {multimemOpTypes(".op"), no_f64_vec, multimemVecTypes(), acc_types,
       scopeNeedsSemantics(".ldsem", {".relaxed", ".acquire"}), semanticsNeedScope(".ldsem", {".relaxed", ".acquire"})},
      ld_float_notes));
  specs.push_back(
      multimem("9.7.9.14", "multimem.ld_reduce.weak{.ss}.op{.acc_prec}{.vec}.type d, [a]", "multimem.ld_reduce",
               {required(".weak", {".weak"}), optionalSpace(".ss", {".global"}),
                required(".op", {".min", ".max", ".add"}), optional(".acc_prec", {".acc::f32", ".acc::f16"}),
                optional(".vec", {".v2", ".v4", ".v8"}), required(".type", kFloatTypes)},
               {data("d", ".vec"), address("a")}, {multimemOpTypes(".op"), no_f64_vec, multimemVecTypes(), acc_types},
               ld_float_notes));

  // multimem.st
  specs.push_back(multimem("9.7.9.14", "multimem.st{.stsem}{.scope}{.ss}.type [a], b", "multimem.st",
                           {optional(".stsem", {".relaxed", ".release"}), optional(".scope", kScopes),
                            optionalSpace(".ss", {".global"}), required(".type", kIntTypes)},
                           {address("a"), typedValue("b")},
                           {scopeNeedsSemantics(".stsem", {".relaxed", ".release"}),
                            semanticsNeedScope(".stsem", {".relaxed", ".release"})}));
  specs.push_back(
      multimem("9.7.9.14", "multimem.st.weak{.ss}.type [a], b", "multimem.st",
               {required(".weak", {".weak"}), optionalSpace(".ss", {".global"}), required(".type", kIntTypes)},
               {address("a"), typedValue("b")}, {}));
  std::vector<FeatureNote> st_float_notes = {fp8Note(".type", kFp8Types)};
  specs.push_back(multimem(
      "9.7.9.14", "multimem.st{.stsem}{.scope}{.ss}{.vec}.type [a], b", "multimem.st",
      {optional(".stsem", {".relaxed", ".release"}), optional(".scope", kScopes), optionalSpace(".ss", {".global"}),
       optional(".vec", {".v2", ".v4", ".v8"}), required(".type", kFloatTypes)},
      {address("a"), data("b", ".vec")},
      {no_f64_vec, multimemVecTypes(), scopeNeedsSemantics(".stsem", {".relaxed", ".release"}),
       semanticsNeedScope(".stsem", {".relaxed", ".release"})},
      st_float_notes));
  specs.push_back(multimem("9.7.9.14", "multimem.st.weak{.ss}{.vec}.type [a], b", "multimem.st",
                           {required(".weak", {".weak"}), optionalSpace(".ss", {".global"}),
                            optional(".vec", {".v2", ".v4", ".v8"}), required(".type", kFloatTypes)},
                           {address("a"), data("b", ".vec")}, {no_f64_vec, multimemVecTypes()}, st_float_notes));

  // multimem.red
  specs.push_back(multimem(
      "9.7.9.14", "multimem.red{.redsem}{.scope}{.ss}.op.type [a], b", "multimem.red",
      {optional(".redsem", {".relaxed", ".release"}), optional(".scope", kScopes), optionalSpace(".ss", {".global"}),
       required(".op", {".min", ".max", ".add", ".and", ".or", ".xor"}), required(".type", kIntTypes)},
      {address("a"), typedValue("b")}, {multimemOpTypes(".op")}));
  specs.push_back(multimem(
      "9.7.9.14", "multimem.red{.redsem}{.scope}{.ss}.redop{.vec}.redtype [a], b", "multimem.red",
      {optional(".redsem", {".relaxed", ".release"}), optional(".scope", kScopes), optionalSpace(".ss", {".global"}),
       required(".redop", {".add"}), optional(".vec", {".v2", ".v4", ".v8"}), required(".type", kRedFloatTypes)},
      {address("a"), data("b", ".vec")}, {no_f64_vec, multimemVecTypes()}));

  // 9.7.9.27 multimem.cp.reduce.async.bulk (PTX ISA 9.1: newer than ptxas 13.0,
  // which cannot judge it; the tests follow the manual).
  for (bool noftz : {false, true}) {
    InstructionSpec s{
        .section = "9.7.9.27",
        .syntax = noftz ? "multimem.cp.reduce.async.bulk.dst.src.completion_mechanism.add.noftz.type "
                          "[dstMem], [srcMem], size"
                        : "multimem.cp.reduce.async.bulk.dst.src.completion_mechanism.redOp.type "
                          "[dstMem], [srcMem], size",
        .opcode = "multimem.cp.reduce.async.bulk",
        .qualifiers = {space(".dst", {".global"}), space(".src", {".shared::cta"}),
                       required(".completion_mechanism", {".bulk_group"})},
        // 9.7.9.27: "size must be a multiple of 16".
        .operands = {address("dstMem"), address("srcMem"), integerOnly(multipleOf(value("size", 32), 16))},
        .introduced = {9, 1},
        .target = TargetRequirement::atLeast(90),
    };
    if (noftz) {
      s.qualifiers.push_back(required(".redOp", {".add"}));
      s.qualifiers.push_back(required(".noftz", {".noftz"}));
      s.qualifiers.push_back(required(".type", {".f16", ".bf16"}));
    } else {
      s.qualifiers.push_back(required(".redOp", kRedOps));
      s.qualifiers.push_back(
          required(".type", {".f16", ".bf16", ".b32", ".u32", ".s32", ".b64", ".u64", ".s64", ".f32", ".f64"}));
      s.constraints = {pairs(".redOp", ".type",
                             {{{".add"}, {".u32", ".s32", ".u64", ".f32", ".f64", ".f16", ".bf16"}},
                              {{".min", ".max"}, {".u32", ".s32", ".u64", ".s64", ".f16", ".bf16"}},
                              {{".inc", ".dec"}, {".u32"}},
                              {{".and", ".or", ".xor"}, {".b32", ".b64"}}}),
                       requiresQualifier({{".redOp", {".add"}}, {".type", {".f16", ".bf16"}}}, ".noftz", ".redOp",
                                         ".add.f16 and .add.bf16 require .noftz")};
    }
    specs.push_back(std::move(s));
  }

  // 9.7.13.7 red.async: the four .relaxed blocks (one per .op group) and the
  // .release block. "When .sem is .relaxed: .mmio must not be specified; if
  // .ss is specified, it must be .shared::cluster" and a completion mechanism
  // is given; "when .sem is .release: if .mmio is specified, .scope must be
  // .sys; .ss must be .global; .completion_mechanism must not be specified".
  struct RelaxedBlock {
    Values ops;
    Values types;
    std::string_view syntax;
  };
  for (const RelaxedBlock& b :
       {RelaxedBlock{
            {".inc", ".dec"}, {".u32"}, "red.async.sem.scope{.ss}.completion_mechanism.op.type [a], b, [mbar]"},
        RelaxedBlock{
            {".min", ".max"}, {".u32", ".s32"}, "red.async.sem.scope{.ss}.completion_mechanism.op.type [a], b, [mbar]"},
        RelaxedBlock{
            {".and", ".or", ".xor"}, {".b32"}, "red.async.sem.scope{.ss}.completion_mechanism.op.type [a], b, [mbar]"},
        RelaxedBlock{{".add"},
                     {".u32", ".s32", ".u64"},
                     "red.async.sem.scope{.ss}.completion_mechanism.add.type [a], b, [mbar]"}}) {
    specs.push_back({
        .section = "9.7.13.7",
        .syntax = b.syntax,
        .opcode = "red.async",
        .qualifiers = {required(".sem", {".relaxed"}), required(".scope", {".cluster"}),
                       optionalSpace(".ss", {".shared::cluster"}),
                       required(".completion_mechanism", {".mbarrier::complete_tx::bytes"}), required(".op", b.ops),
                       required(".type", b.types)},
        // ".ss specifies the state space of the destination operand a and the
        // mbarrier operand mbar": a variable named in either lies there (with
        // no .ss the access is generic, and ptxas 13.0 takes any variable).
        // "b is a source value, of the type indicated by qualifier .type": a
        // register or a constant (ptxas 13.0 takes `... [a], 1, [mbar]`).
        .operands = {addressIn("a", ".ss"), typedValue("b"), addressIn("mbar", ".ss")},
        .introduced = {8, 1},
        .target = TargetRequirement::atLeast(90),
    });
  }
  // The .release block lists .scope = { .gpu, .cluster }, but its own prose
  // ("if .mmio is specified, .scope must be .sys") and example
  // (red.async.release.sys.global.add.u32) use .sys; ptxas 13.0 accepts .sys
  // and rejects .cluster with .release. ptxlint takes { .gpu, .sys }.
  specs.push_back({
      .section = "9.7.13.7",
      .syntax = "red.async{.mmio}.sem.scope{.ss}.add.type [a], b",
      .opcode = "red.async",
      .qualifiers = {optional(".mmio", {".mmio"}), required(".sem", {".release"}), required(".scope", {".gpu", ".sys"}),
                     optionalSpace(".ss", {".global"}), required(".op", {".add"}),
                     required(".type", {".u32", ".s32", ".u64", ".s64"})},
      .operands = {address("a"), typedValue("b")},
      // "If .mmio is specified, .scope must be .sys."
      .constraints = {implies({{".mmio", {".mmio"}}}, {".scope", {".sys"}}, "with .mmio the scope is .sys")},
      .introduced = {8, 7},
      .target = TargetRequirement::atLeast(100),
  });
  return specs;
}

}  // namespace ptxlint::spec
