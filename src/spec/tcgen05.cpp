// PTX ISA 9.7.16 TensorCore 5th Generation Family Instructions
// (../shared/ptx-manual-9.1/9_instruction_set/97_instructions/9716_*):
// 9.7.16.7.1 tcgen05.alloc, tcgen05.dealloc, tcgen05.relinquish_alloc_permit;
// 9.7.16.8.3-5 tcgen05.ld, tcgen05.st, tcgen05.wait; 9.7.16.9.2 tcgen05.cp;
// 9.7.16.9.3 tcgen05.shift; 9.7.16.10.9.1-4 tcgen05.mma, tcgen05.mma.sp,
// tcgen05.mma.ws, tcgen05.mma.ws.sp; 9.7.16.11.1 tcgen05.fence;
// 9.7.16.12.1 tcgen05.commit.
//
// ptxas reads `tcgen05.wait::ld` and `tcgen05.fence::before_thread_sync` as
// the instruction `tcgen05` with a leading qualifier ("Unknown modifier
// '.wait::st'" when it comes later): those entries have the opcode `tcgen05`.
// Every other instruction of the family has a name of its own, so that an
// unknown `tcgen05.xyz` is judged (and refused) by the `tcgen05` entries.
//
// The matrix shapes, the exact element types and the sparsity of an MMA are
// in the instruction descriptor `idesc` (9.7.16.4.2), a register: they are
// no business of a syntax check, nor are the Target ISA Notes that depend on
// them (K = 96, 9.7.16.2.1.1; the byte address mode of the leading dimension
// stride, 9.7.16.4.1.1).
#include <algorithm>
#include <memory>
#include <string>

#include "spec/sections.h"

