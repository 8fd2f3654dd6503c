// PTX ISA 9.7.9.25 Data Movement and Conversion Instructions: Asynchronous
// copy (../shared/ptx-isa/9.7.9.25-async-copy.md). One entry per syntax block.
#include "spec/sections.h"

#include <algorithm>

namespace ptxlint::spec {
namespace {

const Values kCacheHint = {".L2::cache_hint"};
const Values kPrefetchSize = {".L2::64B", ".L2::128B", ".L2::256B"};
const Values kSharedCta = {".shared", ".shared::cta"};  // `.shared{::cta}`
const Values kMbarrierComplete = {".mbarrier::complete_tx::bytes"};
const Values kRedOps = {".and", ".or", ".xor", ".add", ".inc", ".dec", ".min", ".max"};

// `{, cache-policy}` with `.level::cache_hint` (PTX ISA 7.4 for cp.async).
OperandSpec cachePolicy() { return withQualifier(value("cache-policy", 64), ".level::cache_hint"); }
// 9.7.9.25.4: "The 32-bit operand size specifies the amount of memory to be
// copied ... size must be a multiple of 16" (ptxas 13.0: "expected to be
// multiple of 16" for a constant).
OperandSpec bulkSize() { return integerOnly(multipleOf(value("size", 32), 16)); }

// 9.7.9.25.3.1 cp.async: four blocks, .ca/.cg by src-size/ignore-src.
InstructionSpec cpAsync(std::string_view cache, std::vector<std::int64_t> sizes, bool ignore_src,
                        std::string_view syntax) {
  // A constant src-size "must be less than cp-size" (9.7.9.25.3.1; ptxas
  // 13.0 takes it equal: "value '-5' out of range, expected to be in range
  // [0..4]"): bounded here by the largest cp-size of the block, which
  // catches a negative one; the bound by the line's own cp-size is ptxas's.
  std::int64_t largest = *std::max_element(sizes.begin(), sizes.end());
  // A constant fourth operand is a src-size (ptxas 13.0 bounds it as one),
  // never the ignore-src predicate: that block takes a .pred register only.
  OperandSpec ignore = predicate("ignore-src");
  ignore.constant_allowed = false;
  InstructionSpec s{
      .section = "9.7.9.25.3.1",
      .syntax = syntax,
      .opcode = "cp.async",
      .qualifiers = {required(cache == ".ca" ? ".ca" : ".cg", {cache}), space(".shared{::cta}", kSharedCta),
                     space(".global", {".global"}), optional(".level::cache_hint", kCacheHint),
                     optional(".level::prefetch_size", kPrefetchSize)},
      .operands = {address("dst"), address("src"), immediate("cp-size", sizes),
                   optionalOperand(ignore_src ? ignore : integerOnly(inRange(value("src-size", 32), 0, largest))),
                   cachePolicy()},
      .introduced = {7, 0},
      .target = TargetRequirement::atLeast(80),
      .notes =
          {
              {.slot = ".level::cache_hint", .introduced = {7, 4}},
              {.slot = ".level::prefetch_size", .introduced = {7, 4}},
              {.slot = ".shared{::cta}", .values = {".shared::cta"}, .introduced = {7, 8}},
          },
  };
  if (ignore_src) s.notes.push_back({.operand = "ignore-src", .introduced = {7, 5}});
  return s;
}

}  // namespace

std::vector<InstructionSpec> asyncCopySpecs() {
  std::vector<InstructionSpec> specs;

  // 9.7.9.25.3.1 cp.async
  specs.push_back(cpAsync(".ca", {4, 8, 16}, false,
                          "cp.async.ca.shared{::cta}.global{.level::cache_hint}{.level::prefetch_size} "
                          "[dst], [src], cp-size{, src-size}{, cache-policy}"));
  specs.push_back(cpAsync(".cg", {16}, false,
                          "cp.async.cg.shared{::cta}.global{.level::cache_hint}{.level::prefetch_size} "
                          "[dst], [src], 16{, src-size}{, cache-policy}"));
  specs.push_back(cpAsync(".ca", {4, 8, 16}, true,
                          "cp.async.ca.shared{::cta}.global{.level::cache_hint}{.level::prefetch_size} "
                          "[dst], [src], cp-size{, ignore-src}{, cache-policy}"));
  specs.push_back(cpAsync(".cg", {16}, true,
                          "cp.async.cg.shared{::cta}.global{.level::cache_hint}{.level::prefetch_size} "
                          "[dst], [src], 16{, ignore-src}{, cache-policy}"));

  // 9.7.9.25.3.2 cp.async.commit_group, 9.7.9.25.3.3 wait_group / wait_all
  specs.push_back({.section = "9.7.9.25.3.2",
                   .syntax = "cp.async.commit_group",
                   .opcode = "cp.async.commit_group",
                   .qualifiers = {},
                   .operands = {},
                   .introduced = {7, 0},
                   .target = TargetRequirement::atLeast(80)});
  specs.push_back({.section = "9.7.9.25.3.3",
                   .syntax = "cp.async.wait_group N",
                   .opcode = "cp.async.wait_group",
                   .qualifiers = {},
                   .operands = {immediate("N")},
                   .introduced = {7, 0},
                   .target = TargetRequirement::atLeast(80)});
  specs.push_back({.section = "9.7.9.25.3.3",
                   .syntax = "cp.async.wait_all",
                   .opcode = "cp.async.wait_all",
                   .qualifiers = {},
                   .operands = {},
                   .introduced = {7, 0},
                   .target = TargetRequirement::atLeast(80)});

  // 9.7.13.15.15 cp.async.mbarrier.arrive: the mbarrier that tracks a
  // thread's prior cp.async operations (the completion side of 9.7.9.25.3).
  specs.push_back({.section = "9.7.13.15.15",
                   .syntax = "cp.async.mbarrier.arrive{.noinc}{.shared{::cta}}.b64 [addr]",
                   .opcode = "cp.async.mbarrier.arrive",
                   .qualifiers = {optional(".noinc", {".noinc"}), optionalSpace(".shared{::cta}", kSharedCta),
                                  required(".b64", {".b64"})},
                   .operands = {sharedAddress("addr")},
                   .introduced = {7, 0},
                   .target = TargetRequirement::atLeast(80),
                   .notes = {{.slot = ".shared{::cta}", .values = {".shared::cta"}, .introduced = {7, 8}}}});

  // 9.7.9.25.4.1 cp.async.bulk: global -> shared::cta
  specs.push_back({
      .section = "9.7.9.25.4.1",
      .syntax = "cp.async.bulk.dst.src.completion_mechanism{.level::cache_hint} "
                "[dstMem], [srcMem], size, [mbar] {, cache-policy}",
      .opcode = "cp.async.bulk",
      .qualifiers = {space(".dst", {".shared::cta"}), space(".src", {".global"}),
                     required(".completion_mechanism", kMbarrierComplete), optional(".level::cache_hint", kCacheHint)},
      .operands = {address("dstMem"), address("srcMem"), bulkSize(), sharedAddress("mbar"), cachePolicy()},
      .introduced = {8, 0},
      .target = TargetRequirement::atLeast(90),
      // "Support for .shared::cta as destination state space is introduced in 8.6."
      .notes = {{.slot = ".dst", .values = {".shared::cta"}, .introduced = {8, 6}}},
  });
  // global -> shared::cluster
  specs.push_back({
      .section = "9.7.9.25.4.1",
      .syntax = "cp.async.bulk.dst.src.completion_mechanism{.multicast}{.level::cache_hint} "
                "[dstMem], [srcMem], size, [mbar] {, ctaMask} {, cache-policy}",
      .opcode = "cp.async.bulk",
      .qualifiers = {space(".dst", {".shared::cluster"}), space(".src", {".global"}),
                     required(".completion_mechanism", kMbarrierComplete),
                     optional(".multicast", {".multicast::cluster"}), optional(".level::cache_hint", kCacheHint)},
      .operands = {address("dstMem"), address("srcMem"), bulkSize(), sharedAddress("mbar"),
                   withQualifier(value("ctaMask", 16), ".multicast"), cachePolicy()},
      .introduced = {8, 0},
      .target = TargetRequirement::atLeast(90),
      // Target ISA Notes: ".multicast::cluster qualifier advised to be used
      // with .target sm_90a or sm_100f or sm_100a or sm_103f or sm_103a or
      // sm_110f or sm_110a": a warning, not an error.
      .notes = {{.slot = ".multicast",
                 .targets = {TargetRequirement::archSpecific(90), TargetRequirement::familySpecific(100),
                             TargetRequirement::archSpecific(100), TargetRequirement::familySpecific(103),
                             TargetRequirement::archSpecific(103), TargetRequirement::familySpecific(110),
                             TargetRequirement::archSpecific(110)},
                 .advisory = true}},
  });
  // shared::cta -> shared::cluster
  specs.push_back({
      .section = "9.7.9.25.4.1",
      .syntax = "cp.async.bulk.dst.src.completion_mechanism [dstMem], [srcMem], size, [mbar]",
      .opcode = "cp.async.bulk",
      .qualifiers = {space(".dst", {".shared::cluster"}), space(".src", {".shared::cta"}),
                     required(".completion_mechanism", kMbarrierComplete)},
      .operands = {address("dstMem"), address("srcMem"), bulkSize(), sharedAddress("mbar")},
      .introduced = {8, 0},
      .target = TargetRequirement::atLeast(90),
  });
  // shared::cta -> global
  specs.push_back({
      .section = "9.7.9.25.4.1",
      .syntax = "cp.async.bulk.dst.src.completion_mechanism{.level::cache_hint}{.cp_mask} "
                "[dstMem], [srcMem], size {, cache-policy} {, byteMask}",
      .opcode = "cp.async.bulk",
      .qualifiers = {space(".dst", {".global"}), space(".src", {".shared::cta"}),
                     required(".completion_mechanism", {".bulk_group"}), optional(".level::cache_hint", kCacheHint),
                     optional(".cp_mask", {".cp_mask"})},
      .operands = {address("dstMem"), address("srcMem"), bulkSize(), cachePolicy(),
                   withQualifier(value("byteMask", 16), ".cp_mask")},
      .introduced = {8, 0},
      .target = TargetRequirement::atLeast(90),
      .notes = {{.slot = ".cp_mask", .introduced = {8, 6}, .targets = {TargetRequirement::atLeast(100)}}},
  });

  // 9.7.9.25.4.2 cp.reduce.async.bulk: shared::cta -> shared::cluster.
  // The syntax block lists .b64 among the types, but the table of valid
  // redOp/type combinations allows none with .dst .shared::cluster: the table
  // wins (tests/golden/seed records ptxas's verdict).
  specs.push_back({
      .section = "9.7.9.25.4.2",
      .syntax = "cp.reduce.async.bulk.dst.src.completion_mechanism.redOp.type [dstMem], [srcMem], size, [mbar]",
      .opcode = "cp.reduce.async.bulk",
      .qualifiers = {space(".dst", {".shared::cluster"}), space(".src", {".shared::cta"}),
                     required(".completion_mechanism", kMbarrierComplete), required(".redOp", kRedOps),
                     required(".type", {".b32", ".u32", ".s32", ".b64", ".u64"})},
      .operands = {address("dstMem"), address("srcMem"), bulkSize(), sharedAddress("mbar")},
      .constraints = {pairs(".redOp", ".type",
                            {{{".add"}, {".u32", ".s32", ".u64"}},
                             {{".min", ".max"}, {".u32", ".s32"}},
                             {{".inc", ".dec"}, {".u32"}},
                             {{".and", ".or", ".xor"}, {".b32"}}})},
      .introduced = {8, 0},
      .target = TargetRequirement::atLeast(90),
  });
  // shared::cta -> global
  specs.push_back({
      .section = "9.7.9.25.4.2",
      .syntax = "cp.reduce.async.bulk.dst.src.completion_mechanism{.level::cache_hint}.redOp.type "
                "[dstMem], [srcMem], size{, cache-policy}",
      .opcode = "cp.reduce.async.bulk",
      .qualifiers = {space(".dst", {".global"}), space(".src", {".shared::cta"}),
                     required(".completion_mechanism", {".bulk_group"}), optional(".level::cache_hint", kCacheHint),
                     required(".redOp", kRedOps),
                     required(".type",
                              {".f16", ".bf16", ".b32", ".u32", ".s32", ".b64", ".u64", ".s64", ".f32", ".f64"})},
      .operands = {address("dstMem"), address("srcMem"), bulkSize(), cachePolicy()},
      .constraints = {pairs(".redOp", ".type",
                            {{{".add"}, {".u32", ".s32", ".u64", ".f32", ".f64", ".f16", ".bf16"}},
                             {{".min", ".max"}, {".u32", ".s32", ".u64", ".s64", ".f16", ".bf16"}},
                             {{".inc", ".dec"}, {".u32"}},
                             {{".and", ".or", ".xor"}, {".b32", ".b64"}}}),
                      // "The cp.reduce.async.bulk.add.f16 and cp.reduce.async.bulk.add.bf16
                      // operations require .noftz qualifier."
                      requiresQualifier({{".redOp", {".add"}}, {".type", {".f16", ".bf16"}}}, ".noftz", ".redOp",
                                        ".add.f16 and .add.bf16 require .noftz")},
      .introduced = {8, 0},
      .target = TargetRequirement::atLeast(90),
  });
  specs.push_back({
      .section = "9.7.9.25.4.2",
      .syntax = "cp.reduce.async.bulk.dst.src.completion_mechanism{.level::cache_hint}.add.noftz.type "
                "[dstMem], [srcMem], size{, cache-policy}",
      .opcode = "cp.reduce.async.bulk",
      .qualifiers = {space(".dst", {".global"}), space(".src", {".shared::cta"}),
                     required(".completion_mechanism", {".bulk_group"}), optional(".level::cache_hint", kCacheHint),
                     required(".redOp", {".add"}), required(".noftz", {".noftz"}),
                     required(".type", {".f16", ".bf16"})},
      .operands = {address("dstMem"), address("srcMem"), bulkSize(), cachePolicy()},
      .introduced = {8, 0},
      .target = TargetRequirement::atLeast(90),
  });

  // 9.7.9.25.4.3 cp.async.bulk.prefetch
  specs.push_back({
      .section = "9.7.9.25.4.3",
      .syntax = "cp.async.bulk.prefetch.L2.src{.level::cache_hint} [srcMem], size {, cache-policy}",
      .opcode = "cp.async.bulk.prefetch",
      .qualifiers = {required(".L2", {".L2"}), space(".src", {".global"}), optional(".level::cache_hint", kCacheHint)},
      .operands = {address("srcMem"), bulkSize(), cachePolicy()},
      .introduced = {8, 0},
      .target = TargetRequirement::atLeast(90),
  });
  return specs;
}

}  // namespace ptxlint::spec
