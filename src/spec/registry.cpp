// All instruction tables, and the lookup from an instruction's dotted words
// to the entries that cover it.
#include <algorithm>
#include <string>

#include "spec/families.h"

namespace ptxlint::spec {

unsigned typeQualifierBits(std::string_view type) {
  // 5.2.1 fundamental types, 5.2.5 packed types, 5.2.3 alternate formats.
  // Asked several times for every operand an instruction's first check
  // types: a few compares of the type's own letter, not a walk of them all.
  if (type.size() < 3 || type.size() > 8 || type[0] != '.') return 0;
  std::string_view t = type.substr(1);
  auto width = [](std::string_view digits) -> unsigned {
    if (digits == "8") return 8;
    if (digits == "16") return 16;
    if (digits == "32") return 32;
    if (digits == "64") return 64;
    return 0;
  };
  switch (t[0]) {
    case 'b':
      if (t == "bf16") return 16;
      if (t == "bf16x2") return 32;
      if (t == "b128") return 128;
      return width(t.substr(1));
    case 'u':
    case 's':
      if (t.size() == 5 && t.substr(1) == "16x2") return 32;
      return width(t.substr(1));
    case 'f':
      if (t == "f16" || t == "f16x2") return t.size() == 3 ? 16 : 32;
      if (t == "f32" || t == "f64") return t[1] == '3' ? 32 : 64;
      if (t == "f32x2") return 64;
      return 0;
    case 't': return t == "tf32" ? 32 : 0;
    case 'e':
      if (t.size() < 4 || (t.substr(0, 4) != "e4m3" && t.substr(0, 4) != "e5m2")) return 0;
      if (t.size() == 4) return 8;
      if (t.size() == 6 && t[4] == 'x') return t[5] == '2' ? 16 : t[5] == '4' ? 32 : 0;
      return 0;
    default: return 0;
  }
}

namespace {

enum class TypeClass : std::uint8_t { Bits, Integer, PackedInteger, Float, Other };

TypeClass classOf(std::string_view type) {
  if (type == ".u16x2" || type == ".s16x2") return TypeClass::PackedInteger;
  if (type.size() < 2) return TypeClass::Other;
  switch (type[1]) {
    case 'b': return type.starts_with(".bf16") ? TypeClass::Float : TypeClass::Bits;
    case 'u':
    case 's': return TypeClass::Integer;
    case 'f': return TypeClass::Float;
    default: return TypeClass::Other;
  }
}

}  // namespace

bool typesAgree(std::string_view instruction, std::string_view declared) {
  if (instruction == declared) return true;
  unsigned bits = typeQualifierBits(instruction);
  if (bits == 0 || bits != typeQualifierBits(declared)) return false;
  TypeClass want = classOf(instruction);
  TypeClass have = classOf(declared);
  if (want == TypeClass::Bits || have == TypeClass::Bits) return true;
  if (want == TypeClass::Integer) return have == TypeClass::Integer;
  return false;  // floating-point and packed types: only themselves
}

std::string_view widenedType(std::string_view type) {
  static constexpr std::pair<std::string_view, std::string_view> kWide[] = {
      {".u16", ".u32"}, {".s16", ".s32"}, {".b16", ".b32"}, {".u32", ".u64"},
      {".s32", ".s64"}, {".b32", ".b64"}, {".f16", ".f32"}, {".f32", ".f64"}};
  for (const auto& [narrow, wide] : kWide) {
    if (narrow == type) return wide;
  }
  return {};
}

namespace {

// The names of `opcode` (spec/families.h); empty for an opcode no entry has.
std::span<const FrozenName> namesOf(std::string_view opcode) {
  auto it = std::lower_bound(kFrozenOpcodes.begin(), kFrozenOpcodes.end(), opcode,
                             [](const FrozenOpcode& o, std::string_view w) { return o.opcode < w; });
  if (it == kFrozenOpcodes.end() || it->opcode != opcode) return {};
  return {it->names.data(), it->names.size()};
}

}  // namespace

std::vector<const InstructionSpec*> allInstructionSpecs() {
  std::vector<const InstructionSpec*> all;
  for (std::span<const InstructionSpec> family : kFrozenFamilies) {
    for (const InstructionSpec& s : family) all.push_back(&s);
  }
  return all;
}

std::vector<std::string_view> familyOpcodeLists() {
  std::vector<std::string_view> lists;
  for (const FamilyInfo& f : kFamilies) lists.push_back(f.opcodes);
  return lists;
}

std::vector<std::string_view> allOpcodes() {
  std::vector<std::string_view> all;
  for (const FamilyInfo& f : kFamilies) {
    for (std::string_view rest = f.opcodes; !rest.empty();) {
      std::size_t space = rest.find(' ');
      std::string_view opcode = rest.substr(0, space);
      if (std::find(all.begin(), all.end(), opcode) == all.end()) all.push_back(opcode);
      if (space == std::string_view::npos) break;
      rest.remove_prefix(space + 1);
    }
  }
  return all;
}

std::vector<std::vector<std::string_view>> instructionNames(std::string_view opcode) {
  std::vector<std::vector<std::string_view>> all;
  for (const FrozenName& name : namesOf(opcode)) {
    if (!name.specs.empty()) all.emplace_back(name.words.begin(), name.words.end());
  }
  return all;
}

EntryList findInstructionSpecs(std::span<const std::string_view> words, std::size_t& name_words) {
  // The longest documented name (or entry opcode) the instruction starts with.
  name_words = 0;
  if (words.empty()) return {};
  const FrozenName* longest = nullptr;
  for (const FrozenName& name : namesOf(words.front())) {
    if (name.words.size() > words.size() || (longest != nullptr && name.words.size() <= longest->words.size())) {
      continue;
    }
    if (std::equal(name.words.begin(), name.words.end(), words.begin())) longest = &name;
  }
  if (longest == nullptr) return {};
  name_words = longest->words.size();
  return {longest->specs.data(), longest->specs.size()};
}

}  // namespace ptxlint::spec
