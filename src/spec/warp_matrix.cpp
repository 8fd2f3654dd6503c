// PTX ISA 9.7.14 warp-level matrix instructions
// (../shared/ptx-manual-9.1/9_instruction_set/97_instructions/9714_*):
// 9.7.14.5.15 ldmatrix, 9.7.14.5.16 stmatrix, 9.7.14.5.17 movmatrix. One
// entry per syntax line; the fragment vectors' lengths per .shape x .num are
// tables (registerVector).
#include <string>

#include "spec/sections.h"

namespace ptxlint::spec {
namespace {

// ".ss = {.shared{::cta}}".
const Values kSharedCta = {".shared", ".shared::cta"};
const Values kNum = {".x1", ".x2", ".x4"};

// "Requires sm_75 or higher" (ldmatrix, movmatrix) and the notes of the
// sm_100 forms: "supported on following architectures: sm_100a, sm_101a
// (Renamed to sm_110a from PTX ISA version 9.0), sm_120a; And are supported
// on following family-specific architectures from PTX ISA version 8.8:
// sm_100f or higher in the same family, sm_101f or higher in the same family
// (Renamed to sm_110f ...), sm_120f or higher in the same family".
FeatureNote blackwellNote(std::string_view slot, Values values, PtxVersion introduced) {
  return {.slot = slot,
          .values = std::move(values),
          .introduced = introduced,
          .targets = {TargetRequirement::archSpecific(100), TargetRequirement::archSpecific(110),
                      TargetRequirement::archSpecific(120), TargetRequirement::familySpecific(100),
                      TargetRequirement::familySpecific(110), TargetRequirement::familySpecific(120)},
          .family_from = {8, 8}};
}

// ".num: The values .x1, .x2 and .x4 ... indicate one, two or four matrices";
// r is "a brace-enclosed vector expression consisting of 1, 2, or 4 32-bit
// registers as per the value of .num".
std::vector<VectorLength> onePerMatrix(std::string_view shape) {
  return {{{{".shape", {shape}}, {".num", {".x1"}}}, 1},
          {{{".shape", {shape}}, {".num", {".x2"}}}, 2},
          {{{".shape", {shape}}, {".num", {".x4"}}}, 4}};
}

// "For matrix shape 16x16, two destination registers r0 and r1 of type .b32
// must be specified" per matrix: .x1 -> 2, .x2 -> 4 (the manual's examples).
std::vector<VectorLength> twoPerMatrix() {
  return {{{{".shape", {".m16n16"}}, {".num", {".x1"}}}, 2}, {{{".shape", {".m16n16"}}, {".num", {".x2"}}}, 4}};
}

std::vector<VectorLength> concat(std::vector<VectorLength> a, const std::vector<VectorLength>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

std::vector<QualifierSlot> syncAligned() {
  // "The mandatory .sync qualifier ..."; "The mandatory .aligned qualifier".
  return {required(".sync", {".sync"}), required(".aligned", {".aligned"})};
}

InstructionSpec ldmatrixBlock(std::string_view syntax, std::vector<QualifierSlot> qualifiers,
                              std::vector<VectorLength> lengths, std::vector<Constraint> constraints,
                              std::vector<FeatureNote> notes) {
  std::vector<QualifierSlot> q = syncAligned();
  q.insert(q.end(), qualifiers.begin(), qualifiers.end());
  InstructionSpec s{.section = "9.7.14.5.15",
                    .syntax = syntax,
                    .opcode = "ldmatrix",
                    .qualifiers = std::move(q),
                    // "r, [p]": the 32-bit destination registers, the address.
                    // (ptxas takes the sink '_' for some of r's registers, not all.)
                    .operands = {sinksOnlyWhen(registerVector("r", 32, std::move(lengths), true), {{}}), address("p")},
                    .constraints = std::move(constraints),
                    // "Introduced in PTX ISA version 6.5"; "Requires sm_75 or higher".
                    .introduced = {6, 5},
                    .target = TargetRequirement::atLeast(75)};
  // "Support for ::cta sub-qualifier introduced in PTX ISA version 7.8."
  notes.push_back({.slot = ".ss", .values = {".shared::cta"}, .introduced = {7, 8}});
  s.notes = std::move(notes);
  return s;
}

// --- 9.7.14.4 wmma. "Modifier .aligned is required from PTX ISA version 6.3
// onwards, and considered implicit in PTX ISA versions less than 6.3".
std::vector<QualifierSlot> wmmaSyncAligned() {
  return {required(".sync", {".sync"}), requiredFrom({6, 3}, optional(".aligned", {".aligned"}))};
}

const Values kWmmaF16Shapes = {".m16n16k16", ".m8n32k16", ".m32n8k16"};
const Values kWmmaSpaces = {".global", ".shared", ".shared::cta"};

// 9.7.14.4.1 Matrix Fragments for WMMA, multiplicands: (shapes, types) ->
// registers of A and of B. ".f16 | A or B | A vector expression of eight
// .f16x2 registers"; ".u8 or .s8 | .m16n16k16 | A | ... two .b32 registers",
// ".m8n32k16 | A | ... a single .b32 register | B | ... four .b32
// registers", ...; ".bf16 | .m16n16k16 | ... four .b32 registers", ...;
// ".tf32 | .m16n16k8 | ... four .b32 registers"; ".f64 | .m8n8k4 | A or B |
// A vector expression of single .f64 register"; ".u4 or .s4 | .m8n8k32",
// ".b1 | .m8n8k128 | ... a single .b32 register".
struct MultiplicandRow {
  Values shapes;
  Values types;
  std::uint16_t a, b;
  std::string_view element_type;
};
const std::vector<MultiplicandRow>& multiplicandTable() {
  static const std::vector<MultiplicandRow> rows = {
      {kWmmaF16Shapes, {".f16"}, 8, 8, ".f16x2"}, {{".m16n16k16"}, {".s8", ".u8"}, 2, 2, ""},
      {{".m8n32k16"}, {".s8", ".u8"}, 1, 4, ""},  {{".m32n8k16"}, {".s8", ".u8"}, 4, 1, ""},
      {{".m16n16k16"}, {".bf16"}, 4, 4, ""},      {{".m8n32k16"}, {".bf16"}, 2, 8, ""},
      {{".m32n8k16"}, {".bf16"}, 8, 2, ""},       {{".m16n16k8"}, {".tf32"}, 4, 4, ""},
      {{".m8n8k4"}, {".f64"}, 1, 1, ".f64"},      {{".m8n8k32"}, {".s4", ".u4"}, 1, 1, ""},
      {{".m8n8k128"}, {".b1"}, 1, 1, ""},
  };
  return rows;
}

std::vector<VectorLength> multiplicandLengths(char matrix, std::string_view type_slot) {
  std::vector<VectorLength> out;
  for (const MultiplicandRow& r : multiplicandTable()) {
    out.push_back({{{".shape", r.shapes}, {type_slot, r.types}}, matrix == 'a' ? r.a : r.b, r.element_type});
  }
  return out;
}

// Accumulators (C or D): ".f16 | C or D | A vector expression of four .f16x2
// registers", ".f32 | ... eight .f32 registers", ".s32 | .m16n16k16,
// .m8n32k16, .m32n8k16 | ... eight .s32 registers", ".s32 | .m8n8k32,
// .m8n8k128 | ... two .s32 registers". ".f64 | .m8n8k4 | C or D | A vector
// expression containing single .f64 register" -- but ptxas 13.0 requires
// two (and nvcc writes two): ptxlint takes two, where ptxas does.
std::vector<VectorLength> accumulatorLengths(std::string_view type_slot) {
  Values f16_f32_shapes = kWmmaF16Shapes;
  f16_f32_shapes.push_back(".m16n16k8");
  return {{{{".shape", f16_f32_shapes}, {type_slot, {".f16"}}}, 4, ".f16x2"},
          {{{".shape", f16_f32_shapes}, {type_slot, {".f32"}}}, 8, ".f32"},
          {{{".shape", kWmmaF16Shapes}, {type_slot, {".s32"}}}, 8, ".s32"},
          {{{".shape", {".m8n8k32", ".m8n8k128"}}, {type_slot, {".s32"}}}, 2, ".s32"},
          {{{".shape", {".m8n8k4"}}, {type_slot, {".f64"}}}, 2, ".f64"}};
}

// Target ISA Notes and PTX ISA Notes of 9.7.14.4.2-4, per type and shape:
// "Floating point wmma requires sm_70 or higher. Integer wmma requires sm_72
// or higher. Sub-byte and single-bit wmma requires sm_75 or higher. Double
// precision and alternate floating point precision wmma requires sm_80 or
// higher"; ".m8n32k16 and .m32n8k16 introduced in PTX ISA version 6.1.
// Integer, sub-byte integer and single-bit wmma introduced in PTX ISA
// version 6.3. .m8n8k4 and .m16n16k8 on wmma introduced in PTX ISA version
// 7.0. Double precision and alternate floating point precision wmma
// introduced in PTX ISA version 7.0"; "Support for ::cta sub-qualifier
// introduced in PTX ISA version 7.8."
std::vector<FeatureNote> wmmaNotes(std::string_view type_slot) {
  return {
      {.slot = ".shape", .values = {".m8n32k16", ".m32n8k16"}, .introduced = {6, 1}},
      {.slot = type_slot, .values = {".s8", ".u8"}, .introduced = {6, 3}, .targets = {TargetRequirement::atLeast(72)}},
      {.slot = type_slot,
       .values = {".s4", ".u4", ".b1"},
       .introduced = {6, 3},
       .targets = {TargetRequirement::atLeast(75)}},
      {.slot = type_slot,
       .values = {".bf16", ".tf32", ".f64"},
       .introduced = {7, 0},
       .targets = {TargetRequirement::atLeast(80)}},
      {.slot = ".shape",
       .values = {".m8n8k4", ".m16n16k8"},
       .introduced = {7, 0},
       .targets = {TargetRequirement::atLeast(80)}},
      // The integer accumulators (.s32 in wmma.load.c, wmma.store.d) and the
      // sub-byte and single-bit shapes follow their multiplicands.
      {.slot = type_slot, .values = {".s32"}, .introduced = {6, 3}, .targets = {TargetRequirement::atLeast(72)}},
      {.slot = ".shape",
       .values = {".m8n8k32", ".m8n8k128"},
       .introduced = {6, 3},
       .targets = {TargetRequirement::atLeast(75)}},
      {.slot = ".ss", .values = {".shared::cta"}, .introduced = {7, 8}}};
}

// One wmma.load line: "wmma.load.a.sync.aligned.layout.shape{.ss}.atype r,
// [p] {, stride}" with the block's .shape and type values.
InstructionSpec wmmaLoad(char matrix, std::string_view syntax, Values layouts, Values shapes, Values types) {
  std::string_view opcode = matrix == 'a' ? "wmma.load.a" : matrix == 'b' ? "wmma.load.b" : "wmma.load.c";
  std::string_view type_slot = matrix == 'a' ? ".atype" : matrix == 'b' ? ".btype" : ".ctype";
  std::vector<QualifierSlot> q = wmmaSyncAligned();
  q.push_back(required(".layout", std::move(layouts)));
  q.push_back(required(".shape", std::move(shapes)));
  q.push_back(optionalSpace(".ss", kWmmaSpaces));
  q.push_back(required(type_slot, std::move(types)));
  // "The destination operand r is a brace-enclosed vector expression that
  // can hold the fragment returned by the load operation"; "stride is an
  // optional 32-bit integer operand". (ptxas takes the sink '_' for some of
  // r's registers.)
  OperandSpec r = sinksOnlyWhen(
      registerVector("r", 32, matrix == 'c' ? accumulatorLengths(type_slot) : multiplicandLengths(matrix, type_slot),
                     true),
      {{}});
  return {.section = "9.7.14.4.3",
          .syntax = syntax,
          .opcode = opcode,
          .qualifiers = std::move(q),
          .operands = {r, address("p"), optionalOperand(valueOfType("stride", ".u32"))},
          // "Introduced in PTX ISA version 6.0"; "Floating point wmma requires sm_70 or higher".
          .introduced = {6, 0},
          .target = TargetRequirement::atLeast(70),
          .notes = wmmaNotes(type_slot)};
}

InstructionSpec wmmaStore(Values shapes, Values types) {
  std::vector<QualifierSlot> q = wmmaSyncAligned();
  q.push_back(required(".layout", {".row", ".col"}));
  q.push_back(required(".shape", std::move(shapes)));
  q.push_back(optionalSpace(".ss", kWmmaSpaces));
  q.push_back(required(".type", std::move(types)));
  InstructionSpec s{.section = "9.7.14.4.4",
                    .syntax = "wmma.store.d.sync.aligned.layout.shape{.ss}.type [p], r {, stride}",
                    .opcode = "wmma.store.d",
                    .qualifiers = std::move(q),
                    // "The source operand r is a brace-enclosed vector expression that
                    // matches the shape of the fragment expected by the store operation".
                    .operands = {address("p"), registerVector("r", 32, accumulatorLengths(".type"), false),
                                 optionalOperand(valueOfType("stride", ".u32"))},
                    .introduced = {6, 0},
                    .target = TargetRequirement::atLeast(70),
                    .notes = wmmaNotes(".type")};
  // "Double precision wmma and shape .m16n16k8 requires sm_80 or higher."
  return s;
}

// One wmma.mma line: d, a, b, c with the fragments of .dtype, .atype,
// .btype, .ctype (the type qualifiers in that order).
InstructionSpec wmmaMma(std::string_view syntax, std::vector<QualifierSlot> head, Values alayouts, Values blayouts,
                        Values shapes, Values dtypes, Values atypes, Values btypes, Values ctypes,
                        std::vector<QualifierSlot> tail, std::vector<Constraint> constraints = {}) {
  std::vector<QualifierSlot> q = std::move(head);
  for (QualifierSlot slot : wmmaSyncAligned()) q.push_back(std::move(slot));
  q.push_back(ordered(required(".alayout", std::move(alayouts))));
  q.push_back(ordered(required(".blayout", std::move(blayouts))));
  q.push_back(required(".shape", std::move(shapes)));
  q.push_back(ordered(required(".dtype", std::move(dtypes))));
  bool implicit_f16 = atypes.empty();  // "shape.dtype.ctype": .f16 multiplicands
  if (!implicit_f16) {
    q.push_back(ordered(required(".atype", std::move(atypes))));
    q.push_back(ordered(required(".btype", std::move(btypes))));
  }
  q.push_back(ordered(required(".ctype", std::move(ctypes))));
  for (QualifierSlot& slot : tail) q.push_back(std::move(slot));
  std::vector<VectorLength> a_rows, b_rows;
  if (implicit_f16) {
    a_rows = {{{{".shape", kWmmaF16Shapes}}, 8, ".f16x2"}};
    b_rows = a_rows;
  } else {
    a_rows = multiplicandLengths('a', ".atype");
    b_rows = multiplicandLengths('b', ".btype");
  }
  return {
      .section = "9.7.14.4.5",
      .syntax = syntax,
      .opcode = "wmma.mma",
      .qualifiers = std::move(q),
      .operands = {registerVector("d", 32, accumulatorLengths(".dtype"), true),
                   registerVector("a", 32, std::move(a_rows), false), registerVector("b", 32, std::move(b_rows), false),
                   registerVector("c", 32, accumulatorLengths(".ctype"), false)},
      .constraints = std::move(constraints),
      .introduced = {6, 0},
      .target = TargetRequirement::atLeast(70),
      .notes = wmmaNotes(".atype")};
}

}  // namespace

std::vector<InstructionSpec> warpMatrixSpecs() {
  std::vector<InstructionSpec> specs;

  // 9.7.14.4.3 wmma.load, one entry per syntax line of each block.
  const Values layouts = {".row", ".col"};
  struct LoadBlock {
    std::string_view a, b, c;  // the manual's lines
    Values a_layouts, b_layouts, shapes, atypes, btypes, ctypes;
  };
  const std::vector<LoadBlock> loads = {
      // "Floating point format .f16 loads" (also .s8/.u8, .s32 accumulators).
      {"wmma.load.a.sync.aligned.layout.shape{.ss}.atype r, [p] {, stride} (.f16, .s8, .u8)",
       "wmma.load.b.sync.aligned.layout.shape{.ss}.btype r, [p] {, stride} (.f16, .s8, .u8)",
       "wmma.load.c.sync.aligned.layout.shape{.ss}.ctype r, [p] {, stride} (.f16, .f32, .s32)",
       layouts,
       layouts,
       kWmmaF16Shapes,
       {".f16", ".s8", ".u8"},
       {".f16", ".s8", ".u8"},
       {".f16", ".f32", ".s32"}},
      // "Alternate floating point format .bf16 loads".
      {"wmma.load.a.sync.aligned.layout.shape{.ss}.atype r, [p] {, stride} (.bf16)",
       "wmma.load.b.sync.aligned.layout.shape{.ss}.btype r, [p] {, stride} (.bf16)",
       "wmma.load.c.sync.aligned.layout.shape{.ss}.ctype r, [p] {, stride} (.f32)",
       layouts,
       layouts,
       kWmmaF16Shapes,
       {".bf16"},
       {".bf16"},
       {".f32"}},
      // "Alternate floating point format .tf32 loads".
      {"wmma.load.a.sync.aligned.layout.shape{.ss}.atype r, [p] {, stride} (.tf32)",
       "wmma.load.b.sync.aligned.layout.shape{.ss}.btype r, [p] {, stride} (.tf32)",
       "wmma.load.c.sync.aligned.layout.shape{.ss}.ctype r, [p] {, stride} (.f32)",
       layouts,
       layouts,
       {".m16n16k8"},
       {".tf32"},
       {".tf32"},
       {".f32"}},
      // "Double precision Floating point .f64 loads".
      {"wmma.load.a.sync.aligned.layout.shape{.ss}.atype r, [p] {, stride} (.f64)",
       "wmma.load.b.sync.aligned.layout.shape{.ss}.btype r, [p] {, stride} (.f64)",
       "wmma.load.c.sync.aligned.layout.shape{.ss}.ctype r, [p] {, stride} (.f64)",
       layouts,
       layouts,
       {".m8n8k4"},
       {".f64"},
       {".f64"},
       {".f64"}},
      // "Sub-byte loads": A row-major, B column-major.
      {"wmma.load.a.sync.aligned.row.shape{.ss}.atype r, [p] {, stride} (.s4, .u4)",
       "wmma.load.b.sync.aligned.col.shape{.ss}.btype r, [p] {, stride} (.s4, .u4)",
       "wmma.load.c.sync.aligned.layout.shape{.ss}.ctype r, [p] {, stride} (.s32)",
       {".row"},
       {".col"},
       {".m8n8k32"},
       {".s4", ".u4"},
       {".s4", ".u4"},
       {".s32"}},
      // "Single-bit loads".
      {"wmma.load.a.sync.aligned.row.shape{.ss}.atype r, [p] {, stride} (.b1)",
       "wmma.load.b.sync.aligned.col.shape{.ss}.btype r, [p] {, stride} (.b1)",
       "wmma.load.c.sync.aligned.layout.shape{.ss}.ctype r, [p] {, stride} (.s32)",
       {".row"},
       {".col"},
       {".m8n8k128"},
       {".b1"},
       {".b1"},
       {".s32"}},
  };
  for (const LoadBlock& l : loads) {
    specs.push_back(wmmaLoad('a', l.a, l.a_layouts, l.shapes, l.atypes));
    specs.push_back(wmmaLoad('b', l.b, l.b_layouts, l.shapes, l.btypes));
    specs.push_back(wmmaLoad('c', l.c, layouts, l.shapes, l.ctypes));
  }

  // 9.7.14.4.4 wmma.store, "wmma.store.d.sync.aligned.layout.shape{.ss}.type
  // [p], r {, stride}", four blocks.
  specs.push_back(wmmaStore(kWmmaF16Shapes, {".f16", ".f32", ".s32"}));
  specs.push_back(wmmaStore({".m8n8k32", ".m8n8k128"}, {".s32"}));
  specs.push_back(wmmaStore({".m16n16k8"}, {".f32"}));
  specs.push_back(wmmaStore({".m8n8k4"}, {".f64"}));

  // 9.7.14.4.5 wmma.mma.
  specs.push_back(wmmaMma("wmma.mma.sync.aligned.alayout.blayout.shape.dtype.ctype d, a, b, c", {}, layouts, layouts,
                          kWmmaF16Shapes, {".f16", ".f32"}, {}, {}, {".f16", ".f32"},
                          // "Support for .satfinite on floating point wmma.mma is
                          // deprecated in PTX ISA version 6.4 and is removed from PTX ISA
                          // version 6.5": not accepted (ptxas 13.0 refuses it from 6.5).
                          {}));
  specs.push_back(wmmaMma("wmma.mma.sync.aligned.alayout.blayout.shape.s32.atype.btype.s32{.satfinite} d, a, b, c", {},
                          layouts, layouts, kWmmaF16Shapes, {".s32"}, {".s8", ".u8"}, {".s8", ".u8"}, {".s32"},
                          {optional(".satfinite", {".satfinite"})},
                          // ptxas 13.0: "Unexpected instruction types" for .s8.u8 (the manual's
                          // examples write the same type twice).
                          {pairs(".atype", ".btype", {{{".s8"}, {".s8"}}, {{".u8"}, {".u8"}}})}));
  specs.push_back(wmmaMma("wmma.mma.sync.aligned.alayout.blayout.shape.f32.atype.btype.f32 d, a, b, c (.bf16)", {},
                          layouts, layouts, kWmmaF16Shapes, {".f32"}, {".bf16"}, {".bf16"}, {".f32"}, {}));
  specs.push_back(wmmaMma("wmma.mma.sync.aligned.alayout.blayout.shape.f32.atype.btype.f32 d, a, b, c (.tf32)", {},
                          layouts, layouts, {".m16n16k8"}, {".f32"}, {".tf32"}, {".tf32"}, {".f32"}, {}));
  specs.push_back(wmmaMma("wmma.mma.sync.aligned.alayout.blayout.shape{.rnd}.f64.f64.f64.f64 d, a, b, c", {}, layouts,
                          layouts, {".m8n8k4"}, {".f64"}, {".f64"}, {".f64"}, {".f64"},
                          {optional(".rnd", {".rn", ".rz", ".rm", ".rp"})}));
  specs.push_back(wmmaMma("wmma.mma.sync.aligned.row.col.shape.s32.atype.btype.s32{.satfinite} d, a, b, c", {},
                          {".row"}, {".col"}, {".m8n8k32"}, {".s32"}, {".s4", ".u4"}, {".s4", ".u4"}, {".s32"},
                          {optional(".satfinite", {".satfinite"})},
                          {pairs(".atype", ".btype", {{{".s4"}, {".s4"}}, {{".u4"}, {".u4"}}})}));
  {
    // "wmma.mma.op.popc.sync.aligned.row.col.shape.s32.atype.btype.s32 d, a, b, c"
    // with ".op = {.xor, .and}"; "Support for .and operation in single-bit
    // wmma introduced in PTX ISA version 7.1"; ".and operation in single-bit
    // wmma requires sm_80 or higher".
    InstructionSpec s =
        wmmaMma("wmma.mma.op.popc.sync.aligned.row.col.shape.s32.atype.btype.s32 d, a, b, c",
                {inOrder(required(".op", {".xor", ".and"}), 1), inOrder(required(".popc", {".popc"}), 1)}, {".row"},
                {".col"}, {".m8n8k128"}, {".s32"}, {".b1"}, {".b1"}, {".s32"}, {});
    s.notes.push_back(
        {.slot = ".op", .values = {".and"}, .introduced = {7, 1}, .targets = {TargetRequirement::atLeast(80)}});
    specs.push_back(std::move(s));
  }

  // 9.7.14.5.15 ldmatrix, "ldmatrix.sync.aligned.shape.num{.trans}{.ss}.type r, [p];"
  // with ".shape = {.m8n8, .m16n16}; .type = {.b16, .b8}".
  specs.push_back(ldmatrixBlock(
      "ldmatrix.sync.aligned.shape.num{.trans}{.ss}.type r, [p]",
      {required(".shape", {".m8n8", ".m16n16"}), required(".num", kNum), optional(".trans", {".trans"}),
       optionalSpace(".ss", kSharedCta), required(".type", {".b16", ".b8"})},
      concat(onePerMatrix(".m8n8"), twoPerMatrix()),
      {// The table of shapes: ".m8n8 | 8x8 | 16-bit", ".m16n16 | 16x16 | 8-bit ...".
       pairs(".shape", ".type", {{{".m8n8"}, {".b16"}}, {{".m16n16"}, {".b8"}}}),
       // "When .shape is .m16n16, only .x1 and .x2 are valid values for .num."
       pairs(".shape", ".num", {{{".m8n8"}, kNum}, {{".m16n16"}, {".x1", ".x2"}}}),
       // "for 16x16 matrices, .trans is mandatory".
       requiresQualifier({{".shape", {".m16n16"}}}, ".trans", ".num", "for 16x16 matrices, .trans is mandatory")},
      {// "Support for .m16n16, .m8n16 shapes introduced in PTX ISA version 8.6";
       // "Support for .b8 type with ldmatrix is introduced in PTX ISA version 8.6."
       blackwellNote(".shape", {".m16n16"}, {8, 6}), blackwellNote(".type", {".b8"}, {8, 6})}));

  // "ldmatrix.sync.aligned.m8n16.num{.ss}.dst_fmt.src_fmt r, [p];" with
  // ".dst_fmt = { .b8x16 }; .src_fmt = { .b6x16_p32, .b4x16_p64 }" (ptxas
  // takes the two formats only in this order: ordered slots).
  specs.push_back(ldmatrixBlock(
      "ldmatrix.sync.aligned.m8n16.num{.ss}.dst_fmt.src_fmt r, [p]",
      {required(".shape", {".m8n16"}), required(".num", kNum), optionalSpace(".ss", kSharedCta),
       ordered(required(".dst_fmt", {".b8x16"})), ordered(required(".src_fmt", {".b6x16_p32", ".b4x16_p64"}))},
      onePerMatrix(".m8n16"), {},
      {blackwellNote(".shape", {".m8n16"}, {8, 6}), blackwellNote(".src_fmt", {}, {8, 6})}));

  // "ldmatrix.sync.aligned.m16n16.num.trans{.ss}.dst_fmt.src_fmt r, [p];"
  specs.push_back(
      ldmatrixBlock("ldmatrix.sync.aligned.m16n16.num.trans{.ss}.dst_fmt.src_fmt r, [p]",
                    {required(".shape", {".m16n16"}), required(".num", kNum), required(".trans", {".trans"}),
                     optionalSpace(".ss", kSharedCta), ordered(required(".dst_fmt", {".b8x16"})),
                     ordered(required(".src_fmt", {".b6x16_p32", ".b4x16_p64"}))},
                    twoPerMatrix(),
                    // "When .shape is .m16n16, only .x1 and .x2 are valid values for .num."
                    {pairs(".shape", ".num", {{{".m16n16"}, {".x1", ".x2"}}})},
                    {blackwellNote(".shape", {".m16n16"}, {8, 6}), blackwellNote(".src_fmt", {}, {8, 6})}));

  // 9.7.14.5.16 stmatrix, "stmatrix.sync.aligned.shape.num{.trans}{.ss}.type [p], r;"
  // ".shape = {.m8n8, .m16n8}; .num = {.x1, .x2, .x4}; .ss = {.shared{::cta}};
  // .type = {.b16, .b8}". "The source operand r is a brace-enclosed vector
  // expression consisting of 1, 2, or 4 32-bit registers as per the value of .num".
  {
    std::vector<QualifierSlot> q = syncAligned();
    for (QualifierSlot slot :
         {required(".shape", {".m8n8", ".m16n8"}), required(".num", kNum), optional(".trans", {".trans"}),
          optionalSpace(".ss", kSharedCta), required(".type", {".b16", ".b8"})}) {
      q.push_back(std::move(slot));
    }
    InstructionSpec s{
        .section = "9.7.14.5.16",
        .syntax = "stmatrix.sync.aligned.shape.num{.trans}{.ss}.type [p], r",
        .opcode = "stmatrix",
        .qualifiers = std::move(q),
        .operands = {address("p"),
                     registerVector("r", 32, concat(onePerMatrix(".m8n8"), onePerMatrix(".m16n8")), false)},
        .constraints =
            {// "Each matrix element holds 16-bit or 8-bit data as indicated by
             // the .type qualifier. .m16n8 shape is valid only for .b8 type."
             // (ptxas: .m8n8 only with .b16, as ldmatrix's shape table says.)
             pairs(".shape", ".type", {{{".m8n8"}, {".b16"}}, {{".m16n8"}, {".b8"}}}),
             // "for 16x8 matrices, .trans is mandatory".
             requiresQualifier({{".shape", {".m16n8"}}}, ".trans", ".num", "for 16x8 matrices, .trans is mandatory")},
        // "Introduced in PTX ISA version 7.8"; "Requires sm_90 or higher".
        .introduced = {7, 8},
        .target = TargetRequirement::atLeast(90)};
    // "Support for .m16n8 shape is introduced in PTX ISA version 8.6";
    // "Support for .b8 type with stmatrix is introduced in PTX ISA version 8.6."
    s.notes = {blackwellNote(".shape", {".m16n8"}, {8, 6}), blackwellNote(".type", {".b8"}, {8, 6})};
    specs.push_back(std::move(s));
  }

  // 9.7.14.5.17 movmatrix, "movmatrix.sync.aligned.shape.trans.type d, a;"
  // ".shape = {.m8n8}; .type = {.b16}"; "Operands a and d are 32-bit
  // registers"; "Introduced in PTX ISA version 7.8"; "Requires sm_75 or higher".
  {
    std::vector<QualifierSlot> q = syncAligned();
    for (QualifierSlot slot :
         {required(".shape", {".m8n8"}), required(".trans", {".trans"}), required(".type", {".b16"})}) {
      q.push_back(std::move(slot));
    }
    OperandSpec d = reg("d", 32);
    d.destination = true;
    specs.push_back({.section = "9.7.14.5.17",
                     .syntax = "movmatrix.sync.aligned.shape.trans.type d, a",
                     .opcode = "movmatrix",
                     .qualifiers = std::move(q),
                     .operands = {d, reg("a", 32)},
                     .introduced = {7, 8},
                     .target = TargetRequirement::atLeast(75)});
  }
  return specs;
}

}  // namespace ptxlint::spec
