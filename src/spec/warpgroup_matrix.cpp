// PTX ISA 9.7.15 asynchronous warpgroup-level matrix instructions
// (../shared/ptx-manual-9.1/9_instruction_set/97_instructions/9715_*):
// 9.7.15.5.2 wgmma.mma_async and 9.7.15.7 wgmma.fence, wgmma.commit_group,
// wgmma.wait_group. One entry per syntax line; the accumulator's length per
// .shape x .dtype (9.7.15.5.1.1 "Register Fragments") is a table.
#include <deque>
#include <string>

#include "spec/sections.h"

namespace ptxlint::spec {
namespace {

// Shape names live as long as the tables.
std::string_view intern(std::string text) {
  static std::deque<std::string> store;
  store.push_back(std::move(text));
  return store.back();
}

struct Shapes {
  Values names;  // ".m64n8k16", ...
};

// ".shape = {.m64n8kK, .m64n16kK, ...}": the manual's lists, one per K.
Shapes shapes(unsigned k, const std::vector<unsigned>& ns) {
  Shapes s;
  for (unsigned n : ns) {
    s.names.push_back(intern(".m64n" + std::to_string(n) + "k" + std::to_string(k)));
  }
  return s;
}

// N = 8*i where i = {1, 2, ... , 32} (the floating-point shapes).
std::vector<unsigned> everyEighth() {
  std::vector<unsigned> ns;
  for (unsigned n = 8; n <= 256; n += 8) ns.push_back(n);
  return ns;
}
// The integer and single-bit shapes: N = 8, 16, 24, 32, then every 16th up
// to 256. The integer block's syntax lists stop at .m64n224k32, but the
// table of 9.7.15.2 Matrix Shape ("Integer - .u8/.s8 | Dense | .m64n8k32,
// ... .m64n224k32, .m64n240k32, .m64n256k32") and ptxas 13.0 take
// .m64n240k32 and .m64n256k32 too: ptxlint follows the table.
const std::vector<unsigned> kIntegerNs = {8,   16,  24,  32,  48,  64,  80,  96,  112,
                                          128, 144, 160, 176, 192, 208, 224, 240, 256};

// 9.7.15.5.1.1 Accumulator D: ".f32 | A vector expression containing N/2
// number of .f32 registers", ".s32 | ... N/2 number of .s32 registers",
// ".f16 | A vector expression containing N/4 number of .f16x2 registers".
// (One row per .dtype, the count from each shape's N: 3 rows where one per
// shape and type would be 96, built for each of 24 blocks at start-up.)
std::vector<VectorLength> accumulatorLengths(const Shapes& s) {
  return {{{{".shape", s.names}, {".dtype", {".f32"}}}, 0, ".f32", 2},
          {{{".shape", s.names}, {".dtype", {".s32"}}}, 0, ".s32", 2},
          {{{".shape", s.names}, {".dtype", {".f16"}}}, 0, ".f16x2", 4}};
}

// Multiplicand A in registers: ".f16/.bf16 | A vector expression containing
// four .f16x2 registers"; ".tf32 | ... four .b32 registers"; ".s8/.u8",
// ".e4m3/.e5m2", ".b1": "four .b32 registers".
std::vector<VectorLength> multiplicandLengths() {
  return {{{{".atype", {".f16", ".bf16"}}}, 4, ".f16x2"},
          {{{".atype", {".tf32", ".e4m3", ".e5m2", ".s8", ".u8", ".b1"}}}, 4, ""}};
}

enum class Kind : std::uint8_t { Half, BFloat, TFloat, Fp8, Integer, SingleBit };

std::vector<QualifierSlot> syncAligned() { return {required(".sync", {".sync"}), required(".aligned", {".aligned"})}; }

// `sparse`: 9.7.15.6.3 wgmma.mma_async.sp, whose shapes have twice the K
// (".m64nNk32" for .f16/.bf16, "k16" for .tf32, "k64" for fp8 and integers)
// and whose operands add sp-meta and sp-sel after b-desc.
InstructionSpec mmaAsync(Kind kind, bool register_a, std::string_view syntax, bool sparse = false) {
  unsigned k = kind == Kind::TFloat                         ? 8
               : kind == Kind::Fp8 || kind == Kind::Integer ? 32
               : kind == Kind::SingleBit                    ? 256
                                                            : 16;
  if (sparse) k *= 2;
  Shapes s = shapes(k, kind == Kind::Integer || kind == Kind::SingleBit ? kIntegerNs : everyEighth());
  std::vector<QualifierSlot> q = syncAligned();
  q.push_back(required(".shape", s.names));
  if (kind == Kind::Integer) q.push_back(optional(".satfinite", {".satfinite"}));
  // The type qualifiers are written in the order of d, a, b (ptxas: "Unexpected
  // instruction types" for .f16.f16.f32).
  switch (kind) {
    case Kind::Half:
      q.push_back(ordered(required(".dtype", {".f16", ".f32"})));
      q.push_back(ordered(required(".atype", {".f16"})));
      q.push_back(ordered(required(".btype", {".f16"})));
      break;
    case Kind::BFloat:
      q.push_back(ordered(required(".dtype", {".f32"})));
      q.push_back(ordered(required(".atype", {".bf16"})));
      q.push_back(ordered(required(".btype", {".bf16"})));
      break;
    case Kind::TFloat:
      q.push_back(ordered(required(".dtype", {".f32"})));
      q.push_back(ordered(required(".atype", {".tf32"})));
      q.push_back(ordered(required(".btype", {".tf32"})));
      break;
    case Kind::Fp8:
      q.push_back(ordered(required(".dtype", {".f16", ".f32"})));
      q.push_back(ordered(required(".atype", {".e4m3", ".e5m2"})));
      q.push_back(ordered(required(".btype", {".e4m3", ".e5m2"})));
      break;
    case Kind::Integer:
      q.push_back(ordered(required(".dtype", {".s32"})));
      q.push_back(ordered(required(".atype", {".s8", ".u8"})));
      q.push_back(ordered(required(".btype", {".s8", ".u8"})));
      break;
    case Kind::SingleBit:
      q.push_back(ordered(required(".dtype", {".s32"})));
      q.push_back(ordered(required(".atype", {".b1"})));
      q.push_back(ordered(required(".btype", {".b1"})));
      // ".s32.b1.b1.op.popc" with ".op = {.and}": .op before .popc, as
      // ptxas reads them ("Illegal reduction operation" otherwise).
      q.push_back(inOrder(required(".op", {".and"}), 1));
      q.push_back(inOrder(required(".popc", {".popc"}), 1));
      break;
  }

  // "Register operand d represents the accumulator matrix as well as the
  // destination matrix"; "The 64-bit register operands a-desc and b-desc are
  // the matrix descriptors"; "Register operand a represents the multiplicand
  // matrix A in register".
  std::vector<OperandSpec> ops = {registerVector("d", 32, accumulatorLengths(s), true)};
  if (register_a) {
    // Sparse: "A vector expression containing four .b32 registers" for every .atype.
    ops.push_back(
        registerVector("a", 32, sparse ? std::vector<VectorLength>{{{}, 4, ""}} : multiplicandLengths(), false));
  } else {
    ops.push_back(value("a-desc", 64));
  }
  ops.push_back(value("b-desc", 64));
  if (sparse) {
    // "Operand sp-meta is a 32-bit integer and operand sp-sel is a 32-bit
    // integer constant with values in the range 0..3"; the table of valid
    // values beside it gives .m64nNk64 (.e4m3/.e5m2/.s8/.u8) sp-sel 0 only
    // ("0 (all threads contribute)"; ptxas 13.0: "unexpected value '1'").
    ops.push_back(value("sp-meta", 32));
    bool k64 = kind == Kind::Fp8 || kind == Kind::Integer;
    ops.push_back(inRange(immediate("sp-sel"), 0, k64 ? 0 : 3));
  }
  // "The operation of the form D = A*B is issued when the input predicate
  // argument scale-d is false" (the manual's examples also write 0 and 1).
  ops.push_back(predicateOrConstant("scale-d", {0, 1}));
  bool floating = kind != Kind::Integer && kind != Kind::SingleBit;
  if (floating) {
    // "The valid values of imm-scale-a and imm-scale-b are -1 and 1."
    ops.push_back(immediate("imm-scale-a", {-1, 1}));
    ops.push_back(immediate("imm-scale-b", {-1, 1}));
  }
  if (kind == Kind::Half || kind == Kind::BFloat) {
    // "The valid values of imm-trans-a and imm-trans-b are 0 and 1. The
    // transpose operation is only supported for the wgmma.mma_async variants
    // with .f16/.bf16 types on matrices accessed from shared memory using
    // matrix descriptors."
    if (!register_a) ops.push_back(immediate("imm-trans-a", {0, 1}));
    ops.push_back(immediate("imm-trans-b", {0, 1}));
  }

  InstructionSpec spec{.section = sparse ? "9.7.15.6.3" : "9.7.15.5.2",
                       .syntax = syntax,
                       .opcode = sparse ? "wgmma.mma_async.sp" : "wgmma.mma_async",
                       .qualifiers = std::move(q),
                       .operands = std::move(ops),
                       // "Introduced in PTX ISA version 8.0" (.sp: "8.2"). "Requires sm_90a."
                       .introduced = sparse ? PtxVersion{8, 2} : PtxVersion{8, 0},
                       .target = TargetRequirement::archSpecific(90)};
  if (kind == Kind::Integer) {
    // "Support for .u8.s8 and .s8.u8 as .atype.btype introduced in PTX ISA
    // version 8.4."
    spec.notes = {{.slot = ".btype", .when = {{".atype", {".s8"}}}, .values = {".u8"}, .introduced = {8, 4}},
                  {.slot = ".btype", .when = {{".atype", {".u8"}}}, .values = {".s8"}, .introduced = {8, 4}}};
  }
  return spec;
}

// wgmma.fence, wgmma.commit_group: "wgmma.fence.sync.aligned;" ... "Introduced
// in PTX ISA version 8.0." "Requires sm_90a."
InstructionSpec proxyOperation(std::string_view section, std::string_view syntax, std::string_view opcode,
                               std::vector<OperandSpec> operands) {
  return {.section = section,
          .syntax = syntax,
          .opcode = opcode,
          .qualifiers = syncAligned(),
          .operands = std::move(operands),
          .introduced = {8, 0},
          .target = TargetRequirement::archSpecific(90)};
}

}  // namespace

std::vector<InstructionSpec> warpgroupMatrixSpecs() {
  std::vector<InstructionSpec> specs;
  // 9.7.15.5.2, one entry per syntax line.
  specs.push_back(mmaAsync(Kind::Half, false,
                           "wgmma.mma_async.sync.aligned.shape.dtype.f16.f16 d, a-desc, b-desc, scale-d, "
                           "imm-scale-a, imm-scale-b, imm-trans-a, imm-trans-b"));
  specs.push_back(mmaAsync(Kind::Half, true,
                           "wgmma.mma_async.sync.aligned.shape.dtype.f16.f16 d, a, b-desc, scale-d, imm-scale-a, "
                           "imm-scale-b, imm-trans-b"));
  specs.push_back(mmaAsync(Kind::BFloat, false,
                           "wgmma.mma_async.sync.aligned.shape.dtype.bf16.bf16 d, a-desc, b-desc, scale-d, "
                           "imm-scale-a, imm-scale-b, imm-trans-a, imm-trans-b"));
  specs.push_back(mmaAsync(Kind::BFloat, true,
                           "wgmma.mma_async.sync.aligned.shape.dtype.bf16.bf16 d, a, b-desc, scale-d, imm-scale-a, "
                           "imm-scale-b, imm-trans-b"));
  specs.push_back(mmaAsync(
      Kind::TFloat, false,
      "wgmma.mma_async.sync.aligned.shape.dtype.tf32.tf32 d, a-desc, b-desc, scale-d, imm-scale-a, imm-scale-b"));
  specs.push_back(mmaAsync(Kind::TFloat, true,
                           "wgmma.mma_async.sync.aligned.shape.dtype.tf32.tf32 d, a, b-desc, scale-d, imm-scale-a, "
                           "imm-scale-b"));
  specs.push_back(mmaAsync(
      Kind::Fp8, false,
      "wgmma.mma_async.sync.aligned.shape.dtype.atype.btype d, a-desc, b-desc, scale-d, imm-scale-a, imm-scale-b"));
  specs.push_back(
      mmaAsync(Kind::Fp8, true,
               "wgmma.mma_async.sync.aligned.shape.dtype.atype.btype d, a, b-desc, scale-d, imm-scale-a, imm-scale-b"));
  specs.push_back(
      mmaAsync(Kind::Integer, false,
               "wgmma.mma_async.sync.aligned.shape{.satfinite}.s32.atype.btype d, a-desc, b-desc, scale-d"));
  specs.push_back(mmaAsync(Kind::Integer, true,
                           "wgmma.mma_async.sync.aligned.shape{.satfinite}.s32.atype.btype d, a, b-desc, scale-d"));
  specs.push_back(mmaAsync(Kind::SingleBit, false,
                           "wgmma.mma_async.sync.aligned.shape.s32.b1.b1.op.popc d, a-desc, b-desc, scale-d"));
  specs.push_back(
      mmaAsync(Kind::SingleBit, true, "wgmma.mma_async.sync.aligned.shape.s32.b1.b1.op.popc d, a, b-desc, scale-d"));

  // 9.7.15.6.3 wgmma.mma_async.sp, one entry per syntax line.
  specs.push_back(mmaAsync(Kind::Half, false,
                           "wgmma.mma_async.sp.sync.aligned.shape.dtype.f16.f16 d, a-desc, b-desc, sp-meta, sp-sel, "
                           "scale-d, imm-scale-a, imm-scale-b, imm-trans-a, imm-trans-b",
                           true));
  specs.push_back(mmaAsync(Kind::Half, true,
                           "wgmma.mma_async.sp.sync.aligned.shape.dtype.f16.f16 d, a, b-desc, sp-meta, sp-sel, "
                           "scale-d, imm-scale-a, imm-scale-b, imm-trans-b",
                           true));
  specs.push_back(mmaAsync(Kind::BFloat, false,
                           "wgmma.mma_async.sp.sync.aligned.shape.dtype.bf16.bf16 d, a-desc, b-desc, sp-meta, sp-sel, "
                           "scale-d, imm-scale-a, imm-scale-b, imm-trans-a, imm-trans-b",
                           true));
  specs.push_back(mmaAsync(Kind::BFloat, true,
                           "wgmma.mma_async.sp.sync.aligned.shape.dtype.bf16.bf16 d, a, b-desc, sp-meta, sp-sel, "
                           "scale-d, imm-scale-a, imm-scale-b, imm-trans-b",
                           true));
  specs.push_back(mmaAsync(Kind::TFloat, false,
                           "wgmma.mma_async.sp.sync.aligned.shape.dtype.tf32.tf32 d, a-desc, b-desc, sp-meta, sp-sel, "
                           "scale-d, imm-scale-a, imm-scale-b",
                           true));
  specs.push_back(mmaAsync(Kind::TFloat, true,
                           "wgmma.mma_async.sp.sync.aligned.shape.dtype.tf32.tf32 d, a, b-desc, sp-meta, sp-sel, "
                           "scale-d, imm-scale-a, imm-scale-b",
                           true));
  specs.push_back(mmaAsync(Kind::Fp8, false,
                           "wgmma.mma_async.sp.sync.aligned.shape.dtype.atype.btype d, a-desc, b-desc, sp-meta, "
                           "sp-sel, scale-d, imm-scale-a, imm-scale-b",
                           true));
  specs.push_back(mmaAsync(Kind::Fp8, true,
                           "wgmma.mma_async.sp.sync.aligned.shape.dtype.atype.btype d, a, b-desc, sp-meta, sp-sel, "
                           "scale-d, imm-scale-a, imm-scale-b",
                           true));
  specs.push_back(mmaAsync(Kind::Integer, false,
                           "wgmma.mma_async.sp.sync.aligned.shape{.satfinite}.s32.atype.btype d, a-desc, b-desc, "
                           "sp-meta, sp-sel, scale-d",
                           true));
  specs.push_back(mmaAsync(Kind::Integer, true,
                           "wgmma.mma_async.sp.sync.aligned.shape{.satfinite}.s32.atype.btype d, a, b-desc, sp-meta, "
                           "sp-sel, scale-d",
                           true));

  // 9.7.15.7.1-3.
  specs.push_back(proxyOperation("9.7.15.7.1", "wgmma.fence.sync.aligned", "wgmma.fence", {}));
  specs.push_back(proxyOperation("9.7.15.7.2", "wgmma.commit_group.sync.aligned", "wgmma.commit_group", {}));
  // "wgmma.wait_group.sync.aligned N;" "Operand N is an integer constant"
  // (ptxas: "expected to be non-negative integer").
  specs.push_back(proxyOperation("9.7.15.7.3", "wgmma.wait_group.sync.aligned N", "wgmma.wait_group",
                                 {inRange(immediate("N"), 0, INT64_MAX)}));
  return specs;
}

}  // namespace ptxlint::spec
