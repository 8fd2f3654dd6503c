// PTX ISA 9.7.1 integer arithmetic, 9.7.2.5 mad.cc, 9.7.3 floating point,
// 9.7.4 half precision, 9.7.5 mixed precision, 9.7.6 / 9.7.7 comparison and
// selection, 9.7.8 logic and shift, 9.7.9.3 / 9.7.9.4 mov
// (../shared/ptx-manual-9.1/9_instruction_set/97_instructions/). One entry
// per line of a syntax block; the operands take the instruction's type (9.4,
// Table 26), so a register of another type is reported.
#include "spec/sections.h"

namespace ptxlint::spec {
namespace {

const Values kRnd = {".rn", ".rz", ".rm", ".rp"};
const Values kIntTypes = {".u16", ".u32", ".u64", ".s16", ".s32", ".s64"};
const Values kBitTypes = {".b16", ".b32", ".b64"};
const Values kLogicTypes = {".pred", ".b16", ".b32", ".b64"};
const Values kCompareTypes = {".b16", ".b32", ".b64", ".u16", ".u32", ".u64", ".s16", ".s32", ".s64", ".f32", ".f64"};

// d, a, b of the instruction's type.
std::vector<OperandSpec> binaryOperands() { return {typedDest("d"), typedValue("a"), typedValue("b")}; }
std::vector<OperandSpec> ternaryOperands() {
  return {typedDest("d"), typedValue("a"), typedValue("b"), typedValue("c")};
}

// ".sat applies only to .s32" (9.7.1.1, 9.7.1.2).
Constraint satOnlyS32() { return implies({{".sat", {".sat"}}}, {".type", {".s32"}}, ".sat applies only to .s32"); }

// 9.7.3.3-9.7.3.5 add, sub, mul: the .f32, .f32x2 and .f64 lines.
// "Rounding modifiers ... .rm, .rp: for .f64 requires sm_13 or higher, for
// .f32 requires sm_20 or higher"; ".f32x2 requires sm_100 or higher".
void floatBinary(std::vector<InstructionSpec>& specs, std::string_view section, std::string_view opcode,
                 std::string_view syntax_f32, std::string_view syntax_f32x2, std::string_view syntax_f64) {
  specs.push_back(entry(
      section, syntax_f32, opcode,
      {optional(".rnd", kRnd), optional(".ftz", {".ftz"}), optional(".sat", {".sat"}), required(".type", {".f32"})},
      binaryOperands(), {}, {1, 0}, {},
      {{.slot = ".rnd", .values = {".rm", ".rp"}, .targets = {TargetRequirement::atLeast(20)}}}));
  specs.push_back(entry(section, syntax_f32x2, opcode,
                        {optional(".rnd", kRnd), optional(".ftz", {".ftz"}), required(".type", {".f32x2"})},
                        binaryOperands(), {}, {8, 6}, TargetRequirement::atLeast(100)));
  specs.push_back(entry(section, syntax_f64, opcode, {optional(".rnd", kRnd), required(".type", {".f64"})},
                        binaryOperands(), {}, {1, 0}, TargetRequirement::atLeast(13)));
}

// 9.7.4.1-9.7.4.3 half-precision add, sub, mul: ".rnd = { .rn }"; .f16 and
// .f16x2 need PTX ISA 4.2 and sm_53, .bf16 and .bf16x2 PTX ISA 7.8 and sm_90.
void halfBinary(std::vector<InstructionSpec>& specs, std::string_view section, std::string_view opcode,
                std::string_view syntax_f16, std::string_view syntax_bf16) {
  specs.push_back(entry(section, syntax_f16, opcode,
                        {optional(".rnd", {".rn"}), optional(".ftz", {".ftz"}), optional(".sat", {".sat"}),
                         required(".type", {".f16", ".f16x2"})},
                        binaryOperands(), {}, {4, 2}, TargetRequirement::atLeast(53)));
  specs.push_back(entry(section, syntax_bf16, opcode,
                        {optional(".rnd", {".rn"}), required(".type", {".bf16", ".bf16x2"})}, binaryOperands(), {},
                        {7, 8}, TargetRequirement::atLeast(90)));
}

// 9.7.5.1, 9.7.5.2 mixed precision add, sub: "d, a, c" with a of .atype, c
// and d .f32; PTX ISA 8.6, sm_100. The two types are written in operand
// order (9.4): add.f32.bf16, never add.bf16.f32.
InstructionSpec mixedBinary(std::string_view section, std::string_view syntax, std::string_view opcode) {
  return entry(section, syntax, opcode,
               {optional(".rnd", kRnd), optional(".sat", {".sat"}), ordered(required(".type", {".f32"})),
                ordered(required(".atype", {".f16", ".bf16"}))},
               {typedDest("d"), typedValue("a", ".atype"), typedValue("c")}, {}, {8, 6},
               TargetRequirement::atLeast(100));
}

// 9.3.1, Tables 22-25: the comparison operators of each type class. ptxas
// 13.0 and real PTX (setp.lt.u32 from nvcc) also take the signed spelling
// lt/le/gt/ge for unsigned types, which Table 22 writes lo/ls/hi/hs.
// The half-precision set (9.7.7.1) compares any source type by the same
// tables, the half-precision types among the floating-point ones.
Constraint compareTable(std::string_view type_slot = ".type", bool with_f16 = false) {
  Values ordered = {".u16", ".u32", ".u64", ".s16", ".s32", ".s64", ".f32", ".f64"};
  Values floating = {".f32", ".f64"};
  Values all = kCompareTypes;
  if (with_f16) {
    for (std::string_view half : {".f16", ".f16x2", ".bf16", ".bf16x2"}) {
      ordered.push_back(half);
      floating.push_back(half);
      all.push_back(half);
    }
  }
  return pairs(".CmpOp", type_slot,
               {{{".eq", ".ne"}, all},
                {{".lt", ".le", ".gt", ".ge"}, ordered},
                {{".lo", ".ls", ".hi", ".hs"}, {".u16", ".u32", ".u64"}},
                {{".equ", ".neu", ".ltu", ".leu", ".gtu", ".geu", ".num", ".nan"}, floating}});
}
const Values kCmpOps = {".eq", ".ne",  ".lt",  ".le",  ".gt",  ".ge",  ".lo",  ".ls",  ".hi",
                        ".hs", ".equ", ".neu", ".ltu", ".leu", ".gtu", ".geu", ".num", ".nan"};
const Values kHalfCmpOps = {".eq",  ".ne",  ".lt",  ".le",  ".gt",  ".ge",  ".equ",
                            ".neu", ".ltu", ".leu", ".gtu", ".geu", ".num", ".nan"};
// 9.7.7.1 with unsigned sources: Table 22's lo/ls/hi/hs too.
const Values kHalfSetCmpOps = {".eq", ".ne",  ".lt",  ".le",  ".gt",  ".ge",  ".lo",  ".ls",  ".hi",
                               ".hs", ".equ", ".neu", ".ltu", ".leu", ".gtu", ".geu", ".num", ".nan"};
const Values kBoolOps = {".and", ".or", ".xor"};

// 9.7.3.11 / 9.7.3.12 / 9.7.4.7 / 9.7.4.8 min, max: ".xorsign.abs" is one
// modifier pair, written together (ptxas: "Modifier '.xorsign' requires
// modifier '.abs'").
std::vector<Constraint> xorsignAbs() {
  return {requiresQualifier({{".xorsign", {".xorsign"}}}, ".abs", ".xorsign", ".xorsign.abs is written as a pair"),
          requiresQualifier({{".abs", {".abs"}}}, ".xorsign", ".abs", ".xorsign.abs is written as a pair")};
}
// "min.NaN / max.NaN introduced in PTX ISA version 7.0, requires sm_80";
// ".xorsign.abs introduced in PTX ISA version 7.2, requires sm_86".
std::vector<FeatureNote> minMaxNotes() {
  return {{.slot = ".NaN", .introduced = {7, 0}, .targets = {TargetRequirement::atLeast(80)}},
          {.slot = ".xorsign", .introduced = {7, 2}, .targets = {TargetRequirement::atLeast(86)}}};
}

void minMax(std::vector<InstructionSpec>& specs, std::string_view opcode) {
  bool is_min = opcode == "min";
  std::string_view int_section = is_min ? "9.7.1.12" : "9.7.1.13";
  std::string_view float_section = is_min ? "9.7.3.11" : "9.7.3.12";
  std::string_view half_section = is_min ? "9.7.4.7" : "9.7.4.8";
  // 9.7.1.12 / 9.7.1.13 integer: "min.u16x2, min{.relu}.s16x2 and
  // min.relu.s32 introduced in PTX ISA version 8.0 ... require sm_90".
  std::vector<FeatureNote> packed = {
      {.slot = ".atype", .values = {".u16x2"}, .introduced = {8, 0}, .targets = {TargetRequirement::atLeast(90)}},
      {.slot = ".btype", .values = {".s16x2"}, .introduced = {8, 0}, .targets = {TargetRequirement::atLeast(90)}},
      {.slot = ".relu", .introduced = {8, 0}, .targets = {TargetRequirement::atLeast(90)}}};
  specs.push_back(entry(int_section, is_min ? "min.atype d, a, b" : "max.atype d, a, b", opcode,
                        {required(".atype", {".u16", ".u32", ".u64", ".u16x2", ".s16", ".s64"})},
                        {typedDest("d", ".atype"), typedValue("a", ".atype"), typedValue("b", ".atype")}, {}, {1, 0},
                        {}, packed));
  specs.push_back(entry(int_section, is_min ? "min{.relu}.btype d, a, b" : "max{.relu}.btype d, a, b", opcode,
                        {optional(".relu", {".relu"}), required(".btype", {".s16x2", ".s32"})},
                        {typedDest("d", ".btype"), typedValue("a", ".btype"), typedValue("b", ".btype")}, {}, {1, 0},
                        {}, packed));
  // Half precision before single precision: with equal fit, min.ftz.bf16
  // is a half-precision min.
  std::vector<FeatureNote> half_notes = {
      {.slot = ".xorsign", .introduced = {7, 2}, .targets = {TargetRequirement::atLeast(86)}}};
  specs.push_back(
      entry(half_section,
            is_min ? "min{.ftz}{.NaN}{.xorsign.abs}.f16(x2) d, a, b" : "max{.ftz}{.NaN}{.xorsign.abs}.f16(x2) d, a, b",
            opcode,
            {optional(".ftz", {".ftz"}), optional(".NaN", {".NaN"}), optional(".xorsign", {".xorsign"}),
             optional(".abs", {".abs"}), required(".type", {".f16", ".f16x2"})},
            binaryOperands(), xorsignAbs(), {7, 0}, TargetRequirement::atLeast(80), half_notes));
  specs.push_back(
      entry(half_section,
            is_min ? "min{.NaN}{.xorsign.abs}.bf16(x2) d, a, b" : "max{.NaN}{.xorsign.abs}.bf16(x2) d, a, b", opcode,
            {optional(".NaN", {".NaN"}), optional(".xorsign", {".xorsign"}), optional(".abs", {".abs"}),
             required(".type", {".bf16", ".bf16x2"})},
            binaryOperands(), xorsignAbs(), {7, 0}, TargetRequirement::atLeast(80), half_notes));
  // 9.7.3.11 / 9.7.3.12: "min with three input arguments introduced in PTX
  // ISA version 8.8 ... requires sm_100".
  specs.push_back(
      entry(float_section,
            is_min ? "min{.ftz}{.NaN}{.xorsign.abs}.f32 d, a, b" : "max{.ftz}{.NaN}{.xorsign.abs}.f32 d, a, b", opcode,
            {optional(".ftz", {".ftz"}), optional(".NaN", {".NaN"}), optional(".xorsign", {".xorsign"}),
             optional(".abs", {".abs"}), required(".type", {".f32"})},
            binaryOperands(), xorsignAbs(), {1, 0}, {}, minMaxNotes()));
  specs.push_back(entry(
      float_section, is_min ? "min{.ftz}{.NaN}{.abs}.f32 d, a, b, c" : "max{.ftz}{.NaN}{.abs}.f32 d, a, b, c", opcode,
      {optional(".ftz", {".ftz"}), optional(".NaN", {".NaN"}), optional(".abs", {".abs"}), required(".type", {".f32"})},
      ternaryOperands(), {}, {8, 8}, TargetRequirement::atLeast(100), minMaxNotes()));
  specs.push_back(entry(float_section, is_min ? "min.f64 d, a, b" : "max.f64 d, a, b", opcode,
                        {required(".type", {".f64"})}, binaryOperands(), {}, {1, 0}, TargetRequirement::atLeast(13)));
}

// 9.7.1.10 / 9.7.1.11 abs, neg (integer), 9.7.3.9 / 9.7.3.10 (floating
// point), 9.7.4.5 / 9.7.4.6 (half precision: neg from PTX ISA 6.0, abs from
// 6.5, sm_53; .bf16 forms from 7.0, sm_80).
void absNeg(std::vector<InstructionSpec>& specs, std::string_view opcode) {
  bool is_abs = opcode == "abs";
  std::vector<OperandSpec> unary = {typedDest("d"), typedValue("a")};
  specs.push_back(entry(is_abs ? "9.7.1.10" : "9.7.1.11", is_abs ? "abs.type d, a" : "neg.type d, a", opcode,
                        {required(".type", {".s16", ".s32", ".s64"})}, unary));
  specs.push_back(entry(is_abs ? "9.7.4.6" : "9.7.4.5", is_abs ? "abs{.ftz}.f16(x2) d, a" : "neg{.ftz}.f16(x2) d, a",
                        opcode, {optional(".ftz", {".ftz"}), required(".type", {".f16", ".f16x2"})}, unary, {},
                        is_abs ? PtxVersion{6, 5} : PtxVersion{6, 0}, TargetRequirement::atLeast(53)));
  specs.push_back(entry(is_abs ? "9.7.4.6" : "9.7.4.5", is_abs ? "abs.bf16(x2) d, a" : "neg.bf16(x2) d, a", opcode,
                        {required(".type", {".bf16", ".bf16x2"})}, unary, {}, {7, 0}, TargetRequirement::atLeast(80)));
  specs.push_back(entry(is_abs ? "9.7.3.9" : "9.7.3.10", is_abs ? "abs{.ftz}.f32 d, a" : "neg{.ftz}.f32 d, a", opcode,
                        {optional(".ftz", {".ftz"}), required(".type", {".f32"})}, unary));
  specs.push_back(entry(is_abs ? "9.7.3.9" : "9.7.3.10", is_abs ? "abs.f64 d, a" : "neg.f64 d, a", opcode,
                        {required(".type", {".f64"})}, unary, {}, {1, 0}, TargetRequirement::atLeast(13)));
}

// 9.7.3.13 rcp, 9.7.3.15 sqrt: ".approx{.ftz}.f32", ".rnd{.ftz}.f32" (sm_20),
// ".rnd.f64" (.rn sm_13, .rz/.rm/.rp sm_20); "one of .approx or .rnd is
// required".
void approxOrRounded(std::vector<InstructionSpec>& specs, std::string_view section, std::string_view opcode,
                     std::string_view approx_syntax, std::string_view rnd_syntax, std::string_view f64_syntax) {
  std::vector<OperandSpec> unary = {typedDest("d"), typedValue("a")};
  specs.push_back(entry(section, approx_syntax, opcode,
                        {required(".approx", {".approx"}), optional(".ftz", {".ftz"}), required(".type", {".f32"})},
                        unary, {}, {1, 4}));
  specs.push_back(entry(section, rnd_syntax, opcode,
                        {required(".rnd", kRnd), optional(".ftz", {".ftz"}), required(".type", {".f32"})}, unary, {},
                        {2, 0}, TargetRequirement::atLeast(20)));
  specs.push_back(entry(section, f64_syntax, opcode, {required(".rnd", kRnd), required(".type", {".f64"})}, unary, {},
                        {1, 4}, TargetRequirement::atLeast(13),
                        {{.slot = ".rnd",
                          .values = {".rz", ".rm", ".rp"},
                          .introduced = {2, 0},
                          .targets = {TargetRequirement::atLeast(20)}}}));
}

// The bare forms of PTX ISA 1.0 to 1.3, which the PTX ISA Notes give beside
// the syntax blocks of 9.7.3.7, 9.7.3.8, 9.7.3.13, 9.7.3.15, 9.7.3.16 and
// 9.7.3.18-9.7.3.21: "For PTX ISA versions 1.0 through 1.3, sin.f32
// defaults to sin.approx.ftz.f32"; "For PTX ISA version 1.4 and later, the
// .approx modifier is required". ptxas 13.0 takes them below .version 1.4.
// `meaning`: what the form stood for; the fix-it writes its qualifiers.
struct BareForm {
  std::string_view section, syntax, opcode, type;
  std::size_t sources;          // a; a, b; a, b, c
  std::string_view requires_;   // "'div.f32' requires .approx, .full or a rounding modifier"
  std::string_view meaning;     // the note
  std::string_view qualifiers;  // the fix-it
};

InstructionSpec bareBefore14(const BareForm& form) {
  std::vector<OperandSpec> operands = {typedDest("d")};
  for (std::string_view name : {"a", "b", "c"}) {
    if (operands.size() > form.sources) break;
    operands.push_back(typedValue(name));
  }
  InstructionSpec spec =
      entry(form.section, form.syntax, form.opcode, {required(".type", {form.type})}, std::move(operands), {}, {1, 0},
            form.type == ".f64" ? TargetRequirement::atLeast(13) : TargetRequirement{});
  spec.removed = {.from = {1, 4}, .what = form.requires_, .note = form.meaning, .insert = form.qualifiers};
  return spec;
}

void bareFormsBefore14(std::vector<InstructionSpec>& specs) {
  const BareForm forms[] = {
      {"9.7.3.7", "mad.f64 d, a, b, c", "mad", ".f64", 3, "'mad.f64' requires a rounding modifier",
       "legacy mad.f64 without a rounding modifier is mad.rn.f64", ".rn"},
      {"9.7.3.8", "div.f32 d, a, b", "div", ".f32", 2, "'div.f32' requires .approx, .full or a rounding modifier",
       "PTX ISA 1.0 to 1.3 read div.f32 as div.approx.ftz.f32", ".approx.ftz"},
      {"9.7.3.8", "div.f64 d, a, b", "div", ".f64", 2, "'div.f64' requires a rounding modifier",
       "PTX ISA 1.0 to 1.3 read div.f64 as div.rn.f64", ".rn"},
      {"9.7.3.13", "rcp.f32 d, a", "rcp", ".f32", 1, "'rcp.f32' requires .approx or a rounding modifier",
       "PTX ISA 1.0 to 1.3 read rcp.f32 as rcp.approx.ftz.f32", ".approx.ftz"},
      {"9.7.3.13", "rcp.f64 d, a", "rcp", ".f64", 1, "'rcp.f64' requires a rounding modifier",
       "PTX ISA 1.0 to 1.3 read rcp.f64 as rcp.rn.f64", ".rn"},
      {"9.7.3.15", "sqrt.f32 d, a", "sqrt", ".f32", 1, "'sqrt.f32' requires .approx or a rounding modifier",
       "PTX ISA 1.0 to 1.3 read sqrt.f32 as sqrt.approx.ftz.f32", ".approx.ftz"},
      {"9.7.3.15", "sqrt.f64 d, a", "sqrt", ".f64", 1, "'sqrt.f64' requires a rounding modifier",
       "PTX ISA 1.0 to 1.3 read sqrt.f64 as sqrt.rn.f64", ".rn"},
      {"9.7.3.16", "rsqrt.f32 d, a", "rsqrt", ".f32", 1, "'rsqrt.f32' requires the qualifier '.approx'",
       "PTX ISA 1.0 to 1.3 read rsqrt.f32 as rsqrt.approx.ftz.f32", ".approx.ftz"},
      {"9.7.3.16", "rsqrt.f64 d, a", "rsqrt", ".f64", 1, "'rsqrt.f64' requires the qualifier '.approx'",
       "PTX ISA 1.0 to 1.3 read rsqrt.f64 as rsqrt.approx.f64", ".approx"},
      {"9.7.3.18", "sin.f32 d, a", "sin", ".f32", 1, "'sin.f32' requires the qualifier '.approx'",
       "PTX ISA 1.0 to 1.3 read sin.f32 as sin.approx.ftz.f32", ".approx.ftz"},
      {"9.7.3.19", "cos.f32 d, a", "cos", ".f32", 1, "'cos.f32' requires the qualifier '.approx'",
       "PTX ISA 1.0 to 1.3 read cos.f32 as cos.approx.ftz.f32", ".approx.ftz"},
      {"9.7.3.20", "lg2.f32 d, a", "lg2", ".f32", 1, "'lg2.f32' requires the qualifier '.approx'",
       "PTX ISA 1.0 to 1.3 read lg2.f32 as lg2.approx.ftz.f32", ".approx.ftz"},
      {"9.7.3.21", "ex2.f32 d, a", "ex2", ".f32", 1, "'ex2.f32' requires the qualifier '.approx'",
       "PTX ISA 1.0 to 1.3 read ex2.f32 as ex2.approx.ftz.f32", ".approx.ftz"},
  };
  for (const BareForm& form : forms) specs.push_back(bareBefore14(form));
}

// 9.7.2.1-9.7.2.4, 9.7.2.6: "32-bit ... introduced in PTX ISA version 1.2
// (madc: 3.0), 64-bit ... in 4.3 ... requires sm_20".
std::vector<FeatureNote> carry64Notes() {
  return {
      {.slot = ".type", .values = {".u64", ".s64"}, .introduced = {4, 3}, .targets = {TargetRequirement::atLeast(20)}}};
}

}  // namespace

std::vector<InstructionSpec> arithmeticSpecs() {
  std::vector<InstructionSpec> specs;

  // 9.7.1.1 add (integer): "add.u16x2 and add.s16x2 introduced in PTX ISA
  // version 8.0 ... require sm_90 or higher".
  specs.push_back(entry("9.7.1.1", "add{.sat}.type d, a, b", "add",
                        {optional(".sat", {".sat"}),
                         required(".type", {".u16", ".u32", ".u64", ".s16", ".s32", ".s64", ".u16x2", ".s16x2"})},
                        binaryOperands(), {satOnlyS32()}, {1, 0}, {},
                        {{.slot = ".type",
                          .values = {".u16x2", ".s16x2"},
                          .introduced = {8, 0},
                          .targets = {TargetRequirement::atLeast(90)}}}));
  // 9.7.1.2 sub (integer)
  specs.push_back(entry("9.7.1.2", "sub{.sat}.type d, a, b", "sub",
                        {optional(".sat", {".sat"}), required(".type", kIntTypes)}, binaryOperands(), {satOnlyS32()}));
  // 9.7.1.3 mul (integer): ".wide ... d is twice the width of the sources"
  // and "is supported only for 16-bit and 32-bit integer types". The mode
  // comes right after the opcode (ptxas: "Unknown modifier '.wide'" for
  // mul.s32.wide), as the manual writes it.
  specs.push_back(entry("9.7.1.3", "mul.mode.type d, a, b", "mul",
                        {leading(required(".mode", {".hi", ".lo"})), required(".type", kIntTypes)}, binaryOperands()));
  specs.push_back(entry("9.7.1.3", "mul.wide.type d, a, b", "mul",
                        {leading(required(".mode", {".wide"})), required(".type", {".u16", ".u32", ".s16", ".s32"})},
                        {wide(typedDest("d")), typedValue("a"), typedValue("b")}));
  // 9.7.1.4 mad (integer): c and d are wide with .wide; ".sat ... only in
  // .hi mode with .s32" (mad.hi.sat.s32 is its own line).
  specs.push_back(entry("9.7.1.4", "mad.mode.type d, a, b, c", "mad",
                        {leading(required(".mode", {".hi", ".lo"})), required(".type", kIntTypes)}, ternaryOperands()));
  specs.push_back(entry("9.7.1.4", "mad.wide.type d, a, b, c", "mad",
                        {leading(required(".mode", {".wide"})), required(".type", {".u16", ".u32", ".s16", ".s32"})},
                        {wide(typedDest("d")), typedValue("a"), typedValue("b"), wide(typedValue("c"))}));
  specs.push_back(entry("9.7.1.4", "mad.hi.sat.s32 d, a, b, c", "mad",
                        {leading(required(".mode", {".hi"})), required(".sat", {".sat"}), required(".type", {".s32"})},
                        ternaryOperands()));
  // 9.7.2.5 mad.cc: "32-bit mad.cc introduced in PTX ISA version 3.0, 64-bit
  // mad.cc in 4.3; requires sm_20 or higher".
  specs.push_back(entry("9.7.2.5", "mad{.hi,.lo}.cc.type d, a, b, c", "mad",
                        {leading(required(".mode", {".hi", ".lo"})), required(".cc", {".cc"}),
                         required(".type", {".u32", ".s32", ".u64", ".s64"})},
                        ternaryOperands(), {}, {3, 0}, TargetRequirement::atLeast(20),
                        {{.slot = ".type", .values = {".u64", ".s64"}, .introduced = {4, 3}}}));

  // 9.7.4.1-9.7.4.3 half-precision add, sub, mul (before the .f32 lines: with
  // equal fit, add.rz.f16 is a half-precision add with a wrong rounding mode)
  halfBinary(specs, "9.7.4.1", "add", "add{.rnd}{.ftz}{.sat}.f16(x2) d, a, b", "add{.rnd}.bf16(x2) d, a, b");
  halfBinary(specs, "9.7.4.2", "sub", "sub{.rnd}{.ftz}{.sat}.f16(x2) d, a, b", "sub{.rnd}.bf16(x2) d, a, b");
  halfBinary(specs, "9.7.4.3", "mul", "mul{.rnd}{.ftz}{.sat}.f16(x2) d, a, b", "mul{.rnd}.bf16(x2) d, a, b");
  // 9.7.3.3-9.7.3.5 floating-point add, sub, mul
  floatBinary(specs, "9.7.3.3", "add", "add{.rnd}{.ftz}{.sat}.f32 d, a, b", "add{.rnd}{.ftz}.f32x2 d, a, b",
              "add{.rnd}.f64 d, a, b");
  floatBinary(specs, "9.7.3.4", "sub", "sub{.rnd}{.ftz}{.sat}.f32 d, a, b", "sub{.rnd}{.ftz}.f32x2 d, a, b",
              "sub{.rnd}.f64 d, a, b");
  floatBinary(specs, "9.7.3.5", "mul", "mul{.rnd}{.ftz}{.sat}.f32 d, a, b", "mul{.rnd}{.ftz}.f32x2 d, a, b",
              "mul{.rnd}.f64 d, a, b");
  // 9.7.4.4 fma (half precision), before the .f32 lines (fma.rz.f16 is a
  // half-precision fma with a wrong rounding mode): ".relu ... introduced in PTX ISA 7.0,
  // requires sm_80"; bf16 forms too. .relu with .sat is not a line of the block.
  specs.push_back(entry("9.7.4.4", "fma.rnd{.ftz}{.sat}.f16(x2) d, a, b, c", "fma",
                        {required(".rnd", {".rn"}), optional(".ftz", {".ftz"}), optional(".sat", {".sat"}),
                         required(".type", {".f16", ".f16x2"})},
                        ternaryOperands(), {}, {4, 2}, TargetRequirement::atLeast(53)));
  specs.push_back(entry("9.7.4.4", "fma.rnd{.ftz}.relu.f16(x2) d, a, b, c", "fma",
                        {required(".rnd", {".rn"}), optional(".ftz", {".ftz"}), required(".relu", {".relu"}),
                         required(".type", {".f16", ".f16x2"})},
                        ternaryOperands(), {}, {7, 0}, TargetRequirement::atLeast(80)));
  specs.push_back(
      entry("9.7.4.4", "fma.rnd{.relu}.bf16(x2) d, a, b, c", "fma",
            {required(".rnd", {".rn"}), optional(".relu", {".relu"}), required(".type", {".bf16", ".bf16x2"})},
            ternaryOperands(), {}, {7, 0}, TargetRequirement::atLeast(80)));
  // "fma.rnd.oob.{relu}.type": "Support for modifier .oob introduced in PTX
  // ISA version 8.1 ... requires sm_90 or higher".
  specs.push_back(entry("9.7.4.4", "fma.rnd.oob{.relu}.type d, a, b, c", "fma",
                        {required(".rnd", {".rn"}), required(".oob", {".oob"}), optional(".relu", {".relu"}),
                         required(".type", {".f16", ".f16x2", ".bf16", ".bf16x2"})},
                        ternaryOperands(), {}, {8, 1}, TargetRequirement::atLeast(90)));

  // 9.7.3.6 fma: the rounding modifier is mandatory. "fma.f64 introduced in
  // PTX ISA version 1.4, fma.f32 in 2.0 (sm_20), fma.f32x2 in 8.6 (sm_100)".
  specs.push_back(entry(
      "9.7.3.6", "fma.rnd{.ftz}{.sat}.f32 d, a, b, c", "fma",
      {required(".rnd", kRnd), optional(".ftz", {".ftz"}), optional(".sat", {".sat"}), required(".type", {".f32"})},
      ternaryOperands(), {}, {2, 0}, TargetRequirement::atLeast(20)));
  specs.push_back(entry("9.7.3.6", "fma.rnd{.ftz}.f32x2 d, a, b, c", "fma",
                        {required(".rnd", kRnd), optional(".ftz", {".ftz"}), required(".type", {".f32x2"})},
                        ternaryOperands(), {}, {8, 6}, TargetRequirement::atLeast(100)));
  specs.push_back(entry("9.7.3.6", "fma.rnd.f64 d, a, b, c", "fma",
                        {required(".rnd", kRnd), required(".type", {".f64"})}, ternaryOperands(), {}, {1, 4},
                        TargetRequirement::atLeast(13)));
  // 9.7.3.7 mad (floating point): "mad{.ftz}{.sat}.f32 d, a, b, c; //
  // .target sm_1x"; "Introduced in PTX ISA version 1.0"; "In PTX ISA
  // versions 2.0 and later, a rounding modifier is required for mad.f32 for
  // sm_20 and higher targets" (the Errata: ptxas enforces it from PTX ISA
  // 3.2 and warns at 3.1; ptxlint follows the manual). ptxas 13.0 still
  // takes the sm_1x form for .target sm_10 to sm_13.
  InstructionSpec mad_sm1x =
      entry("9.7.3.7", "mad{.ftz}{.sat}.f32 d, a, b, c", "mad",
            {optional(".ftz", {".ftz"}), optional(".sat", {".sat"}), required(".type", {".f32"})}, ternaryOperands());
  mad_sm1x.removed = {.from = {2, 0},
                      .sm = 20,
                      .what = "'mad.f32' without a rounding modifier",
                      .note =
                          "a rounding modifier is one of .rn, .rz, .rm, .rp; ptxas took mad.f32 as mad.rn.f32 "
                          "before PTX ISA 3.2 (Errata)",
                      .insert = ".rn"};
  specs.push_back(entry(
      "9.7.3.7", "mad.rnd{.ftz}{.sat}.f32 d, a, b, c", "mad",
      {required(".rnd", kRnd), optional(".ftz", {".ftz"}), optional(".sat", {".sat"}), required(".type", {".f32"})},
      ternaryOperands(), {}, {2, 0}, TargetRequirement::atLeast(20)));
  // "mad.f64 requires sm_13 or higher"; the manual gives no later PTX ISA
  // version for its rounding modifiers than mad's own 1.0 (ptxas 13.0 takes
  // mad.rn.f64 at .version 1.3).
  specs.push_back(entry("9.7.3.7", "mad.rnd.f64 d, a, b, c", "mad",
                        {required(".rnd", kRnd), required(".type", {".f64"})}, ternaryOperands(), {}, {1, 0},
                        TargetRequirement::atLeast(13)));
  specs.push_back(mad_sm1x);

  // 9.7.1.8 div, 9.7.1.9 rem (integer)
  specs.push_back(entry("9.7.1.8", "div.type d, a, b", "div", {required(".type", kIntTypes)}, binaryOperands()));
  specs.push_back(entry("9.7.1.9", "rem.type d, a, b", "rem", {required(".type", kIntTypes)}, binaryOperands()));
  // 9.7.1.14 popc, 9.7.1.15 clz: "d has type .u32"; PTX ISA 2.0, sm_20.
  for (std::string_view opcode : {"popc", "clz"}) {
    specs.push_back(entry(opcode == "popc" ? "9.7.1.14" : "9.7.1.15",
                          opcode == "popc" ? "popc.type d, a" : "clz.type d, a", opcode,
                          {required(".type", {".b32", ".b64"})}, {destOfType("d", ".u32"), typedValue("a")}, {}, {2, 0},
                          TargetRequirement::atLeast(20)));
  }
  // 9.7.3.8 div (floating point): "one of .approx, .full, or .rnd is
  // required"; "div.rnd.f32 requires sm_20"; .rz/.rm/.rp .f64 sm_20. ptxas
  // reads div.full as the instruction's name: .full comes first.
  specs.push_back(entry("9.7.3.8", "div.approx{.ftz}.f32 d, a, b", "div",
                        {required(".approx", {".approx"}), optional(".ftz", {".ftz"}), required(".type", {".f32"})},
                        binaryOperands(), {}, {1, 4}));
  specs.push_back(
      entry("9.7.3.8", "div.full{.ftz}.f32 d, a, b", "div",
            {leading(required(".full", {".full"})), optional(".ftz", {".ftz"}), required(".type", {".f32"})},
            binaryOperands(), {}, {1, 4}));
  specs.push_back(entry("9.7.3.8", "div.rnd{.ftz}.f32 d, a, b", "div",
                        {required(".rnd", kRnd), optional(".ftz", {".ftz"}), required(".type", {".f32"})},
                        binaryOperands(), {}, {1, 4}, TargetRequirement::atLeast(20)));
  specs.push_back(
      entry("9.7.3.8", "div.rnd.f64 d, a, b", "div", {required(".rnd", kRnd), required(".type", {".f64"})},
            binaryOperands(), {}, {1, 4}, TargetRequirement::atLeast(13),
            {{.slot = ".rnd", .values = {".rz", ".rm", ".rp"}, .targets = {TargetRequirement::atLeast(20)}}}));
  // min, max, abs, neg
  minMax(specs, "min");
  minMax(specs, "max");
  absNeg(specs, "abs");
  absNeg(specs, "neg");

  // 9.7.2.1 add.cc, 9.7.2.3 sub.cc, 9.7.2.2 addc, 9.7.2.4 subc, 9.7.2.6 madc
  const Values kCarryTypes = {".u32", ".s32", ".u64", ".s64"};
  specs.push_back(entry("9.7.2.1", "add.cc.type d, a, b", "add.cc", {required(".type", kCarryTypes)}, binaryOperands(),
                        {}, {1, 2}, {}, carry64Notes()));
  specs.push_back(entry("9.7.2.3", "sub.cc.type d, a, b", "sub.cc", {required(".type", kCarryTypes)}, binaryOperands(),
                        {}, {1, 2}, {}, carry64Notes()));
  specs.push_back(entry("9.7.2.2", "addc{.cc}.type d, a, b", "addc",
                        {optional(".cc", {".cc"}), required(".type", kCarryTypes)}, binaryOperands(), {}, {1, 2}, {},
                        carry64Notes()));
  specs.push_back(entry("9.7.2.4", "subc{.cc}.type d, a, b", "subc",
                        {optional(".cc", {".cc"}), required(".type", kCarryTypes)}, binaryOperands(), {}, {1, 2}, {},
                        carry64Notes()));
  specs.push_back(
      entry("9.7.2.6", "madc{.hi,.lo}{.cc}.type d, a, b, c", "madc",
            {leading(required(".mode", {".hi", ".lo"})), optional(".cc", {".cc"}), required(".type", kCarryTypes)},
            ternaryOperands(), {}, {3, 0}, TargetRequirement::atLeast(20),
            {{.slot = ".type", .values = {".u64", ".s64"}, .introduced = {4, 3}}}));

  // 9.7.1.16 bfind ("d has type .u32"), 9.7.1.18 brev, 9.7.1.19 bfe ("b and c
  // are type .u32, but are restricted to the 8-bit value range 0..255"): PTX
  // ISA 2.0, sm_20.
  const Values kBfTypes = {".u32", ".u64", ".s32", ".s64"};
  specs.push_back(entry("9.7.1.16", "bfind{.shiftamt}.type d, a", "bfind",
                        {optional(".shiftamt", {".shiftamt"}), required(".type", kBfTypes)},
                        {destOfType("d", ".u32"), typedValue("a")}, {}, {2, 0}, TargetRequirement::atLeast(20)));
  specs.push_back(entry("9.7.1.18", "brev.type d, a", "brev", {required(".type", {".b32", ".b64"})},
                        {typedDest("d"), typedValue("a")}, {}, {2, 0}, TargetRequirement::atLeast(20)));
  specs.push_back(entry("9.7.1.19", "bfe.type d, a, b, c", "bfe", {required(".type", kBfTypes)},
                        {typedDest("d"), typedValue("a"), inRange(valueOfType("b", ".u32"), 0, 255),
                         inRange(valueOfType("c", ".u32"), 0, 255)},
                        {}, {2, 0}, TargetRequirement::atLeast(20)));
  // 9.7.1.22 bmsk: PTX ISA 7.6, sm_70.
  specs.push_back(entry("9.7.1.22", "bmsk.mode.b32 d, a, b", "bmsk",
                        {required(".mode", {".clamp", ".wrap"}), required(".type", {".b32"})}, binaryOperands(), {},
                        {7, 6}, TargetRequirement::atLeast(70)));
  // 9.7.8.7 shf: "the unsigned 32-bit value in c"; PTX ISA 3.1, sm_32.
  // ptxas reads shf.l / shf.r as the name ("Unknown modifier '.l'").
  specs.push_back(entry("9.7.8.7", "shf.{l,r}.mode.b32 d, a, b, c", "shf",
                        {leading(required(".direction", {".l", ".r"})), required(".mode", {".clamp", ".wrap"}),
                         required(".type", {".b32"})},
                        {typedDest("d"), typedValue("a"), typedValue("b"), valueOfType("c", ".u32")}, {}, {3, 1},
                        TargetRequirement::atLeast(32)));

  // 9.7.3.13 rcp, 9.7.3.14 rcp.approx.ftz.f64, 9.7.3.15 sqrt
  approxOrRounded(specs, "9.7.3.13", "rcp", "rcp.approx{.ftz}.f32 d, a", "rcp.rnd{.ftz}.f32 d, a", "rcp.rnd.f64 d, a");
  specs.push_back(entry("9.7.3.14", "rcp.approx.ftz.f64 d, a", "rcp",
                        {required(".approx", {".approx"}), required(".ftz", {".ftz"}), required(".type", {".f64"})},
                        {typedDest("d"), typedValue("a")}, {}, {2, 1}, TargetRequirement::atLeast(20)));
  approxOrRounded(specs, "9.7.3.15", "sqrt", "sqrt.approx{.ftz}.f32 d, a", "sqrt.rnd{.ftz}.f32 d, a",
                  "sqrt.rnd.f64 d, a");
  // 9.7.4.10 ex2 (half precision): PTX ISA 7.0, sm_75; the .ftz .bf16 forms
  // 7.8, sm_90. 9.7.3.21 ex2 (.f32): ".approx ... required" from 1.4.
  specs.push_back(entry("9.7.4.10", "ex2.approx.atype d, a", "ex2",
                        {required(".approx", {".approx"}), required(".type", {".f16", ".f16x2"})},
                        {typedDest("d"), typedValue("a")}, {}, {7, 0}, TargetRequirement::atLeast(75)));
  specs.push_back(
      entry("9.7.4.10", "ex2.approx.ftz.btype d, a", "ex2",
            {required(".approx", {".approx"}), required(".ftz", {".ftz"}), required(".type", {".bf16", ".bf16x2"})},
            {typedDest("d"), typedValue("a")}, {}, {7, 8}, TargetRequirement::atLeast(90)));
  specs.push_back(entry("9.7.3.21", "ex2.approx{.ftz}.f32 d, a", "ex2",
                        {required(".approx", {".approx"}), optional(".ftz", {".ftz"}), required(".type", {".f32"})},
                        {typedDest("d"), typedValue("a")}, {}, {1, 4}));

  // 9.7.6.1 set: "d, a, b{, {!}c}" with d of .dtype, a and b of .stype, the
  // two types in operand order (9.4).
  for (bool with_bool_op : {false, true}) {
    std::vector<QualifierSlot> qualifiers = {required(".CmpOp", kCmpOps)};
    if (with_bool_op) qualifiers.push_back(required(".BoolOp", kBoolOps));
    qualifiers.push_back(optional(".ftz", {".ftz"}));
    qualifiers.push_back(ordered(required(".dtype", {".u32", ".s32", ".f32"})));
    qualifiers.push_back(ordered(required(".stype", kCompareTypes)));
    std::vector<OperandSpec> operands = {typedDest("d", ".dtype"), typedValue("a", ".stype"),
                                         typedValue("b", ".stype")};
    if (with_bool_op) operands.push_back(predicateAs("c", PredicateForm::Negatable));
    specs.push_back(
        entry("9.7.6.1",
              with_bool_op ? "set.CmpOp.BoolOp{.ftz}.dtype.stype d, a, b, {!}c" : "set.CmpOp{.ftz}.dtype.stype d, a, b",
              "set", std::move(qualifiers), std::move(operands),
              {compareTable(".stype"), implies({{".ftz", {".ftz"}}}, {".stype", {".f32"}}, ".ftz applies to .f32")},
              {1, 0}, {}, {{.slot = ".stype", .values = {".f64"}, .targets = {TargetRequirement::atLeast(13)}}}));
  }
  // 9.7.7.1 set (half precision): a half-precision result from any source
  // type, or an integer (or packed) result from half-precision sources. The
  // block's .CmpOp list leaves out lo/ls/hi/hs, but its sources include the
  // unsigned types, which 9.3.1 (Table 22) compares with them; ptxas 13.0
  // accepts set.lo.f16.u32, and so does ptxlint.
  // PTX ISA 4.2 and sm_53; the integer results of .f16 and .f16x2 from 6.5;
  // every .bf16 form from 7.8 and sm_90.
  struct HalfSet {
    Values dtypes;
    Values stypes;
    bool ftz;
    PtxVersion introduced;
    std::uint16_t sm;
    std::vector<FeatureNote> notes;
    std::string_view syntax, syntax_bool;
  };
  const Values kHalfSourceTypes = {".b16", ".b32", ".b64", ".u16", ".u32", ".u64",
                                   ".s16", ".s32", ".s64", ".f16", ".f32", ".f64"};
  std::vector<FeatureNote> integer_result = {
      {.slot = ".dtype", .values = {".u16", ".s16", ".u32", ".s32"}, .introduced = {6, 5}}};
  for (const HalfSet& h : {HalfSet{{".f16"},
                                   kHalfSourceTypes,
                                   true,
                                   {4, 2},
                                   53,
                                   {},
                                   "set.CmpOp{.ftz}.f16.stype d, a, b",
                                   "set.CmpOp.BoolOp{.ftz}.f16.stype d, a, b, {!}c"},
                           HalfSet{{".bf16"},
                                   kHalfSourceTypes,
                                   false,
                                   {7, 8},
                                   90,
                                   {},
                                   "set.CmpOp.bf16.stype d, a, b",
                                   "set.CmpOp.BoolOp.bf16.stype d, a, b, {!}c"},
                           HalfSet{{".u16", ".s16", ".u32", ".s32"},
                                   {".f16"},
                                   true,
                                   {6, 5},
                                   53,
                                   {},
                                   "set.CmpOp{.ftz}.dtype.f16 d, a, b",
                                   "set.CmpOp.BoolOp{.ftz}.dtype.f16 d, a, b, {!}c"},
                           HalfSet{{".u16", ".s16", ".u32", ".s32"},
                                   {".bf16"},
                                   false,
                                   {7, 8},
                                   90,
                                   {},
                                   "set.CmpOp.dtype.bf16 d, a, b",
                                   "set.CmpOp.BoolOp.dtype.bf16 d, a, b, {!}c"},
                           HalfSet{{".f16x2", ".u32", ".s32"},
                                   {".f16x2"},
                                   true,
                                   {4, 2},
                                   53,
                                   integer_result,
                                   "set.CmpOp{.ftz}.dtype.f16x2 d, a, b",
                                   "set.CmpOp.BoolOp{.ftz}.dtype.f16x2 d, a, b, {!}c"},
                           HalfSet{{".bf16x2", ".u32", ".s32"},
                                   {".bf16x2"},
                                   false,
                                   {7, 8},
                                   90,
                                   {},
                                   "set.CmpOp.dtype.bf16x2 d, a, b",
                                   "set.CmpOp.BoolOp.dtype.bf16x2 d, a, b, {!}c"}}) {
    for (bool with_bool_op : {false, true}) {
      std::vector<QualifierSlot> qualifiers = {required(".CmpOp", kHalfSetCmpOps)};
      if (with_bool_op) qualifiers.push_back(required(".BoolOp", kBoolOps));
      if (h.ftz) qualifiers.push_back(optional(".ftz", {".ftz"}));
      qualifiers.push_back(ordered(required(".dtype", h.dtypes)));
      qualifiers.push_back(ordered(required(".stype", h.stypes)));
      std::vector<OperandSpec> operands = {typedDest("d", ".dtype"), typedValue("a", ".stype"),
                                           typedValue("b", ".stype")};
      if (with_bool_op) operands.push_back(predicateAs("c", PredicateForm::Negatable));
      std::vector<Constraint> constraints = {compareTable(".stype", true)};
      if (h.ftz) {
        constraints.push_back(implies({{".ftz", {".ftz"}}}, {".stype", {".f16", ".f16x2", ".f32"}},
                                      ".ftz applies to .f16, .f16x2 and .f32 sources"));
      }
      specs.push_back(entry("9.7.7.1", with_bool_op ? h.syntax_bool : h.syntax, "set", std::move(qualifiers),
                            std::move(operands), std::move(constraints), h.introduced, TargetRequirement::atLeast(h.sm),
                            h.notes));
    }
  }

  // 9.7.3.2 copysign: PTX ISA 2.0, sm_20.
  specs.push_back(entry("9.7.3.2", "copysign.type d, a, b", "copysign", {required(".type", {".f32", ".f64"})},
                        binaryOperands(), {}, {2, 0}, TargetRequirement::atLeast(20)));
  // 9.7.9.7 prmt: PTX ISA 2.0, sm_20.
  specs.push_back(
      entry("9.7.9.7", "prmt.b32{.mode} d, a, b, c", "prmt",
            {required(".type", {".b32"}), optional(".mode", {".f4e", ".b4e", ".rc8", ".ecl", ".ecr", ".rc16"})},
            ternaryOperands(), {}, {2, 0}, TargetRequirement::atLeast(20)));
  // 9.7.8.6 lop3: "immLut is an integer constant that can take values from
  // 0 to 255"; PTX ISA 4.3, sm_50; .BoolOp ("d|p", "q") 8.2, sm_70.
  specs.push_back(
      entry("9.7.8.6", "lop3.b32 d, a, b, c, immLut", "lop3", {required(".type", {".b32"})},
            {typedDest("d"), typedValue("a"), typedValue("b"), typedValue("c"), inRange(immediate("immLut"), 0, 255)},
            {}, {4, 3}, TargetRequirement::atLeast(50)));
  specs.push_back(entry("9.7.8.6", "lop3.BoolOp.b32 d|p, a, b, c, immLut, q", "lop3",
                        {required(".BoolOp", {".or", ".and"}), required(".type", {".b32"})},
                        {withPredicate(typedDest("d")), typedValue("a"), typedValue("b"), typedValue("c"),
                         inRange(immediate("immLut"), 0, 255), predicate("q")},
                        {}, {8, 2}, TargetRequirement::atLeast(70)));
  // 9.7.1.20 bfi: "f, a, b ... the instruction type; c and d are type .u32,
  // but are restricted to the 8-bit value range 0..255"; PTX ISA 2.0, sm_20.
  specs.push_back(entry("9.7.1.20", "bfi.type f, a, b, c, d", "bfi", {required(".type", {".b32", ".b64"})},
                        {typedDest("f"), typedValue("a"), typedValue("b"), inRange(valueOfType("c", ".u32"), 0, 255),
                         inRange(valueOfType("d", ".u32"), 0, 255)},
                        {}, {2, 0}, TargetRequirement::atLeast(20)));
  // 9.7.1.5 mul24, 9.7.1.6 mad24: the mode comes first, as for mul and mad.
  specs.push_back(entry("9.7.1.5", "mul24.mode.type d, a, b", "mul24",
                        {leading(required(".mode", {".hi", ".lo"})), required(".type", {".u32", ".s32"})},
                        binaryOperands()));
  specs.push_back(entry("9.7.1.6", "mad24.mode.type d, a, b, c", "mad24",
                        {leading(required(".mode", {".hi", ".lo"})), required(".type", {".u32", ".s32"})},
                        ternaryOperands()));
  specs.push_back(entry("9.7.1.6", "mad24.hi.sat.s32 d, a, b, c", "mad24",
                        {leading(required(".mode", {".hi"})), required(".sat", {".sat"}), required(".type", {".s32"})},
                        ternaryOperands()));
  // 9.7.1.7 sad
  specs.push_back(entry("9.7.1.7", "sad.type d, a, b, c", "sad", {required(".type", kIntTypes)}, ternaryOperands()));
  // 9.7.6.4 slct: d, a, b of .dtype; c of the second type (.s32, or .f32
  // with {.ftz}); the types in operand order (9.4).
  const Values kSlctTypes = kCompareTypes;
  specs.push_back(
      entry("9.7.6.4", "slct.dtype.s32 d, a, b, c", "slct",
            {ordered(required(".dtype", kSlctTypes)), ordered(required(".ctype", {".s32"}))},
            {typedDest("d", ".dtype"), typedValue("a", ".dtype"), typedValue("b", ".dtype"), typedValue("c", ".ctype")},
            {}, {1, 0}, {}, {{.slot = ".dtype", .values = {".f64"}, .targets = {TargetRequirement::atLeast(13)}}}));
  specs.push_back(entry(
      "9.7.6.4", "slct{.ftz}.dtype.f32 d, a, b, c", "slct",
      {optional(".ftz", {".ftz"}), ordered(required(".dtype", kSlctTypes)), ordered(required(".ctype", {".f32"}))},
      {typedDest("d", ".dtype"), typedValue("a", ".dtype"), typedValue("b", ".dtype"), typedValue("c", ".ctype")}, {},
      {1, 0}, {}, {{.slot = ".dtype", .values = {".f64"}, .targets = {TargetRequirement::atLeast(13)}}}));
  // 9.7.3.16 rsqrt, 9.7.3.17 rsqrt.approx.ftz.f64 (PTX ISA 4.0, sm_20),
  // 9.7.3.18-9.7.3.20 sin, cos, lg2 (".approx ... required" from 1.4),
  // 9.7.3.22 / 9.7.4.9 tanh (PTX ISA 7.0, sm_75; .bf16 forms 7.8, sm_90).
  std::vector<OperandSpec> unary = {typedDest("d"), typedValue("a")};
  specs.push_back(entry("9.7.3.16", "rsqrt.approx{.ftz}.f32 d, a", "rsqrt",
                        {required(".approx", {".approx"}), optional(".ftz", {".ftz"}), required(".type", {".f32"})},
                        unary, {}, {1, 4}));
  specs.push_back(entry("9.7.3.16", "rsqrt.approx.f64 d, a", "rsqrt",
                        {required(".approx", {".approx"}), required(".type", {".f64"})}, unary, {}, {1, 4},
                        TargetRequirement::atLeast(13)));
  specs.push_back(entry("9.7.3.17", "rsqrt.approx.ftz.f64 d, a", "rsqrt",
                        {required(".approx", {".approx"}), required(".ftz", {".ftz"}), required(".type", {".f64"})},
                        unary, {}, {4, 0}, TargetRequirement::atLeast(20)));
  for (std::string_view opcode : {"sin", "cos", "lg2"}) {
    std::string_view section = opcode == "sin" ? "9.7.3.18" : opcode == "cos" ? "9.7.3.19" : "9.7.3.20";
    std::string_view syntax = opcode == "sin"   ? "sin.approx{.ftz}.f32 d, a"
                              : opcode == "cos" ? "cos.approx{.ftz}.f32 d, a"
                                                : "lg2.approx{.ftz}.f32 d, a";
    specs.push_back(entry(section, syntax, opcode,
                          {required(".approx", {".approx"}), optional(".ftz", {".ftz"}), required(".type", {".f32"})},
                          unary, {}, {1, 4}));
  }
  specs.push_back(entry("9.7.4.9", "tanh.approx.type d, a", "tanh",
                        {required(".approx", {".approx"}), required(".type", {".f16", ".f16x2", ".bf16", ".bf16x2"})},
                        unary, {}, {7, 0}, TargetRequirement::atLeast(75),
                        {{.slot = ".type",
                          .values = {".bf16", ".bf16x2"},
                          .introduced = {7, 8},
                          .targets = {TargetRequirement::atLeast(90)}}}));
  specs.push_back(entry("9.7.3.22", "tanh.approx.f32 d, a", "tanh",
                        {required(".approx", {".approx"}), required(".type", {".f32"})}, unary, {}, {7, 0},
                        TargetRequirement::atLeast(75)));
  // 9.7.3.1 testp: "p, a // result is .pred"; PTX ISA 2.0, sm_20.
  specs.push_back(entry("9.7.3.1", "testp.op.type p, a", "testp",
                        {required(".op", {".finite", ".infinite", ".number", ".notanumber", ".normal", ".subnormal"}),
                         required(".type", {".f32", ".f64"})},
                        {predicateDest("p"), typedValue("a")}, {}, {2, 0}, TargetRequirement::atLeast(20)));
  // 9.7.1.17 fns: "mask has a 32-bit type. base has .b32, .u32 or .s32
  // type. offset has .s32 type. d has type .b32"; PTX ISA 6.0, sm_30.
  specs.push_back(
      entry("9.7.1.17", "fns.b32 d, mask, base, offset", "fns", {required(".type", {".b32"})},
            {typedDest("d"), typedValue("mask"), valueOfType("base", ".u32"), valueOfType("offset", ".s32")}, {},
            {6, 0}, TargetRequirement::atLeast(30)));
  // 9.7.1.21 szext: "b is an unsigned 32-bit value"; PTX ISA 7.6, sm_70.
  specs.push_back(entry("9.7.1.21", "szext.mode.type d, a, b", "szext",
                        {required(".mode", {".clamp", ".wrap"}), required(".type", {".u32", ".s32"})},
                        {typedDest("d"), typedValue("a"), valueOfType("b", ".u32")}, {}, {7, 6},
                        TargetRequirement::atLeast(70)));
  // 9.7.1.23 dp4a, 9.7.1.24 dp2a: a of .atype, b of .btype, "c has type .u32
  // if both .atype and .btype are .u32 else .s32" (and d with it; signed and
  // unsigned registers agree, 9.4); PTX ISA 5.0, sm_61. dp2a's mode comes
  // first (ptxas: "'.hi/.lo' modifier required" for dp2a.s32.hi.u32).
  specs.push_back(
      entry("9.7.1.23", "dp4a.atype.btype d, a, b, c", "dp4a",
            {ordered(required(".atype", {".u32", ".s32"})), ordered(required(".btype", {".u32", ".s32"}))},
            {destOfType("d", ".s32"), typedValue("a", ".atype"), typedValue("b", ".btype"), valueOfType("c", ".s32")},
            {}, {5, 0}, TargetRequirement::atLeast(61)));
  specs.push_back(
      entry("9.7.1.24", "dp2a.mode.atype.btype d, a, b, c", "dp2a",
            {leading(required(".mode", {".lo", ".hi"})), ordered(required(".atype", {".u32", ".s32"})),
             ordered(required(".btype", {".u32", ".s32"}))},
            {destOfType("d", ".s32"), typedValue("a", ".atype"), typedValue("b", ".btype"), valueOfType("c", ".s32")},
            {}, {5, 0}, TargetRequirement::atLeast(61)));

  // 9.7.5.1, 9.7.5.2 mixed precision add, sub
  specs.push_back(mixedBinary("9.7.5.1", "add{.rnd}{.sat}.f32.atype d, a, c", "add"));
  specs.push_back(mixedBinary("9.7.5.2", "sub{.rnd}{.sat}.f32.atype d, a, c", "sub"));
  // 9.7.5.3 mixed precision fma: "a and b ... from .atype", c and d .f32;
  // PTX ISA 8.6, sm_100.
  specs.push_back(entry("9.7.5.3", "fma.rnd{.sat}.f32.abtype d, a, b, c", "fma",
                        {required(".rnd", kRnd), optional(".sat", {".sat"}), ordered(required(".type", {".f32"})),
                         ordered(required(".abtype", {".f16", ".bf16"}))},
                        {typedDest("d"), typedValue("a", ".abtype"), typedValue("b", ".abtype"), typedValue("c")}, {},
                        {8, 6}, TargetRequirement::atLeast(100)));

  // 9.7.6.2 setp: "p[|q], a, b{, {!}c}"; .ftz only on .f32 lines ("{.ftz}"
  // applies to floating-point comparisons: ptxas 13.0 refuses it elsewhere,
  // and .f64 subnormals are never flushed, 9.7.3).
  for (bool with_bool_op : {false, true}) {
    std::vector<QualifierSlot> qualifiers = {required(".CmpOp", kCmpOps)};
    if (with_bool_op) qualifiers.push_back(required(".BoolOp", kBoolOps));
    qualifiers.push_back(optional(".ftz", {".ftz"}));
    qualifiers.push_back(required(".type", kCompareTypes));
    std::vector<OperandSpec> operands = {predicateAs("p", PredicateForm::MaybePair), typedValue("a"), typedValue("b")};
    if (with_bool_op) operands.push_back(predicateAs("c", PredicateForm::Negatable));
    specs.push_back(
        entry("9.7.6.2",
              with_bool_op ? "setp.CmpOp.BoolOp{.ftz}.type p[|q], a, b, {!}c" : "setp.CmpOp{.ftz}.type p[|q], a, b",
              "setp", std::move(qualifiers), std::move(operands),
              {compareTable(), implies({{".ftz", {".ftz"}}}, {".type", {".f32"}}, ".ftz applies to .f32")}, {1, 0}, {},
              {{.slot = ".type", .values = {".f64"}, .targets = {TargetRequirement::atLeast(13)}}}));
  }
  // 9.7.7.2 setp (half precision): .f16 writes p, .f16x2 writes p|q; .bf16
  // takes no .ftz. PTX ISA 4.2 and sm_53; .bf16(x2) 7.8 and sm_90.
  struct HalfSetp {
    Values types;
    bool ftz;
    PredicateForm destination;
    PtxVersion introduced;
    std::uint16_t sm;
    std::string_view syntax, syntax_bool;
  };
  for (const HalfSetp& h : {HalfSetp{{".f16"},
                                     true,
                                     PredicateForm::Plain,
                                     {4, 2},
                                     53,
                                     "setp.CmpOp{.ftz}.f16 p, a, b",
                                     "setp.CmpOp.BoolOp{.ftz}.f16 p, a, b, {!}c"},
                            HalfSetp{{".f16x2"},
                                     true,
                                     PredicateForm::Pair,
                                     {4, 2},
                                     53,
                                     "setp.CmpOp{.ftz}.f16x2 p|q, a, b",
                                     "setp.CmpOp.BoolOp{.ftz}.f16x2 p|q, a, b, {!}c"},
                            HalfSetp{{".bf16"},
                                     false,
                                     PredicateForm::Plain,
                                     {7, 8},
                                     90,
                                     "setp.CmpOp.bf16 p, a, b",
                                     "setp.CmpOp.BoolOp.bf16 p, a, b, {!}c"},
                            HalfSetp{{".bf16x2"},
                                     false,
                                     PredicateForm::Pair,
                                     {7, 8},
                                     90,
                                     "setp.CmpOp.bf16x2 p|q, a, b",
                                     "setp.CmpOp.BoolOp.bf16x2 p|q, a, b, {!}c"}}) {
    for (bool with_bool_op : {false, true}) {
      std::vector<QualifierSlot> qualifiers = {required(".CmpOp", kHalfCmpOps)};
      if (with_bool_op) qualifiers.push_back(required(".BoolOp", kBoolOps));
      if (h.ftz) qualifiers.push_back(optional(".ftz", {".ftz"}));
      qualifiers.push_back(required(".type", h.types));
      OperandSpec p = predicateAs("p", h.destination);
      p.destination = true;  // a destination written plain (`p`) takes no constant either
      p.constant_allowed = false;
      std::vector<OperandSpec> operands = {p, typedValue("a"), typedValue("b")};
      if (with_bool_op) operands.push_back(predicateAs("c", PredicateForm::Negatable));
      specs.push_back(entry("9.7.7.2", with_bool_op ? h.syntax_bool : h.syntax, "setp", std::move(qualifiers),
                            std::move(operands), {}, h.introduced, TargetRequirement::atLeast(h.sm)));
    }
  }
  // 9.7.6.3 selp: "c is a predicate" (ptxas 13.0 also takes !c and a constant).
  specs.push_back(entry("9.7.6.3", "selp.type d, a, b, c", "selp", {required(".type", kCompareTypes)},
                        {typedDest("d"), typedValue("a"), typedValue("b"), predicate("c")}, {}, {1, 0}, {},
                        {{.slot = ".type", .values = {".f64"}, .targets = {TargetRequirement::atLeast(13)}}}));

  // 9.7.8.1-9.7.8.5 and, or, xor, not, cnot
  for (std::string_view opcode : {"and", "or", "xor"}) {
    std::string_view section = opcode == "and" ? "9.7.8.1" : opcode == "or" ? "9.7.8.2" : "9.7.8.3";
    std::string_view syntax = opcode == "and"  ? "and.type d, a, b"
                              : opcode == "or" ? "or.type d, a, b"
                                               : "xor.type d, a, b";
    specs.push_back(entry(section, syntax, opcode, {required(".type", kLogicTypes)}, binaryOperands()));
  }
  specs.push_back(
      entry("9.7.8.4", "not.type d, a", "not", {required(".type", kLogicTypes)}, {typedDest("d"), typedValue("a")}));
  specs.push_back(
      entry("9.7.8.5", "cnot.type d, a", "cnot", {required(".type", kBitTypes)}, {typedDest("d"), typedValue("a")}));
  // 9.7.8.8 shl, 9.7.8.9 shr: "the shift amount operand ... always has type
  // .u32" (9.4).
  specs.push_back(entry("9.7.8.8", "shl.type d, a, b", "shl", {required(".type", kBitTypes)},
                        {typedDest("d"), typedValue("a"), valueOfType("b", ".u32")}));
  specs.push_back(entry("9.7.8.9", "shr.type d, a, b", "shr",
                        {required(".type", {".b16", ".b32", ".b64", ".u16", ".u32", ".u64", ".s16", ".s32", ".s64"})},
                        {typedDest("d"), typedValue("a"), valueOfType("b", ".u32")}));

  // 9.7.9.4 mov (pack, unpack), before 9.7.9.3 so that a vector operand with
  // wrong elements is judged as a pack or unpack: a scalar d from a vector a, or a vector d
  // from a scalar a. "Support for .b128 type introduced in PTX ISA version
  // 8.3 ... requires sm_70 or higher".
  std::vector<FeatureNote> b128 = {
      {.slot = ".type", .values = {".b128"}, .introduced = {8, 3}, .targets = {TargetRequirement::atLeast(70)}}};
  const Values kPackTypes = {".b16", ".b32", ".b64", ".b128"};
  specs.push_back(entry("9.7.9.4", "mov.type d, a (pack)", "mov", {required(".type", kPackTypes)},
                        {typedDest("d"), packed("a", false)}, {}, {1, 0}, {}, b128));
  specs.push_back(entry("9.7.9.4", "mov.type d, a (unpack)", "mov", {required(".type", kPackTypes)},
                        {packed("d", true), orVariable(typed("a"))}, {}, {1, 0}, {}, b128));
  // 9.7.9.3 mov: "d, a" where a is a register, an immediate, a special
  // register, a variable or function name (with an offset): symbols other
  // than registers are judged by the symbol checks. "mov.f64 requires sm_13".
  specs.push_back(entry("9.7.9.3", "mov.type d, a", "mov",
                        {required(".type", {".pred", ".b16", ".b32", ".b64", ".u16", ".u32", ".u64", ".s16", ".s32",
                                            ".s64", ".f32", ".f64"})},
                        {typedDest("d"), orVariable(typedValue("a"))}, {}, {1, 0}, {},
                        {{.slot = ".type", .values = {".f64"}, .targets = {TargetRequirement::atLeast(13)}}}));
  // A .b128 scalar to a .b128 scalar: the block's `mov.type d, a` with
  // neither operand a vector (the other types are 9.7.9.3's); a may be an
  // integer constant, as for every type of 9.7.9.3 (ptxas 13.0 takes
  // `mov.b128 %rq1, 41`).
  specs.push_back(entry("9.7.9.4", "mov.b128 d, a", "mov", {required(".type", {".b128"})},
                        {typedDest("d"), orVariable(typedValue("a"))}, {}, {1, 0}, {}, b128));
  // 6.4.3 Vectors as Operands: "Vector operands can be specified as source
  // and destination operands for instructions", "mov.v4.f32 {a,b,c,d}, V;";
  // chapter 10: "mov.v4.u32 %rx, %clusterid;". Each operand a braced list of
  // .vec registers of the type's size (ptxas 13.0: "Arguments mismatch"
  // for another size, "Illegal vector size" for another length), a vector
  // register or a vector special register. PTX ISA 1.0.
  specs.push_back(entry(
      "6.4.3", "mov.vec.type d, a", "mov",
      {required(".vec", {".v2", ".v4"}),
       required(".type", {".b16", ".b32", ".b64", ".u16", ".u32", ".u64", ".s16", ".s32", ".s64", ".f32", ".f64"})},
      {data("d", ".vec"), orVariable(data("a", ".vec"))},
      // 5.4.2: "Vectors cannot exceed 128-bits in length; for
      // example, .v4 .f64 is not allowed".
      {pairs(".vec", ".type",
             {{{".v2"}, {".b16", ".b32", ".b64", ".u16", ".u32", ".u64", ".s16", ".s32", ".s64", ".f32", ".f64"}},
              {{".v4"}, {".b16", ".b32", ".u16", ".u32", ".s16", ".s32", ".f32"}}})},
      {1, 0}, {}, {{.slot = ".type", .values = {".f64"}, .targets = {TargetRequirement::atLeast(13)}}}));
  // Last: an instruction that fits no block is judged by its current form.
  bareFormsBefore14(specs);
  return specs;
}

}  // namespace ptxlint::spec
