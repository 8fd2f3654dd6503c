// PTX ISA 9.7.14.5.14 mma and 9.7.14.6.3 mma.sp / mma.sp::ordered_metadata
// (../shared/ptx-manual-9.1/9_instruction_set/97_instructions/9714_*/97145_*,
// 97146_*). One entry per syntax line; the fragments' vector lengths per
// .shape x type (9.7.14.5.1-13 "Matrix fragments for mma.m*", 9.7.14.6.2.1-8
// for the sparse forms) are tables (registerVector).
//
// What ptxas 13.0 takes, where the manual is silent or loose:
//   - the qualifiers in any order, but the types in the order d, a, b, c
//     ("Unexpected instruction types" otherwise): ordered type slots;
//   - .f16 multiplicands as .f16x2 (or .b32) registers, never .f16 ones (the
//     manual's example ".reg .f16 %Ra<4>" for m16n8k16 is refused: "Arguments
//     mismatch"); dense .bf16 and .tf32 multiplicands only as .b32 registers
//     (.f16x2, .f32, .u32 refused), where the sparse forms take any 32-bit
//     register; accumulators of .f32 as .f32 or .b32, of .s32 as integer or
//     .b32, of .f16 as .f16x2 or .b32, of .f64 as .f64 or .b64 registers;
//   - the sink '_' in d, never in a, b or c; constants in c.
#include "spec/sections.h"

