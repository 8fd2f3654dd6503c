// PTX ISA 9.7.9.27.1.2 cp.async.bulk.tensor, 9.7.9.27.1.4
// cp.async.bulk.prefetch.tensor and 9.7.9.27.2 cp.async.bulk.commit_group /
// cp.async.bulk.wait_group (../shared/ptx-manual-9.1/9_instruction_set/
// 97_instructions/979_data_movement_and_conversion_instructions/97927_...).
//
// Each syntax block is split by its .load_mode, whose operands differ:
// "The format of vector argument tensorCoords is dependent on .load_mode"
// (5 coordinates for .tile::gather4/.tile::scatter4, .dim ones otherwise) and
// "The vector operand im2colInfo can be specified only when .load_mode is
// .im2col or .im2col::w or .im2col::w::128" (ptxas 13.0 requires it then:
// "Arguments mismatch" without it).
#include "spec/sections.h"

namespace ptxlint::spec {
namespace {

const Values kDims = {".1d", ".2d", ".3d", ".4d", ".5d"};
const Values kMbarrier = {".mbarrier::complete_tx::bytes"};
const Values kCacheHint = {".L2::cache_hint"};
const Values kCtaGroup = {".cta_group::1", ".cta_group::2"};

OperandSpec cachePolicy() { return withQualifier(value("cache-policy", 64), ".level::cache_hint"); }

// Target ISA Notes: "Qualifier .tile::scatter4 / .im2col::w::128 / .cta_group
// is supported on following architectures: sm_100a, sm_101a (Renamed to
// sm_110a from PTX ISA version 9.0), And is supported on following
// family-specific architectures from PTX ISA version 8.8: sm_100f or higher in
// the same family, sm_101f or higher in the same family (Renamed to sm_110f
// from PTX ISA version 9.0)"; "Support for qualifier[s] ... introduced in PTX
// ISA version 8.6".
FeatureNote sm100Family(std::string_view slot, Values values) {
  return {.slot = slot,
          .values = std::move(values),
          .introduced = {8, 6},
          .targets = {TargetRequirement::archSpecific(100), TargetRequirement::archSpecific(110),
                      TargetRequirement::familySpecific(100), TargetRequirement::familySpecific(110)},
          .family_from = {8, 8}};
}

// "Qualifiers .tile::gather4 and .im2col::w require: sm_100a when destination
// state space is .shared::cluster and is supported on sm_100f from PTX ISA
// version 8.8; sm_100 or higher when destination state space is .shared::cta."
FeatureNote gatherOrW(std::string_view dst, Values values) {
  FeatureNote note{.slot = ".load_mode", .values = std::move(values), .introduced = {8, 6}};
  if (dst == ".shared::cta") {
    note.targets = {TargetRequirement::atLeast(100)};
  } else {
    // ptxas 13.0 also accepts sm_110a and sm_110f here (as for .tile::scatter4
    // and .cta_group, whose notes name sm_101a/sm_110f): ptxlint accepts what
    // ptxas accepts (tests/golden/tma/tensor-copy-targets-sm110f-9.0.ptx).
    note.targets = {TargetRequirement::archSpecific(100), TargetRequirement::familySpecific(100),
                    TargetRequirement::archSpecific(110), TargetRequirement::familySpecific(110)};
    note.family_from = {8, 8};
  }
  return note;
}

// ".multicast::cluster qualifier advised to be used with .target sm_90a or
// sm_100f or sm_100a or sm_103f or sm_103a or sm_110f or sm_110a".
FeatureNote multicastAdvice() {
  return {.slot = ".multicast",
          .targets = {TargetRequirement::archSpecific(90), TargetRequirement::familySpecific(100),
                      TargetRequirement::archSpecific(100), TargetRequirement::familySpecific(103),
                      TargetRequirement::archSpecific(103), TargetRequirement::familySpecific(110),
                      TargetRequirement::archSpecific(110)},
          .advisory = true};
}

// "In .im2col and .im2col::* modes, the tensor has to be at least 3-dimensional."
Constraint atLeast3d(Values modes) {
  return implies({{".load_mode", std::move(modes)}}, {".dim", {".3d", ".4d", ".5d"}},
                 "in .im2col modes the tensor has at least 3 dimensions");
}
// .tile::gather4 / .tile::scatter4: "four rows in 2-dimnesional source tensor"
// (ptxas: "Modifier '.3d' cannot be combined with modifier '.tile::gather4'").
Constraint only2d(Values modes) {
  return implies({{".load_mode", std::move(modes)}}, {".dim", {".2d"}},
                 ".tile::gather4 and .tile::scatter4 work on a 2-dimensional tensor");
}

enum class Mode : std::uint8_t { Tile, Gather4, Im2col, Im2colW };

// What a .load_mode brings to cp.async.bulk.tensor (with [mbar]) and to
// cp.async.bulk.prefetch.tensor (without): its qualifier, the tensor
// address, the im2col offsets and the dimensions it needs.
void addLoadMode(InstructionSpec& s, Mode mode, bool with_mbar) {
  switch (mode) {
    case Mode::Tile:
      s.qualifiers.push_back(optional(".load_mode", {".tile"}));
      s.operands.push_back(tensorAddress("[tensorMap, tensorCoords]"));
      break;
    case Mode::Gather4:
      s.qualifiers.push_back(required(".load_mode", {".tile::gather4"}));
      s.operands.push_back(tensorAddressOf("[tensorMap, tensorCoords]", 5));
      s.constraints.push_back(only2d({".tile::gather4"}));
      break;
    case Mode::Im2col:
      s.qualifiers.push_back(required(".load_mode", {".im2col"}));
      s.operands.push_back(tensorAddress("[tensorMap, tensorCoords]"));
      s.constraints.push_back(atLeast3d({".im2col"}));
      break;
    case Mode::Im2colW:
      s.qualifiers.push_back(required(".load_mode", {".im2col::w", ".im2col::w::128"}));
      s.operands.push_back(tensorAddress("[tensorMap, tensorCoords]"));
      s.constraints.push_back(atLeast3d({".im2col::w", ".im2col::w::128"}));
      break;
  }
  if (with_mbar) s.operands.push_back(sharedAddress("mbar"));
  // "{ i2cOffW , i2cOffH , i2cOffD } for .dim = .5d: A vector of im2col
  // offsets whose vector size is two less than number of dimensions .dim"
  // (16-bit, as the manual's example declares them: .reg .u16 i2cOffW);
  // .im2col::w: "{ wHalo, wOffset }: A vector of 2 arguments", each "a
  // 16bit unsigned integer".
  if (mode == Mode::Im2col) s.operands.push_back(vectorOfDimLess("im2colInfo", 16, 2));
  if (mode == Mode::Im2colW) s.operands.push_back(vectorOf("im2colInfo", 16, 2));
}

// global -> shared::cta and global -> shared::cluster, one .load_mode group.
InstructionSpec loadBlock(std::string_view dst, Mode mode) {
  bool cluster = dst == ".shared::cluster";
  InstructionSpec s{
      .section = "9.7.9.27.1.2",
      .syntax = cluster ? "cp.async.bulk.tensor.dim.dst.src{.load_mode}.completion_mechanism{.multicast}{.cta_group}"
                          "{.level::cache_hint} [dstMem], [tensorMap, tensorCoords], [mbar]{, im2colInfo} "
                          "{, ctaMask} {, cache-policy}"
                        : "cp.async.bulk.tensor.dim.dst.src{.load_mode}.completion_mechanism{.cta_group}"
                          "{.level::cache_hint} [dstMem], [tensorMap, tensorCoords], [mbar]{, im2colInfo} "
                          "{, cache-policy}",
      .opcode = "cp.async.bulk.tensor",
      .qualifiers = {required(".dim", kDims), space(".dst", {dst}), space(".src", {".global"})},
      .operands = {address("dstMem")},
      .introduced = {8, 0},
      .target = TargetRequirement::atLeast(90),
  };
  addLoadMode(s, mode, /*with_mbar=*/true);
  if (mode == Mode::Gather4) s.notes.push_back(gatherOrW(dst, {".tile::gather4"}));
  if (mode == Mode::Im2colW) {
    s.notes.push_back(gatherOrW(dst, {".im2col::w"}));
    s.notes.push_back(sm100Family(".load_mode", {".im2col::w::128"}));
  }
  s.qualifiers.push_back(required(".completion_mechanism", kMbarrier));
  if (cluster) {
    // "Operand ctaMask specifies the destination CTAs ... the 16-bit ctaMask operand".
    s.qualifiers.push_back(optional(".multicast", {".multicast::cluster"}));
    s.operands.push_back(withQualifier(value("ctaMask", 16), ".multicast"));
    s.notes.push_back(multicastAdvice());
  }
  s.qualifiers.push_back(optional(".cta_group", kCtaGroup));
  s.qualifiers.push_back(optional(".level::cache_hint", kCacheHint));
  s.operands.push_back(cachePolicy());
  s.notes.push_back(sm100Family(".cta_group", {}));
  // "Support for .shared::cta as destination state space is introduced in PTX ISA version 8.6."
  if (!cluster) s.notes.push_back({.slot = ".dst", .introduced = {8, 6}});
  return s;
}

}  // namespace

std::vector<InstructionSpec> tensorCopySpecs() {
  std::vector<InstructionSpec> specs;

  // 9.7.9.27.1.2 cp.async.bulk.tensor: global -> shared::cta, global -> shared::cluster
  for (std::string_view dst : {".shared::cta", ".shared::cluster"}) {
    for (Mode mode : {Mode::Tile, Mode::Gather4, Mode::Im2col, Mode::Im2colW}) {
      specs.push_back(loadBlock(dst, mode));
    }
  }
  // shared::cta -> global: ".load_mode = { .tile, .tile::scatter4, .im2col_no_offs }";
  // "im2colInfo is not applicable" with .im2col_no_offs.
  for (bool scatter : {false, true}) {
    InstructionSpec s{
        .section = "9.7.9.27.1.2",
        .syntax =
            "cp.async.bulk.tensor.dim.dst.src{.load_mode}.completion_mechanism{.level::cache_hint} "
            "[tensorMap, tensorCoords], [srcMem] {, cache-policy}",
        .opcode = "cp.async.bulk.tensor",
        .qualifiers = {required(".dim", kDims), space(".dst", {".global"}), space(".src", {".shared::cta"}),
                       scatter ? required(".load_mode", {".tile::scatter4"})
                               : optional(".load_mode", {".tile", ".im2col_no_offs"}),
                       required(".completion_mechanism", {".bulk_group"}), optional(".level::cache_hint", kCacheHint)},
        .operands = {scatter ? tensorAddressOf("[tensorMap, tensorCoords]", 5)
                             : tensorAddress("[tensorMap, tensorCoords]"),
                     address("srcMem"), cachePolicy()},
        .constraints = {scatter ? only2d({".tile::scatter4"}) : atLeast3d({".im2col_no_offs"})},
        .introduced = {8, 0},
        .target = TargetRequirement::atLeast(90),
    };
    if (scatter) s.notes.push_back(sm100Family(".load_mode", {".tile::scatter4"}));
    specs.push_back(std::move(s));
  }

  // 9.7.9.27.1.4 cp.async.bulk.prefetch.tensor
  // "cp.async.bulk.prefetch.tensor.dim.L2.src{.load_mode}{.level::cache_hint}
  // [tensorMap, tensorCoords] {, im2colInfo } {, cache-policy}"
  for (Mode mode : {Mode::Tile, Mode::Gather4, Mode::Im2col, Mode::Im2colW}) {
    InstructionSpec s{
        .section = "9.7.9.27.1.4",
        .syntax =
            "cp.async.bulk.prefetch.tensor.dim.L2.src{.load_mode}{.level::cache_hint} "
            "[tensorMap, tensorCoords] {, im2colInfo } {, cache-policy}",
        .opcode = "cp.async.bulk.prefetch.tensor",
        .qualifiers = {required(".dim", kDims), required(".L2", {".L2"}), space(".src", {".global"})},
        .operands = {},
        .introduced = {8, 0},
        .target = TargetRequirement::atLeast(90),
    };
    addLoadMode(s, mode, /*with_mbar=*/false);
    // "Qualifier .tile::gather4 is supported on following architectures: sm_100a, sm_101a ..."
    if (mode == Mode::Gather4) s.notes.push_back(sm100Family(".load_mode", {".tile::gather4"}));
    if (mode == Mode::Im2colW) s.notes.push_back(sm100Family(".load_mode", {".im2col::w", ".im2col::w::128"}));
    s.qualifiers.push_back(optional(".level::cache_hint", kCacheHint));
    s.operands.push_back(cachePolicy());
    specs.push_back(std::move(s));
  }

  // 9.7.9.27.2.1 cp.async.bulk.commit_group: "Introduced in PTX ISA version
  // 8.0"; "Requires sm_90 or higher".
  specs.push_back({.section = "9.7.9.27.2.1",
                   .syntax = "cp.async.bulk.commit_group",
                   .opcode = "cp.async.bulk.commit_group",
                   .qualifiers = {},
                   .operands = {},
                   .introduced = {8, 0},
                   .target = TargetRequirement::atLeast(90)});
  // 9.7.9.27.2.2 cp.async.bulk.wait_group: "cp.async.bulk.wait_group{.read} N";
  // "Operand N is an integer constant" (ptxas takes any, -1 included).
  specs.push_back({.section = "9.7.9.27.2.2",
                   .syntax = "cp.async.bulk.wait_group{.read} N",
                   .opcode = "cp.async.bulk.wait_group",
                   .qualifiers = {optional(".read", {".read"})},
                   .operands = {immediate("N")},
                   .introduced = {8, 0},
                   .target = TargetRequirement::atLeast(90)});
  return specs;
}

}  // namespace ptxlint::spec
