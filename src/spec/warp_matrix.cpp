// PTX ISA 9.7.14 warp-level matrix instructions
// (../shared/ptx-manual-9.1/9_instruction_set/97_instructions/9714_*):
// 9.7.14.5.15 ldmatrix, 9.7.14.5.16 stmatrix, 9.7.14.5.17 movmatrix. One
// entry per syntax line; the fragment vectors' lengths per .shape x .num are
// tables (registerVector).
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

}  // namespace

std::vector<InstructionSpec> warpMatrixSpecs() {
  std::vector<InstructionSpec> specs;

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