namespace ptxlint::spec {
namespace {

constexpr std::string_view kSection = "9.7.14.5.14";
constexpr std::string_view kSparseSection = "9.7.14.6.3";

// One shape's fragments (9.7.14.5.x, 9.7.14.6.2.x): registers of A and B, and
// of C/D counted in 32-bit (.f32, .s32) or 64-bit (.f64) registers; .f16
// accumulators take half as many .f16x2 registers. `atypes`: the row holds
// only for these multiplicand types (empty: all of the entry's).
struct Fragment {
  std::string_view shape;
  std::uint16_t a, b, cd;
  std::string_view element;  // of A and B: ".f16x2", ".tf32", ... or "" (any 32-bit)
  Values atypes{};
};

std::vector<VectorLength> multiplicandRows(const std::vector<Fragment>& frags, bool a) {
  std::vector<VectorLength> rows;
  for (const Fragment& f : frags) {
    std::vector<Condition> when = {{".shape", {f.shape}}};
    if (!f.atypes.empty()) when.push_back({".atype", f.atypes});
    std::uint16_t count = a ? f.a : f.b;
    if (count == 0) continue;  // not judged
    rows.push_back({std::move(when), count, f.element});
  }
  return rows;
}

// "A vector expression of four .f32 registers", "... two .f16x2 registers",
// "... four .s32 registers", "... four .f64 registers" (C and D).
std::vector<VectorLength> accumulatorRows(const std::vector<Fragment>& frags, std::string_view slot) {
  std::vector<VectorLength> rows;
  for (const Fragment& f : frags) {
    rows.push_back({{{".shape", {f.shape}}, {slot, {".f32"}}}, f.cd, ".f32"});
    rows.push_back({{{".shape", {f.shape}}, {slot, {".f16"}}}, static_cast<std::uint16_t>(f.cd / 2), ".f16x2"});
    rows.push_back({{{".shape", {f.shape}}, {slot, {".s32"}}}, f.cd, ".s32"});
    rows.push_back({{{".shape", {f.shape}}, {slot, {".f64"}}}, f.cd, ".f64"});
  }
  return rows;
}

// One syntax line, its qualifier sets as the manual writes them.
struct Block {
  std::string_view syntax;
  bool sparse = false;
  Values spvariants{};  // .spvariant (sparse only)
  Values shapes;
  Values alayouts = {".row"}, blayouts = {".col"};
  std::vector<QualifierSlot> modifiers{};  // .kind, .block_scale, .satfinite, ... (before the types)
  Values dtypes, atypes, btypes, ctypes;
  // .stype (a type, after .ctype: ptxas 13.0 "Unexpected instruction types"
  // for .ue8m0.f32), .bitOp, .popc.
  std::vector<QualifierSlot> tail{};
  std::vector<Fragment> fragments;
  std::vector<Constraint> constraints{};
  PtxVersion introduced;
  TargetRequirement target;
  std::vector<FeatureNote> notes{};
  bool block_scale = false;  // scale-a-data, {byte-id-a, thread-id-a}, scale-b-data, {byte-id-b, thread-id-b}
};

InstructionSpec entry(Block b) {
  std::vector<QualifierSlot> q = {required(".sync", {".sync"}), required(".aligned", {".aligned"})};
  if (b.sparse) q.push_back(required(".spvariant", b.spvariants));
  q.push_back(required(".shape", b.shapes));
  // ptxas takes the layouts anywhere among the qualifiers, .alayout first
  // ("Illegal alayout '.col'" for .col.row where only .row.col is allowed).
  q.push_back(inOrder(required(".alayout", b.alayouts), 1));
  q.push_back(inOrder(required(".blayout", b.blayouts), 1));
  for (QualifierSlot& m : b.modifiers) q.push_back(std::move(m));
  q.push_back(ordered(required(".dtype", b.dtypes)));
  q.push_back(ordered(required(".atype", b.atypes)));
  q.push_back(ordered(required(".btype", b.btypes)));
  q.push_back(ordered(required(".ctype", b.ctypes)));
  for (QualifierSlot& t : b.tail) q.push_back(std::move(t));

  // "Operands a and b represent two multiplicand matrices A and B, while c
  // and d represent the accumulator and destination matrices".
  std::vector<OperandSpec> ops = {
      sinksOnlyWhen(registerVector("d", 32, accumulatorRows(b.fragments, ".dtype"), true), {{}}),
      registerVector("a", 32, multiplicandRows(b.fragments, true), false),
      registerVector("b", 32, multiplicandRows(b.fragments, false), false),
      registerVector("c", 32, accumulatorRows(b.fragments, ".ctype"), false)};
  if (b.sparse) {
    // "Operand e is a 32-bit integer and operand f is a 32-bit integer
    // constant with values in the range 0..3."
    ops.push_back(reg("e", 32));
    ops.push_back(inRange(immediate("f"), 0, 3));
  }
  if (b.block_scale) {
    // "The operands scale-a-data, scale-b-data are of type .b32. The operands
    // byte-id-a, thread-id-a, byte-id-b, thread-id-b are unsigned 16-bit
    // integer values." (ptxas: registers only for the data, 16-bit registers
    // or constants for the selectors.)
    ops.push_back(reg("scale-a-data", 32));
    ops.push_back(vectorOf("{byte-id-a, thread-id-a}", 16, 2));
    ops.push_back(reg("scale-b-data", 32));
    ops.push_back(vectorOf("{byte-id-b, thread-id-b}", 16, 2));
  }
  return {.section = b.sparse ? kSparseSection : kSection,
          .syntax = b.syntax,
          .opcode = "mma",
          .qualifiers = std::move(q),
          .operands = std::move(ops),
          .constraints = std::move(b.constraints),
          .introduced = b.introduced,
          .target = b.target,
          .notes = std::move(b.notes)};
}

// "Specific shapes have type restrictions: ... .dtype must be the same as .ctype."
Constraint sameAccumulator() { return pairs(".dtype", ".ctype", {{{".f16"}, {".f16"}}, {{".f32"}, {".f32"}}}); }

// "requires sm_120a and is supported on sm_120f from PTX ISA version 8.8"
// (the fp6/fp4 types, .kind, .block_scale, .scale_vec_size).
FeatureNote sm120Note(std::string_view slot, Values values, std::vector<Condition> when = {}) {
  return {.slot = slot,
          .when = std::move(when),
          .values = std::move(values),
          .introduced = {8, 7},
          .targets = {TargetRequirement::archSpecific(120), TargetRequirement::familySpecific(120)},
          .family_from = {8, 8}};
}

const Values kFloatAcc = {".f16", ".f32"};
const Values kF8 = {".e4m3", ".e5m2"};
const Values kF8F6F4 = {".e4m3", ".e5m2", ".e3m2", ".e2m3", ".e2m1"};
const Values kSpVariants = {".sp", ".sp::ordered_metadata"};
const Values kOrderedOnly = {".sp::ordered_metadata"};

// "Support for .e3m2, .e2m3, .e2m1 alternate floating point type mma
// operation introduced in PTX ISA version 8.7"; "... requires sm_120a and is
// supported on sm_120f from PTX ISA version 8.8".
std::vector<FeatureNote> fp6fp4Notes() {
  return {sm120Note(".atype", {".e3m2", ".e2m3", ".e2m1"}), sm120Note(".btype", {".e3m2", ".e2m3", ".e2m1"})};
}

// Table 36 "Valid combinations of .scale_vec_size and .kind qualifier", and
// the block-scaled forms' notes: "Support for .kind, .block_scale,
// .scale_vec_size qualifier introduced in PTX ISA version 8.7"; "Support for
// .scale_vec::4X on .ue8m0 as .stype with .kind::mxf4nvf4 is introduced in
// PTX ISA version 9.1".
std::vector<Block> blockScaleBlocks(bool sparse) {
  std::string_view mxf4 =
      sparse ? "mma.spvariant.sync.aligned.m16n8k128.row.col.kind.block_scale{.scale_vec_size}.f32.e2m1.e2m1.f32.stype "
               "d, a, b, c, e, f, scale-a-data, {byte-id-a, thread-id-a}, scale-b-data, {byte-id-b, thread-id-b}"
             : "mma.sync.aligned.m16n8k64.row.col.kind.block_scale{.scale_vec_size}.f32.e2m1.e2m1.f32.stype d, a, b, "
               "c, scale-a-data, {byte-id-a, thread-id-a}, scale-b-data, {byte-id-b, thread-id-b}";
  std::string_view nvf4 =
      sparse ? "mma.spvariant.sync.aligned.m16n8k128.row.col.kind.block_scale.scale_vec_size.f32.e2m1.e2m1.f32.stype "
               "d, a, b, c, e, f, scale-a-data, {byte-id-a, thread-id-a}, scale-b-data, {byte-id-b, thread-id-b}"
             : "mma.sync.aligned.m16n8k64.row.col.kind.block_scale.scale_vec_size.f32.e2m1.e2m1.f32.stype d, a, b, c, "
               "scale-a-data, {byte-id-a, thread-id-a}, scale-b-data, {byte-id-b, thread-id-b}";
  std::string_view mxf8 =
      sparse ? "mma.spvariant.sync.aligned.m16n8k64.row.col.kind.block_scale{.scale_vec_size}.f32.f8f6f4type."
               "f8f6f4type.f32.stype d, a, b, c, e, f, scale-a-data, {byte-id-a, thread-id-a}, scale-b-data, "
               "{byte-id-b, thread-id-b}"
             : "mma.sync.aligned.m16n8k32.row.col.kind.block_scale{.scale_vec_size}.f32.f8f6f4type.f8f6f4type.f32."
               "stype d, a, b, c, scale-a-data, {byte-id-a, thread-id-a}, scale-b-data, {byte-id-b, thread-id-b}";
  // 9.7.14.5.12 m16n8k64 (.e2m1): A four, B two .b32 registers, C/D four
  // .f32; 9.7.14.5.10 m16n8k32 (f8f6f4): A four, B two. Sparse (9.7.14.6.2):
  // A and B four each.
  std::uint16_t b_regs = sparse ? 4 : 2;
  Fragment fp4{sparse ? ".m16n8k128" : ".m16n8k64", 4, b_regs, 4, ""};
  Fragment fp8{sparse ? ".m16n8k64" : ".m16n8k32", 4, b_regs, 4, ""};
  // Sparse: ".kind::mxf4nvf4 and .kind::mxf4 are supported on following
  // architectures: sm_120a, sm_121a" (no family); the rest as dense.
  auto kindNote = [&](Values kinds) {
    if (!sparse) return sm120Note(".kind", std::move(kinds));
    FeatureNote n = sm120Note(".kind", std::move(kinds));
    if (n.values.front() != ".kind::mxf8f6f4") {
      n.targets = {TargetRequirement::archSpecific(120), TargetRequirement::archSpecific(121)};
      n.family_from = {};
    }
    return n;
  };
  Values sp = kOrderedOnly;
  PtxVersion introduced{8, 7};
  TargetRequirement target = sparse ? TargetRequirement::atLeast(80) : TargetRequirement::atLeast(70);
  std::vector<Block> out;
  out.push_back({.syntax = mxf4,
                 .sparse = sparse,
                 .spvariants = sp,
                 .shapes = {fp4.shape},
                 .modifiers = {required(".kind", {".kind::mxf4"}), required(".block_scale", {".block_scale"}),
                               optional(".scale_vec_size", {".scale_vec::2X"})},
                 .dtypes = {".f32"},
                 .atypes = {".e2m1"},
                 .btypes = {".e2m1"},
                 .ctypes = {".f32"},
                 .tail = {ordered(required(".stype", {".ue8m0"}))},
                 .fragments = {fp4},
                 .introduced = introduced,
                 .target = target,
                 .notes = {kindNote({".kind::mxf4"})},
                 .block_scale = true});
  out.push_back({.syntax = nvf4,
                 .sparse = sparse,
                 .spvariants = sp,
                 .shapes = {fp4.shape},
                 // "for .kind::mxf4nvf4, it is mandatory to provide valid .scale_vec_size".
                 .modifiers = {required(".kind", {".kind::mxf4nvf4"}), required(".block_scale", {".block_scale"}),
                               required(".scale_vec_size", {".scale_vec::2X", ".scale_vec::4X"})},
                 .dtypes = {".f32"},
                 .atypes = {".e2m1"},
                 .btypes = {".e2m1"},
                 .ctypes = {".f32"},
                 .tail = {ordered(required(".stype", {".ue8m0", ".ue4m3"}))},
                 .fragments = {fp4},
                 // Table 36: ".kind::mxf4nvf4 | .e2m1 | .ue8m0 | .scale_vec::2X, .scale_vec::4X";
                 // "| .e2m1 | .ue4m3 | .scale_vec::4X".
                 .constraints = {pairs(".scale_vec_size", ".stype",
                                       {{{".scale_vec::2X"}, {".ue8m0"}}, {{".scale_vec::4X"}, {".ue4m3", ".ue8m0"}}})},
                 .introduced = introduced,
                 .target = target,
                 .notes = {kindNote({".kind::mxf4nvf4"}),
                           {.slot = ".stype",
                            .when = {{".scale_vec_size", {".scale_vec::4X"}}},
                            .values = {".ue8m0"},
                            .introduced = {9, 1}}},
                 .block_scale = true});
  out.push_back({.syntax = mxf8,
                 .sparse = sparse,
                 .spvariants = sp,
                 .shapes = {fp8.shape},
                 .modifiers = {required(".kind", {".kind::mxf8f6f4"}), required(".block_scale", {".block_scale"}),
                               optional(".scale_vec_size", {".scale_vec::1X"})},
                 .dtypes = {".f32"},
                 .atypes = kF8F6F4,
                 .btypes = kF8F6F4,
                 .ctypes = {".f32"},
                 .tail = {ordered(required(".stype", {".ue8m0"}))},
                 .fragments = {fp8},
                 .introduced = introduced,
                 .target = target,
                 .notes = {kindNote({".kind::mxf8f6f4"})},
                 .block_scale = true});
  return out;
}

std::vector<Block> denseBlocks() {
  std::vector<Block> out;
  // --- Half precision floating point type. "Requires sm_70 or higher";
  // ".f16 floating point type mma operation with .m8n8k4 shape introduced in
  // PTX ISA version 6.4 ... requires sm_70 or higher".
  out.push_back({.syntax = "mma.sync.aligned.m8n8k4.alayout.blayout.dtype.f16.f16.ctype d, a, b, c",
                 .shapes = {".m8n8k4"},
                 .alayouts = {".row", ".col"},
                 .blayouts = {".row", ".col"},
                 .dtypes = kFloatAcc,
                 .atypes = {".f16"},
                 .btypes = {".f16"},
                 .ctypes = kFloatAcc,
                 // 9.7.14.5.1: A and B two .f16x2 registers; C/D four .f16x2 or eight .f32.
                 .fragments = {{".m8n8k4", 2, 2, 8, ".f16x2"}},
                 // ".m8n8k4 : When .ctype is .f32, .dtype must also be .f32."
                 .constraints = {implies({{".ctype", {".f32"}}}, {".dtype", {".f32"}},
                                         "when .ctype is .f32, .dtype must also be .f32")},
                 .introduced = {6, 4},
                 .target = TargetRequirement::atLeast(70)});
  // ".f16 ... with .m16n8k8 shape introduced in PTX ISA version 6.5";
  // "requires sm_75 or higher". 9.7.14.5.7: A two, B one .f16x2.
  out.push_back({.syntax = "mma.sync.aligned.m16n8k8.row.col.dtype.f16.f16.ctype d, a, b, c",
                 .shapes = {".m16n8k8"},
                 .dtypes = kFloatAcc,
                 .atypes = {".f16"},
                 .btypes = {".f16"},
                 .ctypes = kFloatAcc,
                 .fragments = {{".m16n8k8", 2, 1, 4, ".f16x2"}},
                 .constraints = {sameAccumulator()},
                 .introduced = {6, 5},
                 .target = TargetRequirement::atLeast(75)});
  // ".f16 ... with .m16n8k16 shape introduced in PTX ISA version 7.0";
  // "requires sm_80 or higher". 9.7.14.5.8: A four, B two .f16x2.
  out.push_back({.syntax = "mma.sync.aligned.m16n8k16.row.col.dtype.f16.f16.ctype d, a, b, c",
                 .shapes = {".m16n8k16"},
                 .dtypes = kFloatAcc,
                 .atypes = {".f16"},
                 .btypes = {".f16"},
                 .ctypes = kFloatAcc,
                 .fragments = {{".m16n8k16", 4, 2, 4, ".f16x2"}},
                 .constraints = {sameAccumulator()},
                 .introduced = {7, 0},
                 .target = TargetRequirement::atLeast(80)});

  // --- Alternate floating point type. ".tf32 ... with .m16n8k4 and .m16n8k8
  // shapes introduced in PTX ISA version 7.0"; ".bf16 ... with .m16n8k8 and
  // .m16n8k16 shapes introduced in PTX ISA version 7.0"; both "require sm_80
  // or higher". ptxas takes only .b32 registers for these multiplicands: the
  // element types .tf32 and .bf16x2 agree with .b32 alone.
  out.push_back({.syntax = "mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32 d, a, b, c",
                 .shapes = {".m16n8k4"},
                 .dtypes = {".f32"},
                 .atypes = {".tf32"},
                 .btypes = {".tf32"},
                 .ctypes = {".f32"},
                 .fragments = {{".m16n8k4", 2, 1, 4, ".tf32"}},
                 .introduced = {7, 0},
                 .target = TargetRequirement::atLeast(80)});
  out.push_back({.syntax = "mma.sync.aligned.m16n8k8.row.col.f32.atype.btype.f32 d, a, b, c",
                 .shapes = {".m16n8k8"},
                 .dtypes = {".f32"},
                 .atypes = {".bf16", ".tf32"},
                 .btypes = {".bf16", ".tf32"},
                 .ctypes = {".f32"},
                 // 9.7.14.5.7: .bf16 A two, B one; .tf32 A four, B two.
                 .fragments = {{".m16n8k8", 2, 1, 4, ".bf16x2", {".bf16"}}, {".m16n8k8", 4, 2, 4, ".tf32", {".tf32"}}},
                 // ".m16n8k8 : .atype must be the same as .btype."
                 .constraints = {pairs(".atype", ".btype", {{{".bf16"}, {".bf16"}}, {{".tf32"}, {".tf32"}}})},
                 .introduced = {7, 0},
                 .target = TargetRequirement::atLeast(80)});
  out.push_back({.syntax = "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 d, a, b, c",
                 .shapes = {".m16n8k16"},
                 .dtypes = {".f32"},
                 .atypes = {".bf16"},
                 .btypes = {".bf16"},
                 .ctypes = {".f32"},
                 .fragments = {{".m16n8k16", 4, 2, 4, ".bf16x2"}},
                 .introduced = {7, 0},
                 .target = TargetRequirement::atLeast(80)});
  // "Support for .e4m3 and .e5m2 alternate floating point type mma operation
  // introduced in PTX ISA version 8.4"; "requires sm_89 or higher"; "Support
  // for shape .m16n8k16 and .f16 dtype/ctype with .e4m3/.e5m2 ... introduced
  // in PTX ISA version 8.7". 9.7.14.5.8/10: m16n8k16 A two, B one; m16n8k32
  // A four, B two.
  out.push_back({.syntax = "mma.sync.aligned.shape.row.col.dtype.f8type.f8type.ctype d, a, b, c",
                 .shapes = {".m16n8k16", ".m16n8k32"},
                 .dtypes = kFloatAcc,
                 .atypes = kF8,
                 .btypes = kF8,
                 .ctypes = kFloatAcc,
                 // The fragment tables leave out .m16n8k16 with .e4m3/.e5m2; the
                 // manual's example gives B one register, ptxas 13.0 takes one or
                 // two: B's length is not judged there (0).
                 .fragments = {{".m16n8k16", 2, 0, 4, ""}, {".m16n8k32", 4, 2, 4, ""}},
                 .constraints = {sameAccumulator()},
                 .introduced = {8, 4},
                 .target = TargetRequirement::atLeast(89),
                 .notes = {{.slot = ".shape", .values = {".m16n8k16"}, .introduced = {8, 7}},
                           {.slot = ".dtype", .values = {".f16"}, .introduced = {8, 7}}}});
  // ".kind = {.kind::f8f6f4}": ".e3m2, .e2m3 and .e2m1 ... requires sm_120a
  // and is supported on sm_120f from PTX ISA version 8.8"; "Support for
  // .kind ... requires sm_120a and are supported on sm_120f or higher in the
  // same family from PTX ISA version 8.8".
  {
    Block b{.syntax = "mma.sync.aligned.m16n8k32.row.col.kind.dtype.f8f6f4type.f8f6f4type.ctype d, a, b, c",
            .shapes = {".m16n8k32"},
            .modifiers = {required(".kind", {".kind::f8f6f4"})},
            .dtypes = kFloatAcc,
            .atypes = kF8F6F4,
            .btypes = kF8F6F4,
            .ctypes = kFloatAcc,
            .fragments = {{".m16n8k32", 4, 2, 4, ""}},
            .constraints = {sameAccumulator()},
            .introduced = {8, 7},
            .target = TargetRequirement::atLeast(89),
            .notes = fp6fp4Notes()};
    b.notes.push_back(sm120Note(".kind", {}));
    out.push_back(std::move(b));
  }
  for (Block& b : blockScaleBlocks(false)) out.push_back(std::move(b));

  // --- Double precision. ".shape = {.m8n84, .m16n8k4, .m16n8k8, .m16n8k16}"
  // (.m8n84 is .m8n8k4); "Supported rounding modifiers are: .rn ... .rz ...
  // .rm ... .rp" (the examples write ".f64.f64.f64.f64.rn"). ".f64 ... with
  // .m8n8k4 shape introduced in PTX ISA version 7.0 ... requires sm_80";
  // ".f64 ... with .m16n8k4, .m16n8k8, and .m16n8k16 shapes introduced in PTX
  // ISA version 7.8 ... require sm_90 or higher". 9.7.14.5.2/6/7/8: A one,
  // two, four, eight; B one, one, two, four .f64; C/D two or four .f64.
  out.push_back({.syntax = "mma.sync.aligned.shape.row.col.f64.f64.f64.f64 d, a, b, c",
                 .shapes = {".m8n8k4", ".m16n8k4", ".m16n8k8", ".m16n8k16"},
                 .modifiers = {optional(".rnd", {".rn", ".rz", ".rm", ".rp"})},
                 .dtypes = {".f64"},
                 .atypes = {".f64"},
                 .btypes = {".f64"},
                 .ctypes = {".f64"},
                 .fragments = {{".m8n8k4", 1, 1, 2, ".f64"},
                               {".m16n8k4", 2, 1, 4, ".f64"},
                               {".m16n8k8", 4, 2, 4, ".f64"},
                               {".m16n8k16", 8, 4, 4, ".f64"}},
                 .introduced = {7, 0},
                 .target = TargetRequirement::atLeast(80),
                 .notes = {{.slot = ".shape",
                            .values = {".m16n8k4", ".m16n8k8", ".m16n8k16"},
                            .introduced = {7, 8},
                            .targets = {TargetRequirement::atLeast(90)}}}});

  // --- Integer. ".u8/.s8 ... with .m8n8k16 shape introduced in PTX ISA
  // version 6.5 ... requires sm_75"; "... with .m16n8k16 and .m16n8k32
  // shapes introduced in PTX ISA version 7.0 ... requires sm_80"; the same
  // for .u4/.s4 with .m8n8k32 and .m16n8k32, .m16n8k64. 9.7.14.5.3/4/9/10/11:
  // A one, two, four; B one, one, two .b32; C/D two or four .s32.
  out.push_back({.syntax = "mma.sync.aligned.shape.row.col{.satfinite}.s32.atype.btype.s32 d, a, b, c (.u8, .s8)",
                 .shapes = {".m8n8k16", ".m16n8k16", ".m16n8k32"},
                 .modifiers = {optional(".satfinite", {".satfinite"})},
                 .dtypes = {".s32"},
                 .atypes = {".u8", ".s8"},
                 .btypes = {".u8", ".s8"},
                 .ctypes = {".s32"},
                 .fragments = {{".m8n8k16", 1, 1, 2, ""}, {".m16n8k16", 2, 1, 4, ""}, {".m16n8k32", 4, 2, 4, ""}},
                 .introduced = {6, 5},
                 .target = TargetRequirement::atLeast(75),
                 .notes = {{.slot = ".shape",
                            .values = {".m16n8k16", ".m16n8k32"},
                            .introduced = {7, 0},
                            .targets = {TargetRequirement::atLeast(80)}}}});
  out.push_back({.syntax = "mma.sync.aligned.shape.row.col{.satfinite}.s32.atype.btype.s32 d, a, b, c (.u4, .s4)",
                 .shapes = {".m8n8k32", ".m16n8k32", ".m16n8k64"},
                 .modifiers = {optional(".satfinite", {".satfinite"})},
                 .dtypes = {".s32"},
                 .atypes = {".u4", ".s4"},
                 .btypes = {".u4", ".s4"},
                 .ctypes = {".s32"},
                 .fragments = {{".m8n8k32", 1, 1, 2, ""}, {".m16n8k32", 2, 1, 4, ""}, {".m16n8k64", 4, 2, 4, ""}},
                 .introduced = {6, 5},
                 .target = TargetRequirement::atLeast(75),
                 .notes = {{.slot = ".shape",
                            .values = {".m16n8k32", ".m16n8k64"},
                            .introduced = {7, 0},
                            .targets = {TargetRequirement::atLeast(80)}}}});
  // --- Single bit. ".b1 ... with .m8n8k128, .m16n8k128 and .m16n8k256
  // shapes introduced in PTX ISA version 7.0"; ".m8n8k128 shape sm_75 or
  // higher"; ".m16n8k128 and .m16n8k256 shapes requires sm_80 or higher";
  // "Support for .and operation in single-bit mma introduced in PTX ISA
  // version 7.1"; ".and operation ... requires sm_80 or higher". .bitOp
  // before .popc, anywhere among the other qualifiers, as ptxas reads them.
  out.push_back(
      {.syntax = "mma.sync.aligned.shape.row.col.s32.b1.b1.s32.bitOp.popc d, a, b, c",
       .shapes = {".m8n8k128", ".m16n8k128", ".m16n8k256"},
       .dtypes = {".s32"},
       .atypes = {".b1"},
       .btypes = {".b1"},
       .ctypes = {".s32"},
       .tail = {inOrder(required(".bitOp", {".xor", ".and"}), 2), inOrder(required(".popc", {".popc"}), 2)},
       .fragments = {{".m8n8k128", 1, 1, 2, ""}, {".m16n8k128", 2, 1, 4, ""}, {".m16n8k256", 4, 2, 4, ""}},
       .introduced = {7, 0},
       .target = TargetRequirement::atLeast(75),
       .notes = {
           {.slot = ".shape", .values = {".m16n8k128", ".m16n8k256"}, .targets = {TargetRequirement::atLeast(80)}},
           {.slot = ".bitOp", .values = {".and"}, .introduced = {7, 1}, .targets = {TargetRequirement::atLeast(80)}}}});
  return out;
}

// 9.7.14.6.3. "Introduced in PTX ISA version 7.1"; "Requires sm_80 or
// higher"; "mma.sp::ordered_metadata introduced in PTX ISA version 8.5".
FeatureNote orderedMetadataNote() {
  return {.slot = ".spvariant", .values = {".sp::ordered_metadata"}, .introduced = {8, 5}};
}

std::vector<Block> sparseBlocks() {
  std::vector<Block> out;
  auto plain = [&](std::string_view syntax, Values shapes, Values dtypes, Values atypes, Values ctypes,
                   std::vector<Fragment> frags, std::vector<Constraint> constraints = {}) {
    out.push_back({.syntax = syntax,
                   .sparse = true,
                   .spvariants = kSpVariants,
                   .shapes = std::move(shapes),
                   .dtypes = std::move(dtypes),
                   .atypes = atypes,
                   .btypes = atypes,
                   .ctypes = std::move(ctypes),
                   .fragments = std::move(frags),
                   .constraints = std::move(constraints),
                   .introduced = {7, 1},
                   .target = TargetRequirement::atLeast(80),
                   .notes = {orderedMetadataNote()}});
  };
  // "In case of shapes .m16n8k16, .m16n8k32 and .m16n8k64, .dtype must be
  // the same as .ctype." 9.7.14.6.2.1/2: m16n8k16 A two, B two .f16x2;
  // m16n8k32 A four, B four; C/D two .f16x2 or four .f32.
  plain("mma.spvariant.sync.aligned.m16n8k16.row.col.dtype.f16.f16.ctype d, a, b, c, e, f", {".m16n8k16"}, kFloatAcc,
        {".f16"}, kFloatAcc, {{".m16n8k16", 2, 2, 4, ".f16x2"}}, {sameAccumulator()});
  plain("mma.spvariant.sync.aligned.m16n8k32.row.col.dtype.f16.f16.ctype d, a, b, c, e, f", {".m16n8k32"}, kFloatAcc,
        {".f16"}, kFloatAcc, {{".m16n8k32", 4, 4, 4, ".f16x2"}}, {sameAccumulator()});
  // Alternate floating point: any 32-bit registers for the multiplicands
  // (ptxas 13.0). 9.7.14.6.2.1-4.
  plain("mma.spvariant.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 d, a, b, c, e, f", {".m16n8k16"}, {".f32"},
        {".bf16"}, {".f32"}, {{".m16n8k16", 2, 2, 4, ""}});
  plain("mma.spvariant.sync.aligned.m16n8k32.row.col.f32.bf16.bf16.f32 d, a, b, c, e, f", {".m16n8k32"}, {".f32"},
        {".bf16"}, {".f32"}, {{".m16n8k32", 4, 4, 4, ""}});
  plain("mma.spvariant.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 d, a, b, c, e, f", {".m16n8k8"}, {".f32"},
        {".tf32"}, {".f32"}, {{".m16n8k8", 2, 2, 4, ""}});
  plain("mma.spvariant.sync.aligned.m16n8k16.row.col.f32.tf32.tf32.f32 d, a, b, c, e, f", {".m16n8k16"}, {".f32"},
        {".tf32"}, {".f32"}, {{".m16n8k16", 4, 4, 4, ""}});
  // "mma.spvariant.sync.aligned.m16n8k64.row.col.f32.f8type.f8type.f32":
  // "Support for .e4m3 and .e5m2 ... introduced in PTX ISA version 8.4",
  // "requires sm_89 or higher". The notes also admit ".f16 dtype/ctype with
  // .e4m3/.e5m2" (8.7), which ptxas 13.0 takes only with
  // .sp::ordered_metadata and on sm_120a/sm_120f. 9.7.14.6.2.6: A four, B four.
  {
    Block b{.syntax = "mma.spvariant.sync.aligned.m16n8k64.row.col.f32.f8type.f8type.f32 d, a, b, c, e, f",
            .sparse = true,
            .spvariants = kSpVariants,
            .shapes = {".m16n8k64"},
            .dtypes = kFloatAcc,
            .atypes = kF8,
            .btypes = kF8,
            .ctypes = kFloatAcc,
            .fragments = {{".m16n8k64", 4, 4, 4, ""}},
            .constraints = {sameAccumulator(),
                            implies({{".dtype", {".f16"}}}, {".spvariant", {".sp::ordered_metadata"}},
                                    ".f16 accumulators with .e4m3/.e5m2 need .sp::ordered_metadata (ptxas 13.0)")},
            .introduced = {8, 4},
            .target = TargetRequirement::atLeast(89),
            .notes = {orderedMetadataNote(), sm120Note(".dtype", {".f16"})}};
    out.push_back(std::move(b));
  }
  // "mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.kind.dtype.
  // f8f6f4type.f8f6f4type.ctype" with ".kind = {kind::f8f6f4}".
  {
    Block b{.syntax =
                "mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.kind.dtype.f8f6f4type.f8f6f4type.ctype "
                "d, a, b, c, e, f",
            .sparse = true,
            .spvariants = kOrderedOnly,
            .shapes = {".m16n8k64"},
            .modifiers = {required(".kind", {".kind::f8f6f4"})},
            .dtypes = kFloatAcc,
            .atypes = kF8F6F4,
            .btypes = kF8F6F4,
            .ctypes = kFloatAcc,
            .fragments = {{".m16n8k64", 4, 4, 4, ""}},
            .constraints = {sameAccumulator()},
            .introduced = {8, 7},
            .target = TargetRequirement::atLeast(80),
            .notes = fp6fp4Notes()};
    b.notes.push_back(sm120Note(".kind", {}));
    out.push_back(std::move(b));
  }
  for (Block& b : blockScaleBlocks(true)) out.push_back(std::move(b));
  // Integer. 9.7.14.6.2.5/7/8: .u8/.s8 m16n8k32 and .u4/.s4 m16n8k64 A two,
  // B two; .u8/.s8 m16n8k64 and .u4/.s4 m16n8k128 A four, B four; C/D four .s32.
  auto integer = [&](std::string_view syntax, Values shapes, Values types, std::vector<Fragment> frags) {
    out.push_back({.syntax = syntax,
                   .sparse = true,
                   .spvariants = kSpVariants,
                   .shapes = std::move(shapes),
                   .modifiers = {optional(".satfinite", {".satfinite"})},
                   .dtypes = {".s32"},
                   .atypes = types,
                   .btypes = types,
                   .ctypes = {".s32"},
                   .fragments = std::move(frags),
                   .introduced = {7, 1},
                   .target = TargetRequirement::atLeast(80),
                   .notes = {orderedMetadataNote()}});
  };
  integer("mma.spvariant.sync.aligned.shape.row.col{.satfinite}.s32.atype.btype.s32 d, a, b, c, e, f (.u8, .s8)",
          {".m16n8k32", ".m16n8k64"}, {".u8", ".s8"}, {{".m16n8k32", 2, 2, 4, ""}, {".m16n8k64", 4, 4, 4, ""}});
  integer("mma.spvariant.sync.aligned.shape.row.col{.satfinite}.s32.atype.btype.s32 d, a, b, c, e, f (.u4, .s4)",
          {".m16n8k64", ".m16n8k128"}, {".u4", ".s4"}, {{".m16n8k64", 2, 2, 4, ""}, {".m16n8k128", 4, 4, 4, ""}});
  return out;
}

}  // namespace

std::vector<InstructionSpec> mmaSpecs() {
  std::vector<InstructionSpec> specs;
  for (Block& b : denseBlocks()) specs.push_back(entry(std::move(b)));
  for (Block& b : sparseBlocks()) specs.push_back(entry(std::move(b)));
  return specs;
}

}  // namespace ptxlint::spec