namespace ptxlint::spec {
namespace {

// A Tensor Memory address in brackets: "Tensor Memory addresses are 32-bit"
// (9.7.16.2.1); ptxas 13.0 refuses a 64-bit register in tcgen05.ld, .st and
// .mma ("Arguments mismatch"). tcgen05.shift and tcgen05.cp take one too but
// ptxas accepts a 64-bit register there: not judged, to agree with it.
OperandSpec tmemAddress(std::string_view name) {
  OperandSpec a = address(name);
  a.bits = 32;
  return a;
}

const Values kCtaGroup = {".cta_group::1", ".cta_group::2"};

// Target ISA Notes of every instruction of the family but tcgen05.shift and
// tcgen05.ld.red: "Supported on following architectures: sm_100a, sm_101a
// (Renamed to sm_110a from PTX ISA version 9.0), And is supported on
// following family-specific architectures from PTX ISA version 8.8: sm_100f
// or higher in the same family, sm_101f or higher in the same family
// (Renamed to sm_110f from PTX ISA version 9.0), sm_110f or higher in the
// same family". sm_101a and sm_110a are one architecture, and "sm_101f or
// higher in the same family" takes sm_110f.
std::vector<TargetRequirement> familyTargets() {
  return {TargetRequirement::archSpecific(100), TargetRequirement::archSpecific(101),
          TargetRequirement::familySpecific(100), TargetRequirement::familySpecific(101)};
}
// The block's own note (no slot, no operand: the whole instruction).
FeatureNote blockTargets() { return {.targets = familyTargets(), .family_from = {8, 8}}; }

std::vector<QualifierSlot> syncAligned() { return {required(".sync", {".sync"}), required(".aligned", {".aligned"})}; }

// "PTX ISA Notes: Introduced in PTX ISA version 8.6" (every instruction of
// the family).
InstructionSpec tcgen05Entry(std::string_view section, std::string_view syntax, std::string_view opcode,
                             std::vector<QualifierSlot> qualifiers, std::vector<OperandSpec> operands,
                             std::vector<Constraint> constraints = {},
                             std::vector<FeatureNote> notes = {blockTargets()}, PtxVersion introduced = {8, 6}) {
  return entry(section, syntax, opcode, std::move(qualifiers), std::move(operands), std::move(constraints), introduced,
               {}, std::move(notes));
}

// "The unsigned 32-bit operand nCols ... The number of columns must be a
// power of 2. The operand nCols must be within the range [32, 512]."
// ptxas 13.0 applies both to tcgen05.alloc only; for tcgen05.dealloc it asks
// a multiple of 32 and takes 96 or 1024: ptxlint follows the manual, whose
// paragraph speaks of both ("allocated or de-allocated"), and
// tests/difftest/known-disagreements.txt records it.
OperandSpec columns() {
  OperandSpec op = valueOfType("nCols", ".u32");
  op.immediates = {32, 64, 128, 256, 512};
  return op;
}

// 9.7.16.7.1.
void allocation(std::vector<InstructionSpec>& specs) {
  const char* section = "9.7.16.7.1";
  std::vector<QualifierSlot> q = {required(".cta_group", kCtaGroup)};
  for (QualifierSlot& s : syncAligned()) q.push_back(s);
  // "tcgen05.alloc.cta_group.sync.aligned{.shared::cta}.b32 [dst], nCols":
  // "If no state space is specified then Generic Addressing is used."
  std::vector<QualifierSlot> alloc = q;
  alloc.push_back(optionalSpace(".space", {".shared::cta"}));
  alloc.push_back(required(".type", {".b32"}));
  specs.push_back(tcgen05Entry(section, "tcgen05.alloc.cta_group.sync.aligned{.shared::cta}.b32 [dst], nCols",
                               "tcgen05.alloc", alloc, {address("dst"), columns()}));
  // "tcgen05.dealloc.cta_group.sync.aligned.b32 taddr, nCols": "the Tensor
  // Memory address taddr" is a 32-bit value (ptxas 13.0 refuses a .b64 or
  // .f32 register, takes a constant).
  std::vector<QualifierSlot> dealloc = q;
  dealloc.push_back(required(".type", {".b32"}));
  specs.push_back(tcgen05Entry(section, "tcgen05.dealloc.cta_group.sync.aligned.b32 taddr, nCols", "tcgen05.dealloc",
                               dealloc, {valueOfType("taddr", ".u32"), columns()}));
  specs.push_back(tcgen05Entry(section, "tcgen05.relinquish_alloc_permit.cta_group.sync.aligned",
                               "tcgen05.relinquish_alloc_permit", q, {}));
}

const Values kNum = {".x1", ".x2", ".x4", ".x8", ".x16", ".x32", ".x64", ".x128"};
const Values kBaseShapes = {".16x32bx2", ".16x64b", ".32x32b"};

// Tables 49 and 50 "Various-combinations of .num and .shape": the number of
// 32-bit registers of r is .num for .16x32bx2, .16x64b and .32x32b, twice
// that for .16x128b and four times for .16x256b; "NA" beyond 128 registers.
std::vector<VectorLength> registerCounts() {
  std::vector<VectorLength> rows;
  for (std::size_t i = 0; i < kNum.size(); ++i) {
    auto n = static_cast<std::uint16_t>(1U << i);
    rows.push_back({{{".shape", kBaseShapes}, {".num", {kNum[i]}}}, n});
    if (2 * n <= 128)
      rows.push_back({{{".shape", {".16x128b"}}, {".num", {kNum[i]}}}, static_cast<std::uint16_t>(2 * n)});
    if (4 * n <= 128)
      rows.push_back({{{".shape", {".16x256b"}}, {".num", {kNum[i]}}}, static_cast<std::uint16_t>(4 * n)});
  }
  return rows;
}
Constraint shapeNum() {
  return pairs(".shape", ".num",
               {{kBaseShapes, kNum},
                {{".16x128b"}, {".x1", ".x2", ".x4", ".x8", ".x16", ".x32", ".x64"}},
                {{".16x256b"}, {".x1", ".x2", ".x4", ".x8", ".x16", ".x32"}}});
}

// "The destination operand r is a brace-enclosed vector expression
// consisting of one or more 32-bit registers as per the value of .shape and
// .num" (and the source operand r of tcgen05.st).
OperandSpec registers(bool destination) { return registerVector("r", 32, registerCounts(), destination); }
// "the base address of the second access is specified by
// taddr+immHalfSplitoff, where immHalfSplitoff is an immediate argument".
OperandSpec halfSplitOffset() { return immediate("immHalfSplitoff"); }

// 9.7.16.8.3 tcgen05.ld, 9.7.16.8.4 tcgen05.st.
//
// "The mandatory .aligned qualifier": ptxas 13.0 takes tcgen05.ld and
// tcgen05.st without it; ptxlint follows the manual
// (tests/difftest/known-disagreements.txt).
void loadStore(std::vector<InstructionSpec>& specs) {
  const Values shape1 = {".16x64b", ".16x128b", ".16x256b", ".32x32b"};
  auto ldQualifiers = [&](Values shapes) {
    std::vector<QualifierSlot> q = syncAligned();
    q.push_back(required(".shape", std::move(shapes)));
    q.push_back(required(".num", kNum));
    q.push_back(optional(".pack", {".pack::16b"}));
    q.push_back(required(".type", {".b32"}));
    return q;
  };
  specs.push_back(tcgen05Entry("9.7.16.8.3", "tcgen05.ld.sync.aligned.shape1.num{.pack}.b32 r, [taddr]", "tcgen05.ld",
                               ldQualifiers(shape1), {registers(true), tmemAddress("taddr")}, {shapeNum()}));
  specs.push_back(tcgen05Entry(
      "9.7.16.8.3", "tcgen05.ld.sync.aligned.shape2.num{.pack}.b32 r, [taddr], immHalfSplitoff", "tcgen05.ld",
      ldQualifiers({".16x32bx2"}), {registers(true), tmemAddress("taddr"), halfSplitOffset()}, {shapeNum()}));

  // "tcgen05.ld.red is introduced in PTX ISA version 8.8"; "tcgen05.ld.red
  // is supported on following architectures: sm_101a (Renamed to sm_110a
  // ...), And is supported on following family-specific architectures from
  // PTX ISA version 8.8: sm_101f or higher in the same family (Renamed to
  // sm_110f ...), sm_103f or higher in the same family, sm_110f or higher in
  // the same family".
  FeatureNote red_targets{.targets = {TargetRequirement::archSpecific(101), TargetRequirement::familySpecific(101),
                                      TargetRequirement::familySpecific(103)},
                          .family_from = {8, 8}};
  // "When .red qualifier is specified, .num modifier must be at least .x2"
  // (ptxas 13.0: "Illegal modifier '.x1'"): .num lacks .x1 here.
  const Values red_num = {".x2", ".x4", ".x8", ".x16", ".x32", ".x64", ".x128"};
  struct RedForm {
    std::string_view syntax;
    std::string_view shape;
    bool floating;
  };
  const RedForm forms[] = {
      {"tcgen05.ld.red.sync.aligned.shape3.num.redOp{.abs}{.NaN}.f32 r, redval, [taddr]", ".32x32b", true},
      {"tcgen05.ld.red.sync.aligned.shape4.num.redOp{.abs}{.NaN}.f32 r, redval, [taddr], immHalfSplitoff", ".16x32bx2",
       true},
      {"tcgen05.ld.red.sync.aligned.shape3.num.redOp.type r, redval, [taddr]", ".32x32b", false},
      {"tcgen05.ld.red.sync.aligned.shape4.num.redOp.type r, redval, [taddr], immHalfSplitoff", ".16x32bx2", false}};
  for (const RedForm& f : forms) {
    std::vector<QualifierSlot> q = syncAligned();
    q.push_back(required(".shape", {f.shape}));
    q.push_back(required(".num", red_num));
    q.push_back(required(".redOp", {".min", ".max"}));
    if (f.floating) {
      q.push_back(optional(".abs", {".abs"}));
      q.push_back(optional(".NaN", {".NaN"}));
      q.push_back(required(".type", {".f32"}));
    } else {
      q.push_back(required(".type", {".u32", ".s32"}));
    }
    // "The result of the reduction operation is written into the
    // corresponding thread's 32-bit destination register operand redVal."
    std::vector<OperandSpec> ops = {registers(true), reg("redval", 32), tmemAddress("taddr")};
    if (f.shape == ".16x32bx2") ops.push_back(halfSplitOffset());
    specs.push_back(tcgen05Entry("9.7.16.8.3", f.syntax, "tcgen05.ld.red", std::move(q), std::move(ops), {shapeNum()},
                                 {red_targets}, {8, 8}));
  }

  auto stQualifiers = [&](Values shapes) {
    std::vector<QualifierSlot> q = syncAligned();
    q.push_back(required(".shape", std::move(shapes)));
    q.push_back(required(".num", kNum));
    q.push_back(optional(".unpack", {".unpack::16b"}));
    q.push_back(required(".type", {".b32"}));
    return q;
  };
  specs.push_back(tcgen05Entry("9.7.16.8.4", "tcgen05.st.sync.aligned.shape1.num{.unpack}.b32 [taddr], r", "tcgen05.st",
                               stQualifiers(shape1), {tmemAddress("taddr"), registers(false)}, {shapeNum()}));
  specs.push_back(tcgen05Entry(
      "9.7.16.8.4", "tcgen05.st.sync.aligned.shape2.num{.unpack}.b32 [taddr], immHalfSplitoff, r", "tcgen05.st",
      stQualifiers({".16x32bx2"}), {tmemAddress("taddr"), halfSplitOffset(), registers(false)}, {shapeNum()}));
}

// The Target ISA Notes on a leading qualifier of the `tcgen05` entries
// (tcgen05.wait::ld, tcgen05.fence::*), whose opcode alone names nothing.
FeatureNote slotTargets(std::string_view slot) {
  FeatureNote note = blockTargets();
  note.slot = slot;
  return note;
}

// 9.7.16.8.5 tcgen05.wait, 9.7.16.11.1 tcgen05.fence.
void waitAndFence(std::vector<InstructionSpec>& specs) {
  // "tcgen05.wait_operation.sync.aligned; .wait_operation = { .wait::ld, .wait::st }".
  std::vector<QualifierSlot> wait = {leading(required(".wait_operation", {".wait::ld", ".wait::st"}))};
  for (QualifierSlot& s : syncAligned()) wait.push_back(s);
  specs.push_back(tcgen05Entry("9.7.16.8.5", "tcgen05.wait_operation.sync.aligned", "tcgen05", std::move(wait), {}, {},
                               {slotTargets(".wait_operation")}));
  // "tcgen05.fence::before_thread_sync ;" "tcgen05.fence::after_thread_sync ;"
  for (std::string_view fence : {".fence::before_thread_sync", ".fence::after_thread_sync"}) {
    specs.push_back(tcgen05Entry("9.7.16.11.1",
                                 fence == ".fence::before_thread_sync" ? "tcgen05.fence::before_thread_sync"
                                                                       : "tcgen05.fence::after_thread_sync",
                                 "tcgen05", {leading(required(".fence", {fence}))}, {}, {}, {slotTargets(".fence")}));
  }
}

// 9.7.16.9.2 tcgen05.cp, 9.7.16.9.3 tcgen05.shift, 9.7.16.12.1 tcgen05.commit.
void copyShiftCommit(std::vector<InstructionSpec>& specs) {
  // "tcgen05.cp.cta_group.shape{.multicast}{.dst_fmt.src_fmt} [taddr], s-desc".
  // ptxas 13.0 reads .dst_fmt.src_fmt in that order only ("Illegal modifier
  // '.b6x16_p32.b8x16'"): the two slots are ordered.
  const Values src_fmt = {".b6x16_p32", ".b4x16_p64"};
  specs.push_back(tcgen05Entry(
      "9.7.16.9.2", "tcgen05.cp.cta_group.shape{.multicast}{.dst_fmt.src_fmt} [taddr], s-desc", "tcgen05.cp",
      {required(".cta_group", kCtaGroup),
       required(".shape", {".128x256b", ".4x256b", ".128x128b", ".64x128b", ".32x128b"}),
       optional(".multicast", {".warpx2::02_13", ".warpx2::01_23", ".warpx4"}),
       ordered(optional(".dst_fmt", {".b8x16"})), ordered(optional(".src_fmt", src_fmt))},
      // "The 64-bit register operand s-desc is the matrix descriptor".
      {address("taddr"), valueOfType("s-desc", ".u64")},
      // "Some of the .shape qualifiers require certain .multicast qualifiers:
      // .64x128b requires .warpx2::02_13 or .warpx2::01_23; .32x128b requires
      // .warpx4" (the ** and *** of the syntax block); the others take none
      // (ptxas 13.0: "Modifier .warptype not allowed ... with shape '.128x256b'").
      {pairs(".multicast", ".shape",
             {{{""}, {".128x256b", ".4x256b", ".128x128b"}},
              {{".warpx2::02_13", ".warpx2::01_23"}, {".64x128b"}},
              {{".warpx4"}, {".32x128b"}}}),
       // "When the qualifiers .dst_fmt and .src_fmt are specified": both or neither.
       implies({{".dst_fmt", {".b8x16"}}}, {".src_fmt", src_fmt}, ".dst_fmt and .src_fmt are given together"),
       implies({{".src_fmt", src_fmt}}, {".dst_fmt", {".b8x16"}}, ".dst_fmt and .src_fmt are given together")}));

  // "tcgen05.shift.cta_group.down [taddr]" (the manual's examples write
  // .down first; ptxas takes either order). "Supported on following
  // architectures: sm_100a, sm_101a (Renamed to sm_110a from PTX ISA version
  // 9.0), sm_103a, sm_110a": no family-specific target.
  specs.push_back(tcgen05Entry("9.7.16.9.3", "tcgen05.shift.cta_group.down [taddr]", "tcgen05.shift",
                               {required(".cta_group", kCtaGroup), required(".down", {".down"})}, {address("taddr")},
                               {},
                               {{.targets = {TargetRequirement::archSpecific(100), TargetRequirement::archSpecific(101),
                                             TargetRequirement::archSpecific(103)}}}));

  // "tcgen05.commit.cta_group.completion_mechanism{.shared::cluster}{.multicast}.b64 [mbar] {, ctaMask}":
  // "Operand ctaMask specifies the CTAs ... the 16-bit ctaMask operand"
  // (a register: ptxas 13.0 refuses a constant).
  specs.push_back(
      tcgen05Entry("9.7.16.12.1",
                   "tcgen05.commit.cta_group.completion_mechanism{.shared::cluster}{.multicast}.b64 [mbar] {, ctaMask}",
                   "tcgen05.commit",
                   {required(".cta_group", kCtaGroup), required(".completion_mechanism", {".mbarrier::arrive::one"}),
                    optionalSpace(".space", {".shared::cluster"}), optional(".multicast", {".multicast::cluster"}),
                    required(".type", {".b64"})},
                   {sharedAddress("mbar"), withQualifier(reg("ctaMask", 16), ".multicast")}));
}

// ---------------------------------------------------------------------------
// 9.7.16.10.9 tcgen05.mma, tcgen05.mma.sp, tcgen05.mma.ws, tcgen05.mma.ws.sp.
// ---------------------------------------------------------------------------

enum class Presence3 : std::uint8_t { None, Optional, Required };

struct MmaForm {
  std::string_view section;
  std::string_view syntax;
  std::string_view opcode;
  bool sparse = false;
  bool ws = false;
  bool a_tmem = false;  // [a-tmem] rather than a-desc
  Values kinds;
  bool block_scale = false;
  Presence3 ashift = Presence3::None;
  Presence3 collector = Presence3::None;
  bool lane_mask = false;      // { disable-output-lane } written
  bool scale_input_d = false;  // {, scale-input-d} allowed
};

const Values kScaleVectorSize = {".scale_vec::1X", ".scale_vec::2X", ".scale_vec::4X", ".block16", ".block32"};

// ".collector_usage = { .collector::buffer::op }, ::buffer = { ::a }, ::op
// = { ::fill, ::use, ::lastuse, ::discard* }"; for .ws "::buffer = { ::b0,
// ::b1, ::b2, ::b3 }".
Values collectorUsages(bool ws) {
  if (!ws) return {".collector::a::fill", ".collector::a::use", ".collector::a::lastuse", ".collector::a::discard"};
  return {".collector::b0::fill", ".collector::b0::use", ".collector::b0::lastuse", ".collector::b0::discard",
          ".collector::b1::fill", ".collector::b1::use", ".collector::b1::lastuse", ".collector::b1::discard",
          ".collector::b2::fill", ".collector::b2::use", ".collector::b2::lastuse", ".collector::b2::discard",
          ".collector::b3::fill", ".collector::b3::use", ".collector::b3::lastuse", ".collector::b3::discard"};
}

// "enable-input-d": "The operation of the form D = A*B is issued when the
// input predicate argument enable-input-d is false"; ptxas 13.0 also takes
// {!}p and an integer constant.
OperandSpec enableInputD() {
  OperandSpec op = predicateAs("enable-input-d", PredicateForm::Negatable);
  op.constant_allowed = true;
  return op;
}

InstructionSpec mma(const MmaForm& f) {
  std::vector<QualifierSlot> q = {
      required(".cta_group", f.ws ? Values{".cta_group::1"} : kCtaGroup),
      required(".kind", f.kinds),
  };
  if (f.block_scale) {
    q.push_back(required(".block_scale", {".block_scale"}));
    q.push_back(optional(".scale_vectorsize", kScaleVectorSize));
  }
  if (f.ashift != Presence3::None) {
    q.push_back(f.ashift == Presence3::Required ? required(".ashift", {".ashift"}) : optional(".ashift", {".ashift"}));
  }
  if (f.collector != Presence3::None) {
    q.push_back(f.collector == Presence3::Required ? required(".collector_usage", collectorUsages(f.ws))
                                                   : optional(".collector_usage", collectorUsages(f.ws)));
  }

  // "The address operand d-tmem specifies the address of the destination
  // and the accumulation matrix D in the Tensor Memory. The address operand
  // a-tmem ...; The 64-bit register operand a-desc and b-desc are the matrix
  // descriptors"; "The 32-bit register operand idesc is the instruction
  // descriptor" (ptxas 13.0 also takes constants for both).
  std::vector<OperandSpec> ops = {tmemAddress("d-tmem"),
                                  f.a_tmem ? tmemAddress("a-tmem") : valueOfType("a-desc", ".u64"),
                                  valueOfType("b-desc", ".u64")};
  if (f.sparse) ops.push_back(tmemAddress("sp-meta-tmem"));
  ops.push_back(valueOfType("idesc", ".u32"));
  if (f.block_scale) {
    // "The address operand scale-A-tmem and scale-B-tmem specify the base
    // address the matrices scale_A and scale_B".
    ops.push_back(tmemAddress("scale-A-tmem"));
    ops.push_back(tmemAddress("scale-B-tmem"));
  }
  if (f.lane_mask) {
    // "The size of the vector is as follows: .cta_group ::1 | 4, ::2 | 8".
    ops.push_back(registerVector("disable-output-lane", 32,
                                 {{{{".cta_group", {".cta_group::1"}}}, 4}, {{{".cta_group", {".cta_group::2"}}}, 8}},
                                 false));
  }
  ops.push_back(enableInputD());
  if (f.scale_input_d) {
    // "The valid range of values for argument scale-input-d is [0, 15]".
    ops.push_back(optionalOperand(inRange(immediate("scale-input-d"), 0, 15)));
  }
  if (f.ws) {
    // "The optional operand zero-column-mask-desc is a 64-bit register".
    ops.push_back(optionalOperand(valueOfType("zero-column-mask-desc", ".u64")));
  }

  std::vector<Constraint> constraints;
  if (f.block_scale) {
    // 9.7.16.10.7.1, Tables 56 and 57: .scale_vec::1X and .block32 with
    // .kind::mxf8f6f4; .scale_vec::2X and .block32 with .kind::mxf4;
    // .scale_vec::2X / .block32, .scale_vec::4X / .block16 with
    // .kind::mxf4nvf4.
    constraints.push_back(pairs(".kind", ".scale_vectorsize",
                                {{{".kind::mxf8f6f4"}, {".scale_vec::1X", ".block32"}},
                                 {{".kind::mxf4"}, {".scale_vec::2X", ".block32"}},
                                 {{".kind::mxf4nvf4"}, {".scale_vec::2X", ".scale_vec::4X", ".block16", ".block32"}}}));
    constraints.push_back(implies({{".kind", {".kind::mxf4nvf4"}}}, {".scale_vectorsize", kScaleVectorSize},
                                  "for .kind::mxf4nvf4, the qualifier .scale_vectorsize must be explicitly specified"));
  }
  if (f.ashift != Presence3::None && f.collector != Presence3::None) {
    constraints.push_back(implies(
        {{".ashift", {".ashift"}}}, {".collector_usage", {"", ".collector::a::lastuse", ".collector::a::discard"}},
        "it is illegal to specify either of .collector::a::use or .collector::a::fill along with .ashift"));
  }

  std::vector<FeatureNote> notes = {blockTargets()};
  auto has = [&](std::string_view kind) { return std::find(f.kinds.begin(), f.kinds.end(), kind) != f.kinds.end(); };
  if (has(".kind::i8")) {
    // "Qualifier .kind::i8 is supported on following architectures: sm_100a,
    // sm_101a (Renamed to sm_110a ...), sm_110a" (the family-specific targets
    // are "except .kind::i8").
    notes.push_back({.slot = ".kind",
                     .values = {".kind::i8"},
                     .targets = {TargetRequirement::archSpecific(100), TargetRequirement::archSpecific(101)}});
  }
  if (has(".kind::mxf4nvf4")) {
    // "Qualifier .kind::mxf4nvf4 introduced in PTX ISA version 8.7."
    notes.push_back({.slot = ".kind", .values = {".kind::mxf4nvf4"}, .introduced = {8, 7}});
  }
  if (f.sparse && has(".kind::mxf4")) {
    // tcgen05.mma.sp: "Qualifiers .kind::mxf4nvf4 and .kind::mxf4 are
    // supported on following architectures: sm_100a, sm_101a (Renamed to
    // sm_110a ...), sm_103a, sm_110a".
    notes.push_back({.slot = ".kind",
                     .values = {".kind::mxf4", ".kind::mxf4nvf4"},
                     .targets = {TargetRequirement::archSpecific(100), TargetRequirement::archSpecific(101),
                                 TargetRequirement::archSpecific(103)}});
  }
  if (f.block_scale) {
    // "Qualifiers .block16 and .block32 introduced in PTX ISA version 8.8";
    // ".block16, .block32 requires sm_100f or sm_110f".
    notes.push_back({.slot = ".scale_vectorsize",
                     .values = {".block16", ".block32"},
                     .introduced = {8, 8},
                     .targets = {TargetRequirement::familySpecific(100), TargetRequirement::familySpecific(101)}});
    // ".scale_vec::1X, .scale_vec::2X, .scale_vec::4X requires sm_100a":
    // ptxas 13.0 takes them on sm_101a/sm_110a and sm_103a too (and refuses
    // every f target): ptxlint accepts what ptxas accepts.
    notes.push_back({.slot = ".scale_vectorsize",
                     .values = {".scale_vec::1X", ".scale_vec::2X", ".scale_vec::4X"},
                     .targets = {TargetRequirement::archSpecific(100), TargetRequirement::archSpecific(101),
                                 TargetRequirement::archSpecific(103)}});
  }
  if (f.scale_input_d) {
    // "Argument scale-input-d requires sm_100a and is supported on sm_100f or
    // higher in the same family from PTX ISA version 8.8."
    notes.push_back({.operand = "scale-input-d",
                     .targets = {TargetRequirement::archSpecific(100), TargetRequirement::familySpecific(100)},
                     .family_from = {8, 8}});
  }
  return tcgen05Entry(f.section, f.syntax, f.opcode, std::move(q), std::move(ops), std::move(constraints),
                      std::move(notes));
}

const Values kFloatKinds = {".kind::f16", ".kind::tf32", ".kind::f8f6f4"};
const Values kScaledKinds = {".kind::mxf8f6f4", ".kind::mxf4", ".kind::mxf4nvf4"};

// One syntax line of a { disable-output-lane } block: "The argument
// scale-input-d is only valid for .kind::tf32 and .kind::f16", so the line
// is split by .kind where it has {, scale-input-d}; and the optional vector
// before enable-input-d gives an entry with it and one without.
void maskedLine(std::vector<InstructionSpec>& specs, MmaForm f) {
  std::vector<std::pair<Values, bool>> kinds;
  if (f.scale_input_d) {
    kinds = {{{".kind::f16", ".kind::tf32"}, true}, {{".kind::f8f6f4"}, false}};
  } else {
    kinds = {{f.kinds, false}};
  }
  for (const auto& [values, scale] : kinds) {
    for (bool mask : {true, false}) {
      MmaForm g = f;
      g.kinds = values;
      g.scale_input_d = scale;
      g.lane_mask = mask;
      specs.push_back(mma(g));
    }
  }
}

// tcgen05.mma and tcgen05.mma.sp: blocks 1-6 of their syntax, one line at a
// time. The sparse form adds [sp-meta-tmem] after b-desc.
void mmaBlocks(std::vector<InstructionSpec>& specs, bool sparse) {
  std::string_view section = sparse ? "9.7.16.10.9.2" : "9.7.16.10.9.1";
  std::string_view opcode = sparse ? "tcgen05.mma.sp" : "tcgen05.mma";
  std::string_view sp = sparse ? " [sp-meta-tmem]," : "";
  // The syntax lines, as the manual writes them (sp: with [sp-meta-tmem]).
  auto line = [&](std::string_view qualifiers, bool a_tmem, std::string_view tail) -> std::string_view {
    static std::vector<std::unique_ptr<std::string>> store;
    store.push_back(std::make_unique<std::string>(std::string(opcode) + std::string(qualifiers) + " [d-tmem], " +
                                                  (a_tmem ? "[a-tmem]" : "a-desc") + ", b-desc," + std::string(sp) +
                                                  " idesc, " + std::string(tail)));
    return *store.back();
  };
  const char* masked_fp = "{ disable-output-lane }, enable-input-d {, scale-input-d}";
  const char* masked_int = "{ disable-output-lane }, enable-input-d";
  const char* scaled = "[scale-A-tmem], [scale-B-tmem], enable-input-d";

  for (bool a_tmem : {false, true}) {
    // 1. Floating-point type without block scaling.
    maskedLine(specs, {.section = section,
                       .syntax = line(".cta_group.kind", a_tmem, masked_fp),
                       .opcode = opcode,
                       .sparse = sparse,
                       .a_tmem = a_tmem,
                       .kinds = kFloatKinds,
                       .scale_input_d = true});
    // 2. Floating-point type with block scaling.
    specs.push_back(mma({.section = section,
                         .syntax = line(".cta_group.kind.block_scale{.scale_vectorsize}", a_tmem, scaled),
                         .opcode = opcode,
                         .sparse = sparse,
                         .a_tmem = a_tmem,
                         .kinds = kScaledKinds,
                         .block_scale = true}));
    // 4. Activation Stationary MMA for floating-point type with block scaling.
    specs.push_back(
        mma({.section = section,
             .syntax = line(".cta_group.kind.block_scale{.scale_vectorsize}.collector_usage", a_tmem, scaled),
             .opcode = opcode,
             .sparse = sparse,
             .a_tmem = a_tmem,
             .kinds = kScaledKinds,
             .block_scale = true,
             .collector = Presence3::Required}));
    // 5. Integer type.
    maskedLine(specs, {.section = section,
                       .syntax = line(".cta_group.kind::i8", a_tmem, masked_int),
                       .opcode = opcode,
                       .sparse = sparse,
                       .a_tmem = a_tmem,
                       .kinds = {".kind::i8"}});
  }
  // 3. Convolution MMA for floating-point type without block scaling, and
  // 6. for integer type: ".kind.collector_usage" with a-desc; with [a-tmem]
  // ".kind{.ashift}.collector_usage" and ".kind.ashift{.collector_usage}".
  // "Qualifier .ashift ... only allowed with M = 128 or M = 256" (a value of
  // idesc).
  for (bool integer : {false, true}) {
    Values kinds = integer ? Values{".kind::i8"} : kFloatKinds;
    std::string_view kind = integer ? ".cta_group.kind::i8" : ".cta_group.kind";
    std::string_view tail = integer ? masked_int : masked_fp;
    auto qualifiers = [&](std::string_view rest) -> std::string_view {
      static std::vector<std::unique_ptr<std::string>> store;
      store.push_back(std::make_unique<std::string>(std::string(kind) + std::string(rest)));
      return *store.back();
    };
    maskedLine(specs, {.section = section,
                       .syntax = line(qualifiers(".collector_usage"), false, tail),
                       .opcode = opcode,
                       .sparse = sparse,
                       .kinds = kinds,
                       .collector = Presence3::Required,
                       .scale_input_d = !integer});
    maskedLine(specs, {.section = section,
                       .syntax = line(qualifiers("{.ashift}.collector_usage"), true, tail),
                       .opcode = opcode,
                       .sparse = sparse,
                       .a_tmem = true,
                       .kinds = kinds,
                       .ashift = Presence3::Optional,
                       .collector = Presence3::Required,
                       .scale_input_d = !integer});
    maskedLine(specs, {.section = section,
                       .syntax = line(qualifiers(".ashift{.collector_usage}"), true, tail),
                       .opcode = opcode,
                       .sparse = sparse,
                       .a_tmem = true,
                       .kinds = kinds,
                       .ashift = Presence3::Required,
                       .collector = Presence3::Optional,
                       .scale_input_d = !integer});
  }
}

// tcgen05.mma.ws and tcgen05.mma.ws.sp: ".cta_group::1.kind{.collector_usage}"
// and ".cta_group::1.kind::i8{.collector_usage}", with a-desc or [a-tmem].
void wsBlocks(std::vector<InstructionSpec>& specs, bool sparse) {
  std::string_view section = sparse ? "9.7.16.10.9.4" : "9.7.16.10.9.3";
  std::string_view opcode = sparse ? "tcgen05.mma.ws.sp" : "tcgen05.mma.ws";
  static const char* const kSyntax[2][2][2] = {
      {{"tcgen05.mma.ws.cta_group::1.kind{.collector_usage} [d-tmem], a-desc, b-desc, idesc, enable-input-d "
        "{, zero-column-mask-desc}",
        "tcgen05.mma.ws.cta_group::1.kind{.collector_usage} [d-tmem], [a-tmem], b-desc, idesc, enable-input-d "
        "{, zero-column-mask-desc}"},
       {"tcgen05.mma.ws.cta_group::1.kind::i8{.collector_usage} [d-tmem], a-desc, b-desc, idesc, enable-input-d "
        "{, zero-column-mask-desc}",
        "tcgen05.mma.ws.cta_group::1.kind::i8{.collector_usage} [d-tmem], [a-tmem], b-desc, idesc, enable-input-d "
        "{, zero-column-mask-desc}"}},
      {{"tcgen05.mma.ws.sp.cta_group::1.kind{.collector_usage} [d-tmem], a-desc, b-desc, [sp-meta-tmem], idesc, "
        "enable-input-d {, zero-column-mask-desc}",
        "tcgen05.mma.ws.sp.cta_group::1.kind{.collector_usage} [d-tmem], [a-tmem], b-desc, [sp-meta-tmem], idesc, "
        "enable-input-d {, zero-column-mask-desc}"},
       {"tcgen05.mma.ws.sp.cta_group::1.kind::i8{.collector_usage} [d-tmem], a-desc, b-desc, [sp-meta-tmem], idesc, "
        "enable-input-d {, zero-column-mask-desc}",
        "tcgen05.mma.ws.sp.cta_group::1.kind::i8{.collector_usage} [d-tmem], [a-tmem], b-desc, [sp-meta-tmem], "
        "idesc, enable-input-d {, zero-column-mask-desc}"}}};
  for (int integer = 0; integer < 2; ++integer) {
    for (int a_tmem = 0; a_tmem < 2; ++a_tmem) {
      specs.push_back(mma({.section = section,
                           .syntax = kSyntax[sparse ? 1 : 0][integer][a_tmem],
                           .opcode = opcode,
                           .sparse = sparse,
                           .ws = true,
                           .a_tmem = a_tmem != 0,
                           .kinds = integer != 0 ? Values{".kind::i8"} : kFloatKinds,
                           .collector = Presence3::Optional}));
    }
  }
}

}  // namespace

std::vector<InstructionSpec> tcgen05Specs() {
  std::vector<InstructionSpec> specs;
  allocation(specs);
  loadStore(specs);
  waitAndFence(specs);
  copyShiftCommit(specs);
  mmaBlocks(specs, false);
  mmaBlocks(specs, true);
  wsBlocks(specs, false);
  wsBlocks(specs, true);
  return specs;
}

}  // namespace ptxlint::spec
