// PTX ISA 9.7.9.10 ldu, 9.7.9.15 prefetch/prefetchu, 9.7.9.16 applypriority, 9.7.9.17
// discard and 9.7.9.18 createpolicy (../shared/ptx-manual-9.1/9_instruction_set/
// 97_instructions/979_data_movement_and_conversion_instructions/). One entry
// per syntax line.
#include "spec/sections.h"

namespace ptxlint::spec {
namespace {

InstructionSpec entry(std::string_view section, std::string_view syntax, std::string_view opcode,
                      std::vector<QualifierSlot> qualifiers, std::vector<OperandSpec> operands, PtxVersion introduced,
                      std::uint16_t sm) {
  return {.section = section,
          .syntax = syntax,
          .opcode = opcode,
          .qualifiers = std::move(qualifiers),
          .operands = std::move(operands),
          .introduced = introduced,
          .target = TargetRequirement::atLeast(sm)};
}

// createpolicy: ".level::primary_priority = { .L2::evict_last, .L2::evict_normal,
// .L2::evict_first, .L2::evict_unchanged }; .level::secondary_priority = {
// .L2::evict_first, .L2::evict_unchanged }"; "Introduced in PTX ISA version
// 7.4"; "Requires sm_80 or higher". cache-policy is "an opaque 64-bit
// register" (ptxas refuses an .f64 one).
std::vector<QualifierSlot> priorities() {
  return {required(".level::primary_priority",
                   {".L2::evict_last", ".L2::evict_normal", ".L2::evict_first", ".L2::evict_unchanged"}),
          optional(".level::secondary_priority", {".L2::evict_first", ".L2::evict_unchanged"})};
}

}  // namespace

std::vector<InstructionSpec> cacheControlSpecs() {
  std::vector<InstructionSpec> specs;

  // 9.7.9.15 prefetch, prefetchu. "Introduced in PTX ISA version 2.0";
  // "prefetch and prefetchu require sm_20 or higher".
  // "prefetch{.space}.level [a];" ".space = { .global, .local }; .level = { .L1, .L2 }"
  specs.push_back(entry("9.7.9.15", "prefetch{.space}.level [a]", "prefetch",
                        {optionalSpace(".space", {".global", ".local"}), required(".level", {".L1", ".L2"})},
                        {address("a")}, {2, 0}, 20));
  // "prefetch.global.level::eviction_priority [a];" ".level::eviction_priority
  // = { .L2::evict_last, .L2::evict_normal }"; "Support for
  // .level::eviction_priority qualifier introduced in PTX ISA version 7.4" and
  // "requires sm_80 or higher". ptxas 13.0 also takes it without .global
  // (generic addressing), and so does ptxlint.
  specs.push_back(entry("9.7.9.15", "prefetch.global.level::eviction_priority [a]", "prefetch",
                        {optionalSpace(".global", {".global"}),
                         required(".level::eviction_priority", {".L2::evict_last", ".L2::evict_normal"})},
                        {address("a")}, {7, 4}, 80));
  // "prefetch{.tensormap_space}.tensormap [a];" ".tensormap_space = { .const,
  // .param }"; "Support for the .tensormap qualifier is introduced in PTX ISA
  // version 8.0" and "requires sm_90 or higher".
  specs.push_back(
      entry("9.7.9.15", "prefetch{.tensormap_space}.tensormap [a]", "prefetch",
            {optionalSpace(".tensormap_space", {".const", ".param"}), required(".tensormap", {".tensormap"})},
            {address("a")}, {8, 0}, 90));
  // "prefetchu.L1 [a];" "A prefetch into the uniform cache requires a
  // generic address".
  specs.push_back(entry("9.7.9.15", "prefetchu.L1 [a]", "prefetchu", {required(".L1", {".L1"})}, {genericAddress("a")},
                        {2, 0}, 20));

  // 9.7.9.16 applypriority: "applypriority{.global}.level::eviction_priority [a], size;"
  // ".level::eviction_priority = { .L2::evict_normal }"; "The only supported
  // value for the size operand is 128"; "Introduced in PTX ISA version 7.4";
  // "Requires sm_80 or higher".
  specs.push_back(
      entry("9.7.9.16", "applypriority{.global}.level::eviction_priority [a], size", "applypriority",
            {optionalSpace(".global", {".global"}), required(".level::eviction_priority", {".L2::evict_normal"})},
            {address("a"), immediate("size", {128})}, {7, 4}, 80));

  // 9.7.9.17 discard: "discard{.global}.level [a], size;" ".level = { .L2 }";
  // "The only supported value for the size operand is 128".
  specs.push_back(entry("9.7.9.17", "discard{.global}.level [a], size", "discard",
                        {optionalSpace(".global", {".global"}), required(".level", {".L2"})},
                        {address("a"), immediate("size", {128})}, {7, 4}, 80));

  // 9.7.9.18 createpolicy
  // "createpolicy.range{.global}.level::primary_priority{.level::secondary_priority}.b64
  // cache-policy, [a], primary-size, total-size;" "The 32-bit operand primary-size";
  // "32-bit operand total-size".
  {
    std::vector<QualifierSlot> q = {optionalSpace(".global", {".global"})};
    for (QualifierSlot& p : priorities()) q.push_back(std::move(p));
    q.push_back(required(".b64", {".b64"}));
    specs.push_back(entry("9.7.9.18",
                          "createpolicy.range{.global}.level::primary_priority{.level::secondary_priority}.b64 "
                          "cache-policy, [a], primary-size, total-size",
                          "createpolicy.range", std::move(q),
                          {destOfType("cache-policy", ".u64"), address("a"), valueOfType("primary-size", ".u32"),
                           valueOfType("total-size", ".u32")},
                          {7, 4}, 80));
  }
  // "createpolicy.fractional.level::primary_priority{.level::secondary_priority}.b64
  // cache-policy{, fraction};" "the 32-bit floating point operand fraction";
  // "The valid range of values for the operand fraction is (0.0,.., 1.0]"
  // (ptxas 13.0: "value '1.500000' out of range", for 1.5, 0.0 and NaN).
  {
    OperandSpec fraction = valueOfType("fraction", ".f32");
    fraction.unit_fraction = true;
    std::vector<QualifierSlot> q = priorities();
    q.push_back(required(".b64", {".b64"}));
    specs.push_back(entry("9.7.9.18",
                          "createpolicy.fractional.level::primary_priority{.level::secondary_priority}.b64 "
                          "cache-policy{, fraction}",
                          "createpolicy.fractional", std::move(q),
                          {destOfType("cache-policy", ".u64"), optionalOperand(fraction)}, {7, 4}, 80));
  }
  // "createpolicy.cvt.L2.b64 cache-policy, access-property;" "The source
  // operand access-property is a 64-bit opaque value".
  specs.push_back(entry("9.7.9.18", "createpolicy.cvt.L2.b64 cache-policy, access-property", "createpolicy.cvt",
                        {required(".L2", {".L2"}), required(".b64", {".b64"})},
                        {destOfType("cache-policy", ".u64"), value("access-property", 64)}, {7, 4}, 80));

  // 9.7.9.10 ldu: "ldu{.ss}.type d, [a];" and "ldu{.ss}.vec.type d, [a];"
  // ".ss = { .global }; .vec = { .v2, .v4 }"; "A destination register wider
  // than the specified type may be used" (9.4.1, Table 28); vectors are at
  // most 128 bits (5.4.2; ptxas: "Vector type too large, exceeds 128 bit
  // limit"). "Introduced in PTX ISA version 2.0"; "Support for .b128 type
  // introduced in PTX ISA version 8.3" and "requires sm_70 or higher".
  const Values ldu_types = {".b8",  ".b16", ".b32", ".b64", ".b128", ".u8",  ".u16", ".u32",
                            ".u64", ".s8",  ".s16", ".s32", ".s64",  ".f32", ".f64"};
  for (bool vec : {false, true}) {
    InstructionSpec s = entry("9.7.9.10", vec ? "ldu{.ss}.vec.type d, [a]" : "ldu{.ss}.type d, [a]", "ldu",
                              {optionalSpace(".ss", {".global"})},
                              {destination(widerRegister(data("d", ".vec"))), orArrayElement(address("a"))}, {2, 0}, 0);
    s.target = TargetRequirement::none();
    if (vec) {
      s.qualifiers.push_back(required(".vec", {".v2", ".v4"}));
      s.constraints.push_back(
          pairs(".vec", ".type",
                {{{".v2"},
                  {".b8", ".b16", ".b32", ".b64", ".u8", ".u16", ".u32", ".u64", ".s8", ".s16", ".s32", ".s64", ".f32",
                   ".f64"}},
                 {{".v4"}, {".b8", ".b16", ".b32", ".u8", ".u16", ".u32", ".s8", ".s16", ".s32", ".f32"}}}));
    }
    s.qualifiers.push_back(required(".type", ldu_types));
    s.notes.push_back(
        {.slot = ".type", .values = {".b128"}, .introduced = {8, 3}, .targets = {TargetRequirement::atLeast(70)}});
    specs.push_back(std::move(s));
  }
  return specs;
}

}  // namespace ptxlint::spec
