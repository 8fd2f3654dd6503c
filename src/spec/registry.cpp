// All instruction tables, and the lookup from an instruction's dotted words
// to the entries that cover it.
#include <algorithm>
#include <array>
#include <iterator>
#include <string>
#include <unordered_map>

#include "spec/sections.h"

namespace ptxlint::spec {
namespace {

// Instruction names of chapter 9.7 that are longer than another name they
// start with. An instruction is judged only by the entries of the longest
// documented name it starts with, so `cp.async.bulk.tensor...` is never
// checked against the `cp.async.bulk` entries (and stays unchecked until it
// has entries of its own).
//
// `ld.global.nc` (9.7.9.9) is no such name: ptxas takes its qualifiers in any
// order (`ld.nc.global`, `ld.global.ca.nc`), so its blocks are `ld` entries.
constexpr std::array<std::string_view, 40> kDocumentedNames = {"cp.async",
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

std::vector<std::string_view> splitName(std::string_view name) {
  std::vector<std::string_view> words;
  std::size_t begin = 0;
  for (;;) {
    std::size_t dot = name.find('.', begin);
    words.push_back(name.substr(begin, dot - begin));
    if (dot == std::string_view::npos) break;
    begin = dot + 1;
  }
  return words;
}

std::vector<InstructionSpec> buildAll() {
  // Each family's entries are moved, not copied: building the tables is
  // part of every process's start-up (ptxlint-ptxas runs once per kernel).
  using Family = std::vector<InstructionSpec> (*)();
  static constexpr Family kFamilies[] = {
      asyncCopySpecs,        bulkReduceMultimemSpecs, memorySpecs,       arithmeticSpecs, controlFlowSpecs,
      synchronizationSpecs,  conversionSpecs,         atomicsSpecs,      mbarrierSpecs,   tensorCopySpecs,
      tensormapClusterSpecs, asyncStoreSpecs,         cacheControlSpecs, warpMatrixSpecs, warpgroupMatrixSpecs,
      tcgen05Specs,          textureSurfaceSpecs,     videoSpecs,        mmaSpecs};
  std::vector<InstructionSpec> all;
  for (Family family : kFamilies) {
    std::vector<InstructionSpec> group = family();
    all.insert(all.end(), std::make_move_iterator(group.begin()), std::make_move_iterator(group.end()));
  }
  return all;
}

}  // namespace

unsigned typeQualifierBits(std::string_view type) {
  // 5.2.1 fundamental types, 5.2.5 packed types, 5.2.3 alternate formats.
  static constexpr std::pair<std::string_view, unsigned> kBits[] = {
      {".b8", 8},    {".u8", 8},      {".s8", 8},      {".e4m3", 8},   {".e5m2", 8},    {".b16", 16},
      {".u16", 16},  {".s16", 16},    {".f16", 16},    {".bf16", 16},  {".e4m3x2", 16}, {".e5m2x2", 16},
      {".b32", 32},  {".u32", 32},    {".s32", 32},    {".f32", 32},   {".f16x2", 32},  {".bf16x2", 32},
      {".tf32", 32}, {".e4m3x4", 32}, {".e5m2x4", 32}, {".b64", 64},   {".u64", 64},    {".s64", 64},
      {".f64", 64},  {".f32x2", 64},  {".u16x2", 32},  {".s16x2", 32}, {".b128", 128}};
  for (const auto& [name, bits] : kBits) {
    if (name == type) return bits;
  }
  return 0;
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

const std::vector<InstructionSpec>& allInstructionSpecs() {
  // Never destroyed: freeing a thousand entries at exit is time for nothing.
  static const std::vector<InstructionSpec>* specs = new std::vector<InstructionSpec>(buildAll());
  return *specs;
}

namespace {

// The names and entries above, split into dotted words and grouped by their
// first word (the opcode), so that a lookup compares an instruction with the
// few names of its own opcode only.
struct NameIndex {
  struct Name {
    std::vector<std::string_view> words;
    std::vector<const InstructionSpec*> specs;  // entries whose opcode is this name
  };
  std::unordered_map<std::string_view, std::vector<Name>> by_opcode;

  Name& name(std::string_view dotted) {
    std::vector<std::string_view> words = splitName(dotted);
    std::vector<Name>& names = by_opcode[words.front()];
    for (Name& n : names) {
      if (n.words == words) return n;
    }
    return names.emplace_back(Name{std::move(words), {}});
  }

  NameIndex() {
    for (std::string_view documented : kDocumentedNames) name(documented);
    for (const InstructionSpec& s : allInstructionSpecs()) name(s.opcode).specs.push_back(&s);
  }
};

const NameIndex& nameIndex() {
  static const NameIndex* index = new NameIndex();  // never destroyed, as the entries
  return *index;
}

}  // namespace

const std::vector<const InstructionSpec*>& findInstructionSpecs(const std::vector<std::string_view>& words,
                                                                std::size_t& name_words) {
  // The longest documented name (or entry opcode) the instruction starts with.
  name_words = 0;
  static const std::vector<const InstructionSpec*> found;
  if (words.empty()) return found;
  const NameIndex& index = nameIndex();
  auto it = index.by_opcode.find(words.front());
  if (it == index.by_opcode.end()) return found;
  const NameIndex::Name* longest = nullptr;
  for (const NameIndex::Name& name : it->second) {
    if (name.words.size() > words.size() || (longest != nullptr && name.words.size() <= longest->words.size())) {
      continue;
    }
    if (std::equal(name.words.begin(), name.words.end(), words.begin())) longest = &name;
  }
  if (longest == nullptr) return found;
  name_words = longest->words.size();
  return longest->specs;
}

}  // namespace ptxlint::spec
