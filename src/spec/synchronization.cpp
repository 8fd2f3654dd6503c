// PTX ISA 9.7.9.5 shfl (deprecated), 9.7.9.6 shfl.sync and 9.7.13 parallel
// synchronization and communication: 9.7.13.1 bar / barrier, 9.7.13.2
// bar.warp.sync, 9.7.13.3 barrier.cluster, 9.7.13.4 membar / fence, 9.7.13.8
// vote (deprecated), 9.7.13.9 vote.sync, 9.7.13.10 match.sync, 9.7.13.11
// activemask, 9.7.13.12 redux.sync, 9.7.13.13 griddepcontrol, 9.7.13.14
// elect.sync (../shared/ptx-manual-9.1/9_instruction_set/97_instructions/).
// One entry per syntax block, or per line of a block.
//
// ptxas 13.0 takes the qualifiers of these instructions in any order
// (vote.ballot.sync.b32, match.sync.any.b32), except the `.cta` of bar and
// barrier, which comes right after the opcode ("Illegal modifier '.cta'" for
// bar.sync.cta), and their .arrive and .red, which come right after the
// opcode or .cta ("Unknown modifier '.red'" for bar.popc.red.u32; ptxas reads
// bar.red, barrier.arrive as the instruction's name). barrier.aligned.sync
// is accepted.
#include "spec/sections.h"

