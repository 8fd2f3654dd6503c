// The registry reads each family of tables as frozen constant data
// (src/spec/families.h, written at build time by spec/freeze_tables.cpp): its
// list of opcodes per family must name exactly the opcodes of the family's
// entries, or an instruction would find no entries (a silent "unchecked"),
// and the frozen entries must be exactly what the builders build.
#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "spec/families.h"
#include "spec/freeze.h"
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
  std::vector<std::string_view> lists = familyOpcodeLists();
  REQUIRE(lists.size() == kFamilyCount);
  std::size_t entries = 0;
  for (std::size_t i = 0; i < kFamilyCount; ++i) {
    std::vector<InstructionSpec> family = buildFamily(i);
    entries += family.size();
    INFO("family " << i << ": " << lists[i]);
    CHECK(words(lists[i]) == opcodesOf(family));
  }
  CHECK(allInstructionSpecs().size() == entries);
}

// Written out in full (every list inline), each frozen entry is the text of
// the entry its builder builds now: a table changed without the build
// writing frozen_tables.cpp again, a field the freezer leaves out or a list
// it writes wrongly all fail here.
TEST_CASE("registry: the frozen tables are what the builders build") {
  using namespace ptxlint::spec;
  std::size_t compared = 0;
  for (std::size_t i = 0; i < kFamilyCount; ++i) {
    std::vector<InstructionSpec> built = buildFamily(i);
    std::span<const InstructionSpec> frozen = kFrozenFamilies[i];
    INFO("family " << kFamilies[i].builder);
    REQUIRE(frozen.size() == built.size());
    for (std::size_t k = 0; k < built.size(); ++k) {
      INFO("entry " << k << ": " << built[k].syntax);
      CHECK(entryText(frozen[k]) == entryText(built[k]));
      ++compared;
    }
  }
  CHECK(compared > 600);
  // The text is deep: an entry differing in one nested value differs.
  std::vector<InstructionSpec> family = buildFamily(2);  // ld, st
  InstructionSpec changed = family.front();
  std::string before = entryText(changed);
  REQUIRE(!changed.operands.empty());
  OperandSpec first = changed.operands[0];
  first.max_value = 7;
  changed.operands = {first};
  CHECK(entryText(changed) != before);
}

// The frozen names index is the one the builders' entries give: the same
// opcodes, names and words, and the same entries (as family and index).
TEST_CASE("registry: the frozen names index is what the builders' entries give") {
  using namespace ptxlint::spec;
  std::vector<std::vector<InstructionSpec>> families;
  for (std::size_t i = 0; i < kFamilyCount; ++i) families.push_back(buildFamily(i));
  std::vector<OpcodeNames> built = namesByOpcode(families);
  REQUIRE(kFrozenOpcodes.size() == built.size());
  auto placeOf = [](const InstructionSpec* s) {
    for (std::size_t i = 0; i < kFamilyCount; ++i) {
      if (s >= kFrozenFamilies[i].data() && s < kFrozenFamilies[i].data() + kFrozenFamilies[i].size()) {
        return std::pair<std::size_t, std::size_t>(i, static_cast<std::size_t>(s - kFrozenFamilies[i].data()));
      }
    }
    return std::pair<std::size_t, std::size_t>(kFamilyCount, 0);
  };
  std::size_t entries = 0;
  for (std::size_t o = 0; o < built.size(); ++o) {
    const FrozenOpcode& frozen = kFrozenOpcodes[o];
    INFO("opcode " << built[o].opcode);
    CHECK(frozen.opcode == built[o].opcode);
    REQUIRE(frozen.names.size() == built[o].names.size());
    for (std::size_t n = 0; n < built[o].names.size(); ++n) {
      CHECK(std::vector<std::string_view>(frozen.names[n].words.begin(), frozen.names[n].words.end()) ==
            built[o].names[n].words);
      std::vector<std::pair<std::size_t, std::size_t>> places;
      for (const InstructionSpec* s : frozen.names[n].specs) places.push_back(placeOf(s));
      CHECK(places == built[o].names[n].entries);
      entries += places.size();
    }
  }
  // Every entry is reached by exactly one name.
  CHECK(entries == allInstructionSpecs().size());
}

TEST_CASE("registry: an instruction finds the entries of the longest documented name") {
  std::size_t name_words = 0;
  std::vector<std::string_view> tensor = {"cp", "async", "bulk", "tensor", "2d"};
  auto bulk = ptxlint::spec::findInstructionSpecs(tensor, name_words);
  CHECK(name_words == 4);  // cp.async.bulk.tensor, not cp.async.bulk or cp.async
  REQUIRE(!bulk.empty());
  for (const auto* s : bulk) CHECK(s->opcode == "cp.async.bulk.tensor");
  std::vector<std::string_view> unknown = {"nosuch", "op"};
  CHECK(ptxlint::spec::findInstructionSpecs(unknown, name_words).empty());
  CHECK(name_words == 0);
}
