// PTX ISA 9.7.13.15 Parallel Synchronization and Communication Instructions:
// mbarrier (../shared/ptx-manual-9.1/9_instruction_set/97_instructions/
// 9713_parallel_synchronization_and_communication_instructions/971315_...).
// One entry per syntax line. cp.async.mbarrier.arrive (9.7.13.15.15) is in
// async_copy.cpp, beside the cp.async it completes.
//
// Where ptxas 13.0 and the manual differ, ptxlint takes ptxas's side only to
// accept more (tests/golden/mbarrier/ records each case):
//   - mbarrier.init takes any integer constant as count (the manual's range
//     is [1, 2^20 - 1]; ptxas accepts 0, -1 and 2^20);
//   - the count of mbarrier.arrive/arrive_drop must be a positive constant
//     (ptxas: "value '0' expected to be a non-zero positive"), the manual's
//     upper bound 2^20 - 1 is not enforced (ptxas accepts 2^20).
#include "spec/sections.h"

namespace ptxlint::spec {
namespace {

const Values kSharedCta = {".shared", ".shared::cta"};  // `.shared{::cta}`

// `{.shared{::cta}}`: "If no state space is specified then Generic Addressing
// is used" (every mbarrier section), so a 32-bit register cannot hold the
// address under .address_size 64 (ptxas 13.0: "32-bit address ...
// conflicting with .address_size 64").
QualifierSlot sharedOrGeneric() { return genericIfAbsent(optionalSpace(".shared{::cta}", kSharedCta)); }

// "Support for sub-qualifier ::cta on .shared introduced in PTX ISA version 7.8."
FeatureNote ctaSubQualifier(std::string_view slot) {
  return {.slot = slot, .values = {".shared::cta"}, .introduced = {7, 8}};
}

// "Qualifiers .sem and .scope must be specified together" (ptxas: "Modifier
// '.release' requires scope", "Modifier '.cta' requires order").
std::vector<Constraint> semAndScopeTogether(const Values& sems) {
  return {implies({{".sem", sems}}, {".scope", {".cta", ".cluster"}}, ".sem and .scope must be specified together"),
          implies({{".scope", {".cta", ".cluster"}}}, {".sem", sems}, ".sem and .scope must be specified together")};
}

// "Support for .scope and .sem qualifiers introduced in PTX ISA version 8.0";
// "Support for .relaxed qualifier introduced in PTX ISA version 8.6";
// "Support for .relaxed qualifier requires sm_90 or higher"; "Support for
// .cluster scope requires sm_90 or higher".
std::vector<FeatureNote> semAndScopeNotes() {
  return {{.slot = ".sem", .introduced = {8, 0}},
          {.slot = ".scope", .introduced = {8, 0}},
          {.slot = ".sem", .values = {".relaxed"}, .introduced = {8, 6}, .targets = {TargetRequirement::atLeast(90)}},
          {.slot = ".scope", .values = {".cluster"}, .targets = {TargetRequirement::atLeast(90)}}};
}

// The count operand of an arrive-on operation: "the 32-bit unsigned integer
// operand count"; ptxas requires a constant to be "a non-zero positive".
OperandSpec arriveCount() { return inRange(valueOfType("count", ".u32"), 1, INT64_MAX); }

// 9.7.13.15.13 mbarrier.arrive and 9.7.13.15.14 mbarrier.arrive_drop: the
// same five syntax lines.
void arriveBlocks(std::vector<InstructionSpec>& specs, std::string_view section, std::string_view opcode, bool drop) {
  const Values sems = {".release", ".relaxed"};
  auto sem = [&] { return optional(".sem", sems); };
  auto scope = [] { return optional(".scope", {".cta", ".cluster"}); };
  auto b64 = [] { return required(".b64", {".b64"}); };
  auto state = [] { return destOfType("state", ".u64"); };
  // "Support for sub-qualifier ::cluster introduced in PTX ISA version 8.0";
  // "Sub-qualifier ::cluster requires sm_90 or higher".
  FeatureNote cluster_note = {
      .slot = ".shared::cluster", .introduced = {8, 0}, .targets = {TargetRequirement::atLeast(90)}};
  // "Support for qualifier .expect_tx is introduced in PTX ISA version 8.0";
  // "Qualifier .expect_tx requires sm_90 or higher". ptxas reads it as part
  // of the name: it comes right after the opcode.
  FeatureNote expect_tx_note = {
      .slot = ".expect_tx", .introduced = {8, 0}, .targets = {TargetRequirement::atLeast(90)}};
  // "Support for sink symbol '_' as the destination operand is introduced in
  // PTX ISA version 7.1" (9.7.13.15.13 only: arrive_drop has no such note,
  // and ptxas takes `mbarrier.arrive_drop.b64 _, [addr]` at PTX ISA 7.0).
  FeatureNote sink_note = {
      .operand = "state", .operand_is_sink = true, .introduced = drop ? PtxVersion{} : PtxVersion{7, 1}};
  auto notes = [&](std::vector<FeatureNote> extra) {
    std::vector<FeatureNote> all = semAndScopeNotes();
    all.insert(all.end(), extra.begin(), extra.end());
    return all;
  };
  // "mbarrier.arrive{.sem.scope}{.shared{::cta}}.b64 state, [addr]{, count};"
  // "Optionally, sink symbol '_' can be used for the state argument."
  // "Support for count argument without the modifier .noComplete introduced
  // in PTX ISA version 7.8" and "requires sm_90 or higher".
  specs.push_back({
      .section = section,
      .syntax = drop ? "mbarrier.arrive_drop{.sem.scope}{.shared{::cta}}.b64 state, [addr]{, count}"
                     : "mbarrier.arrive{.sem.scope}{.shared{::cta}}.b64 state, [addr]{, count}",
      .opcode = opcode,
      .qualifiers = {sem(), scope(), sharedOrGeneric(), b64()},
      .operands = {orSink(state()), sharedAddress("addr"), optionalOperand(arriveCount())},
      .constraints = semAndScopeTogether(sems),
      .introduced = {7, 0},
      .target = TargetRequirement::atLeast(80),
      .notes = notes({ctaSubQualifier(".shared{::cta}"),
                      sink_note,
                      {.operand = "count", .introduced = {7, 8}, .targets = {TargetRequirement::atLeast(90)}}}),
  });
  // "mbarrier.arrive{.sem.scope}{.shared::cluster}.b64 _, [addr] {,count}":
  // "Sink symbol '_' is mandatory for the destination operand for such cases."
  // (Without the state space the line is the one above.)
  specs.push_back({
      .section = section,
      .syntax = drop ? "mbarrier.arrive_drop{.sem.scope}{.shared::cluster}.b64 _, [addr] {,count}"
                     : "mbarrier.arrive{.sem.scope}{.shared::cluster}.b64 _, [addr] {,count}",
      .opcode = opcode,
      .qualifiers = {sem(), scope(), space(".shared::cluster", {".shared::cluster"}), b64()},
      .operands = {sinkOnly(state()), sharedAddress("addr"), optionalOperand(arriveCount())},
      .constraints = semAndScopeTogether(sems),
      .introduced = {7, 0},
      .target = TargetRequirement::atLeast(80),
      .notes = notes(
          {cluster_note, {.operand = "count", .introduced = {7, 8}, .targets = {TargetRequirement::atLeast(90)}}}),
  });
  // "mbarrier.arrive.expect_tx{.sem.scope}{.shared{::cta}}.b64 state, [addr], txCount;"
  // "The 32-bit unsigned integer operand txCount".
  specs.push_back({
      .section = section,
      .syntax = drop ? "mbarrier.arrive_drop.expect_tx{.sem.scope}{.shared{::cta}}.b64 state, [addr], tx_count"
                     : "mbarrier.arrive.expect_tx{.sem.scope}{.shared{::cta}}.b64 state, [addr], txCount",
      .opcode = opcode,
      .qualifiers = {leading(required(".expect_tx", {".expect_tx"})), sem(), scope(), sharedOrGeneric(), b64()},
      .operands = {orSink(state()), sharedAddress("addr"), valueOfType("txCount", ".u32")},
      .constraints = semAndScopeTogether(sems),
      .introduced = {7, 0},
      .target = TargetRequirement::atLeast(80),
      .notes = notes({expect_tx_note, ctaSubQualifier(".shared{::cta}"), sink_note}),
  });
  // "mbarrier.arrive.expect_tx{.sem.scope}{.shared::cluster}.b64 _, [addr], txCount;"
  specs.push_back({
      .section = section,
      .syntax = drop ? "mbarrier.arrive_drop.expect_tx{.sem.scope}{.shared::cluster}.b64 _, [addr], tx_count"
                     : "mbarrier.arrive.expect_tx{.sem.scope}{.shared::cluster}.b64 _, [addr], txCount",
      .opcode = opcode,
      .qualifiers = {leading(required(".expect_tx", {".expect_tx"})), sem(), scope(),
                     space(".shared::cluster", {".shared::cluster"}), b64()},
      .operands = {sinkOnly(state()), sharedAddress("addr"), valueOfType("txCount", ".u32")},
      .constraints = semAndScopeTogether(sems),
      .introduced = {7, 0},
      .target = TargetRequirement::atLeast(80),
      .notes = notes({expect_tx_note, cluster_note}),
  });
  // "mbarrier.arrive.noComplete{.release.cta}{.shared{::cta}}.b64 state, [addr], count;"
  // Only .release with .cta (ptxas: "Modifier '.relaxed' cannot be combined
  // with modifier '.noComplete'"); ptxas takes .noComplete anywhere among
  // the qualifiers.
  specs.push_back({
      .section = section,
      .syntax = drop ? "mbarrier.arrive_drop.noComplete{.release.cta}{.shared{::cta}}.b64 state, [addr], count"
                     : "mbarrier.arrive.noComplete{.release.cta}{.shared{::cta}}.b64 state, [addr], count",
      .opcode = opcode,
      .qualifiers = {required(".noComplete", {".noComplete"}), optional(".sem", {".release"}),
                     optional(".scope", {".cta"}), sharedOrGeneric(), b64()},
      .operands = {orSink(state()), sharedAddress("addr"), arriveCount()},
      .constraints = {implies({{".sem", {".release"}}}, {".scope", {".cta"}}, ".release and .cta go together"),
                      implies({{".scope", {".cta"}}}, {".sem", {".release"}}, ".release and .cta go together")},
      .introduced = {7, 0},
      .target = TargetRequirement::atLeast(80),
      .notes = {{.slot = ".sem", .introduced = {8, 0}}, ctaSubQualifier(".shared{::cta}"), sink_note},
  });
}

// 9.7.13.15.16: test_wait / try_wait, with state or .parity.
InstructionSpec waitBlock(std::string_view opcode, bool parity, std::string_view syntax) {
  const Values sems = {".acquire", ".relaxed"};
  bool try_wait = opcode == "mbarrier.try_wait";
  InstructionSpec s{
      .section = "9.7.13.15.16",
      .syntax = syntax,
      .opcode = opcode,
      .qualifiers = {optional(".sem", sems), optional(".scope", {".cta", ".cluster"}), sharedOrGeneric(),
                     required(".b64", {".b64"})},
      // "the 64-bit unsigned integer operand state"; "the 32-bit unsigned
      // integer operand phaseParity ... the valid values of phaseParity
      // operand are 0 and 1".
      .operands = {predicateDest("waitComplete"), sharedAddress("addr"),
                   parity ? inRange(valueOfType("phaseParity", ".u32"), 0, 1) : valueOfType("state", ".u64")},
      .constraints = semAndScopeTogether(sems),
      // "mbarrier.test_wait introduced in PTX ISA version 7.0"; "mbarrier.try_wait
      // introduced in PTX ISA version 7.8"; "mbarrier.test_wait requires sm_80
      // or higher"; "mbarrier.try_wait requires sm_90 or higher".
      .introduced = try_wait ? PtxVersion{7, 8} : PtxVersion{7, 0},
      .target = TargetRequirement::atLeast(try_wait ? 90 : 80),
      .notes = semAndScopeNotes(),
  };
  s.notes.push_back(ctaSubQualifier(".shared{::cta}"));
  if (parity) {
    // "Modifier .parity is introduced in PTX ISA version 7.1"; ptxas reads it
    // as part of the name ("Unknown modifier '.parity'" elsewhere).
    s.qualifiers.insert(s.qualifiers.begin(), leading(required(".parity", {".parity"})));
    s.notes.push_back({.slot = ".parity", .introduced = {7, 1}});
  }
  // "The optional 32-bit unsigned integer operand suspendTimeHint".
  if (try_wait) s.operands.push_back(optionalOperand(valueOfType("suspendTimeHint", ".u32")));
  return s;
}

}  // namespace

std::vector<InstructionSpec> mbarrierSpecs() {
  std::vector<InstructionSpec> specs;

  // 9.7.13.15.9 mbarrier.init: "mbarrier.init{.shared{::cta}}.b64 [addr], count;"
  // "the unsigned 32-bit integer count". .shared::cluster is not a state
  // space of init ("Other mbarrier operations: .shared::cluster Not
  // supported", 9.7.13.15.8).
  specs.push_back({.section = "9.7.13.15.9",
                   .syntax = "mbarrier.init{.shared{::cta}}.b64 [addr], count",
                   .opcode = "mbarrier.init",
                   .qualifiers = {sharedOrGeneric(), required(".b64", {".b64"})},
                   .operands = {sharedAddress("addr"), valueOfType("count", ".u32")},
                   .introduced = {7, 0},
                   .target = TargetRequirement::atLeast(80),
                   .notes = {ctaSubQualifier(".shared{::cta}")}});

  // 9.7.13.15.10 mbarrier.inval: "mbarrier.inval{.shared{::cta}}.b64 [addr];"
  specs.push_back({.section = "9.7.13.15.10",
                   .syntax = "mbarrier.inval{.shared{::cta}}.b64 [addr]",
                   .opcode = "mbarrier.inval",
                   .qualifiers = {sharedOrGeneric(), required(".b64", {".b64"})},
                   .operands = {sharedAddress("addr")},
                   .introduced = {7, 0},
                   .target = TargetRequirement::atLeast(80),
                   .notes = {ctaSubQualifier(".shared{::cta}")}});

  // 9.7.13.15.11 mbarrier.expect_tx, 9.7.13.15.12 mbarrier.complete_tx:
  // "mbarrier.expect_tx{.sem.scope}{.space}.b64 [addr], txCount;"
  // ".sem = { .relaxed }, .scope = { .cta, .cluster }, .space = {
  // .shared{::cta}, .shared::cluster }"; "The 32-bit unsigned integer operand
  // txCount"; "Introduced in PTX ISA version 8.0"; "Requires sm_90 or higher".
  for (auto [section, opcode] : {std::pair<std::string_view, std::string_view>{"9.7.13.15.11", "mbarrier.expect_tx"},
                                 {"9.7.13.15.12", "mbarrier.complete_tx"}}) {
    specs.push_back({
        .section = section,
        .syntax = opcode == "mbarrier.expect_tx" ? "mbarrier.expect_tx{.sem.scope}{.space}.b64 [addr], txCount"
                                                 : "mbarrier.complete_tx{.sem.scope}{.space}.b64 [addr], txCount",
        .opcode = opcode,
        .qualifiers = {optional(".sem", {".relaxed"}), optional(".scope", {".cta", ".cluster"}),
                       genericIfAbsent(optionalSpace(".space", {".shared", ".shared::cta", ".shared::cluster"})),
                       required(".b64", {".b64"})},
        .operands = {sharedAddress("addr"), valueOfType("txCount", ".u32")},
        .constraints = semAndScopeTogether({".relaxed"}),
        .introduced = {8, 0},
        .target = TargetRequirement::atLeast(90),
    });
  }

  arriveBlocks(specs, "9.7.13.15.13", "mbarrier.arrive", false);
  arriveBlocks(specs, "9.7.13.15.14", "mbarrier.arrive_drop", true);

  // 9.7.13.15.16 mbarrier.test_wait / mbarrier.try_wait
  specs.push_back(waitBlock("mbarrier.test_wait", false,
                            "mbarrier.test_wait{.sem.scope}{.shared{::cta}}.b64 waitComplete, [addr], state"));
  specs.push_back(
      waitBlock("mbarrier.test_wait", true,
                "mbarrier.test_wait.parity{.sem.scope}{.shared{::cta}}.b64 waitComplete, [addr], phaseParity"));
  specs.push_back(
      waitBlock("mbarrier.try_wait", false,
                "mbarrier.try_wait{.sem.scope}{.shared{::cta}}.b64 waitComplete, [addr], state {, suspendTimeHint}"));
  specs.push_back(waitBlock("mbarrier.try_wait", true,
                            "mbarrier.try_wait.parity{.sem.scope}{.shared{::cta}}.b64 waitComplete, [addr], "
                            "phaseParity {, suspendTimeHint}"));

  // 9.7.13.15.17 mbarrier.pending_count: "mbarrier.pending_count.b64 count,
  // state;" "The state operand is a 64-bit register"; "The destination
  // register count is a 32-bit unsigned integer". ptxas also takes an
  // integer constant as state.
  specs.push_back({.section = "9.7.13.15.17",
                   .syntax = "mbarrier.pending_count.b64 count, state",
                   .opcode = "mbarrier.pending_count",
                   .qualifiers = {required(".b64", {".b64"})},
                   .operands = {destOfType("count", ".u32"), valueOfType("state", ".u64")},
                   .introduced = {7, 0},
                   .target = TargetRequirement::atLeast(80)});
  return specs;
}

}  // namespace ptxlint::spec
