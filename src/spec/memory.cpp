// PTX ISA 9.7.9.8 ld, 9.7.9.9 ld.global.nc and 9.7.9.11 st
// (../shared/ptx-manual-9.1/9_instruction_set/97_instructions/979_*). One
// entry per syntax block.
#include "spec/sections.h"

namespace ptxlint::spec {
namespace {

const Values kLdSpaces = {".const",       ".global", ".local",       ".param",          ".param::entry",
                          ".param::func", ".shared", ".shared::cta", ".shared::cluster"};
const Values kStSpaces = {".global", ".local", ".param", ".param::func", ".shared", ".shared::cta", ".shared::cluster"};
const Values kLevel1Eviction = {".L1::evict_normal", ".L1::evict_unchanged", ".L1::evict_first", ".L1::evict_last",
                                ".L1::no_allocate"};
const Values kLevel2Eviction = {".L2::evict_normal", ".L2::evict_first", ".L2::evict_last"};
const Values kCacheHint = {".L2::cache_hint"};
const Values kPrefetchSize = {".L2::64B", ".L2::128B", ".L2::256B"};
const Values kScopes = {".cta", ".cluster", ".gpu", ".sys"};
const Values kVec = {".v2", ".v4", ".v8"};
const Values kTypes = {".b8",  ".b16", ".b32", ".b64", ".b128", ".u8",  ".u16", ".u32",
                       ".u64", ".s8",  ".s16", ".s32", ".s64",  ".f32", ".f64"};
const Values k32BitTypes = {".b32", ".s32", ".u32", ".f32"};
const Values k64BitTypes = {".b64", ".s64", ".u64", ".f64"};
// "With generic addressing where the address points to .global": no state
// space, or .global.
const Values kGlobalOrGeneric = {"", ".global"};
const Values kSharedSpaces = {".shared", ".shared::cta", ".shared::cluster"};

// What one ld/st syntax block has besides its memory-ordering qualifiers.
struct Block {
  std::string_view syntax;
  std::vector<QualifierSlot> ordering;  // .weak / .volatile / .relaxed.scope / ...
  Values spaces;
  bool cop = false;         // {.cop}
  Values cop_values{};      // ld: .ca .cg .cs .lu .cv; st: .wb .cg .cs .wt
  bool eviction = false;    // {.level1::eviction_priority}{.level2::eviction_priority}
  bool cache_hint = false;  // {.level::cache_hint} and {, cache-policy}
  bool prefetch = false;    // {.level::prefetch_size}
  bool unified = false;     // [a]{.unified}
  enum class Vec : std::uint8_t { None, Optional, Required } vec = Vec::Optional;  // {.vec}, .vec
  bool space_required = false;  // ld.global.nc: .global is always written
  Values types = kTypes;
};

// The .vec x .type rules shared by every ld/st block with {.vec}.
std::vector<Constraint> vectorRules() {
  return {
      // 5.4.2 "Vectors cannot exceed 128-bits in length", except (9.7.9.8)
      // "The .v8 (.vec) qualifier is supported if .type is .b32 or .s32 or
      // .u32 or .f32" and .v4 with the 64-bit types.
      pairs(".vec", ".type",
            {{{""}, kTypes},
             {{".v2", ".v4"},
              {".b8", ".b16", ".b32", ".b64", ".u8", ".u16", ".u32", ".u64", ".s8", ".s16", ".s32", ".s64", ".f32",
               ".f64"}},
             {{".v8"}, k32BitTypes}}),
      // "... AND State space is .global or with generic addressing where
      // address points to .global state space".
      implies({{".vec", {".v8"}}}, {".ss", kGlobalOrGeneric}, ".v8 is supported with .global or generic addressing"),
      implies({{".vec", {".v4"}}, {".type", k64BitTypes}}, {".ss", kGlobalOrGeneric},
              ".v4 with a 64-bit type is supported with .global or generic addressing"),
  };
}

// "Optionally, sink symbol '_' can be used in vector expression d when: .vec
// is .v8 and .type is .b32 or .s32 or .u32 or .f32 OR .vec is .v4 and .type
// is .b64 or .s64 or .u64 or .f64".
OperandSpec vectorData(std::string_view name) {
  return sinksOnlyWhen(widerRegister(data(name, ".vec")),
                       {{{".vec", {".v8"}}, {".type", k32BitTypes}}, {{".vec", {".v4"}}, {".type", k64BitTypes}}});
}

InstructionSpec memoryBlock(std::string_view section, std::string_view opcode, const Block& b, PtxVersion introduced,
                            TargetRequirement target) {
  InstructionSpec s{.section = section, .syntax = b.syntax, .opcode = opcode, .qualifiers = b.ordering, .operands = {}};
  s.qualifiers.push_back(b.space_required ? space(".ss", b.spaces) : optionalSpace(".ss", b.spaces));
  if (b.cop) s.qualifiers.push_back(optional(".cop", b.cop_values));
  if (b.eviction) {
    s.qualifiers.push_back(optional(".level1::eviction_priority", kLevel1Eviction));
    s.qualifiers.push_back(optional(".level2::eviction_priority", kLevel2Eviction));
  }
  if (b.cache_hint) s.qualifiers.push_back(optional(".level::cache_hint", kCacheHint));
  if (b.prefetch) s.qualifiers.push_back(optional(".level::prefetch_size", kPrefetchSize));
  if (b.vec == Block::Vec::Optional) s.qualifiers.push_back(optional(".vec", kVec));
  if (b.vec == Block::Vec::Required) s.qualifiers.push_back(required(".vec", kVec));
  s.qualifiers.push_back(required(".type", b.types));
  if (b.unified) s.qualifiers.push_back(addressQualifier(".unified", {".unified"}));

  // Without a .vec slot (ld.mmio, ld.global.nc without .vec) the .vec
  // qualifier is never filled, and `d` is one register.
  OperandSpec data_operand = vectorData(opcode == "ld" ? "d" : "b");
  data_operand.destination = opcode == "ld";
  // "Qualifier .level2::eviction_priority is supported if ... Operand d is
  // vector of 8 registers with type specified with .type": no wider ones.
  if (b.eviction) data_operand.exact_size_when = {{".level2::eviction_priority", kLevel2Eviction}};
  // 6.4.2: an array element `a[i]` is an address too ("ld.global.u32 s,
  // a[0];").
  if (opcode == "ld") {
    s.operands = {data_operand, orArrayElement(addressIn("a", ".ss"))};
  } else {
    s.operands = {orArrayElement(addressIn("a", ".ss")), data_operand};
  }
  // "The 64-bit operand cache-policy".
  if (b.cache_hint) s.operands.push_back(withQualifier(value("cache-policy", 64), ".level::cache_hint"));

  if (b.vec != Block::Vec::None) s.constraints = vectorRules();
  // 9.7.9.2 "[Cache eviction priority] is supported for .global state space
  // and generic addresses"; 9.7.9.8 "The qualifiers .unified and
  // .level::cache_hint are only supported for .global state space and for
  // generic addressing"; "The qualifier .level::prefetch_size may only be
  // used with .global state space and with generic addressing".
  if (b.eviction) {
    // "Qualifier .level2::eviction_priority is supported if .vec is .v8 and
    // .type is .b32 or .s32 or .u32 or .f32 ... OR .vec is .v4 and .type is
    // .b64 or .s64 or .u64 or .f64".
    s.constraints.push_back(
        implies({{".level2::eviction_priority", kLevel2Eviction}}, {".vec", {".v8", ".v4"}},
                ".level2::eviction_priority needs .v8 with a 32-bit type or .v4 with a 64-bit type"));
    s.constraints.push_back(
        implies({{".level2::eviction_priority", kLevel2Eviction}, {".vec", {".v4"}}}, {".type", k64BitTypes},
                ".level2::eviction_priority needs .v8 with a 32-bit type or .v4 with a 64-bit type"));
    s.constraints.push_back(implies({{".level1::eviction_priority", kLevel1Eviction}}, {".ss", kGlobalOrGeneric},
                                    "cache eviction priority is supported for .global and generic addresses"));
    s.constraints.push_back(implies({{".level2::eviction_priority", kLevel2Eviction}}, {".ss", kGlobalOrGeneric},
                                    "cache eviction priority is supported for .global and generic addresses"));
  }
  if (b.cache_hint) {
    s.constraints.push_back(implies({{".level::cache_hint", kCacheHint}}, {".ss", kGlobalOrGeneric},
                                    ".level::cache_hint is supported for .global and generic addresses"));
  }
  if (b.prefetch) {
    s.constraints.push_back(implies({{".level::prefetch_size", kPrefetchSize}}, {".ss", kGlobalOrGeneric},
                                    ".level::prefetch_size is supported for .global and generic addresses"));
  }
  if (b.unified) {
    s.constraints.push_back(implies({{".unified", {".unified"}}}, {".ss", kGlobalOrGeneric},
                                    ".unified is supported for .global and generic addresses"));
  }
  s.introduced = introduced;
  s.target = target;

  // PTX ISA Notes and Target ISA Notes, per qualifier.
  s.notes = {
      {.slot = ".ss", .values = {".shared::cta"}, .introduced = {7, 8}},
      {.slot = ".ss",
       .values = {".shared::cluster"},
       .introduced = {7, 8},
       .targets = {TargetRequirement::atLeast(90)}},
      {.slot = ".ss", .values = {".param::entry", ".param::func"}, .introduced = {8, 3}},
      {.slot = ".type", .values = {".b128"}, .introduced = {8, 3}, .targets = {TargetRequirement::atLeast(70)}},
      {.slot = ".scope", .values = {".cluster"}, .introduced = {7, 8}, .targets = {TargetRequirement::atLeast(90)}},
      {.slot = ".scope", .when = {{".type", {".b128"}}}, .values = {".sys"}, .introduced = {8, 4}},
      {.slot = ".weak", .introduced = {6, 0}, .targets = {TargetRequirement::atLeast(70)}},
      {.slot = ".level1::eviction_priority", .introduced = {7, 4}, .targets = {TargetRequirement::atLeast(70)}},
      {.slot = ".level2::eviction_priority", .introduced = {8, 8}, .targets = {TargetRequirement::atLeast(100)}},
      {.slot = ".vec", .values = {".v8"}, .introduced = {8, 8}, .targets = {TargetRequirement::atLeast(100)}},
      {.slot = ".vec",
       .when = {{".type", k64BitTypes}},
       .values = {".v4"},
       .introduced = {8, 8},
       .targets = {TargetRequirement::atLeast(100)}},
      {.slot = ".unified", .introduced = {8, 0}, .targets = {TargetRequirement::atLeast(90)}},
      {.slot = ".level::prefetch_size", .introduced = {7, 4}, .targets = {TargetRequirement::atLeast(75)}},
      // 9.7.9.8 "Support for .L2::256B and .L2::cache_hint qualifiers requires
      // sm_80 or higher" (9.7.9.9 does not repeat it for ld.global.nc; ptxas
      // applies it there too).
      {.slot = ".level::prefetch_size", .values = {".L2::256B"}, .targets = {TargetRequirement::atLeast(80)}},
      {.slot = ".level::cache_hint", .introduced = {7, 4}, .targets = {TargetRequirement::atLeast(80)}},
      // "Support for .mmio qualifier introduced in PTX ISA version 8.2" (sm_70).
      {.slot = ".mmio", .introduced = {8, 2}, .targets = {TargetRequirement::atLeast(70)}},
      // "Support for .volatile qualifier with .local state space introduced in
      // PTX ISA version 9.1".
      {.slot = ".ss", .when = {{".volatile", {".volatile"}}}, .values = {".local"}, .introduced = {9, 1}},
  };
  return s;
}

}  // namespace

std::vector<InstructionSpec> memorySpecs() {
  std::vector<InstructionSpec> specs;
  const TargetRequirement any{};
  const TargetRequirement sm70 = TargetRequirement::atLeast(70);
  auto memoryOrder = [](std::string_view sem) {
    return std::vector<QualifierSlot>{required(sem, {sem}), required(".scope", kScopes)};
  };

  // 9.7.9.8 ld. PTX ISA Notes: "ld introduced in PTX ISA version 1.0.
  // ld.volatile introduced in PTX ISA version 1.1 ... Support for scope
  // qualifier, .relaxed, .acquire, .weak qualifiers introduced in PTX ISA
  // version 6.0" (sm_70); ".level::cache_hint" 7.4 (sm_80);
  // ".level::prefetch_size" 7.4 (sm_75, .L2::256B sm_80).
  std::vector<InstructionSpec> ld;
  ld.push_back(memoryBlock("9.7.9.8", "ld",
                           {.syntax = "ld{.weak}{.ss}{.cop}{.level::cache_hint}{.level::prefetch_size}{.vec}.type "
                                      "d, [a]{.unified}{, cache-policy}",
                            .ordering = {optional(".weak", {".weak"})},
                            .spaces = kLdSpaces,
                            .cop = true,
                            .cop_values = {".ca", ".cg", ".cs", ".lu", ".cv"},
                            .cache_hint = true,
                            .prefetch = true,
                            .unified = true},
                           {1, 0}, any));
  ld.push_back(memoryBlock("9.7.9.8", "ld",
                           {.syntax = "ld{.weak}{.ss}{.level1::eviction_priority}{.level2::eviction_priority}"
                                      "{.level::cache_hint}{.level::prefetch_size}{.vec}.type "
                                      "d, [a]{.unified}{, cache-policy}",
                            .ordering = {optional(".weak", {".weak"})},
                            .spaces = kLdSpaces,
                            .eviction = true,
                            .cache_hint = true,
                            .prefetch = true,
                            .unified = true},
                           {1, 0}, any));
  ld.push_back(memoryBlock("9.7.9.8", "ld",
                           {.syntax = "ld.volatile{.ss}{.level::prefetch_size}{.vec}.type d, [a]",
                            .ordering = {required(".volatile", {".volatile"})},
                            .spaces = kLdSpaces,
                            .prefetch = true},
                           {1, 1}, any));
  for (std::string_view sem : {".relaxed", ".acquire"}) {
    ld.push_back(memoryBlock(
        "9.7.9.8", "ld",
        {.syntax = sem == ".relaxed" ? "ld.relaxed.scope{.ss}{.level1::eviction_priority}{.level2::eviction_priority}"
                                       "{.level::cache_hint}{.level::prefetch_size}{.vec}.type d, [a]{, cache-policy}"
                                     : "ld.acquire.scope{.ss}{.level1::eviction_priority}{.level2::eviction_priority}"
                                       "{.level::cache_hint}{.level::prefetch_size}{.vec}.type d, [a]{, cache-policy}",
         .ordering = memoryOrder(sem),
         .spaces = kLdSpaces,
         .eviction = true,
         .cache_hint = true,
         .prefetch = true},
        {6, 0}, sm70));
  }
  ld.push_back(memoryBlock(
      "9.7.9.8", "ld",
      {.syntax = "ld.mmio.relaxed.sys{.global}.type d, [a]",
       .ordering = {required(".mmio", {".mmio"}), required(".relaxed", {".relaxed"}), required(".scope", {".sys"})},
       .spaces = {".global"},
       .vec = Block::Vec::None},
      {6, 0}, sm70));  // .mmio itself is a note (8.2)
  for (InstructionSpec& s : ld) {
    // ".relaxed and .acquire: May be used with .global, .shared spaces, or
    // with generic addressing"; ".volatile: May be used with .global,
    // .shared, .local spaces, or with generic addressing".
    Values relaxed_spaces = kSharedSpaces;
    relaxed_spaces.insert(relaxed_spaces.end(), kGlobalOrGeneric.begin(), kGlobalOrGeneric.end());
    Values volatile_spaces = relaxed_spaces;
    volatile_spaces.push_back(".local");
    for (std::string_view sem : {".relaxed", ".acquire"}) {
      s.constraints.push_back(implies({{sem, {sem}}}, {".ss", relaxed_spaces},
                                      ".relaxed and .acquire may be used with .global, .shared or generic addressing"));
    }
    s.constraints.push_back(implies({{".volatile", {".volatile"}}}, {".ss", volatile_spaces},
                                    ".volatile may be used with .global, .shared, .local or generic addressing"));
    specs.push_back(std::move(s));
  }

  // 9.7.9.9 ld.global.nc: introduced in PTX ISA 3.1, sm_32. ptxas takes the
  // qualifiers in any order, so these are `ld` entries with .global and .nc.
  for (bool eviction : {false, true}) {
    for (bool vec : {false, true}) {
      Block b{.syntax = {},
              .ordering = {required(".nc", {".nc"})},
              .spaces = {".global"},
              .cop = !eviction,
              .cop_values = {".ca", ".cg", ".cs"},
              .eviction = eviction,
              .cache_hint = true,
              .prefetch = true,
              .vec = vec ? Block::Vec::Required : Block::Vec::None,
              .space_required = true};
      b.syntax = eviction ? (vec ? "ld.global.nc{.level1::eviction_priority}{.level2::eviction_priority}"
                                   "{.level::cache_hint}{.level::prefetch_size}.vec.type d, [a]{, cache-policy}"
                                 : "ld.global.nc{.level1::eviction_priority}{.level2::eviction_priority}"
                                   "{.level::cache_hint}{.level::prefetch_size}.type d, [a]{, cache-policy}")
                          : (vec ? "ld.global{.cop}.nc{.level::cache_hint}{.level::prefetch_size}.vec.type "
                                   "d, [a]{, cache-policy}"
                                 : "ld.global{.cop}.nc{.level::cache_hint}{.level::prefetch_size}.type "
                                   "d, [a]{, cache-policy}");
      specs.push_back(memoryBlock("9.7.9.9", "ld", b, {3, 1}, TargetRequirement::atLeast(32)));
    }
  }

  // 9.7.9.11 st. "Stores to const memory are illegal"; .ss has no .const and
  // no ::entry.
  std::vector<InstructionSpec> st;
  st.push_back(memoryBlock("9.7.9.11", "st",
                           {.syntax = "st{.weak}{.ss}{.cop}{.level::cache_hint}{.vec}.type [a], b{, cache-policy}",
                            .ordering = {optional(".weak", {".weak"})},
                            .spaces = kStSpaces,
                            .cop = true,
                            .cop_values = {".wb", ".cg", ".cs", ".wt"},
                            .cache_hint = true},
                           {1, 0}, any));
  st.push_back(memoryBlock("9.7.9.11", "st",
                           {.syntax = "st{.weak}{.ss}{.level1::eviction_priority}{.level2::eviction_priority}"
                                      "{.level::cache_hint}{.vec}.type [a], b{, cache-policy}",
                            .ordering = {optional(".weak", {".weak"})},
                            .spaces = kStSpaces,
                            .eviction = true,
                            .cache_hint = true},
                           {1, 0}, any));
  st.push_back(memoryBlock("9.7.9.11", "st",
                           {.syntax = "st.volatile{.ss}{.vec}.type [a], b",
                            .ordering = {required(".volatile", {".volatile"})},
                            .spaces = kStSpaces},
                           {1, 1}, any));
  for (std::string_view sem : {".relaxed", ".release"}) {
    st.push_back(memoryBlock(
        "9.7.9.11", "st",
        {.syntax = sem == ".relaxed" ? "st.relaxed.scope{.ss}{.level1::eviction_priority}{.level2::eviction_priority}"
                                       "{.level::cache_hint}{.vec}.type [a], b{, cache-policy}"
                                     : "st.release.scope{.ss}{.level1::eviction_priority}{.level2::eviction_priority}"
                                       "{.level::cache_hint}{.vec}.type [a], b{, cache-policy}",
         .ordering = memoryOrder(sem),
         .spaces = kStSpaces,
         .eviction = true,
         .cache_hint = true},
        {6, 0}, sm70));
  }
  st.push_back(memoryBlock(
      "9.7.9.11", "st",
      {.syntax = "st.mmio.relaxed.sys{.global}.type [a], b",
       .ordering = {required(".mmio", {".mmio"}), required(".relaxed", {".relaxed"}), required(".scope", {".sys"})},
       .spaces = {".global"},
       .vec = Block::Vec::None},
      {6, 0}, sm70));  // .mmio itself is a note (8.2)
  for (InstructionSpec& s : st) {
    Values relaxed_spaces = kSharedSpaces;
    relaxed_spaces.insert(relaxed_spaces.end(), kGlobalOrGeneric.begin(), kGlobalOrGeneric.end());
    Values volatile_spaces = relaxed_spaces;
    volatile_spaces.push_back(".local");
    for (std::string_view sem : {".relaxed", ".release"}) {
      s.constraints.push_back(implies({{sem, {sem}}}, {".ss", relaxed_spaces},
                                      ".relaxed and .release may be used with .global, .shared or generic addressing"));
    }
    s.constraints.push_back(implies({{".volatile", {".volatile"}}}, {".ss", volatile_spaces},
                                    ".volatile may be used with .global, .shared, .local or generic addressing"));
    specs.push_back(std::move(s));
  }
  return specs;
}

}  // namespace ptxlint::spec
