// The registry builds a family of tables only when an instruction with one
// of its opcodes is checked (src/spec/registry.cpp): its list of opcodes per
// family must name exactly the opcodes of the family's entries, or an
// instruction would find no entries (a silent "unchecked") or build a family
// for nothing.
#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "spec/sections.h"
#include "spec/spec.h"

namespace {

std::set<std::string> words(std::string_view list) {
  std::set<std::string> out;
  while (!list.empty()) {
    std::size_t space = list.find(' ');
    out.emplace(list.substr(0, space));
    if (space == std::string_view::npos) break;
    list.remove_prefix(space + 1);
  }
  return out;
}

std::set<std::string> opcodesOf(const std::vector<ptxlint::spec::InstructionSpec>& entries) {
  std::set<std::string> out;
  for (const auto& e : entries) out.emplace(e.opcode.substr(0, e.opcode.find('.')));
  return out;
}

}  // namespace

TEST_CASE("registry: each family lists exactly the opcodes of its entries") {
  using namespace ptxlint::spec;
  // In the registry's order (kFamilies).
  std::vector<std::vector<InstructionSpec> (*)()> builders = {
      asyncCopySpecs,        bulkReduceMultimemSpecs, memorySpecs,       arithmeticSpecs, controlFlowSpecs,
      synchronizationSpecs,  conversionSpecs,         atomicsSpecs,      mbarrierSpecs,   tensorCopySpecs,
      tensormapClusterSpecs, asyncStoreSpecs,         cacheControlSpecs, warpMatrixSpecs, warpgroupMatrixSpecs,
      tcgen05Specs,          textureSurfaceSpecs,     videoSpecs,        mmaSpecs};
  std::vector<std::string_view> lists = familyOpcodeLists();
  REQUIRE(lists.size() == builders.size());
  std::size_t entries = 0;
  for (std::size_t i = 0; i < builders.size(); ++i) {
    std::vector<InstructionSpec> family = builders[i]();
    entries += family.size();
    INFO("family " << i << ": " << lists[i]);
    CHECK(words(lists[i]) == opcodesOf(family));
  }
  CHECK(allInstructionSpecs().size() == entries);
}

TEST_CASE("registry: an instruction finds the entries of the longest documented name") {
  std::size_t name_words = 0;
  const auto& bulk = ptxlint::spec::findInstructionSpecs({"cp", "async", "bulk", "tensor", "2d"}, name_words);
  CHECK(name_words == 4);  // cp.async.bulk.tensor, not cp.async.bulk or cp.async
  REQUIRE(!bulk.empty());
  for (const auto* s : bulk) CHECK(s->opcode == "cp.async.bulk.tensor");
  CHECK(ptxlint::spec::findInstructionSpecs({"nosuch", "op"}, name_words).empty());
  CHECK(name_words == 0);
}
