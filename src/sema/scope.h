// The symbol table of the symbol pass (symbols.cpp): what a declaration
// records (Symbol) and the scopes names are looked up in (Scope): module,
// function and nested blocks, parameterized register ranges %r<N> (5.4.6),
// and labels. Internal to src/sema; inline, as every operand of every
// instruction is looked up here.
#pragma once

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <deque>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "ptxlint/diagnostic.hpp"
#include "sema/register_names.h"
#include "support/text.h"

namespace ptxlint::sema::symbols {

// TargetList: .branchtargets; CallTargetList: .calltargets.
enum class SymbolKind : std::uint8_t {
  Register,
  Variable,
  Param,
  Function,
  Label,
  Prototype,
  TargetList,
  CallTargetList
};

inline constexpr std::uint16_t kUnknownCount = 0xFFFF;
// A .calltargets list whose targets have different counts: no call fits all.
inline constexpr std::uint16_t kMixedCount = 0xFFFE;

struct Symbol {
  SymbolKind kind;
  std::string_view name;
  SourceRange range;
  std::string_view type{};  // ".pred", ".b32", ... for registers and variables
  bool is_vector = false;
  std::uint64_t count = 0;   // a parameterized range %r<count>
  bool is_array = false;     // declared with a dimension: `a[4]`, `a[]` (5.4.3)
  bool is_extern = false;    // .extern: a declaration, not a definition
  bool is_visible = false;   // .visible/.weak/.common: resolves an .extern
  std::string_view space{};  // ".global", ".shared", ...
  // Functions and .callprototype labels: how many results and parameters
  // (9.7.12.5: call operands "are type-checked against" them); a .calltargets
  // label: those of its targets when they all agree. kUnknownCount otherwise.
  std::uint16_t results = kUnknownCount;
  std::uint16_t params = kUnknownCount;
};

// "%r12" -> ("%r", 12). A leading zero ("%r01") is no range member.
inline bool splitIndexed(std::string_view name, std::string_view& prefix, std::uint64_t& index) {
  // Every register use comes here: plain pointer arithmetic, no substr(),
  // the value summed in the one backward pass over the digits.
  const char* text = name.data();
  const std::size_t size = name.size();
  std::size_t end = size;  // where the final digits begin
  std::uint64_t value = 0, scale = 1;
  for (unsigned digit; end > 0 && (digit = static_cast<unsigned>(text[end - 1] - '0')) < 10; --end) {
    value += digit * scale;  // exact while at most 19 digits
    scale *= 10;
  }
  const std::size_t digits = size - end;
  if (digits == 0 || end == 0) return false;
  if (digits > 1 && text[end] == '0') return false;
  if (digits <= 19) {  // fits: no overflow
    index = value;
  } else if (auto [last, ec] = std::from_chars(text + end, text + size, index); ec != std::errc()) {
    return false;
  }
  prefix = std::string_view(text, end);
  return true;
}

inline bool isLabelKind(SymbolKind kind) {
  return kind == SymbolKind::Label || kind == SymbolKind::Prototype || kind == SymbolKind::TargetList ||
         kind == SymbolKind::CallTargetList;
}

class Scope {
 public:
  explicit Scope(const Scope* parent) : parent_(parent) {}

  // The symbol already declared in *this* scope that `symbol` would clash
  // with, or nullptr. (Labels clash among themselves in sealLabels().)
  const Symbol* clash(const Symbol& symbol) const {
    if (symbol.count > 0) {
      if (auto it = ranges_.find(symbol.name); it != ranges_.end()) return &it->second;
      for (const auto& [name, existing] : names_) {
        std::string_view prefix;
        std::uint64_t index = 0;
        if (splitIndexed(name, prefix, index) && prefix == symbol.name && index < symbol.count) return &existing;
      }
      // Labels are sorted by then: those that start with the range's name.
      for (auto it = labelsFrom(symbol.name); it != labels_.end() && it->name.starts_with(symbol.name); ++it) {
        std::string_view prefix;
        std::uint64_t index = 0;
        if (splitIndexed(it->name, prefix, index) && prefix == symbol.name && index < symbol.count) {
          return label(*it);
        }
      }
      return nullptr;
    }
    if (auto it = names_.find(symbol.name); it != names_.end()) return &it->second;
    std::string_view prefix;
    std::uint64_t index = 0;
    if (splitIndexed(symbol.name, prefix, index)) {
      if (const Symbol* r = findInRanges(prefix, index)) return r;
    }
    if (!isLabelKind(symbol.kind)) return findLabel(symbol.name);
    return nullptr;
  }

