// PTX ISA 9.7.13.5 atom and 9.7.13.6 red
// (../shared/ptx-manual-9.1/9_instruction_set/97_instructions/9713_*/97135_*,
// 97136_*). One entry per line of each syntax block ("Atomic operation with
// scalar type", "... with vector type"); red.async (9.7.13.7) is in
// bulk_reduce_multimem.cpp.
//
// The manual gives the scalar blocks one .op set and one .type set, and says
// in prose which operations take which types: "The bit-size operations are
// .and, .or, .xor, .cas (compare-and-swap), and .exch (exchange). The integer
// operations are .add, .inc, .dec, .min, .max", "The floating-point operation
// .add". The .op x .type tables below are that prose, as ptxas 13.0 applies
// it ("Operation .add requires .u32 or .s32 or .u64 or .f64 or f16 or f16x2
// or .f32 or .bf16 or .bf16x2 type for instruction 'atom'").
#include "spec/sections.h"

namespace ptxlint::spec {
namespace {

const Values kScopes = {".cta", ".cluster", ".gpu", ".sys"};
const Values kSpaces = {".global", ".shared", ".shared::cta", ".shared::cluster"};
const Values kSharedSpaces = {".shared", ".shared::cta", ".shared::cluster"};
const Values kCacheHint = {".L2::cache_hint"};
const Values kScalarTypes = {".b32", ".b64", ".u32", ".u64", ".s32", ".s64", ".f32", ".f64"};
const Values k64BitIntegers = {".b64", ".u64", ".s64"};
// .sem of atom and of red.
const Values kAtomSem = {".relaxed", ".acquire", ".release", ".acq_rel"};
const Values kRedSem = {".relaxed", ".release"};

// "The bit-size operations are .and, .or, .xor, .cas and .exch. The integer
// operations are .add, .inc, .dec, .min, .max"; "The floating-point operation
// .add" (.f32, .f64). "The .inc and .dec operations return a result in the
// range [0..b]" (unsigned 32-bit only, as ptxas has it).
Constraint scalarOpTypes(bool with_exch) {
  std::vector<std::pair<Values, Values>> rows = {
      {{".and", ".or", ".xor"}, {".b32", ".b64"}},
      {{".add"}, {".u32", ".s32", ".u64", ".f32", ".f64"}},
      {{".inc", ".dec"}, {".u32"}},
      {{".min", ".max"}, {".u32", ".s32", ".u64", ".s64"}},
  };
  if (with_exch) rows.push_back({{".exch"}, {".b32", ".b64"}});
  return pairs(".op", ".type", rows);
}

// "The qualifier .level::cache_hint is only supported for .global state
// space and for generic addressing where the address points to the .global
// state space."
Constraint cacheHintGlobal() {
  return implies({{".level::cache_hint", kCacheHint}}, {".space", {"", ".global"}},
                 ".level::cache_hint is supported for .global and generic addresses");
}

// The PTX ISA and Target ISA notes every block of atom / red shares.
std::vector<FeatureNote> commonNotes() {
  return {
      // "atom.shared introduced in PTX ISA 1.2" / "red.shared requires sm_12".
      {.slot = ".space", .values = {".shared"}, .introduced = {1, 2}, .targets = {TargetRequirement::atLeast(12)}},
      // "Support for ::cta and ::cluster sub-qualifiers introduced in PTX ISA
      // version 7.8"; "Sub-qualifier ::cta requires sm_30 or higher";
      // "Sub-qualifier ::cluster requires sm_90 or higher".
      {.slot = ".space", .values = {".shared::cta"}, .introduced = {7, 8}, .targets = {TargetRequirement::atLeast(30)}},
      {.slot = ".space",
       .values = {".shared::cluster"},
       .introduced = {7, 8},
       .targets = {TargetRequirement::atLeast(90)}},
      // ".scope qualifier introduced in PTX ISA 5.0"; "requires sm_60".
      {.slot = ".scope", .introduced = {5, 0}, .targets = {TargetRequirement::atLeast(60)}},
      // "Support for .cluster scope qualifier introduced in PTX ISA version
      // 7.8"; "requires sm_90 or higher".
      {.slot = ".scope", .values = {".cluster"}, .introduced = {7, 8}, .targets = {TargetRequirement::atLeast(90)}},
      // ".sem qualifier introduced in PTX ISA version 6.0"; "requires sm_70".
      {.slot = ".sem", .introduced = {6, 0}, .targets = {TargetRequirement::atLeast(70)}},
      // "Support for .level::cache_hint qualifier introduced in PTX ISA
      // version 7.4"; "requires sm_80 or higher".
      {.slot = ".level::cache_hint", .introduced = {7, 4}, .targets = {TargetRequirement::atLeast(80)}},
      // ("Use of generic addressing requires sm_20 or higher": every target
      // ptxlint knows is newer; a note cannot name an absent qualifier.)
  };
}

// The notes of the scalar .op.type blocks, per operation and type.
std::vector<FeatureNote> scalarNotes(bool atom) {
  std::vector<FeatureNote> notes = commonNotes();
  Values add_cas_exch = atom ? Values{".add", ".cas", ".exch"} : Values{".add"};
  // atom: "64-bit atom.global.{add,cas,exch} introduced in PTX ISA 1.2",
  // "require sm_12"; red: "red.global.add.u64 requires sm_12".
  notes.push_back({.slot = ".type",
                   .when = {{".op", add_cas_exch}},
                   .values = k64BitIntegers,
                   .introduced = {1, 2},
                   .targets = {TargetRequirement::atLeast(12)}});
  // "64-bit atom.shared.{add,cas,exch} introduced in PTX ISA 2.0", "require
  // sm_20"; "red.shared.add.u64 introduced in PTX ISA 2.0", "requires sm_20".
  notes.push_back({.slot = ".space",
                   .when = {{".op", add_cas_exch}, {".type", k64BitIntegers}},
                   .values = kSharedSpaces,
                   .introduced = {2, 0},
                   .targets = {TargetRequirement::atLeast(20)}});
  // "64-bit atom.{and,or,xor,min,max} introduced in PTX ISA 3.1", "require
  // sm_32" (and red).
  notes.push_back({.slot = ".type",
                   .when = {{".op", {".and", ".or", ".xor", ".min", ".max"}}},
                   .values = k64BitIntegers,
                   .introduced = {3, 1},
                   .targets = {TargetRequirement::atLeast(32)}});
  // "atom.add.f32 introduced in PTX ISA 2.0", "requires sm_20"; "atom.add.f64
  // introduced in PTX ISA 5.0", "requires sm_60" (and red).
  notes.push_back({.slot = ".type",
                   .when = {{".op", {".add"}}},
                   .values = {".f32"},
                   .introduced = {2, 0},
                   .targets = {TargetRequirement::atLeast(20)}});
  notes.push_back({.slot = ".type",
                   .when = {{".op", {".add"}}},
                   .values = {".f64"},
                   .introduced = {5, 0},
                   .targets = {TargetRequirement::atLeast(60)}});
  return notes;
}

// "Support for .sys scope with .b128 type introduced in PTX ISA version 8.4."
std::vector<FeatureNote> b128Notes() {
  std::vector<FeatureNote> notes = commonNotes();
  notes.push_back({.slot = ".scope", .values = {".sys"}, .introduced = {8, 4}});
  return notes;
}

// The leading qualifiers of every block: {.sem}{.scope}{.space}.
std::vector<QualifierSlot> leadingSlots(const Values& sems, const Values& spaces) {
  return {optional(".sem", sems), optional(".scope", kScopes), optionalSpace(".space", spaces)};
}

std::vector<QualifierSlot> with(std::vector<QualifierSlot> slots, std::initializer_list<QualifierSlot> more) {
  slots.insert(slots.end(), more.begin(), more.end());
  return slots;
}

// The add.noftz lines of the scalar blocks: "atom.add.noftz.f16x2 introduced
// in PTX ISA 6.2", "requires sm_60"; "atom.add.noftz.f16 ... introduced in
// PTX ISA 6.3", "requires sm_70"; "atom.add.noftz.bf16 and
// atom.add.noftz.bf16x2 introduced in PTX ISA 7.8", "require sm_90" (the same
// for red). "atom.add.f16, atom.add.f16x2, atom.add.bf16 and atom.add.bf16x2
// operation requires the .noftz qualifier".
struct HalfLine {
  std::string_view type;
  PtxVersion introduced;
  std::uint16_t sm;
  std::string_view atom_syntax;
  std::string_view red_syntax;
};
constexpr HalfLine kHalfLines[] = {
    {".f16",
     {6, 3},
     70,
     "atom{.sem}{.scope}{.space}.add.noftz{.level::cache_hint}.f16 d, [a], b{, cache-policy}",
     "red{.sem}{.scope}{.space}.add.noftz{.level::cache_hint}.f16 [a], b{, cache-policy}"},
    {".f16x2",
     {6, 2},
     60,
     "atom{.sem}{.scope}{.space}.add.noftz{.level::cache_hint}.f16x2 d, [a], b{, cache-policy}",
     "red{.sem}{.scope}{.space}.add.noftz{.level::cache_hint}.f16x2 [a], b{, cache-policy}"},
    {".bf16",
     {7, 8},
     90,
     "atom{.sem}{.scope}{.space}.add.noftz{.level::cache_hint}.bf16 d, [a], b{, cache-policy}",
     "red{.sem}{.scope}{.space}.add.noftz{.level::cache_hint}.bf16 [a], b {, cache-policy}"},
    {".bf16x2",
     {7, 8},
     90,
     "atom{.sem}{.scope}{.space}.add.noftz{.level::cache_hint}.bf16x2 d, [a], b{, cache-policy}",
     "red{.sem}{.scope}{.space}.add.noftz{.level::cache_hint}.bf16x2 [a], b {, cache-policy}"},
};

// The vector blocks: ".vec_32_bit = { .v2, .v4 }", ".vec_16_bit = { .v2,
// .v4, .v8 }"; the table of vector qualifier x type x operation is the three
// lines themselves (.f32: .add; .f16/.bf16 and .f16x2/.bf16x2: .add, .min,
// .max, with .noftz).
struct VectorLine {
  Values ops;
  bool noftz;
  Values vecs;
  Values types;
  std::string_view atom_syntax;
  std::string_view red_syntax;
};
const VectorLine kVectorLines[] = {
    {{".add"},
     false,
     {".v2", ".v4"},
     {".f32"},
     "atom{.sem}{.scope}{.global}.add{.level::cache_hint}.vec_32_bit.f32 d, [a], b{, cache-policy}",
     "red{.sem}{.scope}{.global}.add{.level::cache_hint}.vec_32_bit.f32 [a], b{, cache-policy}"},
    {{".add", ".min", ".max"},
     true,
     {".v2", ".v4", ".v8"},
     {".f16", ".bf16"},
     "atom{.sem}{.scope}{.global}.op.noftz{.level::cache_hint}.vec_16_bit.half_word_type d, [a], b{, cache-policy}",
     "red{.sem}{.scope}{.global}.op.noftz{.level::cache_hint}.vec_16_bit.half_word_type [a], b{, cache-policy}"},
    {{".add", ".min", ".max"},
     true,
     {".v2", ".v4"},
     {".f16x2", ".bf16x2"},
     "atom{.sem}{.scope}{.global}.op.noftz{.level::cache_hint}.vec_32_bit.packed_type d, [a], b{, cache-policy}",
     "red{.sem}{.scope}{.global}.op.noftz{.level::cache_hint}.vec_32_bit.packed_type [a], b {, cache-policy}"},
};

// `{, cache-policy}`: "The 64-bit operand cache-policy"; "When the optional
// argument cache-policy is specified, the qualifier .level::cache_hint is
// required."
OperandSpec cachePolicy() { return withQualifier(value("cache-policy", 64), ".level::cache_hint"); }

void atomSpecs(std::vector<InstructionSpec>& specs) {
  const std::string_view s = "9.7.13.5";
  // "32-bit atom.global introduced in PTX ISA version 1.1"; "atom.global
  // requires sm_11 or higher". "Simple reductions may be specified by using
  // the bit bucket destination operand _."
  OperandSpec d = orSink(typedDest("d"));

  // atom{.sem}{.scope}{.space}.op{.level::cache_hint}.type d, [a], b{, cache-policy};
  // (.cas, with its operand c, is the next line.)
  specs.push_back(entry(s, "atom{.sem}{.scope}{.space}.op{.level::cache_hint}.type d, [a], b{, cache-policy}", "atom",
                        with(leadingSlots(kAtomSem, kSpaces),
                             {required(".op", {".and", ".or", ".xor", ".exch", ".add", ".inc", ".dec", ".min", ".max"}),
                              optional(".level::cache_hint", kCacheHint), required(".type", kScalarTypes)}),
                        {d, address("a"), typedValue("b"), cachePolicy()}, {scalarOpTypes(true), cacheHintGlobal()},
                        {1, 1}, TargetRequirement::atLeast(11), scalarNotes(true)));

  // atom{.sem}{.scope}{.space}.op.type d, [a], b, c; -- compare-and-swap:
  // "cas(r,s,t) = (r == s) ? t : r".
  specs.push_back(entry(
      s, "atom{.sem}{.scope}{.space}.op.type d, [a], b, c", "atom",
      with(leadingSlots(kAtomSem, kSpaces), {required(".op", {".cas"}), required(".type", kScalarTypes)}),
      {d, address("a"), typedValue("b"), typedValue("c")}, {pairs(".op", ".type", {{{".cas"}, {".b32", ".b64"}}})},
      {1, 1}, TargetRequirement::atLeast(11), scalarNotes(true)));
  // The same line, read as ptxas 13.0 reads it: its .op is the whole .op set,
  // and ptxas accepts the other 32-bit bit-size operations with a register
  // c too (atom.global.and.b32 d, [a], b, c); accepted, never reported.
  specs.push_back(entry(s, "atom{.sem}{.scope}{.space}.op.type d, [a], b, c", "atom",
                        with(leadingSlots(kAtomSem, kSpaces),
                             {required(".op", {".and", ".or", ".xor", ".exch"}), required(".type", {".b32"})}),
                        {d, address("a"), typedValue("b"), typed("c")}, {}, {1, 1}, TargetRequirement::atLeast(11),
                        scalarNotes(true)));

  // atom{.sem}{.scope}{.space}.cas.b16 d, [a], b, c;
  // "atom.cas.b16 introduced in PTX ISA 6.3", "requires sm_70 or higher".
  specs.push_back(entry(s, "atom{.sem}{.scope}{.space}.cas.b16 d, [a], b, c", "atom",
                        with(leadingSlots(kAtomSem, kSpaces), {required(".op", {".cas"}), required(".type", {".b16"})}),
                        {d, address("a"), typedValue("b"), typedValue("c")}, {}, {6, 3}, TargetRequirement::atLeast(70),
                        commonNotes()));

  // atom{.sem}{.scope}{.space}.cas.b128 d, [a], b, c;
  // "Support for .b128 type introduced in PTX ISA version 8.3", "requires
  // sm_90 or higher". The operands are 128-bit registers (ptxas also takes
  // an integer constant for b and c). ptxas 13.0 also takes .exch.b128 with
  // a register c (the line above it, read with the whole .op set).
  specs.push_back(
      entry(s, "atom{.sem}{.scope}{.space}.cas.b128 d, [a], b, c", "atom",
            with(leadingSlots(kAtomSem, kSpaces), {required(".op", {".cas", ".exch"}), required(".type", {".b128"})}),
            {orSink(destOfType("d", ".b128")), address("a"), value("b", 128), value("c", 128)}, {}, {8, 3},
            TargetRequirement::atLeast(90), b128Notes()));
  // atom{.sem}{.scope}{.space}.exch{.level::cache_hint}.b128 d, [a], b {, cache-policy};
  specs.push_back(entry(
      s, "atom{.sem}{.scope}{.space}.exch{.level::cache_hint}.b128 d, [a], b {, cache-policy}", "atom",
      with(leadingSlots(kAtomSem, kSpaces),
           {required(".op", {".exch"}), optional(".level::cache_hint", kCacheHint), required(".type", {".b128"})}),
      {orSink(destOfType("d", ".b128")), address("a"), value("b", 128), cachePolicy()}, {cacheHintGlobal()}, {8, 3},
      TargetRequirement::atLeast(90), b128Notes()));

  // atom{.sem}{.scope}{.space}.add.noftz{.level::cache_hint}.f16 (.f16x2,
  // .bf16, .bf16x2) d, [a], b{, cache-policy};
  for (const HalfLine& line : kHalfLines) {
    specs.push_back(entry(s, line.atom_syntax, "atom",
                          with(leadingSlots(kAtomSem, kSpaces),
                               {required(".op", {".add"}), required(".noftz", {".noftz"}),
                                optional(".level::cache_hint", kCacheHint), required(".type", {line.type})}),
                          {d, address("a"), typedValue("b"), cachePolicy()}, {cacheHintGlobal()}, line.introduced,
                          TargetRequirement::atLeast(line.sm), commonNotes()));
  }

  // Atomic operation with vector type. "atom with vector type may be used
  // only with .global space and with generic addressing"; "operands d and b
  // are brace-enclosed vector expressions, size of which is equal to the
  // size of vector qualifier". "Support for vector types introduced in PTX
  // ISA version 8.1", "requires sm_90 or higher".
  for (const VectorLine& line : kVectorLines) {
    std::vector<QualifierSlot> slots = leadingSlots(kAtomSem, {".global"});
    slots.push_back(required(".op", line.ops));
    if (line.noftz) slots.push_back(required(".noftz", {".noftz"}));
    slots.push_back(optional(".level::cache_hint", kCacheHint));
    slots.push_back(required(".vec", line.vecs));
    slots.push_back(required(".type", line.types));
    specs.push_back(entry(s, line.atom_syntax, "atom", std::move(slots),
                          {orSink(data("d", ".vec")), address("a"), data("b", ".vec"), cachePolicy()}, {}, {8, 1},
                          TargetRequirement::atLeast(90), commonNotes()));
  }
}

void redSpecs(std::vector<InstructionSpec>& specs) {
  const std::string_view s = "9.7.13.6";
  // red{.sem}{.scope}{.space}.op{.level::cache_hint}.type [a], b{, cache-policy};
  // "Introduced in PTX ISA version 1.2"; "red.global requires sm_11 or higher".
  specs.push_back(entry(s, "red{.sem}{.scope}{.space}.op{.level::cache_hint}.type [a], b{, cache-policy}", "red",
                        with(leadingSlots(kRedSem, kSpaces),
                             {required(".op", {".and", ".or", ".xor", ".add", ".inc", ".dec", ".min", ".max"}),
                              optional(".level::cache_hint", kCacheHint), required(".type", kScalarTypes)}),
                        {address("a"), typedValue("b"), cachePolicy()}, {scalarOpTypes(false), cacheHintGlobal()},
                        {1, 2}, TargetRequirement::atLeast(11), scalarNotes(false)));
  // red{.sem}{.scope}{.space}.add.noftz{.level::cache_hint}.f16 (.f16x2,
  // .bf16, .bf16x2) [a], b{, cache-policy};
  for (const HalfLine& line : kHalfLines) {
    specs.push_back(entry(s, line.red_syntax, "red",
                          with(leadingSlots(kRedSem, kSpaces),
                               {required(".op", {".add"}), required(".noftz", {".noftz"}),
                                optional(".level::cache_hint", kCacheHint), required(".type", {line.type})}),
                          {address("a"), typedValue("b"), cachePolicy()}, {cacheHintGlobal()}, line.introduced,
                          TargetRequirement::atLeast(line.sm), commonNotes()));
  }
  // Reduction operation with vector type: ".global only", "operand b is
  // brace-enclosed vector expressions"; PTX ISA 8.1, sm_90.
  for (const VectorLine& line : kVectorLines) {
    std::vector<QualifierSlot> slots = leadingSlots(kRedSem, {".global"});
    slots.push_back(required(".op", line.ops));
    if (line.noftz) slots.push_back(required(".noftz", {".noftz"}));
    slots.push_back(optional(".level::cache_hint", kCacheHint));
    slots.push_back(required(".vec", line.vecs));
    slots.push_back(required(".type", line.types));
    specs.push_back(entry(s, line.red_syntax, "red", std::move(slots), {address("a"), data("b", ".vec"), cachePolicy()},
                          {}, {8, 1}, TargetRequirement::atLeast(90), commonNotes()));
  }
}

}  // namespace

std::vector<InstructionSpec> atomicsSpecs() {
  std::vector<InstructionSpec> specs;
  atomSpecs(specs);
  redSpecs(specs);
  return specs;
}

}  // namespace ptxlint::spec
