// The registry reads each family of tables as frozen constant data
// (src/spec/families.h, written at build time by spec/freeze_tables.cpp): its
// list of opcodes per family must name exactly the opcodes of the family's
// entries, or an instruction would find no entries (a silent "unchecked"),
// and the frozen entries must be exactly what the builders build.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "spec/deviations.h"
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

TEST_CASE("registry: a type qualifier's width is the manual's, and no other word has one") {
  using ptxlint::spec::typeQualifierBits;
  // 5.2.1 fundamental types, 5.2.5 packed types, 5.2.3 alternate formats.
  const std::pair<std::string, unsigned> known[] = {
      {".b8", 8},    {".u8", 8},      {".s8", 8},      {".e4m3", 8},   {".e5m2", 8},    {".b16", 16},
      {".u16", 16},  {".s16", 16},    {".f16", 16},    {".bf16", 16},  {".e4m3x2", 16}, {".e5m2x2", 16},
      {".b32", 32},  {".u32", 32},    {".s32", 32},    {".f32", 32},   {".f16x2", 32},  {".bf16x2", 32},
      {".tf32", 32}, {".e4m3x4", 32}, {".e5m2x4", 32}, {".b64", 64},   {".u64", 64},    {".s64", 64},
      {".f64", 64},  {".f32x2", 64},  {".u16x2", 32},  {".s16x2", 32}, {".b128", 128}};
  std::set<std::string> names;
  for (const auto& [name, bits] : known) {
    CHECK(typeQualifierBits(name) == bits);
    names.insert(name);
  }
  // Every word one edit away from a known one (a letter dropped, changed
  // or added, from the alphabet of type names) that is not itself known.
  const std::string alphabet = ".bfsutem0123456789x2";
  std::size_t tried = 0;
  for (const auto& [name, bits] : known) {
    std::vector<std::string> near;
    for (std::size_t i = 0; i <= name.size(); ++i) {
      if (i < name.size()) near.push_back(name.substr(0, i) + name.substr(i + 1));
      for (char c : alphabet) {
        near.push_back(name.substr(0, i) + c + name.substr(i));
        if (i < name.size()) near.push_back(name.substr(0, i) + c + name.substr(i + 1));
      }
    }
    for (const std::string& w : near) {
      if (names.count(w) != 0) continue;
      INFO(w);
      CHECK(typeQualifierBits(w) == 0);
      ++tried;
    }
  }
  CHECK(tried > 5000);
  for (std::string_view w : {"", ".", "b32", ".pred", ".f8", ".b16x2", ".u32x2", ".e2m1", ".e4m3x8", ".s128"}) {
    CHECK(typeQualifierBits(w) == 0);
  }
}

TEST_CASE("registry: the deviation index lists, for an opcode, the entries that may concern it, in table order") {
  using namespace ptxlint::spec;
  const std::span<const Deviation> table = deviations();
  // Whether `d` names `word` as the first word of one of its '|'
  // alternatives (read here without the index's code).
  auto names = [](const Deviation& d, const std::string& word) {
    if (d.mnemonic.starts_with(".")) return false;
    std::string list(d.mnemonic);
    std::size_t at = 0;
    while (true) {
      std::size_t bar = list.find('|', at);
      std::string one = list.substr(at, bar == std::string::npos ? std::string::npos : bar - at);
      if (one.substr(0, one.find('.')) == word) return true;
      if (bar == std::string::npos) return false;
      at = bar + 1;
    }
  };
  std::set<std::string> opcodes = {"*", "add", "nosuchop", "zzz", "a", ""};
  for (const Deviation& d : table) {
    std::string list(d.mnemonic);
    for (std::size_t at = 0;;) {
      std::size_t bar = list.find('|', at);
      std::string one = list.substr(at, bar == std::string::npos ? std::string::npos : bar - at);
      if (!one.starts_with(".")) opcodes.insert(one.substr(0, one.find('.')));
      if (bar == std::string::npos) break;
      at = bar + 1;
    }
  }
  std::size_t listed = 0;
  for (const std::string& op : opcodes) {
    bool named = op != "*" && std::any_of(table.begin(), table.end(), [&](const Deviation& d) { return names(d, op); });
    std::string key = named ? op : "*";
    std::vector<std::uint16_t> want;
    bool stricter = false, laxer = false;
    for (std::size_t i = 0; i < table.size(); ++i) {
      if (names(table[i], key) || (key != "*" && table[i].mnemonic == "*")) {
        want.push_back(static_cast<std::uint16_t>(i));
        (table[i].direction == DeviationDirection::PtxasStricter ? stricter : laxer) = true;
      }
    }
    INFO(op);
    const DeviationWord* got = deviationCandidates(op);
    if (want.empty()) {
      CHECK(got == nullptr);
      continue;
    }
    REQUIRE(got != nullptr);
    CHECK(std::vector<std::uint16_t>(got->entries().begin(), got->entries().end()) == want);
    CHECK(got->stricter == stricter);
    CHECK(got->laxer == laxer);
    listed += want.size();
  }
  CHECK(opcodes.size() > 10);
  CHECK(listed > table.size() / 2);
}