  void declare(const Symbol& declared) {
    // The module scope lasts the whole file, longer than the chunk whose
    // text its names point into: it keeps its own copies, so that a lookup
    // never reads the text of a chunk long checked (with a mapped input,
    // pages given back to the kernel; see support::InputPages).
    Symbol symbol = declared;
    if (parent_ == nullptr) {
      symbol.name = keep(symbol.name);
      symbol.type = keep(symbol.type);
      symbol.space = keep(symbol.space);
    }
    if (isLabelKind(symbol.kind)) {
      labels_.push_back({symbol.name, symbol.range, symbol.kind, symbol.results, symbol.params});
    } else if (symbol.count > 0) {
      auto [it, inserted] = ranges_.emplace(symbol.name, symbol);
      if (inserted) {
        range_list_.push_back({&it->second, packPrefix(it->second.name)});
        tableRange(&it->second);
      }
    } else {
      names_.emplace(symbol.name, symbol);
    }
  }

  void reserveLabels(std::size_t count) { labels_.reserve(count); }

  // A name declared by a statement with a syntax error (ast::Block::
  // unknown_names): of unknown kind and type, so not found by lookup(), but
  // no use of it is undeclared. A name declared so may be a range's
  // (`.reg .b32 %r<12` broken): its members are declared too.
  void declareUnknown(std::string_view name) { unknown_.insert(parent_ == nullptr ? keep(name) : name); }

  // Whether `name` was declared by a statement with a syntax error, in this
  // scope or an enclosing one (only asked of a name lookup() did not find).
  bool declaredUnknown(std::string_view name) const {
    std::string_view prefix;
    std::uint64_t index = 0;
    bool indexed = splitIndexed(name, prefix, index);
    for (const Scope* s = this; s != nullptr; s = s->parent_) {
      if (s->unknown_.empty()) continue;
      if (s->unknown_.count(name) != 0 || (indexed && s->unknown_.count(prefix) != 0)) return true;
    }
    return false;
  }

  // A copy of `text` that lives as long as this scope.
  std::string_view keep(std::string_view text) {
    if (text.empty()) return text;
    return kept_.emplace_back(text);
  }

  // After a block's labels are declared: sorts them for lookup and calls
  // `redefined(second, first)` for each name declared twice (in source order).
  template <typename Report>
  void sealLabels(Report redefined) {
    std::stable_sort(labels_.begin(), labels_.end(),
                     [](const LabelEntry& a, const LabelEntry& b) { return a.name < b.name; });
    for (std::size_t i = 1; i < labels_.size(); ++i) {
      std::size_t first = i - 1;
      while (i < labels_.size() && labels_[i].name == labels_[first].name) {
        redefined(*label(labels_[i]), labels_[first].range);
        ++i;
      }
    }
  }

  const Symbol* lookup(std::string_view name) const {
    // Within a scope at most one of names, ranges and labels has the name
    // (declare() refuses a clash), so the order of the three is free: a
    // name that ends in a digit, nearly always a member of a %r<N> range,
    // is looked for there first (split into prefix and index once).
    if (PackedSplit split = splitPacked(name); split.ok) {  // most names: see register_names.h
      for (const Scope* s = this; s != nullptr; s = s->parent_) {
        if (s->range_table_whole_) {
          const Symbol* r = s->tabledRange(split.prefix);
          if (r != nullptr && split.index < r->count) return r;
        } else if (const Symbol* r = s->findInRanges(name.substr(0, split.prefix >> 56), split.index)) {
          return r;
        }
        if (auto it = s->names_.find(name); it != s->names_.end()) return &it->second;
        if (const Symbol* l = s->findLabel(name)) return l;
      }
      return nullptr;
    }
    std::string_view prefix;
    std::uint64_t index = 0;
    bool indexed = splitIndexed(name, prefix, index);  // (a name without a final digit is in no range)
    for (const Scope* s = this; s != nullptr; s = s->parent_) {
      if (indexed && !s->ranges_.empty()) {
        if (const Symbol* r = s->findInRanges(prefix, index)) return r;
      }
      if (auto it = s->names_.find(name); it != s->names_.end()) return &it->second;
      if (const Symbol* l = s->findLabel(name)) return l;
    }
    return nullptr;
  }

 private:
  // Labels, prototypes and target lists: a function can have a million of
  // them (hostile input), so a sorted array of 32-byte entries rather than
  // hash-map nodes of whole Symbols.
  struct LabelEntry {
    std::string_view name;
    SourceRange range;
    SymbolKind kind;
    std::uint16_t results = kUnknownCount;  // Prototype, CallTargetList (fits in the padding)
    std::uint16_t params = kUnknownCount;
  };

