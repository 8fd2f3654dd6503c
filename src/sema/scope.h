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
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "ast/ast.h"
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
// Set in a parameter count (below 0x8000) whose last parameter is an
// unsized .param .b8 array (11.2.2: "the last argument may be omitted from
// the call instruction if no parameter is passed through it"); counts are
// kept, compared and keyed with it.
inline constexpr std::uint16_t kLastParamOmissible = 0x8000;

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
  // Made up from a compact entry of its scope (a label, a register declared
  // on its own), valid until that scope's next lookup: copy it to keep it.
  bool transient = false;
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

// Names that are places in a source text, each with a 16-bit tag, found by
// their hash: 12 bytes a name, in blocks of 4096 (no copy of them all as
// they grow), through a table of 4-byte indices (open addressing, at most
// half full). For hundreds of thousands of names: a module's variables, a
// function's registers.
class PlaceTable {
 public:
  struct Entry {
    std::uint32_t begin;  // the name is source + begin, size bytes
    std::uint16_t size;
    std::uint16_t tag;
    std::uint32_t hash;
  };
  static_assert(sizeof(Entry) == 12);

  std::size_t size() const { return count_; }
  const Entry& at(std::size_t i) const { return blocks_[i >> kBlockBits][i & (kBlock - 1)]; }

  // False (not added) for a name of 64 KiB or more.
  bool add(std::uint32_t begin, std::string_view name, std::uint16_t tag) {
    if (name.size() > 0xFFFF) return false;
    // (A block grows as a vector up to its size: a scope of a name or two
    // costs no block of thousands.)
    if ((count_ & (kBlock - 1)) == 0) blocks_.emplace_back().reserve(count_ == 0 ? 8 : kBlock);
    auto hash = static_cast<std::uint32_t>(support::hashBytes(name));
    blocks_.back().push_back({begin, static_cast<std::uint16_t>(name.size()), tag, hash});
    ++count_;
    if (2 * count_ > slots_.size()) grow();
    insert(count_ - 1);
    return true;
  }
  // The entry named `name` (its hash `hash`), or null; `source`: where the
  // names are.
  const Entry* find(std::string_view name, std::uint64_t hash, const char* source) const {
    if (count_ == 0) return nullptr;
    auto h = static_cast<std::uint32_t>(hash);
    for (std::size_t i = h & (slots_.size() - 1);; i = (i + 1) & (slots_.size() - 1)) {
      std::uint32_t slot = slots_[i];
      if (slot == 0) return nullptr;
      const Entry& e = at(slot - 1);
      if (e.hash == h && e.size == name.size() && support::sameBytes({source + e.begin, e.size}, name)) return &e;
    }
  }

