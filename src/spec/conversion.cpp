// PTX ISA 9.7.9.19 isspacep, 9.7.9.20 cvta, 9.7.9.21 cvt, 9.7.9.22 cvt.pack,
// 9.7.9.23 mapa and 9.7.9.24 getctarank
// (../shared/ptx-manual-9.1/9_instruction_set/97_instructions/979_*).
//
// cvt's first two syntax lines, "cvt{.irnd}{.ftz}{.sat}.dtype.atype" and
// "cvt{.frnd}{.ftz}{.sat}.dtype.atype", say which rounding, .ftz and .sat a
// conversion takes in prose that depends on the class of both types
// (integer, floating point, .bf16): they are one entry per class of
// conversion here, whose constraints are that prose. Every other line of the
// block is one entry. All rounding modifiers fill one slot, `.rnd`, so that a
// modifier of the wrong kind is reported as such ("Illegal rounding modifier").
#include "spec/sections.h"

namespace ptxlint::spec {
namespace {

const Values kInts = {".u8", ".u16", ".u32", ".u64", ".s8", ".s16", ".s32", ".s64"};
const Values kFloats = {".f16", ".f32", ".f64"};  // .bf16 has entries of its own
const Values kIrnd = {".rni", ".rzi", ".rmi", ".rpi"};
const Values kFrnd = {".rn", ".rz", ".rm", ".rp"};
const Values kAllRnd = {".rni", ".rzi", ".rmi", ".rpi", ".rn", ".rz", ".rm", ".rp"};
const Values kNone = {""};
const Values kSpaces = {".const",       ".global",          ".local", ".shared",
                        ".shared::cta", ".shared::cluster", ".param", ".param::entry"};

Values join(Values a, const Values& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

constexpr std::string_view kCvtScalar =
    "cvt{.irnd}{.ftz}{.sat}.dtype.atype d, a; cvt{.frnd}{.ftz}{.sat}.dtype.atype d, a";

// "Integer rounding is required for float-to-integer conversions, and for
// same-size float-to-float conversions where the value is rounded to an
// integer. Integer rounding is illegal in all other instances."
constexpr std::string_view kIrndRule =
    "integer rounding is required for float-to-integer conversions, allowed for float-to-float conversions of the "
    "same type and illegal in all other instances";
// "Floating-point rounding is required for float-to-float conversions that
// result in loss of precision, and for integer-to-float conversions.
// Floating-point rounding is illegal in all other instances."
constexpr std::string_view kFrndRule =
    "floating-point rounding is required for float-to-float conversions that lose precision and for "
    "integer-to-float conversions, and illegal in all other instances";
// The same rules, as each class of conversion states them when the
// rounding modifier is missing.
constexpr std::string_view kIrndRequired =
    "integer rounding (.rni, .rzi, .rmi, .rpi) is required for float-to-integer conversions";
constexpr std::string_view kFrndRequiredInt = "floating-point rounding is required for integer-to-float conversions";
constexpr std::string_view kFrndRequiredLoss =
    "floating-point rounding is required for float-to-float conversions that lose precision";
// "Modifier .ftz can only be specified when either .dtype or .atype is .f32".
constexpr std::string_view kFtzRule = ".ftz can only be specified when either .dtype or .atype is .f32";

// "a .b16 type register", "a .b32 type register operand": of that type
// exactly (OperandSpec::exact_register_type); bitsRegister: by Table 26.
OperandSpec bitsRegister(std::string_view name, std::string_view type) {
  OperandSpec op{name, OperandKind::Register};
  op.fixed_type = type;
  return op;
}
OperandSpec regOfType(std::string_view name, std::string_view type) {
  OperandSpec op{name, OperandKind::Register};
  op.fixed_type = type;
  op.exact_register_type = true;
  return op;
}

// The scalar entries: `cvt{.rnd}{.ftz}{.sat}.dtype.atype d, a`.
// `wider`: 9.4.1's relaxed register sizes ("A source register wider than
// the specified type may be used, except when the source operand has .bf16
// or .bf16x2 format"; likewise the destination, except .bf16, .bf16x2,
// .tf32; ptxas 13.0 wants both registers of their exact size as soon as one
// side is .bf16).
InstructionSpec scalar(Values dtypes, Values atypes, bool wider, std::vector<Constraint> constraints,
                       std::vector<FeatureNote> notes = {}, PtxVersion introduced = {1, 0},
                       TargetRequirement target = {}) {
  OperandSpec d = typedDest("d", ".dtype");
  OperandSpec a = typedValue("a", ".atype");
  if (wider) {
    d = widerRegister(d);
    a = widerRegister(a);
  }
  // "cvt to or from .f64 requires sm_13 or higher."
  notes.push_back({.slot = ".dtype", .values = {".f64"}, .targets = {TargetRequirement::atLeast(13)}});
  notes.push_back({.slot = ".atype", .values = {".f64"}, .targets = {TargetRequirement::atLeast(13)}});
  return {
      .section = "9.7.9.21",
      .syntax = kCvtScalar,
      .opcode = "cvt",
      .qualifiers = {optional(".rnd", kAllRnd), optional(".ftz", {".ftz"}), optional(".sat", {".sat"}),
                     ordered(required(".dtype", std::move(dtypes))), ordered(required(".atype", std::move(atypes)))},
      .operands = {d, a},
      .constraints = std::move(constraints),
      .introduced = introduced,
      .target = target,
      .notes = std::move(notes)};
}

// ".sat ... is allowed only in cases where the destination type's value
// range is not a superset of the source type's value range": per .dtype, the
// .atype values whose range it does not cover.
std::vector<Constraint> integerSaturation() {
  const std::pair<std::string_view, Values> kNotCovered[] = {
      {".u8", {".u16", ".u32", ".u64", ".s8", ".s16", ".s32", ".s64"}},
      {".u16", {".u32", ".u64", ".s8", ".s16", ".s32", ".s64"}},
      {".u32", {".u64", ".s8", ".s16", ".s32", ".s64"}},
      {".u64", {".s8", ".s16", ".s32", ".s64"}},
      {".s8", {".u8", ".u16", ".u32", ".u64", ".s16", ".s32", ".s64"}},
      {".s16", {".u16", ".u32", ".u64", ".s32", ".s64"}},
      {".s32", {".u32", ".u64", ".s64"}},
      {".s64", {".u64"}},
  };
  std::vector<Constraint> rules;
  for (const auto& [dtype, atypes] : kNotCovered) {
    rules.push_back(implies({{".sat", {".sat"}}, {".dtype", {dtype}}}, {".atype", atypes},
                            ".sat is illegal where the destination type's value range is a superset of the source "
                            "type's, so that saturation is not possible"));
  }
  return rules;
}

// One entry of the other cvt lines: `rnd` the rounding values the line
// takes (required), `optional_slots` the optional modifiers in the manual's
// order.
struct Line {
  std::string_view syntax;
  Values rnd;
  bool rnd_optional = false;
  std::vector<QualifierSlot> modifiers;
  Values dtypes, atypes;
  std::vector<OperandSpec> operands;
  std::vector<Constraint> constraints{};
  PtxVersion introduced;
  TargetRequirement target{};
  std::vector<FeatureNote> notes{};
};

InstructionSpec line(Line l) {
  InstructionSpec s{.section = "9.7.9.21", .syntax = l.syntax, .opcode = "cvt", .qualifiers = {}, .operands = {}};
  s.qualifiers.push_back(l.rnd_optional ? optional(".rnd", l.rnd) : required(".rnd", l.rnd));
  for (QualifierSlot& m : l.modifiers) s.qualifiers.push_back(std::move(m));
  s.qualifiers.push_back(ordered(required(".dtype", std::move(l.dtypes))));
  s.qualifiers.push_back(ordered(required(".atype", std::move(l.atypes))));
  s.operands = std::move(l.operands);
  s.constraints = std::move(l.constraints);
  s.introduced = l.introduced;
  s.target = l.target;
  s.notes = std::move(l.notes);
  return s;
}

QualifierSlot relu() { return optional(".relu", {".relu"}); }
QualifierSlot satfinite() { return optional(".satfinite", {".satfinite"}); }
QualifierSlot satfiniteRequired() { return required(".satfinite", {".satfinite"}); }

// "... is supported on following architectures: sm_100a, sm_101a (Renamed
// to sm_110a from PTX ISA version 9.0), sm_120a. And is supported on
// following family-specific architectures from PTX ISA version 8.8: sm_100f
// or higher in the same family, sm_101f or higher in the same family
// (Renamed to sm_110f ...), sm_120f or higher in the same family".
std::vector<TargetRequirement> fp4Targets() {
  return {TargetRequirement::archSpecific(100),   TargetRequirement::archSpecific(110),
          TargetRequirement::archSpecific(120),   TargetRequirement::familySpecific(100),
          TargetRequirement::familySpecific(110), TargetRequirement::familySpecific(120)};
}
FeatureNote fp4Note(std::string_view slot, Values values) {
  return {
      .slot = slot, .values = std::move(values), .introduced = {8, 6}, .targets = fp4Targets(), .family_from = {8, 8}};
}
// "cvt.rn.satfinite{.relu}{.e2m3x2/.e3m2x2/.e2m1x2}{.f16x2/.bf16x2}
// introduced in PTX ISA version 9.1 ... supported on following
// family-specific architectures: sm_100f ..., sm_110f ..., sm_120f".
FeatureNote familyNote(std::string_view slot, Values values, std::vector<Condition> when = {}) {
  return {.slot = slot,
          .when = std::move(when),
          .values = std::move(values),
          .introduced = {9, 1},
          .targets = {TargetRequirement::familySpecific(100), TargetRequirement::familySpecific(110),
                      TargetRequirement::familySpecific(120)}};
}
// ".rs rounding mode is supported on following architectures: sm_100a, sm_103a".
std::vector<TargetRequirement> rsTargets() {
  return {TargetRequirement::archSpecific(100), TargetRequirement::archSpecific(103)};
}

// {a, b, e, f}: four .f32 values ("When converting four .f32 inputs").
OperandSpec fourValues() {
  OperandSpec op = packed("{a, b, e, f}", false, "");
  op.fixed_type = ".f32";
  return op;
}

void cvtSpecs(std::vector<InstructionSpec>& specs) {
  const TargetRequirement sm80 = TargetRequirement::atLeast(80);
  const TargetRequirement sm90 = TargetRequirement::atLeast(90);

  // --- cvt{.irnd|.frnd}{.ftz}{.sat}.dtype.atype d, a -------------------------
  // Integer to integer: no rounding, no .ftz; .sat where saturation is possible.
  {
    std::vector<Constraint> c = {
        forbids({{".dtype", kInts}}, ".rnd", "integer-to-integer conversions take no rounding modifier"),
        forbids({{".dtype", kInts}}, ".ftz", kFtzRule),
    };
    for (Constraint& sat : integerSaturation()) c.push_back(std::move(sat));
    specs.push_back(scalar(kInts, kInts, true, std::move(c)));
  }
  // Float to integer: "Integer rounding is required for float-to-integer
  // conversions"; "For float-to-integer conversions, the result is clamped
  // to the destination range by default; i.e, .sat is redundant" (allowed).
  specs.push_back(
      scalar(kInts, kFloats, true,
             {forbids({{".rnd", kFrnd}}, ".rnd", kIrndRule), implies({{".rnd", kNone}}, {".rnd", kIrnd}, kIrndRequired),
              implies({{".ftz", {".ftz"}}}, {".atype", {".f32"}}, kFtzRule)}));
  // Integer to float: floating-point rounding required; .sat "Applies to
  // .f16, .f32, and .f64 types".
  specs.push_back(scalar(
      kFloats, kInts, true,
      {forbids({{".rnd", kIrnd}}, ".rnd", kIrndRule), implies({{".rnd", kNone}}, {".rnd", kFrnd}, kFrndRequiredInt),
       implies({{".ftz", {".ftz"}}}, {".dtype", {".f32"}}, kFtzRule)}));
  // Float to float (.f16, .f32, .f64): integer rounding between equal types,
  // floating-point rounding required where precision is lost and illegal
  // otherwise ("A floating-point value may be rounded to an integral value
  // using the integer rounding modifiers ... The operands must be of the same
  // size").
  {
    std::vector<Constraint> c;
    for (std::string_view t : kFloats) {
      c.push_back(implies({{".rnd", kIrnd}, {".dtype", {t}}}, {".atype", {t}}, kIrndRule));
    }
    c.push_back(forbids({{".rnd", kFrnd}, {".dtype", {".f16"}}, {".atype", {".f16"}}}, ".rnd", kFrndRule));
    c.push_back(forbids({{".rnd", kFrnd}, {".dtype", {".f32"}}, {".atype", {".f16", ".f32"}}}, ".rnd", kFrndRule));
    c.push_back(forbids({{".rnd", kFrnd}, {".dtype", {".f64"}}}, ".rnd", kFrndRule));
    c.push_back(
        implies({{".rnd", kNone}, {".dtype", {".f16"}}, {".atype", {".f32", ".f64"}}}, {".rnd", kFrnd}, kFrndRule));
    c.push_back(
        implies({{".rnd", kNone}, {".dtype", {".f32"}}, {".atype", {".f64"}}}, {".rnd", kFrnd}, kFrndRequiredLoss));
    c.push_back(implies({{".ftz", {".ftz"}}, {".dtype", {".f16", ".f64"}}}, {".atype", {".f32"}}, kFtzRule));
    specs.push_back(scalar(kFloats, kFloats, true, std::move(c)));
  }
  // To .bf16. PTX ISA Notes: ".bf16 ... destination formats introduced in
  // PTX ISA version 7.0" (sm_80, from .f32); "cvt.bf16.{u8/s8/u16/s16/u32/
  // s32/u64/s64/f16/f64/bf16} ... introduced in PTX ISA version 7.8"
  // (sm_90). ".sat ... Applies to .f16, .f32, and .f64 types": none for
  // .bf16; .f16 -> .bf16 takes a floating-point rounding or none (ptxas
  // 13.0), .bf16 -> .bf16 an integer rounding or none.
  {
    Values from = join(kInts, {".f16", ".f32", ".f64", ".bf16"});
    Values others = join(kInts, {".f16", ".f64", ".bf16"});
    specs.push_back(
        scalar({".bf16"}, from, false,
               {forbids({{".rnd", kIrnd}, {".atype", join(kInts, {".f16", ".f32", ".f64"})}}, ".rnd", kIrndRule),
                forbids({{".rnd", kFrnd}, {".atype", {".bf16"}}}, ".rnd", kFrndRule),
                implies({{".rnd", kNone}, {".atype", kInts}}, {".rnd", kFrnd}, kFrndRequiredInt),
                implies({{".rnd", kNone}, {".atype", {".f32", ".f64"}}}, {".rnd", kFrnd}, kFrndRequiredLoss),
                implies({{".ftz", {".ftz"}}}, {".atype", {".f32"}}, kFtzRule),
                forbids({{".dtype", {".bf16"}}}, ".sat", ".sat applies to .f16, .f32 and .f64 destination types")},
               {{.slot = ".dtype", .when = {{".atype", {".f32"}}}, .introduced = {7, 0}, .targets = {sm80}},
                {.slot = ".dtype", .when = {{".atype", others}}, .introduced = {7, 8}, .targets = {sm90}}}));
  }
  // From .bf16: "cvt.f32.bf16 introduced in PTX ISA version 7.1" (sm_80);
  // "cvt.{u8/s8/u16/s16/u32/s32/u64/s64/f16/f64}.bf16" 7.8 (sm_90); ".ftz
  // qualifier for cvt.f32.bf16 introduced in PTX ISA version 7.8" (sm_90).
  // The widening conversions take a floating-point rounding or none (ptxas
  // 13.0: cvt.f64.bf16.rp in the manual's examples); ptxas 13.0 refuses .sat.
  {
    Values to = join(kInts, kFloats);
    specs.push_back(scalar(to, {".bf16"}, false,
                           {forbids({{".rnd", kIrnd}, {".dtype", kFloats}}, ".rnd", kIrndRule),
                            forbids({{".rnd", kFrnd}, {".dtype", kInts}}, ".rnd", kIrndRule),
                            implies({{".rnd", kNone}, {".dtype", kInts}}, {".rnd", kIrnd}, kIrndRequired),
                            implies({{".ftz", {".ftz"}}}, {".dtype", {".f32"}}, kFtzRule),
                            forbids({{".atype", {".bf16"}}}, ".sat", "ptxas 13.0 takes no .sat with a .bf16 source")},
                           {{.slot = ".atype", .when = {{".dtype", {".f32"}}}, .introduced = {7, 1}, .targets = {sm80}},
                            {.slot = ".atype",
                             .when = {{".dtype", join(kInts, {".f16", ".f64"})}},
                             .introduced = {7, 8},
                             .targets = {sm90}},
                            {.slot = ".ftz", .introduced = {7, 8}, .targets = {sm90}}}));
  }

  // --- .f16 / .f16x2 / .bf16 / .bf16x2 from .f32 ---------------------------
  // ".relu modifier and {.f16x2, .bf16, .bf16x2, .tf32} destination formats
  // introduced in PTX ISA version 7.0" (sm_80); "cvt.satfinite.{f16, bf16,
  // f16x2, bf16x2, tf32}.f32 introduced in PTX ISA version 8.1".
  const FeatureNote relu70 = {.slot = ".relu", .introduced = {7, 0}, .targets = {sm80}};
  const FeatureNote satfinite81 = {.slot = ".satfinite", .introduced = {8, 1}};
  // "For .f16x2 instruction type, destination operand d has .f16x2 or .b32
  // type. For .bf16 instruction type, operand d has .b16 type. For .bf16x2
  // instruction type, operand d has .b32 type."
  specs.push_back(line({.syntax = "cvt.frnd2{.relu}{.satfinite}.f16.f32 d, a",
                        .rnd = {".rn", ".rz"},
                        .modifiers = {relu(), satfinite()},
                        .dtypes = {".f16"},
                        .atypes = {".f32"},
                        .operands = {widerRegister(typedDest("d", ".dtype")), widerRegister(typedValue("a", ".atype"))},
                        .introduced = {1, 0},
                        .notes = {relu70, satfinite81}}));
  specs.push_back(line({.syntax = "cvt.frnd2{.relu}{.satfinite}.f16x2.f32 d, a, b",
                        .rnd = {".rn", ".rz"},
                        .modifiers = {relu(), satfinite()},
                        .dtypes = {".f16x2"},
                        .atypes = {".f32"},
                        .operands = {widerRegister(typedDest("d", ".dtype")), widerRegister(typedValue("a", ".atype")),
                                     widerRegister(typedValue("b", ".atype"))},
                        .introduced = {7, 0},
                        .target = sm80,
                        .notes = {satfinite81}}));
  // "rbits is a .b32 type register operand"; ".rs rounding mode introduced
  // in PTX ISA version 8.7", sm_100a, sm_103a.
  specs.push_back(line({.syntax = "cvt.rs{.relu}{.satfinite}.f16x2.f32 d, a, b, rbits",
                        .rnd = {".rs"},
                        .modifiers = {relu(), satfinite()},
                        .dtypes = {".f16x2"},
                        .atypes = {".f32"},
                        .operands = {widerRegister(typedDest("d", ".dtype")), widerRegister(typedValue("a", ".atype")),
                                     widerRegister(typedValue("b", ".atype")), regOfType("rbits", ".b32")},
                        .introduced = {8, 7},
                        .notes = {{.slot = ".rnd", .targets = rsTargets()}}}));
  specs.push_back(line({.syntax = "cvt.frnd2{.relu}{.satfinite}.bf16.f32 d, a",
                        .rnd = {".rn", ".rz"},
                        .modifiers = {relu(), satfinite()},
                        .dtypes = {".bf16"},
                        .atypes = {".f32"},
                        .operands = {typedDest("d", ".dtype"), typedValue("a", ".atype")},
                        .introduced = {7, 0},
                        .target = sm80,
                        .notes = {satfinite81}}));
  specs.push_back(line({.syntax = "cvt.frnd2{.relu}{.satfinite}.bf16x2.f32 d, a, b",
                        .rnd = {".rn", ".rz"},
                        .modifiers = {relu(), satfinite()},
                        .dtypes = {".bf16x2"},
                        .atypes = {".f32"},
                        .operands = {typedDest("d", ".dtype"), typedValue("a", ".atype"), typedValue("b", ".atype")},
                        .introduced = {7, 0},
                        .target = sm80,
                        .notes = {satfinite81}}));
  specs.push_back(line({.syntax = "cvt.rs{.relu}{.satfinite}.bf16x2.f32 d, a, b, rbits",
                        .rnd = {".rs"},
                        .modifiers = {relu(), satfinite()},
                        .dtypes = {".bf16x2"},
                        .atypes = {".f32"},
                        .operands = {typedDest("d", ".dtype"), typedValue("a", ".atype"), typedValue("b", ".atype"),
                                     regOfType("rbits", ".b32")},
                        .introduced = {8, 7},
                        .notes = {{.slot = ".rnd", .targets = rsTargets()}}}));

  // --- .tf32 -----------------------------------------------------------------
  // "For .tf32 instruction type, operand d has .b32 type"; "cvt.tf32.f32.
  // {relu}.{rn/rz} introduced in PTX ISA version 7.8" (sm_90);
  // "cvt.{rn/rz}.satfinite.tf32.f32 introduced in PTX ISA version 8.6"
  // (sm_100).
  specs.push_back(line({.syntax = "cvt.rna{.satfinite}.tf32.f32 d, a",
                        .rnd = {".rna"},
                        .modifiers = {satfinite()},
                        .dtypes = {".tf32"},
                        .atypes = {".f32"},
                        .operands = {typedDest("d", ".dtype"), typedValue("a", ".atype")},
                        .introduced = {7, 0},
                        .target = sm80,
                        .notes = {satfinite81}}));
  specs.push_back(
      line({.syntax = "cvt.frnd2{.satfinite}{.relu}.tf32.f32 d, a",
            .rnd = {".rn", ".rz"},
            .modifiers = {satfinite(), relu()},
            .dtypes = {".tf32"},
            .atypes = {".f32"},
            .operands = {typedDest("d", ".dtype"), typedValue("a", ".atype")},
            .introduced = {7, 8},
            .target = sm90,
            .notes = {{.slot = ".satfinite", .introduced = {8, 6}, .targets = {TargetRequirement::atLeast(100)}}}}));

  // --- fp8: .e4m3x2 / .e5m2x2 / .e4m3x4 / .e5m2x4 ----------------------------
  // "cvt with .e4m3x2/.e5m2x2 for sm_90 or higher introduced in PTX ISA
  // version 7.8 ... for sm_89 introduced in PTX ISA version 8.1"; "requires
  // sm89 or higher". "When converting to .e4m3x2/.e5m2x2 data formats, the
  // destination operand d has .b16 type"; "When converting from
  // .e4m3x2/.e5m2x2 to .f16x2, source operand a has .b16 type".
  const Values f8x2 = {".e4m3x2", ".e5m2x2"};
  const TargetRequirement sm89 = TargetRequirement::atLeast(89);
  const FeatureNote f8_sm89 = {.slot = ".rnd", .targets = {sm90, TargetRequirement::atLeast(89).fromVersion({8, 1})}};
  specs.push_back(line({.syntax = "cvt.rn.satfinite{.relu}.f8x2type.f32 d, a, b",
                        .rnd = {".rn"},
                        .modifiers = {satfiniteRequired(), relu()},
                        .dtypes = f8x2,
                        .atypes = {".f32"},
                        .operands = {regOfType("d", ".b16"), typedValue("a", ".atype"), typedValue("b", ".atype")},
                        .introduced = {7, 8},
                        .target = sm89,
                        .notes = {f8_sm89}}));
  // "cvt.rn.satfinite{.relu}{.e5m2x2/.e4m3x2}{.bf16x2} introduced in PTX ISA
  // version 9.1", family-specific sm_100f, sm_110f, sm_120f.
  specs.push_back(line({.syntax = "cvt.rn.satfinite{.relu}.f8x2type.fp16x2 d, a",
                        .rnd = {".rn"},
                        .modifiers = {satfiniteRequired(), relu()},
                        .dtypes = f8x2,
                        .atypes = {".f16x2", ".bf16x2"},
                        .operands = {regOfType("d", ".b16"), typed("a", ".atype")},
                        .introduced = {7, 8},
                        .target = sm89,
                        .notes = {f8_sm89, familyNote(".atype", {".bf16x2"})}}));
  specs.push_back(line({.syntax = "cvt.rn{.relu}.f16x2.f8x2type d, a",
                        .rnd = {".rn"},
                        .modifiers = {relu()},
                        .dtypes = {".f16x2"},
                        .atypes = f8x2,
                        .operands = {typedDest("d", ".dtype"), regOfType("a", ".b16")},
                        .introduced = {7, 8},
                        .target = sm89,
                        .notes = {f8_sm89}}));
  // "When converting to .e5m2x4/.e4m3x4/.e3m2x4/.e2m3x4 data format, the
  // destination operand d has .b32 type"; "cvt.rs{.e2m1x4/.e4m3x4/.e5m2x4/
  // .e3m2x4/.e2m3x4}.f32 introduced in PTX ISA version 8.7", sm_100a, sm_103a.
  specs.push_back(line({.syntax = "cvt.rs{.relu}.satfinite.f8x4type.f32 d, {a, b, e, f}, rbits",
                        .rnd = {".rs"},
                        .modifiers = {relu(), satfiniteRequired()},
                        .dtypes = {".e4m3x4", ".e5m2x4"},
                        .atypes = {".f32"},
                        .operands = {regOfType("d", ".b32"), fourValues(), regOfType("rbits", ".b32")},
                        .introduced = {8, 7},
                        .notes = {{.slot = ".rnd", .targets = rsTargets()}}}));

  // --- fp4 and fp6: .e2m1x2 / .e2m3x2 / .e3m2x2 and their x4 forms ---------
  // "When converting to .e2m1x2 data formats, the destination operand d has
  // .b8 type"; "When converting from .e2m1x2 to .f16x2, source operand a has
  // .b8 type"; .e2m3x2/.e3m2x2: .b16 (d and a); .e2m1x4: .b16.
  // "cvt.rn.satfinite{.relu}.{e2m1x2/e2m3x2/e3m2x2/ue8m0x2}.f32" and
  // "cvt.rn{.relu}.f16x2.{e2m1x2/e2m3x2/e3m2x2}" introduced in PTX ISA 8.6.
  for (bool fp4 : {true, false}) {
    Values x2 = fp4 ? Values{".e2m1x2"} : Values{".e2m3x2", ".e3m2x2"};
    std::string_view packed_reg = fp4 ? ".b8" : ".b16";
    specs.push_back(
        line({.syntax =
                  fp4 ? "cvt.rn.satfinite{.relu}.f4x2type.f32 d, a, b" : "cvt.rn.satfinite{.relu}.f6x2type.f32 d, a, b",
              .rnd = {".rn"},
              .modifiers = {satfiniteRequired(), relu()},
              .dtypes = x2,
              .atypes = {".f32"},
              .operands = {regOfType("d", packed_reg), typedValue("a", ".atype"), typedValue("b", ".atype")},
              .introduced = {8, 6},
              .notes = {fp4Note(".dtype", {})}}));
    // "cvt.rn.satfinite{.relu}{.e2m3x2/.e3m2x2/.e2m1x2}{.f16x2/.bf16x2}
    // introduced in PTX ISA version 9.1". ptxas 13.0 already takes
    // cvt.rn.satfinite.e2m1x2.f16x2 where it takes the .f32 form (PTX ISA
    // 8.6, sm_100a): accepted as ptxas does.
    std::vector<FeatureNote> notes = {fp4Note(".dtype", {})};
    notes.push_back(familyNote(".atype", fp4 ? Values{".bf16x2"} : Values{".f16x2", ".bf16x2"}));
    specs.push_back(line({.syntax = fp4 ? "cvt.rn.satfinite{.relu}.f4x2type.fp16x2type d, a"
                                        : "cvt.rn.satfinite{.relu}.f6x2type.fp16x2type d, a",
                          .rnd = {".rn"},
                          .modifiers = {satfiniteRequired(), relu()},
                          .dtypes = x2,
                          .atypes = {".f16x2", ".bf16x2"},
                          .operands = {regOfType("d", packed_reg), typed("a", ".atype")},
                          .introduced = {8, 6},
                          .notes = std::move(notes)}));
    specs.push_back(line({.syntax = fp4 ? "cvt.rn{.relu}.f16x2.f4x2type d, a" : "cvt.rn{.relu}.f16x2.f6x2type d, a",
                          .rnd = {".rn"},
                          .modifiers = {relu()},
                          .dtypes = {".f16x2"},
                          .atypes = x2,
                          .operands = {typedDest("d", ".dtype"), regOfType("a", packed_reg)},
                          .introduced = {8, 6},
                          .notes = {fp4Note(".atype", {})}}));
    specs.push_back(line({.syntax = fp4 ? "cvt.rs{.relu}.satfinite.f4x4type.f32 d, {a, b, e, f}, rbits"
                                        : "cvt.rs{.relu}.satfinite.f6x4type.f32 d, {a, b, e, f}, rbits",
                          .rnd = {".rs"},
                          .modifiers = {relu(), satfiniteRequired()},
                          .dtypes = fp4 ? Values{".e2m1x4"} : Values{".e2m3x4", ".e3m2x4"},
                          .atypes = {".f32"},
                          .operands = {regOfType("d", fp4 ? ".b16" : ".b32"), fourValues(), regOfType("rbits", ".b32")},
                          .introduced = {8, 7},
                          .notes = {{.slot = ".rnd", .targets = rsTargets()}}}));
  }

  // --- .ue8m0x2 --------------------------------------------------------------
  // ".frnd3 = { .rz, .rp }"; "When converting to .ue8m0x2 data formats, the
  // destination operand d has .b16 type"; "When converting from .ue8m0x2 to
  // .bf16x2, source operand a has .b16 type". PTX ISA 8.6, the fp4 targets.
  // ptxas 13.0 takes a .f16x2 register for the .bf16x2 operand here: .b32.
  specs.push_back(line({.syntax = "cvt.frnd3{.satfinite}.ue8m0x2.f32 d, a, b",
                        .rnd = {".rz", ".rp"},
                        .modifiers = {satfinite()},
                        .dtypes = {".ue8m0x2"},
                        .atypes = {".f32"},
                        .operands = {regOfType("d", ".b16"), typedValue("a", ".atype"), typedValue("b", ".atype")},
                        .introduced = {8, 6},
                        .notes = {fp4Note(".dtype", {})}}));
  specs.push_back(line({.syntax = "cvt.frnd3{.satfinite}.ue8m0x2.bf16x2 d, a",
                        .rnd = {".rz", ".rp"},
                        .modifiers = {satfinite()},
                        .dtypes = {".ue8m0x2"},
                        .atypes = {".bf16x2"},
                        // (a: ptxas 13.0 takes any 32-bit register, so Table 26's
                        // agreement, not the exact type, is judged.)
                        .operands = {regOfType("d", ".b16"), bitsRegister("a", ".b32")},
                        .introduced = {8, 6},
                        .notes = {fp4Note(".dtype", {})}}));
  specs.push_back(line({.syntax = "cvt.rn.bf16x2.ue8m0x2 d, a",
                        .rnd = {".rn"},
                        .modifiers = {},
                        .dtypes = {".bf16x2"},
                        .atypes = {".ue8m0x2"},
                        .operands = {regOfType("d", ".b32"), regOfType("a", ".b16")},
                        .introduced = {8, 6},
                        .notes = {fp4Note(".atype", {})}}));

  // --- .s2f6x2 ---------------------------------------------------------------
  // "cvt with .s2f6x2 instruction type introduced in PTX ISA version 9.1",
  // sm_100a, sm_103a, sm_110a, sm_120a, sm_121a. "Optional operand
  // scale-factor has type .b16"; "Operand scale-factor and qualifier
  // .scaled::n2::ue8m0 must be used together".
  const TargetRequirement s2f6_targets[] = {TargetRequirement::archSpecific(100), TargetRequirement::archSpecific(103),
                                            TargetRequirement::archSpecific(110), TargetRequirement::archSpecific(120),
                                            TargetRequirement::archSpecific(121)};
  std::vector<FeatureNote> s2f6_notes = {
      {.slot = ".rnd", .targets = {std::begin(s2f6_targets), std::end(s2f6_targets)}}};
  QualifierSlot scaled = optional(".scaled", {".scaled::n2::ue8m0"});
  OperandSpec scale_factor = withQualifier(regOfType("scale-factor", ".b16"), ".scaled");
  specs.push_back(
      line({.syntax = "cvt.rn.satfinite{.relu}{.scaled::n2::ue8m0}.s2f6x2.f32 d, a, b{, scale-factor}",
            .rnd = {".rn"},
            .modifiers = {satfiniteRequired(), relu(), scaled},
            .dtypes = {".s2f6x2"},
            .atypes = {".f32"},
            .operands = {regOfType("d", ".b16"), typedValue("a", ".atype"), typedValue("b", ".atype"), scale_factor},
            .introduced = {9, 1},
            .notes = s2f6_notes}));
  specs.push_back(line({.syntax = "cvt.rn.satfinite{.relu}{.scaled::n2::ue8m0}.s2f6x2.bf16x2 d, a{, scale-factor}",
                        .rnd = {".rn"},
                        .modifiers = {satfiniteRequired(), relu(), scaled},
                        .dtypes = {".s2f6x2"},
                        .atypes = {".bf16x2"},
                        .operands = {regOfType("d", ".b16"), typed("a", ".atype"), scale_factor},
                        .introduced = {9, 1},
                        .notes = s2f6_notes}));
  specs.push_back(line({.syntax = "cvt.rn{.satfinite}{.relu}{.scaled::n2::ue8m0}.bf16x2.s2f6x2 d, a{, scale-factor}",
                        .rnd = {".rn"},
                        .modifiers = {satfinite(), relu(), scaled},
                        .dtypes = {".bf16x2"},
                        .atypes = {".s2f6x2"},
                        .operands = {typedDest("d", ".dtype"), regOfType("a", ".b16"), scale_factor},
                        .introduced = {9, 1},
                        .notes = s2f6_notes}));
}

}  // namespace

std::vector<InstructionSpec> conversionSpecs() {
  std::vector<InstructionSpec> specs;
  const TargetRequirement sm90 = TargetRequirement::atLeast(90);

  // 9.7.9.19 isspacep: "isspacep.space p, a; // result is .pred"; ".space =
  // { const, .global, .local, .shared{::cta, ::cluster}, .param{::entry} }";
  // "the source address operand must be of type .u32 or .u64". "Introduced in
  // PTX ISA version 2.0"; "isspacep requires sm_20 or higher".
  std::vector<FeatureNote> space_notes = {
      // "isspacep.const introduced in PTX ISA version 3.1"; "isspacep.param
      // introduced in PTX ISA version 7.7" (sm_70); "Support for ::cta and
      // ::cluster sub-qualifiers introduced in PTX ISA version 7.8" (::cta
      // sm_30, ::cluster sm_90); "Support for sub-qualifier ::entry on .param
      // space introduced in PTX ISA version 8.3".
      {.slot = ".space", .values = {".const"}, .introduced = {3, 1}},
      {.slot = ".space", .values = {".param"}, .introduced = {7, 7}, .targets = {TargetRequirement::atLeast(70)}},
      {.slot = ".space",
       .values = {".param::entry"},
       .introduced = {8, 3},
       .targets = {TargetRequirement::atLeast(70)}},
      {.slot = ".space", .values = {".shared::cta"}, .introduced = {7, 8}, .targets = {TargetRequirement::atLeast(30)}},
      {.slot = ".space", .values = {".shared::cluster"}, .introduced = {7, 8}, .targets = {sm90}},
  };
  // One entry per size of the address: a .u64 or a .u32 value.
  for (std::string_view size : {".u64", ".u32"}) {
    specs.push_back({.section = "9.7.9.19",
                     .syntax = "isspacep.space p, a",
                     .opcode = "isspacep",
                     .qualifiers = {space(".space", kSpaces)},
                     .operands = {predicateDest("p"), valueOfType("a", size)},
                     .introduced = {2, 0},
                     .target = TargetRequirement::atLeast(20),
                     .notes = space_notes});
  }

  // 9.7.9.20 cvta: "cvta.space.size p, a; cvta.space.size p, var;
  // cvta.space.size p, var+imm" and "cvta.to.space.size p, a"; ".size = {
  // .u32, .u64 }"; "The source and destination addresses must be the same
  // size". The same notes as isspacep ("cvta.const and cvta.to.const
  // introduced in PTX ISA version 3.1", "cvta.param and cvta.to.param ...
  // 7.7", "cvta.param{::entry} and cvta.to.param{::entry} requires sm_70").
  // ptxas 13.0 takes the size before the state space too, but `.to` only
  // right after the opcode ("Unknown modifier '.to'"). cvta.to takes a
  // register or a constant, never a variable ("Argument 1 of instruction
  // 'cvta.to': must be register"); cvta's var is one of the .space named.
  specs.push_back({.section = "9.7.9.20",
                   .syntax = "cvta.space.size p, a",
                   .opcode = "cvta",
                   .qualifiers = {space(".space", kSpaces), required(".size", {".u32", ".u64"})},
                   .operands = {typedDest("p", ".size"), orVariable(typedValue("a", ".size"), ".space")},
                   .introduced = {2, 0},
                   .target = TargetRequirement::atLeast(20),
                   .notes = space_notes});
  specs.push_back(
      {.section = "9.7.9.20",
       .syntax = "cvta.to.space.size p, a",
       .opcode = "cvta",
       .qualifiers = {leading(required(".to", {".to"})), space(".space", kSpaces), required(".size", {".u32", ".u64"})},
       .operands = {typedDest("p", ".size"), typedValue("a", ".size")},
       .introduced = {2, 0},
       .target = TargetRequirement::atLeast(20),
       .notes = space_notes});

  cvtSpecs(specs);

  // 9.7.9.22 cvt.pack: "cvt.pack.sat.convertType.abType d, a, b" (.u16,
  // .s16 from .s32) and "cvt.pack.sat.convertType.abType.cType d, a, b, c"
  // (.u2 .s2 .u4 .s4 .u8 .s8 from .s32, c .b32). "Destination d is an
  // unsigned 32-bit integer": ptxas 13.0 takes the operands as cvt takes its
  // own (9.4.1: wider registers, a .b32 or .f16x2 register for a .s32 value),
  // so they are checked as 32-bit integer operands with the relaxed sizes.
  // "Introduced in PTX ISA version 6.5"; "Requires sm_72 or higher. Sub byte
  // types (.u4/.s4 and .u2/.s2) requires sm_75 or higher".
  specs.push_back({.section = "9.7.9.22",
                   .syntax = "cvt.pack.sat.convertType.abType d, a, b",
                   .opcode = "cvt.pack",
                   .qualifiers = {required(".sat", {".sat"}), ordered(required(".convertType", {".u16", ".s16"})),
                                  ordered(required(".abType", {".s32"}))},
                   .operands = {widerRegister(typedDest("d", ".abType")), widerRegister(typedValue("a", ".abType")),
                                widerRegister(typedValue("b", ".abType"))},
                   .introduced = {6, 5},
                   .target = TargetRequirement::atLeast(72)});
  specs.push_back({.section = "9.7.9.22",
                   .syntax = "cvt.pack.sat.convertType.abType.cType d, a, b, c",
                   .opcode = "cvt.pack",
                   .qualifiers = {required(".sat", {".sat"}),
                                  ordered(required(".convertType", {".u2", ".s2", ".u4", ".s4", ".u8", ".s8"})),
                                  ordered(required(".abType", {".s32"})), ordered(required(".cType", {".b32"}))},
                   .operands = {widerRegister(typedDest("d", ".abType")), widerRegister(typedValue("a", ".abType")),
                                widerRegister(typedValue("b", ".abType")), widerRegister(typedValue("c", ".cType"))},
                   .introduced = {6, 5},
                   .target = TargetRequirement::atLeast(72),
                   .notes = {{.slot = ".convertType",
                              .values = {".u2", ".s2", ".u4", ".s4"},
                              .targets = {TargetRequirement::atLeast(75)}}}});

  // 9.7.9.23 mapa: "mapa{.space}.type d, a, b"; ".space = { .shared::cluster
  // }"; ".type = { .u32, .u64 }" (ptxas 13.0 takes .s32 and .s64 too);
  // "Instruction type .type indicates the type of the destination operand d
  // and the source operand a"; "b is a 32-bit integer operand". "Introduced
  // in PTX ISA version 7.8"; "Requires sm_90 or higher".
  specs.push_back({.section = "9.7.9.23",
                   .syntax = "mapa{.space}.type d, a, b",
                   .opcode = "mapa",
                   .qualifiers = {optionalSpace(".space", {".shared::cluster"}),
                                  required(".type", {".u32", ".u64", ".s32", ".s64"})},
                   .operands = {typedDest("d"), orVariable(typedValue("a"), {}, ".shared"), valueOfType("b", ".u32")},
                   .introduced = {7, 8},
                   .target = sm90});

  // 9.7.9.24 getctarank: "getctarank{.space}.type d, a"; "Instruction type
  // .type indicates the type of source operand a"; "Destination d is always
  // a 32-bit register". PTX ISA 7.8, sm_90.
  specs.push_back({.section = "9.7.9.24",
                   .syntax = "getctarank{.space}.type d, a",
                   .opcode = "getctarank",
                   .qualifiers = {optionalSpace(".space", {".shared::cluster"}),
                                  required(".type", {".u32", ".u64", ".s32", ".s64"})},
                   .operands = {destOfType("d", ".u32"), orVariable(typedValue("a"), {}, ".shared")},
                   .introduced = {7, 8},
                   .target = sm90});
  return specs;
}

}  // namespace ptxlint::spec
