// The families of instruction tables: one builder per group of manual
// sections (spec/sections.h), and the opcodes, the first dotted word, of its
// entries. The builders run when ptxlint is built (spec/freeze_tables.cpp);
// the library reads each family as frozen constant data, in this order
// (build/generated/frozen_tables.cpp). A unit test checks the opcode lists
// against the entries, and the frozen entries against the builders'.
#pragma once

#include <cstddef>
#include <iterator>
#include <span>
#include <string_view>
#include <vector>

#include "spec/spec.h"

namespace ptxlint::spec {

struct FamilyInfo {
  std::string_view builder;  // the builder's name (spec/sections.h)
  std::string_view opcodes;  // separated by spaces
};

constexpr FamilyInfo kFamilies[] = {
    {"asyncCopySpecs", "cp"},
    {"bulkReduceMultimemSpecs", "cp multimem red"},
    {"memorySpecs", "ld st"},
    {"arithmeticSpecs",
     "abs add addc and bfe bfi bfind bmsk brev clz cnot copysign cos div dp2a dp4a ex2 fma fns lg2 lop3 mad mad24 "
     "madc max min mov mul mul24 neg not or popc prmt rcp rem rsqrt sad selp set setp shf shl shr sin slct sqrt "
     "sub subc szext tanh testp xor"},
    {"controlFlowSpecs", "alloca bra brkpt brx call exit nanosleep pmevent ret setmaxnreg stackrestore stacksave trap"},
    {"synchronizationSpecs", "activemask bar barrier elect fence griddepcontrol match membar redux shfl vote"},
    {"conversionSpecs", "cvt cvta getctarank isspacep mapa"},
    {"atomicsSpecs", "atom red"},
    {"mbarrierSpecs", "mbarrier"},
    {"tensorCopySpecs", "cp"},
    {"tensormapClusterSpecs", "clusterlaunchcontrol tensormap"},
    {"asyncStoreSpecs", "multimem st"},
    {"cacheControlSpecs", "applypriority createpolicy discard ldu prefetch prefetchu"},
    {"warpMatrixSpecs", "ldmatrix movmatrix stmatrix wmma"},
    {"warpgroupMatrixSpecs", "wgmma"},
    {"tcgen05Specs", "tcgen05"},
    {"textureSurfaceSpecs", "istypep suld suq sured sust tex tld4 txq"},
    {"videoSpecs",
     "vabsdiff vabsdiff2 vabsdiff4 vadd vadd2 vadd4 vavrg2 vavrg4 vmad vmax vmax2 vmax4 vmin vmin2 vmin4 vset vset2 "
     "vset4 vshl vshr vsub vsub2 vsub4"},
    {"mmaSpecs", "mma"},
};
constexpr std::size_t kFamilyCount = std::size(kFamilies);

// Instruction names of chapter 9.7 that are longer than another name they
// start with. An instruction is judged only by the entries of the longest
// documented name it starts with, so `cp.async.bulk.tensor...` is never
// checked against the `cp.async.bulk` entries (and stays unchecked until it
// has entries of its own).
//
// `ld.global.nc` (9.7.9.9) is no such name: ptxas takes its qualifiers in any
// order (`ld.nc.global`, `ld.global.ca.nc`), so its blocks are `ld` entries.
inline constexpr std::string_view kDocumentedNames[] = {"cp.async",
                                                        "cp.async.commit_group",
                                                        "cp.async.wait_group",
                                                        "cp.async.wait_all",
                                                        "cp.async.mbarrier.arrive",
                                                        "cp.async.bulk",
                                                        "cp.async.bulk.commit_group",
                                                        "cp.async.bulk.wait_group",
                                                        "cp.async.bulk.prefetch",
                                                        "cp.async.bulk.prefetch.tensor",
                                                        "cp.async.bulk.tensor",
                                                        "cp.reduce.async.bulk",
                                                        "cp.reduce.async.bulk.tensor",
                                                        "multimem.ld_reduce",
                                                        "multimem.st",
                                                        "multimem.red",
                                                        "multimem.cp.async.bulk",
                                                        "multimem.cp.reduce.async.bulk",
                                                        "red",
                                                        "red.async",
                                                        "ld",
                                                        "st",
                                                        "st.async",
                                                        "st.bulk",
                                                        "mbarrier.init",
                                                        "mbarrier.arrive",
                                                        "mbarrier.arrive_drop",
                                                        "mbarrier.expect_tx",
                                                        "mbarrier.complete_tx",
                                                        "tensormap.replace",
                                                        "tensormap.cp_fenceproxy",
                                                        "wgmma.mma_async",
                                                        "wgmma.mma_async.sp",
                                                        "tcgen05.mma",
                                                        "tcgen05.mma.ws",
                                                        "tcgen05.mma.sp",
                                                        "tcgen05.mma.ws.sp",
                                                        "tcgen05.ld.red",
                                                        "add.cc",
                                                        "sub.cc"};

// The frozen entries of each family (generated).
extern const std::span<const InstructionSpec> kFrozenFamilies[kFamilyCount];

// Runs family `i`'s builder. Only in programs linked with the builders (the
// freezer and the tests).
std::vector<InstructionSpec> buildFamily(std::size_t i);

// The names an instruction may start with, per opcode: each documented name
// and entry opcode of that first word, split into dotted words ("mbarrier",
// "arrive"), with the entries whose opcode it is (none for a documented name
// that no entry has). Frozen like the families, sorted by opcode.
struct FrozenName {
  List<std::string_view> words{};
  List<const InstructionSpec*> specs{};
};
struct FrozenOpcode {
  std::string_view opcode{};
  List<FrozenName> names{};
};
extern const std::span<const FrozenOpcode> kFrozenOpcodes;

}  // namespace ptxlint::spec
