// Writing the instruction tables as C++ constant data (#27): the builders of
// spec/sections.h run when ptxlint is built, and what they build is written
// out as constexpr arrays that the library reads in place
// (build/generated/frozen_tables.cpp, spec/families.h). Linked only into the
// freezer (spec/freeze_tables.cpp) and the tests.
#pragma once

#include <string>
#include <vector>

#include "spec/spec.h"

namespace ptxlint::spec {

// The whole generated source: every family of spec/families.h, built, each
// list written once however many entries share it.
std::string freezeTables(const std::vector<std::vector<InstructionSpec>>& families);

// The names index of spec/families.h (FrozenOpcode) as the builders' entries
// give it: entries as (family, index in the family).
struct BuiltName {
  std::vector<std::string_view> words;
  std::vector<std::pair<std::size_t, std::size_t>> entries;
};
struct OpcodeNames {
  std::string_view opcode;
  std::vector<BuiltName> names;
};
std::vector<OpcodeNames> namesByOpcode(const std::vector<std::vector<InstructionSpec>>& families);

// An entry written out in full, every list inline: two entries with the same
// text are the same entry (the test that the frozen tables are the builders').
std::string entryText(const InstructionSpec& entry);

}  // namespace ptxlint::spec