  std::vector<LabelEntry>::const_iterator labelsFrom(std::string_view name) const {
    return std::lower_bound(labels_.begin(), labels_.end(), name,
                            [](const LabelEntry& e, std::string_view n) { return e.name < n; });
  }

  const Symbol* findLabel(std::string_view name) const {
    auto it = labelsFrom(name);
    return it != labels_.end() && support::sameBytes(it->name, name) ? label(*it) : nullptr;
  }

  // The entry as a Symbol (valid until the next call).
  const Symbol* label(const LabelEntry& e) const {
    scratch_ = Symbol{e.kind, e.name, e.range};
    scratch_.results = e.results;
    scratch_.params = e.params;
    return &scratch_;
  }

  // The range %prefix<N> that holds %prefix`index`, if any.
  const Symbol* findInRanges(std::string_view prefix, std::uint64_t index) const {
    if (ranges_.empty()) return nullptr;
    // A function declares a handful of ranges (%p, %rs, %r, %rd, %f, %fd):
    // comparing their names beats hashing the prefix of every register use.
    if (range_list_.size() <= kListedRanges) {
      // Most prefixes are 2-4 bytes: compared as one packed word.
      if (prefix.size() <= 4) {
        std::uint32_t packed = packPrefix(prefix);
        for (const ListedRange& range : range_list_) {
          if (range.packed == packed && range.symbol->name.size() == prefix.size()) {
            return index < range.symbol->count ? range.symbol : nullptr;
          }
        }
        return nullptr;
      }
      for (const ListedRange& range : range_list_) {
        if (support::sameBytes(range.symbol->name, prefix)) return index < range.symbol->count ? range.symbol : nullptr;
      }
      return nullptr;
    }
    auto it = ranges_.find(prefix);
    return it != ranges_.end() && index < it->second.count ? &it->second : nullptr;
  }

  static constexpr std::size_t kListedRanges = 16;

  // The ranges whose names have at most 7 bytes, by their packed names
  // (packPrefix), in an open-addressing table of 64 slots: a lookup is a
  // multiplication, a load and a compare, whichever range holds the name.
  // range_table_whole_: the table holds every range of the scope (a scope
  // of more, or of longer names, is searched by findInRanges).
  struct RangeSlot {
    std::uint64_t prefix = 0;
    const Symbol* range = nullptr;
  };
  static constexpr std::size_t kRangeSlots = 64;
  static std::size_t rangeSlot(std::uint64_t prefix) {
    return static_cast<std::size_t>((prefix * 0x9E3779B97F4A7C15ull) >> 58);
  }
  void tableRange(const Symbol* range) {
    if (!range_table_whole_) return;
    if (range->name.size() > 7 || range_list_.size() > kRangeSlots / 2) {
      range_table_whole_ = false;
      return;
    }
    if (range_table_.empty()) range_table_.resize(kRangeSlots);
    std::uint64_t prefix = ptxlint::sema::packPrefix(range->name);
    std::size_t i = rangeSlot(prefix);
    while (range_table_[i].range != nullptr) i = (i + 1) % kRangeSlots;
    range_table_[i] = {prefix, range};
  }
  const Symbol* tabledRange(std::uint64_t prefix) const {
    if (range_table_.empty()) return nullptr;
    for (std::size_t i = rangeSlot(prefix);; i = (i + 1) % kRangeSlots) {
      const RangeSlot& slot = range_table_[i];
      if (slot.range == nullptr || slot.prefix == prefix) return slot.range;
    }
  }
  std::vector<RangeSlot> range_table_;
  bool range_table_whole_ = true;

  const Scope* parent_;
  std::deque<std::string> kept_;  // keep(): stable addresses
  std::unordered_map<std::string_view, Symbol, support::BytesHash, support::BytesEqual> names_;
  std::unordered_map<std::string_view, Symbol, support::BytesHash, support::BytesEqual> ranges_;
  // ranges_ in declaration order (node addresses are stable), each with
  // its name's first bytes packed (packPrefix) when it has at most four.
  struct ListedRange {
    const Symbol* symbol;
    std::uint32_t packed;
  };
  std::vector<ListedRange> range_list_;

  static std::uint32_t packPrefix(std::string_view prefix) {
    std::uint32_t packed = 0;
    for (std::size_t i = 0; i < prefix.size() && i < 4; ++i) {
      packed |= std::uint32_t{static_cast<unsigned char>(prefix[i])} << (8 * i);
    }
    return packed;
  }
  std::vector<LabelEntry> labels_;
  std::unordered_set<std::string_view, support::BytesHash, support::BytesEqual> unknown_;  // declareUnknown()
  mutable Symbol scratch_{SymbolKind::Label, {}, {}};
};

}  // namespace ptxlint::sema::symbols