 private:
  void grow() {
    slots_.assign(std::max<std::size_t>(16, 2 * slots_.size()), 0);
    for (std::size_t i = 0; i + 1 < count_; ++i) insert(i);
  }
  void insert(std::size_t index) {
    std::size_t i = at(index).hash & (slots_.size() - 1);
    while (slots_[i] != 0) i = (i + 1) & (slots_.size() - 1);
    slots_[i] = static_cast<std::uint32_t>(index + 1);
  }
  static constexpr std::size_t kBlockBits = 12, kBlock = std::size_t{1} << kBlockBits;
  std::vector<std::vector<Entry>> blocks_;
  std::size_t count_ = 0;
  std::vector<std::uint32_t> slots_;  // index + 1; 0: empty
};

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
      for (std::size_t i = 0; i < named_.size(); ++i) {
        const PlaceTable::Entry& e = named_.at(i);
        std::string_view prefix;
        std::uint64_t index = 0;
        if (splitIndexed({source_ + e.begin, e.size}, prefix, index) && prefix == symbol.name && index < symbol.count) {
          return namedSymbol(e);
        }
      }
      // Labels are sorted by then: those that start with the range's name.
      for (auto it = labelsFrom(symbol.name); it != labels_.end() && labelName(*it).starts_with(symbol.name); ++it) {
        std::string_view prefix;
        std::uint64_t index = 0;
        if (splitIndexed(labelName(*it), prefix, index) && prefix == symbol.name && index < symbol.count) {
          return label(*it);
        }
      }
      return nullptr;
    }
    if (auto it = names_.find(symbol.name); it != names_.end()) return &it->second;
    if (const Symbol* r = findNamed(symbol.name, support::hashBytes(symbol.name))) return r;
    std::string_view prefix;
    std::uint64_t index = 0;
    if (splitIndexed(symbol.name, prefix, index)) {
      if (const Symbol* r = findInRanges(prefix, index)) return r;
    }
    if (!isLabelKind(symbol.kind)) return findLabel(symbol.name);
    return nullptr;
  }

  // Names are places in the source, which lasts as long as the scopes (a
  // mapped input's pages given back behind the checks come back when a
  // name is compared: the input's size at most; see support::InputPages).
  void declare(const Symbol& declared) {
    if (declared.count == 0) addNameBit(declared.name);  // (a range is found by its table, or out of line)
    if (isLabelKind(declared.kind)) {
      std::uint32_t begin = placeNames(declared);
      labels_.push_back({begin, begin + static_cast<std::uint32_t>(declared.name.size()), labelKind(declared.kind)});
      if (declared.results != kUnknownCount || declared.params != kUnknownCount) {
        addLabelCounts(begin, declared.results, declared.params);
      }
      return;
    }
    std::uint16_t shape = 0;
    if (declared.count == 0 && placeable(declared) && shapeOf(declared, shape) &&
        named_.add(placeNames(declared), declared.name, shape)) {
      return;
    }
    // Ranges, and what the table cannot hold: the module scope keeps copies
    // of their names (they are few).
    Symbol symbol = declared;
    if (parent_ == nullptr) {
      symbol.name = keep(symbol.name);
      symbol.type = keep(symbol.type);
      symbol.space = keep(symbol.space);
    }
    if (symbol.count > 0) {
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

  // Labels declared at once, in source order (a body cut into pieces,
  // ast::BodyLabels: its table becomes this scope's, not copied); names
  // are places in `source`. Then sealLabels().
  using LabelEntry = ast::BodyLabels::Entry;
  void adoptLabels(std::vector<LabelEntry>&& labels, const char* source) {
    if (source_ == nullptr) source_ = source;
    labels_ = std::move(labels);
    for (const LabelEntry& e : labels_) addNameBit(labelName(e));
  }
  // A .callprototype's or .calltargets' label's counts, labels in source
  // order.
  void addLabelCounts(std::uint32_t begin, std::uint16_t results, std::uint16_t params) {
    label_counts_.push_back({begin, results, params});
  }
  // The declared name `name` as seen from the label at `before` as block()
  // declares labels, one after the other: the labels of this scope after
  // it are not declared yet.
  const Symbol* lookupBefore(std::string_view name, std::uint32_t before) const {
    const Symbol* s = lookup(name);
    if (s == nullptr || !isLabelKind(s->kind) || s->range.begin < before || findName(name) != s) return s;
    return parent_ != nullptr ? parent_->lookup(name) : nullptr;
  }

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
    return *kept_.emplace_back(std::make_unique<std::string>(text));
  }

  // After a block's labels are declared: sorts them for lookup and calls
  // `redefined(second, first)` for each name declared twice (in source order).
  template <typename Report>
  void sealLabels(Report redefined) {
    std::stable_sort(labels_.begin(), labels_.end(),
                     [&](const LabelEntry& a, const LabelEntry& b) { return labelName(a) < labelName(b); });
    for (std::size_t i = 1; i < labels_.size(); ++i) {
      std::size_t first = i - 1;
      while (i < labels_.size() && labelName(labels_[i]) == labelName(labels_[first])) {
        redefined(*label(labels_[i]), SourceRange{labels_[first].begin, labels_[first].end});
        ++i;
      }
    }
  }

  const Symbol* lookup(std::string_view name) const {
    // Within a scope at most one of names, ranges and labels has the name
    // (declare() refuses a clash), so the order of the three is free: a
    // name that ends in a digit, nearly always a member of a %r<N> range,
    // is looked for there first (split into prefix and index once).
    // Inline, the common case: a scope whose ranges are all in its table
    // and that declared no name like it (nameBit) holds it there or not at
    // all; anything else goes on out of line from that scope (a register's
    // use is most of a module's lookups; a nested block of a call sequence
    // declares a few names of other lengths and letters).
    if (PackedSplit split = splitPacked(name); split.ok) {  // most names: see register_names.h
      const std::uint64_t bit = nameBit(name);
      for (const Scope* s = this; s != nullptr; s = s->parent_) {
        if (!s->range_table_whole_ || (s->name_bits_ & bit) != 0) return s->lookupSplit(name, split);
        const Symbol* r = s->tabledRange(split.prefix);
        if (r != nullptr && split.index < r->count) return r;
      }
      return nullptr;
    }
    return lookupUnsplit(name);
  }

 private:
  // A bit of name_bits_ for a name: its length and second byte (the first
  // is '%' or '$' in most).
  static std::uint64_t nameBit(std::string_view name) {
    unsigned second = name.size() > 1 ? static_cast<unsigned char>(name[1]) : 0;
    return std::uint64_t{1} << ((name.size() + 3 * second) & 63);
  }
  void addNameBit(std::string_view name) { name_bits_ |= nameBit(name); }

  [[gnu::noinline]] const Symbol* lookupSplit(std::string_view name, PackedSplit split) const {
    {
      for (const Scope* s = this; s != nullptr; s = s->parent_) {
        if (s->range_table_whole_) {
          const Symbol* r = s->tabledRange(split.prefix);
          if (r != nullptr && split.index < r->count) return r;
        } else if (const Symbol* r = s->findInRanges(name.substr(0, split.prefix >> 56), split.index)) {
          return r;
        }
        if (const Symbol* found = s->findName(name)) return found;
      }
      return nullptr;
    }
  }
  [[gnu::noinline]] const Symbol* lookupUnsplit(std::string_view name) const {
    std::string_view prefix;
    std::uint64_t index = 0;
    bool indexed = splitIndexed(name, prefix, index);  // (a name without a final digit is in no range)
    for (const Scope* s = this; s != nullptr; s = s->parent_) {
      if (indexed && !s->ranges_.empty()) {
        if (const Symbol* r = s->findInRanges(prefix, index)) return r;
      }
      if (const Symbol* found = s->findName(name)) return found;
    }
    return nullptr;
  }

  // A name declared in this scope but for ranges: a variable, parameter,
  // register or label.
  const Symbol* findName(std::string_view name) const {
    if (!names_.empty()) {
      if (auto it = names_.find(name); it != names_.end()) return &it->second;
    }
    if (named_.size() > 0) {
      if (const Symbol* r = findNamed(name, support::hashBytes(name))) return r;
    }
    return findLabel(name);
  }

  // Labels, prototypes and target lists: a function can have a million of
  // them (hostile input), so a sorted array of 12-byte entries rather than
  // hash-map nodes of whole Symbols: a name is its place in the source
  // (source_ + begin; a label's range is its name's), and the counts of
  // the few that have them are aside.
  static_assert(sizeof(LabelEntry) == 12);
  struct LabelCounts {
    std::uint32_t begin;  // the label's
    std::uint16_t results, params;
  };
  static ast::BodyLabels::Kind labelKind(SymbolKind kind) {
    switch (kind) {
      case SymbolKind::Prototype: return ast::BodyLabels::Kind::Prototype;
      case SymbolKind::TargetList: return ast::BodyLabels::Kind::BranchTargets;
      case SymbolKind::CallTargetList: return ast::BodyLabels::Kind::CallTargets;
      default: return ast::BodyLabels::Kind::Label;
    }
  }
  static SymbolKind symbolKind(ast::BodyLabels::Kind kind) {
    switch (kind) {
      case ast::BodyLabels::Kind::Prototype: return SymbolKind::Prototype;
      case ast::BodyLabels::Kind::BranchTargets: return SymbolKind::TargetList;
      case ast::BodyLabels::Kind::CallTargets: return SymbolKind::CallTargetList;
      case ast::BodyLabels::Kind::Label: break;
    }
    return SymbolKind::Label;
  }
  std::string_view labelName(const LabelEntry& e) const { return {source_ + e.begin, e.end - e.begin}; }

  // Where the names of this scope's labels and PlaceTable are: the source
  // text, whose offset 0 a name's range counts from. Returns the name's
  // begin.
  std::uint32_t placeNames(const Symbol& symbol) {
    if (source_ == nullptr) source_ = symbol.name.data() - symbol.range.begin;
    return symbol.range.begin;
  }
  // Whether `symbol`'s name is its range's text in the source the others'
  // are in (every declaration's, from the AST).
  bool placeable(const Symbol& symbol) const {
    return symbol.range.end - symbol.range.begin == symbol.name.size() &&
           (source_ == nullptr || symbol.name.data() == source_ + symbol.range.begin);
  }
  template <typename Entry>
  std::string_view name(const Entry& e) const {
    return {source_ + e.begin, e.size};
  }
  template <typename Entry>
  static SourceRange rangeOf(const Entry& e) {
    return {e.begin, e.begin + e.size};
  }

  std::vector<LabelEntry>::const_iterator labelsFrom(std::string_view name) const {
    return std::lower_bound(labels_.begin(), labels_.end(), name,
                            [&](const LabelEntry& e, std::string_view n) { return labelName(e) < n; });
  }

  const Symbol* findLabel(std::string_view name) const {
    if (labels_.empty()) return nullptr;
    auto it = labelsFrom(name);
    return it != labels_.end() && support::sameBytes(labelName(*it), name) ? label(*it) : nullptr;
  }

  // The entry as a Symbol (valid until the next call).
  const Symbol* label(const LabelEntry& e) const {
    scratch_ = Symbol{symbolKind(e.kind), labelName(e), {e.begin, e.end}};
    if (e.kind != ast::BodyLabels::Kind::Label && e.kind != ast::BodyLabels::Kind::BranchTargets) {
      auto it = std::lower_bound(label_counts_.begin(), label_counts_.end(), e.begin,
                                 [](const LabelCounts& c, std::uint32_t begin) { return c.begin < begin; });
      if (it != label_counts_.end() && it->begin == e.begin) {
        scratch_.results = it->results;
        scratch_.params = it->params;
      }
    }
    scratch_.transient = true;
    return &scratch_;
  }

  // Names declared but for ranges and labels: variables, parameters,
  // registers declared one at a time (`.reg .b32 %r1;`), functions. A
  // function may declare a million registers and a module a million
  // variables, so a name is 12 bytes (PlaceTable: its place and hash, what
  // it is as a NameShape shared by all alike), not a hash-map node of a
  // whole Symbol and a copy of its name.
  struct NameShape {  // all of a Symbol but its name, place and range count
    SymbolKind kind;
    std::string_view type, space;
    bool is_vector, is_extern, is_visible, is_array;
    std::uint16_t results, params;
    bool operator==(const NameShape&) const = default;
  };
  // The shape's index in shapes_ (added if new); false past 65536 shapes.
  bool shapeOf(const Symbol& symbol, std::uint16_t& index) {
    NameShape shape{symbol.kind,       symbol.type,     symbol.space,   symbol.is_vector, symbol.is_extern,
                    symbol.is_visible, symbol.is_array, symbol.results, symbol.params};
    if (last_shape_ < shapes_.size() && shapes_[last_shape_] == shape) {  // (declarations come in runs)
      index = static_cast<std::uint16_t>(last_shape_);
      return true;
    }
    // A scope has a handful of shapes (a function's register types, its
    // parameters): compared one by one; past kListedShapes, by a key.
    if (shapes_.size() <= kListedShapes) {
      auto it = std::find(shapes_.begin(), shapes_.end(), shape);
      if (it != shapes_.end() || shapes_.size() < kListedShapes) {
        last_shape_ = static_cast<std::size_t>(it - shapes_.begin());
        if (it == shapes_.end()) shapes_.push_back(shape);
        index = static_cast<std::uint16_t>(last_shape_);
        return true;
      }
      for (std::size_t i = 0; i < shapes_.size(); ++i) shape_index_.emplace(shapeKey(shapes_[i]), i);
    }
    auto [it, added] = shape_index_.emplace(shapeKey(shape), shapes_.size());
    if (added) {
      if (shapes_.size() > 0xFFFF) {
        shape_index_.erase(it);
        return false;
      }
      shapes_.push_back(shape);
    }
    last_shape_ = it->second;
    index = static_cast<std::uint16_t>(it->second);
    return true;
  }
  static constexpr std::size_t kListedShapes = 32;
  static std::string shapeKey(const NameShape& shape) {
    std::string key;
    for (std::string_view part : {shape.type, std::string_view("\x1f"), shape.space}) key += part;
    key += {static_cast<char>(shape.kind), static_cast<char>(shape.is_vector), static_cast<char>(shape.is_extern),
            static_cast<char>(shape.is_visible), static_cast<char>(shape.is_array)};
    key.append(reinterpret_cast<const char*>(&shape.results), sizeof shape.results);
    key.append(reinterpret_cast<const char*>(&shape.params), sizeof shape.params);
    return key;
  }

  const Symbol* findNamed(std::string_view name, std::uint64_t hash) const {
    const PlaceTable::Entry* e = named_.find(name, hash, source_);
    return e != nullptr ? namedSymbol(*e) : nullptr;
  }
  const Symbol* namedSymbol(const PlaceTable::Entry& e) const {
    const NameShape& shape = shapes_[e.tag];
    scratch_ =
        Symbol{shape.kind, {source_ + e.begin, e.size}, {e.begin, e.begin + e.size}, shape.type, shape.is_vector};
    scratch_.is_extern = shape.is_extern;
    scratch_.is_visible = shape.is_visible;
    scratch_.is_array = shape.is_array;
    scratch_.space = shape.space;
    scratch_.results = shape.results;
    scratch_.params = shape.params;
    scratch_.transient = true;
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
  // keep(): stable addresses (not a deque: a scope per nvcc call block, and
  // std::deque allocates on construction).
  std::vector<std::unique_ptr<std::string>> kept_;
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
  std::vector<LabelCounts> label_counts_;  // by begin
  PlaceTable named_;                       // see NameShape
  std::vector<NameShape> shapes_;
  std::unordered_map<std::string, std::size_t> shape_index_;
  std::size_t last_shape_ = SIZE_MAX;
  const char* source_ = nullptr;  // see placeNames()
  // Names of unknown kind (declareUnknown()).
  std::unordered_set<std::string_view, support::BytesHash, support::BytesEqual> unknown_;
  mutable Symbol scratch_{SymbolKind::Label, {}, {}};
  // A bit (nameBit) of every name declared here but ranges: a name whose
  // bit is clear is none of them (Scope::lookup's inline case).
  std::uint64_t name_bits_ = 0;
};

}  // namespace ptxlint::sema::symbols
