// All instruction tables, and the lookup from an instruction's dotted words
// to the entries that cover it.
#include <algorithm>
#include <array>
#include <iterator>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <string>
#include <unordered_map>

#include "spec/sections.h"
#include "support/table_arena.h"

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

std::string_view firstWord(std::string_view name) { return name.substr(0, name.find('.')); }

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

namespace {

// The families of tables (one builder per group of manual sections) and the
// opcodes, the first dotted word, of their entries. A family is built the
// first time an instruction with one of its opcodes is checked: building
// all of them costs more than checking a small file, and ptxlint-ptxas
// pays start-up once per kernel. A unit test checks these lists against the
// entries.
struct Family {
  std::vector<InstructionSpec> (*build)();
  std::string_view opcodes;  // separated by spaces
};

constexpr Family kFamilies[] = {
    {asyncCopySpecs, "cp"},
    {bulkReduceMultimemSpecs, "cp multimem red"},
    {memorySpecs, "ld st"},
    {arithmeticSpecs,
     "abs add addc and bfe bfi bfind bmsk brev clz cnot copysign cos div dp2a dp4a ex2 fma fns lg2 lop3 mad mad24 "
     "madc max min mov mul mul24 neg not or popc prmt rcp rem rsqrt sad selp set setp shf shl shr sin slct sqrt "
     "sub subc szext tanh testp xor"},
    {controlFlowSpecs, "alloca bra brkpt brx call exit nanosleep pmevent ret setmaxnreg stackrestore stacksave trap"},
    {synchronizationSpecs, "activemask bar barrier elect fence griddepcontrol match membar redux shfl vote"},
    {conversionSpecs, "cvt cvta getctarank isspacep mapa"},
    {atomicsSpecs, "atom red"},
    {mbarrierSpecs, "mbarrier"},
    {tensorCopySpecs, "cp"},
    {tensormapClusterSpecs, "clusterlaunchcontrol tensormap"},
    {asyncStoreSpecs, "multimem st"},
    {cacheControlSpecs, "applypriority createpolicy discard ldu prefetch prefetchu"},
    {warpMatrixSpecs, "ldmatrix movmatrix stmatrix wmma"},
    {warpgroupMatrixSpecs, "wgmma"},
    {tcgen05Specs, "tcgen05"},
    {textureSurfaceSpecs, "istypep suld suq sured sust tex tld4 txq"},
    {videoSpecs,
     "vabsdiff vabsdiff2 vabsdiff4 vadd vadd2 vadd4 vavrg2 vavrg4 vmad vmax vmax2 vmax4 vmin vmin2 vmin4 vset vset2 "
     "vset4 vshl vshr vsub vsub2 vsub4"},
    {mmaSpecs, "mma"},
};
constexpr std::size_t kFamilyCount = std::size(kFamilies);

bool listsOpcode(const Family& family, std::string_view opcode) {
  std::string_view rest = family.opcodes;
  while (!rest.empty()) {
    std::size_t space = rest.find(' ');
    if (rest.substr(0, space) == opcode) return true;
    if (space == std::string_view::npos) break;
    rest.remove_prefix(space + 1);
  }
  return false;
}

bool isOpcode(std::string_view opcode) {
  return std::any_of(std::begin(kFamilies), std::end(kFamilies),
                     [&](const Family& f) { return listsOpcode(f, opcode); });
}

// The names of one opcode: its documented names and entry opcodes, split
// into dotted words, each with the entries whose opcode it is.
struct Name {
  std::vector<std::string_view> words;
  std::vector<const InstructionSpec*> specs;
};

// Built families and the names of each opcode met so far. Entries and names
// never move once published (families are never rebuilt; names live in
// node-based maps), so references handed out stay valid.
class Registry {
 public:
  const std::vector<InstructionSpec>& family(std::size_t i) {
    std::call_once(built_[i], [&] {
      support::BuildingTables arena;  // (support/table_arena.h)
      families_[i] = kFamilies[i].build();
    });
    return families_[i];
  }

  const std::vector<Name>* names(std::string_view opcode) {
    {
      std::shared_lock lock(mutex_);
      if (auto it = by_opcode_.find(opcode); it != by_opcode_.end()) return it->second.get();
    }
    // An opcode no family lists has no names; it is not remembered (a file
    // of a million misspelt opcodes must not grow the table).
    static const std::vector<Name> kNone;
    if (!isOpcode(opcode)) return &kNone;
    support::BuildingTables arena;  // (kept as long as the families)
    auto names = std::make_unique<std::vector<Name>>();
    for (std::string_view documented : kDocumentedNames) {
      if (firstWord(documented) == opcode) nameOf(*names, splitName(documented));
    }
    for (std::size_t i = 0; i < kFamilyCount; ++i) {
      if (!listsOpcode(kFamilies[i], opcode)) continue;
      for (const InstructionSpec& s : family(i)) {
        // Only the entries of this opcode are split (a family has hundreds).
        if (firstWord(s.opcode) == opcode) nameOf(*names, splitName(s.opcode)).specs.push_back(&s);
      }
    }
    std::unique_lock lock(mutex_);
    auto [it, inserted] = by_opcode_.try_emplace(std::string(opcode), std::move(names));
    return it->second.get();
  }

 private:
  static Name& nameOf(std::vector<Name>& names, std::vector<std::string_view> words) {
    for (Name& n : names) {
      if (n.words == words) return n;
    }
    return names.emplace_back(Name{std::move(words), {}});
  }

  struct Hash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  std::once_flag built_[kFamilyCount];
  std::vector<InstructionSpec> families_[kFamilyCount];
  std::shared_mutex mutex_;
  std::unordered_map<std::string, std::unique_ptr<std::vector<Name>>, Hash, std::equal_to<>> by_opcode_;
};

Registry& registry() {
  static Registry* instance = new Registry();  // never destroyed: freeing the tables at exit is time for nothing
  return *instance;
}

}  // namespace

std::vector<const InstructionSpec*> allInstructionSpecs() {
  std::vector<const InstructionSpec*> all;
  for (std::size_t i = 0; i < kFamilyCount; ++i) {
    for (const InstructionSpec& s : registry().family(i)) all.push_back(&s);
  }
  return all;
}

std::vector<std::string_view> familyOpcodeLists() {
  std::vector<std::string_view> lists;
  for (const Family& f : kFamilies) lists.push_back(f.opcodes);
  return lists;
}

std::vector<std::string_view> allOpcodes() {
  std::vector<std::string_view> all;
  for (const Family& f : kFamilies) {
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
  for (const Name& name : *registry().names(opcode)) {
    if (!name.specs.empty()) all.push_back(name.words);
  }
  return all;
}

const std::vector<const InstructionSpec*>& findInstructionSpecs(const std::vector<std::string_view>& words,
                                                                std::size_t& name_words) {
  // The longest documented name (or entry opcode) the instruction starts with.
  name_words = 0;
  static const std::vector<const InstructionSpec*> found;
  if (words.empty()) return found;
  const std::vector<Name>* names = registry().names(words.front());
  const Name* longest = nullptr;
  for (const Name& name : *names) {
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