namespace ptxlint::spec {
namespace {

const Values kShflModes = {".up", ".down", ".bfly", ".idx"};
const Values kScopes = {".cta", ".cluster", ".gpu", ".sys"};

// "Operand membermask specifies a 32-bit integer": ptxas 13.0 refuses a
// .f32 register and a floating-point constant for it (an integer type, 9.4).
OperandSpec membermask() { return valueOfType("membermask", ".u32"); }

// 9.7.9.5 / 9.7.9.6 "d[|p]": the sink '_' may stand for p, not for d
// (ptxas 13.0: "Result discard mode is not allowed for instruction 'shfl'").
OperandSpec shflDestination() { return sinks(withOptionalPredicate(typedDest("d")), false, true); }

// 9.7.13.1 "Operands a, b, and d have type .u32"; "Source operand a
// specifies a logical barrier resource as an immediate constant or register
// with value 0 through 15"; "When specifying a thread count, the value must
// be a multiple of the warp size".
OperandSpec barrierNumber() { return inRange(valueOfType("a", ".u32"), 0, 15); }
OperandSpec threadCount() { return multipleOf(valueOfType("b", ".u32"), 32); }
// "Note that a non-zero thread count is required for barrier{.cta}.arrive".
OperandSpec arriveThreadCount() { return nonZero(threadCount()); }
// "operands p and c are predicates": {!}c (ptxas 13.0 also takes a constant).
OperandSpec barrierPredicate() { return orConstant(predicateAs("c", PredicateForm::Negatable)); }

// "The .cta qualifier introduced in PTX ISA version 7.8".
std::vector<FeatureNote> ctaNote() { return {{.slot = ".cta", .introduced = {7, 8}}}; }

// 9.7.13.1: the four lines of one block, for `bar` and for `barrier` (which
// adds {.aligned}). "barrier instruction introduced in PTX ISA version 6.0";
// "barrier{.cta} instruction requires sm_30 or higher"; "Register operands,
// thread count, and bar{.cta}.{arrive,red} require sm_20 or higher" and
// "introduced in PTX ISA version 2.0".
void barrierBlock(std::vector<InstructionSpec>& specs, std::string_view opcode) {
  bool is_barrier = opcode == "barrier";
  PtxVersion sync_version = is_barrier ? PtxVersion{6, 0} : PtxVersion{1, 0};
  PtxVersion other_version = is_barrier ? PtxVersion{6, 0} : PtxVersion{2, 0};
  TargetRequirement sync_target = is_barrier ? TargetRequirement::atLeast(30) : TargetRequirement{};
  TargetRequirement other_target = TargetRequirement::atLeast(is_barrier ? 30 : 20);
  auto qualifiers = [&](std::vector<QualifierSlot> middle, std::vector<QualifierSlot> tail = {}) {
    std::vector<QualifierSlot> q = {leading(optional(".cta", {".cta"}))};
    q.insert(q.end(), middle.begin(), middle.end());
    if (is_barrier) q.push_back(optional(".aligned", {".aligned"}));
    q.insert(q.end(), tail.begin(), tail.end());
    return q;
  };
  specs.push_back(entry("9.7.13.1", is_barrier ? "barrier{.cta}.sync{.aligned} a{, b}" : "bar{.cta}.sync a{, b}",
                        opcode, qualifiers({required(".sync", {".sync"})}),
                        {barrierNumber(), optionalOperand(threadCount())}, {}, sync_version, sync_target, ctaNote()));
  specs.push_back(entry("9.7.13.1", is_barrier ? "barrier{.cta}.arrive{.aligned} a, b" : "bar{.cta}.arrive a, b",
                        opcode, qualifiers({leading(required(".arrive", {".arrive"}))}),
                        {barrierNumber(), arriveThreadCount()}, {}, other_version, other_target, ctaNote()));
  specs.push_back(entry(
      "9.7.13.1",
      is_barrier ? "barrier{.cta}.red.popc{.aligned}.u32 d, a{, b}, {!}c" : "bar{.cta}.red.popc.u32 d, a{, b}, {!}c",
      opcode,
      qualifiers({leading(required(".red", {".red"})), required(".op", {".popc"})}, {required(".type", {".u32"})}),
      {typedDest("d"), barrierNumber(), optionalOperand(threadCount()), barrierPredicate()}, {}, other_version,
      other_target, ctaNote()));
  specs.push_back(entry(
      "9.7.13.1",
      is_barrier ? "barrier{.cta}.red.op{.aligned}.pred p, a{, b}, {!}c" : "bar{.cta}.red.op.pred p, a{, b}, {!}c",
      opcode,
      qualifiers({leading(required(".red", {".red"})), required(".op", {".and", ".or"})},
                 {required(".type", {".pred"})}),
      {predicateDest("p"), barrierNumber(), optionalOperand(threadCount()), barrierPredicate()}, {}, other_version,
      other_target, ctaNote()));
}

}  // namespace

std::vector<InstructionSpec> synchronizationSpecs() {
  std::vector<InstructionSpec> specs;

  // 9.7.9.6 shfl.sync: "shfl.sync.mode.b32 d[|p], a, b, c, membermask";
  // "Introduced in PTX ISA version 6.0"; "Requires sm_30 or higher". ptxas
  // 13.0 takes a .f32 register for a, b and c (bit-size .b32, 9.4).
  specs.push_back(
      entry("9.7.9.6", "shfl.sync.mode.b32 d[|p], a, b, c, membermask", "shfl",
            {required(".sync", {".sync"}), required(".mode", kShflModes), required(".type", {".b32"})},
            {shflDestination(), typedValue("a"), valueOfType("b", ".b32"), valueOfType("c", ".b32"), membermask()}, {},
            {6, 0}, TargetRequirement::atLeast(30)));
  // 9.7.9.5 shfl (deprecated): "shfl.mode.b32 d[|p], a, b, c"; "Introduced
  // in PTX ISA version 3.0"; "shfl requires sm_30 or higher"; "Not supported
  // in PTX ISA version 6.4 for .target sm_70 or higher".
  InstructionSpec shfl = entry("9.7.9.5", "shfl.mode.b32 d[|p], a, b, c", "shfl",
                               {required(".mode", kShflModes), required(".type", {".b32"})},
                               {shflDestination(), typedValue("a"), valueOfType("b", ".b32"), valueOfType("c", ".b32")},
                               {}, {3, 0}, TargetRequirement::atLeast(30));
  shfl.removed = {.from = {6, 4}, .sm = 70, .what = "'shfl' without '.sync'"};
  specs.push_back(std::move(shfl));

  // 9.7.13.1 bar, barrier
  barrierBlock(specs, "bar");
  barrierBlock(specs, "barrier");

  // 9.7.13.2 bar.warp.sync: "bar.warp.sync membermask"; "Introduced in PTX
  // ISA version 6.0"; "Requires sm_30 or higher".
  specs.push_back(entry("9.7.13.2", "bar.warp.sync membermask", "bar.warp.sync", {}, {membermask()}, {}, {6, 0},
                        TargetRequirement::atLeast(30)));

  // 9.7.13.3 barrier.cluster: "barrier.cluster.arrive{.sem}{.aligned}",
  // ".sem = {.release, .relaxed}", "barrier.cluster.wait{.acquire}{.aligned}";
  // "Introduced in PTX ISA version 7.8"; "Support for .acquire, .relaxed,
  // .release qualifiers introduced in PTX ISA version 8.0"; "Requires sm_90".
  // ptxas 13.0 reads barrier.cluster.arrive and barrier.cluster.wait as the
  // instruction's name: .arrive and .wait come right after barrier.cluster.
  specs.push_back(entry("9.7.13.3", "barrier.cluster.arrive{.sem}{.aligned}", "barrier.cluster",
                        {leading(required(".arrive", {".arrive"})), optional(".sem", {".release", ".relaxed"}),
                         optional(".aligned", {".aligned"})},
                        {}, {}, {7, 8}, TargetRequirement::atLeast(90), {{.slot = ".sem", .introduced = {8, 0}}}));
  specs.push_back(entry(
      "9.7.13.3", "barrier.cluster.wait{.acquire}{.aligned}", "barrier.cluster",
      {leading(required(".wait", {".wait"})), optional(".acquire", {".acquire"}), optional(".aligned", {".aligned"})},
      {}, {}, {7, 8}, TargetRequirement::atLeast(90), {{.slot = ".acquire", .introduced = {8, 0}}}));

  // 9.7.13.4 membar / fence. "fence introduced in PTX ISA version 6.0",
  // "fence requires sm_70 or higher"; ".cluster scope qualifier introduced
  // in PTX ISA version 7.8 ... requires sm_90"; ".acquire and .release
  // qualifiers for fence instruction introduced in PTX ISA version 8.6 ...
  // require sm_90". "fence.sc" without a scope: ptxas 13.0 "Scope modifier
  // required", as the block writes .scope.
  std::vector<FeatureNote> cluster_scope = {
      {.slot = ".scope", .values = {".cluster"}, .introduced = {7, 8}, .targets = {TargetRequirement::atLeast(90)}}};
  std::vector<FeatureNote> fence_notes = cluster_scope;
  fence_notes.push_back({.slot = ".sem",
                         .values = {".acquire", ".release"},
                         .introduced = {8, 6},
                         .targets = {TargetRequirement::atLeast(90)}});
  specs.push_back(entry("9.7.13.4", "fence{.sem}.scope", "fence",
                        {optional(".sem", {".sc", ".acq_rel", ".acquire", ".release"}), required(".scope", kScopes)},
                        {}, {}, {6, 0}, TargetRequirement::atLeast(70), fence_notes));
  // "fence.acquire.sync_restrict::shared::cluster.cluster;
  // fence.release.sync_restrict::shared::cta.cluster": "When .sync_restrict
  // is .sync_restrict::shared::cta, .sem must be .release ... when
  // .sync_restrict is .sync_restrict::shared::cluster, .sem must be
  // .acquire"; ".sync_restrict qualifier introduced in PTX ISA version 8.6
  // ... requires sm_90".
  Constraint sync_restrict_sem =
      pairs(".sync_restrict", ".sem",
            {{{".sync_restrict::shared::cluster"}, {".acquire"}}, {{".sync_restrict::shared::cta"}, {".release"}}});
  specs.push_back(entry("9.7.13.4", "fence.{acquire,release}.sync_restrict::shared::{cluster,cta}.cluster", "fence",
                        {required(".sem", {".acquire", ".release"}),
                         required(".sync_restrict", {".sync_restrict::shared::cluster", ".sync_restrict::shared::cta"}),
                         required(".scope", {".cluster"})},
                        {}, {sync_restrict_sem}, {8, 6}, TargetRequirement::atLeast(90)));
  // "fence.op_restrict.release.cluster", ".op_restrict = { .mbarrier_init }";
  // ".op_restrict qualifier introduced in PTX ISA version 8.0 ... requires
  // sm_90".
  specs.push_back(entry(
      "9.7.13.4", "fence.op_restrict.release.cluster", "fence",
      {required(".op_restrict", {".mbarrier_init"}), required(".sem", {".release"}), required(".scope", {".cluster"})},
      {}, {}, {8, 0}, TargetRequirement::atLeast(90)));
  // "fence.proxy.proxykind", ".proxykind = { .alias, .async, .async.global,
  // .async.shared::{cta, cluster} }": a state space only after .async.
  // "membar.proxy and fence.proxy introduced in PTX ISA version 7.5";
  // "fence.proxy requires sm_70"; "fence.proxy.async is introduced in PTX
  // ISA version 8.0 ... requires sm_90".
  specs.push_back(
      entry("9.7.13.4", "fence.proxy.proxykind", "fence.proxy",
            {required(".proxykind", {".alias", ".async"}),
             optionalSpace(".space", {".global", ".shared::cta", ".shared::cluster"})},
            {},
            {implies({{".space", {".global", ".shared::cta", ".shared::cluster"}}}, {".proxykind", {".async"}},
                     ".proxykind = { .alias, .async, .async.global, .async.shared::{cta, cluster} }")},
            {7, 5}, TargetRequirement::atLeast(70),
            {{.slot = ".proxykind",
              .values = {".async"},
              .introduced = {8, 0},
              .targets = {TargetRequirement::atLeast(90)}}}));
  // "fence.proxy.to_proxykind::from_proxykind.release.scope" and
  // "....acquire.scope [addr], size", ".to_proxykind::from_proxykind =
  // {.tensormap::generic}": "The only supported value for the size operand
  // is 128, which must be a constant integer literal"; "introduced in PTX ISA
  // version 8.3 ... requires sm_90".
  specs.push_back(entry("9.7.13.4", "fence.proxy.to_proxykind::from_proxykind.release.scope", "fence.proxy",
                        {required(".to_proxykind::from_proxykind", {".tensormap::generic"}),
                         required(".sem", {".release"}), required(".scope", kScopes)},
                        {}, {}, {8, 3}, TargetRequirement::atLeast(90), cluster_scope));
  specs.push_back(
      entry("9.7.13.4", "fence.proxy.to_proxykind::from_proxykind.acquire.scope [addr], size", "fence.proxy",
            {required(".to_proxykind::from_proxykind", {".tensormap::generic"}), required(".sem", {".acquire"}),
             required(".scope", kScopes)},
            {address("addr"), immediate("size", {128})}, {}, {8, 3}, TargetRequirement::atLeast(90), cluster_scope));
  // "fence.proxy.async::generic.acquire.sync_restrict::shared::cluster.cluster;
  // fence.proxy.async::generic.release.sync_restrict::shared::cta.cluster".
  specs.push_back(
      entry("9.7.13.4", "fence.proxy.async::generic.{acquire,release}.sync_restrict::shared::{cluster,cta}.cluster",
            "fence.proxy",
            {required(".to_proxykind::from_proxykind", {".async::generic"}), required(".sem", {".acquire", ".release"}),
             required(".sync_restrict", {".sync_restrict::shared::cluster", ".sync_restrict::shared::cta"}),
             required(".scope", {".cluster"})},
            {}, {sync_restrict_sem}, {8, 6}, TargetRequirement::atLeast(90)));
  // "membar.level", ".level = { .cta, .gl, .sys }"; "membar.{cta,gl}
  // introduced in PTX ISA version 1.4", "membar.sys introduced in PTX ISA
  // version 2.0", "membar.sys requires sm_20 or higher".
  specs.push_back(entry(
      "9.7.13.4", "membar.level", "membar", {required(".level", {".cta", ".gl", ".sys"})}, {}, {}, {1, 4}, {},
      {{.slot = ".level", .values = {".sys"}, .introduced = {2, 0}, .targets = {TargetRequirement::atLeast(20)}}}));
  // "membar.proxy.proxykind"; "membar.proxy requires sm_60 or higher". The
  // manual gives membar.proxy the .proxykind set of fence.proxy, but its
  // notes introduce only "fence.proxy.async" (8.0); ptxas 13.0 refuses
  // membar.proxy.async ("Illegal modifier '.async' for instruction
  // 'membar.proxy'"), and so does ptxlint: .alias only.
  specs.push_back(entry("9.7.13.4", "membar.proxy.proxykind", "membar.proxy", {required(".proxykind", {".alias"})}, {},
                        {}, {7, 5}, TargetRequirement::atLeast(60)));

  // 9.7.13.9 vote.sync: "vote.sync.mode.pred d, {!}a, membermask",
  // "vote.sync.ballot.b32 d, {!}a, membermask"; "Introduced in PTX ISA
  // version 6.0"; "Requires sm_30 or higher". ptxas 13.0 takes a constant
  // for a; it refuses the sink and a pair for d.
  OperandSpec vote_source = orConstant(predicateAs("a", PredicateForm::Negatable));
  specs.push_back(
      entry("9.7.13.9", "vote.sync.mode.pred d, {!}a, membermask", "vote",
            {required(".sync", {".sync"}), required(".mode", {".all", ".any", ".uni"}), required(".type", {".pred"})},
            {predicateDest("d"), vote_source, membermask()}, {}, {6, 0}, TargetRequirement::atLeast(30)));
  specs.push_back(entry("9.7.13.9", "vote.sync.ballot.b32 d, {!}a, membermask", "vote",
                        {required(".sync", {".sync"}), required(".mode", {".ballot"}), required(".type", {".b32"})},
                        {typedDest("d"), vote_source, membermask()}, {}, {6, 0}, TargetRequirement::atLeast(30)));
  // 9.7.13.8 vote (deprecated): "Introduced in PTX ISA version 1.2"; "vote
  // requires sm_12 or higher"; "vote.ballot.b32 requires sm_20 or higher";
  // "Not supported in PTX ISA version 6.4 for .target sm_70 or higher".
  InstructionSpec vote = entry("9.7.13.8", "vote.mode.pred d, {!}a", "vote",
                               {required(".mode", {".all", ".any", ".uni"}), required(".type", {".pred"})},
                               {predicateDest("d"), vote_source}, {}, {1, 2}, TargetRequirement::atLeast(12));
  vote.removed = {.from = {6, 4}, .sm = 70, .what = "'vote' without '.sync'"};
  specs.push_back(vote);
  InstructionSpec ballot = entry("9.7.13.8", "vote.ballot.b32 d, {!}a", "vote",
                                 {required(".mode", {".ballot"}), required(".type", {".b32"})},
                                 {typedDest("d"), vote_source}, {}, {1, 2}, TargetRequirement::atLeast(20));
  ballot.removed = vote.removed;
  specs.push_back(std::move(ballot));

  // 9.7.13.10 match.sync: "match.any.sync.type d, a, membermask",
  // "match.all.sync.type d[|p], a, membermask", ".type = { .b32, .b64 }";
  // "Operand a has instruction type and d has .b32 type"; "The sink symbol
  // '_' may be used in place of any one of the destination operands" (of
  // .all). ptxas 13.0 refuses a .f32 register for d and the sink for the d
  // of .any: d is taken as an integer (.u32, 9.4). "Introduced in PTX ISA
  // version 6.0"; "Requires sm_70 or higher".
  specs.push_back(
      entry("9.7.13.10", "match.any.sync.type d, a, membermask", "match",
            {required(".mode", {".any"}), required(".sync", {".sync"}), required(".type", {".b32", ".b64"})},
            {destOfType("d", ".u32"), typedValue("a"), membermask()}, {}, {6, 0}, TargetRequirement::atLeast(70)));
  specs.push_back(
      entry("9.7.13.10", "match.all.sync.type d[|p], a, membermask", "match",
            {required(".mode", {".all"}), required(".sync", {".sync"}), required(".type", {".b32", ".b64"})},
            {withOptionalPredicate(destOfType("d", ".u32")), typedValue("a"), membermask()}, {}, {6, 0},
            TargetRequirement::atLeast(70)));

  // 9.7.13.11 activemask: "activemask.b32 d"; "Destination d is a 32-bit
  // destination register"; "Introduced in PTX ISA version 6.2"; "Requires
  // sm_30 or higher".
  specs.push_back(entry("9.7.13.11", "activemask.b32 d", "activemask", {required(".type", {".b32"})}, {typedDest("d")},
                        {}, {6, 2}, TargetRequirement::atLeast(30)));

  // 9.7.13.12 redux.sync: "Introduced in PTX ISA version 7.0"; "Requires
  // sm_80 or higher". ptxas 13.0 refuses .f32 registers for dst and src of
  // the .b32 line: they are taken as integers (.u32, 9.4).
  specs.push_back(entry(
      "9.7.13.12", "redux.sync.op.type dst, src, membermask", "redux",
      {required(".sync", {".sync"}), required(".op", {".add", ".min", ".max"}), required(".type", {".u32", ".s32"})},
      {typedDest("dst"), typedValue("src"), membermask()}, {}, {7, 0}, TargetRequirement::atLeast(80)));
  specs.push_back(
      entry("9.7.13.12", "redux.sync.op.b32 dst, src, membermask", "redux",
            {required(".sync", {".sync"}), required(".op", {".and", ".or", ".xor"}), required(".type", {".b32"})},
            {destOfType("dst", ".u32"), valueOfType("src", ".u32"), membermask()}, {}, {7, 0},
            TargetRequirement::atLeast(80)));
  // "redux.sync.op{.abs.}{.NaN}.f32 dst, src, membermask", ".op = { .min,
  // .max }"; "Support for .f32 type is introduced in PTX ISA version 8.6";
  // ".f32 type requires sm_100a and is supported on sm_100f from PTX ISA
  // version 8.8"; "Qualifiers .abs and .NaN require sm_100a and are supported
  // on sm_100f or higher in the same family from PTX ISA version 8.8".
  std::vector<TargetRequirement> sm100a_or_f = {TargetRequirement::archSpecific(100),
                                                TargetRequirement::familySpecific(100)};
  specs.push_back(entry("9.7.13.12", "redux.sync.op{.abs}{.NaN}.f32 dst, src, membermask", "redux",
                        {required(".sync", {".sync"}), required(".op", {".min", ".max"}), optional(".abs", {".abs"}),
                         optional(".NaN", {".NaN"}), required(".type", {".f32"})},
                        {typedDest("dst"), typedValue("src"), membermask()}, {}, {8, 6}, TargetRequirement::atLeast(80),
                        {{.slot = ".type", .targets = sm100a_or_f, .family_from = {8, 8}},
                         {.slot = ".abs", .targets = sm100a_or_f, .family_from = {8, 8}},
                         {.slot = ".NaN", .targets = sm100a_or_f, .family_from = {8, 8}}}));

  // 9.7.13.13 griddepcontrol: "griddepcontrol.action", ".action = {
  // .launch_dependents, .wait }"; "Introduced in PTX ISA version 7.8";
  // "Requires sm_90 or higher".
  specs.push_back(entry("9.7.13.13", "griddepcontrol.action", "griddepcontrol",
                        {required(".action", {".launch_dependents", ".wait"})}, {}, {}, {7, 8},
                        TargetRequirement::atLeast(90)));

  // 9.7.13.14 elect.sync: "elect.sync d|p, membermask"; "laneid of the
  // elected thread is returned in the 32-bit destination operand d. The sink
  // symbol '_' can be used for destination operand d" (not for p: ptxas
  // 13.0 "Predicate output expected"; nor a .f32 register: d is .u32);
  // "Introduced in PTX ISA version 8.0"; "Requires sm_90 or higher".
  specs.push_back(entry("9.7.13.14", "elect.sync d|p, membermask", "elect", {required(".sync", {".sync"})},
                        {sinks(withPredicate(destOfType("d", ".u32")), true, false), membermask()}, {}, {8, 0},
                        TargetRequirement::atLeast(90)));
  return specs;
}

}  // namespace ptxlint::spec
