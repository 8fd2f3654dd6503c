#include "sema/instruction_checker.h"

#include <fmt/format.h>

#include "support/front_cache.h"
#include "support/text.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <mutex>
#include <shared_mutex>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "spec/spec.h"

namespace ptxlint::sema {
namespace {

using sema::NameInfo;
using sema::NameKind;
using sema::Signature;
using spec::InstructionSpec;
using spec::OperandKind;
using spec::OperandSpec;
using spec::QualifierSlot;

// Every state space a qualifier can name: such a qualifier fills the next
// .dst/.src slot of a block, whether or not that slot allows it.
bool isStateSpace(std::string_view q) {
  static constexpr std::string_view kSpaces[] = {".global", ".shared", ".shared::cta",  ".shared::cluster", ".local",
                                                 ".const",  ".param",  ".param::entry", ".param::func",     ".tex"};
  return std::any_of(std::begin(kSpaces), std::end(kSpaces),
                     [&](std::string_view s) { return support::sameBytes(s, q); });
}

std::string join(const spec::Values& values, std::string_view separator = ", ") {
  std::string s;
  for (std::string_view v : values) {
    if (!s.empty()) s += separator;
    s += v;
  }
  return s;
}

// A diagnostic not yet reported: blocks are compared by their findings
// before the best one's are emitted.
struct Finding {
  diag::RuleId rule;
  SourceRange range;
  std::string message;
  std::vector<std::string> notes;
  std::optional<FixIt> fixit;
};

class BlockMatch {
 public:
  // `explain`: build the suggestions and lists of allowed values that only
  // the reported block needs (the penalty is the same either way).
  BlockMatch(const InstructionSpec& spec, const std::vector<const InstructionSpec*>& siblings,
             const ast::Instruction& in, std::size_t first_qualifier, const RegisterResolver& registers,
             bool explain = true)
      : spec_(spec),
        siblings_(siblings),
        in_(in),
        first_(first_qualifier),
        registers_(registers),
        explain_(explain),
        filled_(spec.qualifiers.size()) {
    matchQualifiers();
    if (findings_.empty()) checkConstraints();
    qualifier_findings_ = findings_.size();
    matchOperands();
  }

  const std::vector<Finding>& findings() const { return findings_; }
  // How badly the instruction fits this block; the best block is reported.
  // A block whose qualifiers all fit, with a wrong operand, is likelier than
  // one that takes the operands but not the qualifiers (add.f32.f16 with an
  // .f32 register as a: the mixed-precision block, not the .f32 one).
  int penalty() const {
    return static_cast<int>(2 * qualifier_findings_ + (findings_.size() - qualifier_findings_)) + penalty_;
  }
  const InstructionSpec& spec() const { return spec_; }

  // The block reported for an instruction that fits none: the lowest
  // penalty; between equals, the one whose type qualifiers fit the
  // instruction's (the instruction type says most about intent: add.ftz.f64
  // is judged by the .f64 block, where only .ftz is wrong, not by the .f16
  // block that takes .ftz); then fewer qualifiers it cannot place at all (ld.gpu.global:
  // the block with a scope, which lacks only .relaxed); fewer missing
  // qualifiers; fewer values placed as another block takes them; one that
  // takes as many operands as given (`call %rd1;`: `call func;` with a wrong
  // name, not a longer form); then the first in the table. A block without
  // findings always wins.
  bool betterThan(const BlockMatch& other) const {
    auto key = [](const BlockMatch& m) {
      return std::make_tuple(!m.findings_.empty(), m.penalty(), m.type_misfits_, m.unknown_qualifiers_,
                             m.missing_qualifiers_, m.misplaced_values_, m.wrong_count_);
    };
    return key(*this) < key(other);
  }

  // The qualifier token in `slot`, if the instruction has one.
  const ast::Token* filled(std::string_view slot) const {
    for (std::size_t i = 0; i < spec_.qualifiers.size(); ++i) {
      if (support::sameBytes(spec_.qualifiers[i].name, slot)) return filled_[i];
    }
    return nullptr;
  }
  std::string_view valueOf(std::string_view slot) const {
    const ast::Token* t = filled(slot);
    return t ? t->text : std::string_view{};
  }
  // Whether every condition holds for the qualifiers as matched.
  bool holdsAll(const std::vector<spec::Condition>& conditions) const {
    return std::all_of(conditions.begin(), conditions.end(), [&](const spec::Condition& c) { return holds(c); });
  }
  // Operand index -> the table's operand, after matching.
  const std::vector<std::pair<const ast::Operand*, const OperandSpec*>>& operands() const { return operands_; }

 private:
  // A message or note: formatted only for the block that is reported
  // (explain_); the blocks compared before it need only their findings'
  // places and counts.
  template <typename... Args>
  std::string say(fmt::format_string<Args...> format, Args&&... args) const {
    return explain_ ? fmt::format(format, std::forward<Args>(args)...) : std::string();
  }

  void add(diag::RuleId rule, SourceRange range, std::string message, std::vector<std::string> notes = {},
           std::optional<FixIt> fixit = std::nullopt) {
    // One finding per token: a second rule broken by the same qualifier
    // (a table and a prose rule saying the same) adds nothing.
    for (const Finding& f : findings_) {
      if (f.range.begin == range.begin && f.range.end == range.end) return;
    }
    findings_.push_back({rule, range, std::move(message), std::move(notes), std::move(fixit)});
  }

  std::string mnemonic() const {
    std::string s(in_.opcode.text);
    for (const ast::Token& q : in_.qualifiers) s += q.text;
    return s;
  }

  void matchQualifiers() {
    std::vector<std::size_t> space_slots;
    for (std::size_t i = 0; i < spec_.qualifiers.size(); ++i) {
      if (spec_.qualifiers[i].space) space_slots.push_back(i);
    }
    std::size_t next_space = 0;
    matchAddressQualifiers();
    for (std::size_t q = first_; q < in_.qualifiers.size(); ++q) {
      const ast::Token& token = in_.qualifiers[q];
      // A misspelt state space (".shared::cluser") still takes its place as
      // .dst or .src, so that only the misspelling is reported.
      // (Edit distances only for a word that is no state space and no value
      // of this block: valid instructions pay nothing for the suggestion.)
      bool exact_space = isStateSpace(token.text);
      // (A value some block of the instruction takes is no misspelling.)
      std::string_view near_space = exact_space || takesValue(token.text) || siblingTakes(token.text)
                                        ? std::string_view{}
                                        : nearStateSpace(token.text);
      bool is_space = exact_space || !near_space.empty();
      bool placed = false;
      if (is_space) {
        // Skip optional space slots that cannot take it, when a later one
        // can; otherwise the next slot takes it (as an invalid value: a
        // misspelt or wrong space is reported there, not as one too many).
        for (std::size_t j = next_space; j < space_slots.size(); ++j) {
          const QualifierSlot& candidate = spec_.qualifiers[space_slots[j]];
          if (contains(candidate.values, token.text)) {
            next_space = j;
            break;
          }
          if (!candidate.optional) break;
        }
        if (next_space < space_slots.size()) {
          std::size_t slot = space_slots[next_space++];
          const QualifierSlot& s = spec_.qualifiers[slot];
          filled_[slot] = &token;
          if (!isStateSpace(token.text)) {
            std::string_view best = closest(token.text, s.values);
            // A misspelling of a value this slot takes is a closer match
            // for this block than one of another block's value.
            if (!best.empty()) --penalty_;
            if (best.empty()) best = near_space;
            add(diag::RuleId::StateSpaceQualifier, token.range,
                say("unknown state space '{}' for '{}'", token.text, spec_.opcode),
                {say("did you mean '{}'?", best), say("allowed as {}: {}", s.name, join(s.values))},
                FixIt{token.range, std::string(best)});
          } else if (!contains(s.values, token.text)) {
            add(diag::RuleId::StateSpaceQualifier, token.range,
                say("'{}' is not a valid {} state space for '{}' here", token.text, s.name, spec_.opcode),
                {say("allowed as {}: {}", s.name, join(s.values))});
          }
          placed = true;
        }
      }
      if (!placed) {
        for (std::size_t i = 0; i < spec_.qualifiers.size(); ++i) {
          const QualifierSlot& s = spec_.qualifiers[i];
          if (s.space || s.on_address || !contains(s.values, token.text)) continue;
          if (filled_[i] != nullptr && laterSlotTakes(i, token.text)) continue;  // set.eq.f16.f16: .dtype, .stype
          if (filled_[i] != nullptr) {
            add(diag::RuleId::DuplicateQualifier, token.range,
                say("'{}' repeats the {} qualifier, already given as '{}'", token.text, s.name, filled_[i]->text));
          } else {
            filled_[i] = &token;
          }
          placed = true;
          break;
        }
      }
      if (!placed) placed = placeBySibling(token);
      if (!placed) unknownQualifier(token, is_space);
    }
    checkOrder();
    for (std::size_t i = 0; i < spec_.qualifiers.size(); ++i) {
      const QualifierSlot& s = spec_.qualifiers[i];
      if (s.optional || filled_[i] != nullptr) continue;
      // A block that lacks a qualifier the instruction never wrote is a
      // worse fit than one with a wrong value in a slot of its own.
      ++penalty_;
      ++missing_qualifiers_;
      if (isTypeSlot(s)) ++type_misfits_;
      SourceRange at{in_.mnemonic_range.end, in_.mnemonic_range.end};
      std::optional<FixIt> fix;
      if (s.values.size() == 1) fix = FixIt{at, std::string(s.values[0])};
      add(diag::RuleId::MissingQualifier, in_.mnemonic_range,
          s.values.size() == 1 ? say("'{}' requires the qualifier '{}'", mnemonic(), s.values[0])
                               : say("'{}' requires a {} qualifier", mnemonic(), s.name),
          {say("{} is one of: {}", s.name, join(s.values))}, fix);
    }
  }

  // `[a].unified`: a qualifier written on an address operand fills the
  // block's address-qualifier slot that takes it (9.7.9.8).
  void matchAddressQualifiers() {
    for (const ast::Operand& op : in_.operands) {
      if (op.kind != ast::OperandKind::Address || op.name.text.empty()) continue;
      bool placed = false;
      std::vector<std::string_view> allowed;
      for (std::size_t i = 0; i < spec_.qualifiers.size(); ++i) {
        const QualifierSlot& s = spec_.qualifiers[i];
        if (!s.on_address) continue;
        allowed.insert(allowed.end(), s.values.begin(), s.values.end());
        if (!contains(s.values, op.name.text) || filled_[i] != nullptr) continue;
        filled_[i] = &op.name;
        placed = true;
        break;
      }
      if (placed) continue;
      // Every qualifier of the instruction itself may still fit this block:
      // it stays the likelier intent than a block that lacks one of them.
      --penalty_;
      add(diag::RuleId::UnknownQualifier, op.name.range,
          say("unknown address qualifier '{}' for '{}'", op.name.text, spec_.opcode),
          {allowed.empty() ? say("this form of '{}' takes no qualifier on its address", spec_.opcode)
                           : say("allowed on the address: {}", join(allowed))});
    }
  }

  // Whether an empty slot after `slot` takes `value` too: the same type may
  // fill two type slots (set.eq.f16.f16, .dtype then .stype).
  bool laterSlotTakes(std::size_t slot, std::string_view value) const {
    for (std::size_t j = slot + 1; j < spec_.qualifiers.size(); ++j) {
      const QualifierSlot& s = spec_.qualifiers[j];
      if (!s.space && filled_[j] == nullptr && contains(s.values, value)) return true;
    }
    return false;
  }

  // Qualifiers whose place is fixed: a leading slot right after the opcode
  // (mul.wide), ordered type slots in operand order (add.f32.bf16, 9.4).
  void checkOrder() {
    // Several leading slots (bar.cta.red) take the first places in table
    // order: each comes right after the opcode or the leading one before it.
    std::size_t leading_place = first_;
    const ast::Token* previous_leading = nullptr;
    const ast::Token* previous = nullptr;
    const QualifierSlot* previous_slot = nullptr;
    // The last filled slot of each order group (QualifierSlot::order_group).
    std::array<std::pair<const ast::Token*, const QualifierSlot*>, 4> group_previous{};
    for (std::size_t i = 0; i < spec_.qualifiers.size(); ++i) {
      const QualifierSlot& s = spec_.qualifiers[i];
      const ast::Token* t = filled_[i];
      if (t == nullptr) continue;
      if (s.leading) {
        const ast::Token* place = leading_place < in_.qualifiers.size() ? &in_.qualifiers[leading_place] : nullptr;
        if (t != place) {
          add(diag::RuleId::QualifierOrder, t->range,
              say("'{}' must come right after '{}'", t->text,
                  previous_leading != nullptr ? previous_leading->text : spec_.opcode),
              {say("syntax: {}", spec_.syntax)});
        }
        ++leading_place;
        previous_leading = t;
      }
      if (s.order_group != 0 && s.order_group < group_previous.size()) {
        auto& [before, before_slot] = group_previous[s.order_group];
        if (before != nullptr && t->range.begin < before->range.begin) {
          add(diag::RuleId::QualifierOrder, t->range,
              say("'{}' ({}) must come after '{}' ({})", t->text, s.name, before->text, before_slot->name),
              {say("syntax: {}", spec_.syntax)});
        }
        before = t;
        before_slot = &s;
      }
      if (!s.ordered) continue;
      if (previous != nullptr && t->range.begin < previous->range.begin) {
        // A block that reads the types in the other order is a worse fit
        // than one whose order is right and a rule is broken (cvt.s32.bf16:
        // the .bf16 -> integer entry, not .s32 -> .bf16).
        if (!types_out_of_order_) ++penalty_;
        types_out_of_order_ = true;
        add(diag::RuleId::QualifierOrder, t->range,
            say("'{}' ({}) must come after '{}' ({}): type qualifiers are in the order of the operands", t->text,
                s.name, previous->text, previous_slot->name),
            {say("syntax: {}", spec_.syntax)});
      }
      previous = t;
      previous_slot = &s;
    }
  }

  // A value this block lacks but another block of the same instruction has
  // under the same qualifier name (".s64" as .type of cp.reduce.async.bulk
  // with .dst .global): it fills that qualifier here, as an invalid value.
  bool placeBySibling(const ast::Token& token) {
    for (const InstructionSpec* other : siblings_) {
      for (const QualifierSlot& os : other->qualifiers) {
        if (os.space || os.on_address || !contains(os.values, token.text)) continue;
        for (std::size_t i = 0; i < spec_.qualifiers.size(); ++i) {
          const QualifierSlot& s = spec_.qualifiers[i];
          if (s.name != os.name || s.space || s.on_address) continue;
          if (filled_[i] != nullptr) return false;
          filled_[i] = &token;
          // Another block takes this value as it is: that block is the
          // likelier intent, all else equal.
          ++penalty_;
          ++misplaced_values_;
          if (isTypeSlot(s)) ++type_misfits_;
          add(diag::RuleId::InvalidCombination, token.range,
              say("'{}' is not a valid {} for '{}'{}", token.text, s.name, spec_.opcode, context()),
              {say("allowed as {}{}: {}", s.name, context(), join(s.values))});
          return true;
        }
      }
    }
    return false;
  }

  bool siblingTakes(std::string_view word) const {
    for (const InstructionSpec* other : siblings_) {
      for (const QualifierSlot& os : other->qualifiers) {
        if (contains(os.values, word)) return true;
      }
    }
    return false;
  }

  bool takesValue(std::string_view word) const {
    for (const QualifierSlot& s : spec_.qualifiers) {
      if (contains(s.values, word)) return true;
    }
    return false;
  }

  static std::string_view closest(std::string_view word, const spec::Values& values) {
    std::string_view best;
    std::size_t best_distance = std::max<std::size_t>(2, word.size() / 4) + 1;
    for (std::string_view v : values) {
      std::size_t d = support::editDistance(word, v);
      if (d < best_distance) {
        best_distance = d;
        best = v;
      }
    }
    return best;
  }

  static std::string_view nearStateSpace(std::string_view word) {
    static const spec::Values kSpaces = {".global", ".shared", ".shared::cta", ".shared::cluster",
                                         ".local",  ".const",  ".param"};
    if (word.size() < 6) return {};
    std::string_view best;
    std::size_t best_distance = 3;
    for (std::string_view v : kSpaces) {
      std::size_t d = support::editDistance(word, v);
      if (d < best_distance) {
        best_distance = d;
        best = v;
      }
    }
    return best;
  }

  // .type, .dtype, .atype, ...: the instruction types (9.4).
  static bool isTypeSlot(const QualifierSlot& s) { return s.name.find("type") != std::string_view::npos; }

  void unknownQualifier(const ast::Token& token, bool is_space) {
    ++unknown_qualifiers_;
    std::string_view best;
    std::size_t best_distance = std::max<std::size_t>(2, token.text.size() / 4) + 1;
    std::vector<std::string> allowed;
    for (const QualifierSlot& s : spec_.qualifiers) {
      if (!explain_) break;
      if (s.on_address) continue;
      allowed.push_back(say("{} = {{ {} }}", s.name, join(s.values)));
      for (std::string_view v : s.values) {
        std::size_t d = support::editDistance(token.text, v);
        if (d < best_distance) {
          best_distance = d;
          best = v;
        }
      }
    }
    std::vector<std::string> notes;
    std::optional<FixIt> fix;
    if (!best.empty()) {
      notes.push_back(say("did you mean '{}'?", best));
      fix = FixIt{token.range, std::string(best)};
    }
    notes.push_back(allowed.empty() && explain_ ? say("'{}' takes no qualifier", spec_.opcode)
                                                : say("'{}' takes: {}", spec_.opcode, fmt::join(allowed, "; ")));
    // A qualifier another block of the instruction takes makes that block the
    // likelier intent; one that defines a block (`ld.volatile`, `ld.mmio`: a
    // mandatory qualifier of one value) the more so.
    if (!is_space) penalty_ += siblingWeight(token.text);
    add(is_space ? diag::RuleId::StateSpaceQualifier : diag::RuleId::UnknownQualifier, token.range,
        is_space ? say("'{}' takes no further state space; '{}' is one too many", spec_.opcode, token.text)
                 : say("unknown qualifier '{}' for '{}'", token.text, spec_.opcode),
        std::move(notes), fix);
  }

  int siblingWeight(std::string_view word) const {
    int weight = 0;
    for (const InstructionSpec* other : siblings_) {
      for (const QualifierSlot& os : other->qualifiers) {
        if (!contains(os.values, word)) continue;
        weight = std::max(weight, !os.optional && os.values.size() == 1 ? 2 : 1);
      }
    }
    return weight;
  }

  bool touched(SourceRange r) const {
    return std::any_of(findings_.begin(), findings_.end(),
                       [&](const Finding& f) { return f.range.begin < r.end && r.begin < f.range.end; });
  }

  const QualifierSlot* slotNamed(std::string_view name) const {
    for (const QualifierSlot& s : spec_.qualifiers) {
      if (s.name == name) return &s;
    }
    return nullptr;
  }

  static bool contains(std::span<const std::string_view> values, std::string_view v) {
    // Qualifier lists are short and their words shorter: no memcmp calls.
    for (std::string_view value : values) {
      if (support::sameBytes(value, v)) return true;
    }
    return false;
  }

  bool holds(const spec::Condition& c) const {
    std::string_view v = valueOf(c.slot);
    return contains(c.values, v);
  }

  std::string context() const {
    // "when .dst is .shared::cluster": the part of the block that chose the table.
    for (const QualifierSlot& s : spec_.qualifiers) {
      if (s.name == ".dst" && s.values.size() == 1) return say(" when .dst is {}", s.values[0]);
    }
    return "";
  }

  // ".ss .global" or, where an absent slot is allowed, ".ss .global or none".
  static std::string describe(const spec::Condition& c) {
    spec::Values present;
    for (std::string_view v : c.values) {
      if (!v.empty()) present.push_back(v);
    }
    bool absent = present.size() != c.values.size();
    if (present.empty()) return fmt::format("no {}", c.slot);
    return fmt::format("{} {}{}", c.slot, join(present, " or "), absent ? " or none" : "");
  }

  void checkConstraints() {
    for (const spec::Constraint& c : spec_.constraints) {
      switch (c.kind) {
        case spec::Constraint::Kind::Pairs: {
          // An absent optional slot takes part as "" where a row names it
          // ("No .vec specified" in multimem's table).
          const ast::Token* a = filled(c.a);
          const ast::Token* b = filled(c.b);
          bool rows_name_absent =
              std::any_of(c.rows.begin(), c.rows.end(), [](const auto& row) { return contains(row.first, ""); });
          if (b == nullptr || (a == nullptr && !rows_name_absent)) break;
          if (touched(b->range) || (a != nullptr && touched(a->range))) break;
          std::string_view av = a ? a->text : std::string_view{};
          bool ok = false;
          std::vector<std::string_view> allowed;
          const QualifierSlot* b_slot = slotNamed(c.b);
          for (const auto& [as, bs] : c.rows) {
            if (!contains(as, av)) continue;
            for (std::string_view v : bs) {
              // List only what this block's own qualifier can take.
              if (b_slot == nullptr || contains(b_slot->values, v)) allowed.push_back(v);
            }
            if (contains(bs, b->text)) ok = true;
          }
          if (!ok) {
            std::string first = a ? say("'{}'", a->text) : say("no {}", c.a);
            add(diag::RuleId::InvalidCombination, b->range,
                a ? say("'{}' does not allow '{}'{}", a->text, b->text, context())
                  : say("'{}' needs a {} qualifier{}", b->text, c.a, context()),
                {allowed.empty() ? say("{} is not allowed at all here", first)
                                 : say("allowed with {}: {}", first, join(allowed))});
          }
          break;
        }
        case spec::Constraint::Kind::RequiresQualifier: {
          if (!std::all_of(c.when.begin(), c.when.end(), [&](const auto& w) { return holds(w); })) break;
          bool present = std::any_of(in_.qualifiers.begin(), in_.qualifiers.end(),
                                     [&](const ast::Token& t) { return t.text == c.needed; });
          if (present) break;
          std::string combination;
          for (const auto& w : c.when) combination += valueOf(w.slot);
          const ast::Token* anchor = filled(c.insert_after);
          SourceRange at = anchor ? SourceRange{anchor->range.end, anchor->range.end} : in_.mnemonic_range;
          add(diag::RuleId::RequiredQualifier, anchor ? anchor->range : in_.mnemonic_range,
              say("'{}' requires '{}'", combination, c.needed), {std::string(c.why)}, FixIt{at, std::string(c.needed)});
          break;
        }
        case spec::Constraint::Kind::Forbids: {
          if (!std::all_of(c.when.begin(), c.when.end(), [&](const auto& w) { return holds(w); })) break;
          if (const ast::Token* other = filled(c.other); other != nullptr && !touched(other->range)) {
            add(diag::RuleId::QualifierConflict, other->range, say("'{}' cannot be used here: {}", other->text, c.why));
          }
          break;
        }
        case spec::Constraint::Kind::Implies: {
          if (!std::all_of(c.when.begin(), c.when.end(), [&](const auto& w) { return holds(w); })) break;
          if (holds(c.then)) break;
          const ast::Token* trigger = filled(c.when.front().slot);
          add(diag::RuleId::QualifierConflict, trigger ? trigger->range : in_.mnemonic_range,
              say("'{}' needs {}: {}", trigger ? trigger->text : spec_.opcode, describe(c.then), c.why));
          break;
        }
      }
    }
  }

  void matchOperands() {
    std::vector<const OperandSpec*> required, free_optional;
    std::vector<const OperandSpec*> expected;  // in order, with the chosen optionals
    std::size_t n_required = 0, n_free = 0;
    for (const OperandSpec& op : spec_.operands) {
      if (op.presence.kind == spec::Presence::Kind::Always ||
          (op.presence.kind == spec::Presence::Kind::WithQualifier && filled(op.presence.slot) != nullptr)) {
        ++n_required;
      } else if (op.presence.kind == spec::Presence::Kind::Optional) {
        ++n_free;
      }
    }
    std::size_t n = in_.operands.size();
    if (n < n_required || n > n_required + n_free) {
      // With the qualifiers already wrong, which operands the block wants is
      // a guess: the qualifier findings say enough.
      if (findings_.empty()) {
        operandCountError(n, n_required, n_free);
        wrong_count_ = true;
      } else {
        penalty_ += 2;  // unreported, but it still counts against this block
      }
      return;
    }
    std::size_t free_to_take = n - n_required;
    for (const OperandSpec& op : spec_.operands) {
      bool take = false;
      if (op.presence.kind == spec::Presence::Kind::Always) take = true;
      if (op.presence.kind == spec::Presence::Kind::WithQualifier) take = filled(op.presence.slot) != nullptr;
      if (op.presence.kind == spec::Presence::Kind::Optional && free_to_take > 0) {
        take = true;
        --free_to_take;
      }
      if (take) expected.push_back(&op);
    }
    for (std::size_t i = 0; i < n; ++i) {
      operands_.push_back({&in_.operands[i], expected[i]});
      checkOperand(in_.operands[i], *expected[i]);
    }
    for (const auto& [op, want] : operands_) {
      if (want->checks_signature) signatureOf(*op, *want);
    }
  }

  // The elements of the list operand named `name`: 0 where the block has no
  // such operand, nullopt where the operand given is no list.
  std::optional<std::size_t> listLength(std::string_view name) const {
    if (name.empty()) return 0;
    for (const auto& [op, want] : operands_) {
      if (want->name != name) continue;
      if (op->kind != ast::OperandKind::ParenList) return std::nullopt;
      return op->elements.size();
    }
    return 0;
  }

  // 9.7.12.5: "the call operands are type-checked against" the callee or
  // the prototype: as many results and arguments as it has.
  void signatureOf(const ast::Operand& op, const OperandSpec& want) {
    if (op.kind != ast::OperandKind::Expression || op.expr->kind != ast::ExprKind::Symbol) return;
    std::optional<Signature> sig = registers_.signature(op.expr->text);
    std::optional<std::size_t> results = listLength(want.results_list);
    std::optional<std::size_t> params = listLength(want.params_list);
    if (sig && !sig->agree) {
      add(diag::RuleId::OperandCount, op.range,
          say("the targets of '{}' differ in their numbers of results or parameters: no call fits them all",
              op.expr->text),
          {"the call operands are type-checked against the type signature of the functions indicated by flist "
           "(9.7.12.5)"});
      return;
    }
    if (!sig || !results || !params || (*results == sig->results && *params == sig->params)) return;
    auto plural = [](std::size_t n, std::string_view word) {
      return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s");
    };
    add(diag::RuleId::OperandCount, op.range,
        say("'{}' has {} and {}; the call gives {} and {}", op.expr->text, plural(sig->results, "result"),
            plural(sig->params, "parameter"), plural(*results, "result"), plural(*params, "argument")),
        {say("syntax: {}", spec_.syntax)});
  }

  void operandCountError(std::size_t n, std::size_t n_required, std::size_t n_free) {
    // An operand that exists only with a qualifier, given without it.
    if (n > n_required + n_free) {
      std::size_t extra = n - n_required - n_free;
      std::vector<const OperandSpec*> missing_qualifier;
      for (const OperandSpec& op : spec_.operands) {
        if (op.presence.kind == spec::Presence::Kind::WithQualifier && filled(op.presence.slot) == nullptr) {
          missing_qualifier.push_back(&op);
        }
      }
      if (extra <= missing_qualifier.size()) {
        const OperandSpec& op = *missing_qualifier[0];
        const QualifierSlot* slot = nullptr;
        for (const QualifierSlot& s : spec_.qualifiers) {
          if (s.name == op.presence.slot) slot = &s;
        }
        const ast::Operand& given = in_.operands[n - extra];
        std::optional<FixIt> fix;
        if (slot != nullptr && slot->values.size() == 1) {
          fix = FixIt{{in_.mnemonic_range.end, in_.mnemonic_range.end}, std::string(slot->values[0])};
        }
        add(diag::RuleId::OperandCount, given.range,
            say("operand '{}' requires the {} qualifier{}", op.name, op.presence.slot,
                slot && slot->values.size() == 1 ? say(" '{}'", slot->values[0]) : ""),
            {say("syntax: {}", spec_.syntax)}, fix);
        return;
      }
    }
    if (n < n_required) {
      // A qualifier whose operand is missing.
      std::size_t i = 0;
      for (const OperandSpec& op : spec_.operands) {
        bool req = op.presence.kind == spec::Presence::Kind::Always ||
                   (op.presence.kind == spec::Presence::Kind::WithQualifier && filled(op.presence.slot) != nullptr);
        if (!req) continue;
        if (i++ < n) continue;
        if (op.presence.kind == spec::Presence::Kind::WithQualifier) {
          const ast::Token* q = filled(op.presence.slot);
          add(diag::RuleId::OperandCount, q->range, say("'{}' requires the operand '{}'", q->text, op.name),
              {say("syntax: {}", spec_.syntax)});
          return;
        }
        break;
      }
    }
    std::string expected = n_free == 0 ? std::to_string(n_required) : say("{} to {}", n_required, n_required + n_free);
    SourceRange at = n > n_required + n_free ? in_.operands[n_required + n_free].range : in_.mnemonic_range;
    add(diag::RuleId::OperandCount, at,
        say("'{}' takes {} operand{} here, not {}", spec_.opcode, expected, expected == "1" ? "" : "s", n),
        {say("syntax: {}", spec_.syntax)});
  }

  static std::optional<std::int64_t> constantValue(const ast::Expr* e) {
    if (e == nullptr) return std::nullopt;
    if (e->kind == ast::ExprKind::IntLiteral && e->value_fits) return static_cast<std::int64_t>(e->int_value);
    if (e->kind == ast::ExprKind::Unary && e->op == "-") {
      // 64-bit two's complement, as PTX constant expressions (4.5.4): the
      // negation of INT64_MIN is itself, not undefined behaviour.
      if (auto v = constantValue(e->lhs)) return static_cast<std::int64_t>(0 - static_cast<std::uint64_t>(*v));
    }
    if (e->kind == ast::ExprKind::Paren) return constantValue(e->lhs);
    return std::nullopt;
  }

  static unsigned typeBits(std::string_view type) {
    if (type == ".pred") return 1;
    if (type.size() < 3) return 0;
    unsigned bits = 0;
    for (char c : type.substr(2)) {
      if (c < '0' || c > '9') return 0;
      bits = bits * 10 + unsigned(c - '0');
    }
    return bits;
  }

  void checkOperand(const ast::Operand& op, const OperandSpec& want) {
    if (want.sink_allowed && op.kind == ast::OperandKind::Sink) return;  // the bit bucket `_`
    // A constant expression in parentheses, `(1 + 2)`, is a list of one to
    // the grammar (the form of call's argument lists); where a value goes,
    // ptxas takes it as the expression (a register in parentheses is a
    // syntax error to it, and stays one here).
    bool value = want.kind == OperandKind::Value || want.kind == OperandKind::Immediate ||
                 want.kind == OperandKind::Predicate || want.kind == OperandKind::Register;
    if (value && op.kind == ast::OperandKind::ParenList && op.elements.size() == 1 &&
        op.elements[0].kind == ast::OperandKind::Expression && literalKind(op.elements[0].expr) != Literal::Unknown) {
      return checkOperand(op.elements[0], want);
    }
    switch (want.kind) {
      case OperandKind::Coordinates: coordinateVector(op, want); return;
      case OperandKind::ResourceAddress: resourceAddress(op, want); return;
      case OperandKind::Address:
      case OperandKind::TensorAddress:
        if (op.kind != ast::OperandKind::Address) {
          add(diag::RuleId::OperandKind, op.range,
              say("'{}' must be an address in brackets, such as [%rd1]", want.name));
          return;
        }
        if (want.kind == OperandKind::TensorAddress) tensorCoordinates(op, want);
        if (want.bits != 0) addressRegisterSize(op, want);
        return;
      case OperandKind::Immediate: {
        auto v = op.kind == ast::OperandKind::Expression ? constantValue(op.expr) : std::nullopt;
        if (!v) {
          add(diag::RuleId::InvalidImmediate, op.range, say("'{}' must be an integer constant", want.name),
              want.immediates.empty() ? std::vector<std::string>{}
                                      : std::vector<std::string>{say("allowed: {}", fmt::join(want.immediates, ", "))});
          return;
        }
        if (!want.immediates.empty() &&
            std::find(want.immediates.begin(), want.immediates.end(), *v) == want.immediates.end()) {
          add(diag::RuleId::InvalidImmediate, op.range, say("'{}' cannot be {} here", want.name, *v),
              {say("allowed: {}", fmt::join(want.immediates, ", "))});
        } else if (*v < want.min_value || *v > want.max_value) {
          add(diag::RuleId::InvalidImmediate, op.range, say("'{}' cannot be {} here", want.name, *v),
              {say("allowed: {} to {}", want.min_value, want.max_value)});
        } else {
          multipleOf(op, want, *v);
        }
        return;
      }
      case OperandKind::Data: {
        if (!want.lengths.empty()) {
          tabledVector(op, want);
          return;
        }
        std::string_view vec = valueOf(want.vector_slot);  // ".v4"
        std::string_view type = valueOf(want.type_slot);
        vectorPredicate(op, want);
        if (vec.empty()) {
          // `{ %r1 }`: a one-element list is the register itself (ptxas
          // accepts it; Triton writes `ld.global.b32 { %r1 }, [%rd1]`).
          if (op.kind == ast::OperandKind::Vector && op.elements.size() == 1 &&
              op.elements[0].kind == ast::OperandKind::Expression) {
            dataRegister(op.elements[0], want, type);
            return;
          }
          if (op.kind != ast::OperandKind::Expression) {
            add(diag::RuleId::OperandKind, op.range,
                say("'{}' must be a register without {}", want.name, want.vector_slot));
            return;
          }
          dataRegister(op, want, type);
          return;
        }
        std::size_t count = static_cast<std::size_t>(vec.back() - '0');
        if (op.kind == ast::OperandKind::Expression && op.expr->kind == ast::ExprKind::Symbol &&
            !registers_.reg(op.expr->text)) {
          return;  // a vector register (`.reg .v4 .f32 V`, 6.4.3): not judged
        }
        if (op.kind != ast::OperandKind::Vector) {
          add(diag::RuleId::OperandKind, op.range,
              say("'{}' must be a vector of {} registers with {}", want.name, count, vec));
          return;
        }
        for (const ast::Operand& element : op.elements) {
          std::size_t before = findings_.size();
          if (element.kind == ast::OperandKind::Sink) {
            sinkElement(element, want);
          } else {
            dataRegister(element, want, type);
          }
          // Typed elements: the first element of a wrong type says it (the
          // vector counts as one wrong operand when blocks are compared).
          if (want.typed_elements && findings_.size() != before) break;
        }
        if (op.elements.size() != count) {
          add(diag::RuleId::OperandKind, op.range,
              say("'{}' has {} element{}; {} needs {}", want.name, op.elements.size(),
                  op.elements.size() == 1 ? "" : "s", vec, count));
        }
        return;
      }
      case OperandKind::Value:
      case OperandKind::Register:
      case OperandKind::Predicate: {
        if (want.with_predicate) {
          registerWithPredicate(op, want);
          return;
        }
        if (want.kind == OperandKind::Predicate && predicateForm(op, want)) return;
        if (want.sink_allowed && op.kind == ast::OperandKind::Sink) return;
        if (want.sink_required) {
          add(diag::RuleId::OperandKind, op.range, say("'{}' must be the sink '_' here", want.name),
              {say("syntax: {}", spec_.syntax)});
          return;
        }
        if (op.kind != ast::OperandKind::Expression) {
          ++penalty_;  // a vector or address where a scalar goes: the shape of another block
          add(diag::RuleId::OperandKind, op.range,
              say("'{}' must be a {}", want.name,
                  want.kind == OperandKind::Predicate  ? "predicate register"
                  : want.kind == OperandKind::Register ? "register"
                                                       : "register or integer constant"));
          return;
        }
        std::string_view want_type = expectedType(want);
        if (op.expr->kind != ast::ExprKind::Symbol && want.kind == OperandKind::Predicate && !want.immediates.empty()) {
          // A predicate that may be written as a constant ("scale-d": 0 or 1).
          auto v = constantValue(op.expr);
          if (!v || std::find(want.immediates.begin(), want.immediates.end(), *v) == want.immediates.end()) {
            add(diag::RuleId::InvalidImmediate, op.range,
                say("'{}' must be a predicate register or one of the constants {}", want.name,
                    fmt::join(want.immediates, ", ")));
          }
          return;
        }
        if (op.expr->kind != ast::ExprKind::Symbol) {
          if (want.not_negated && op.expr->kind == ast::ExprKind::Unary && op.expr->op == "-" &&
              op.expr->lhs != nullptr && op.expr->lhs->kind == ast::ExprKind::Symbol) {
            add(diag::RuleId::OperandKind, op.range, say("'{}' cannot be negated here", want.name),
                {say("syntax: {}", spec_.syntax)});
            return;
          }
          if (want.kind == OperandKind::Predicate && want.constant_allowed) {
            if (Literal k = literalKind(op.expr); k != Literal::Integer && k != Literal::Unknown) {
              add(diag::RuleId::InvalidImmediate, op.range,
                  say("'{}' must be a predicate register or an integer constant", want.name));
            }
          } else if (want.kind != OperandKind::Value) {
            add(diag::RuleId::OperandKind, op.range,
                say("'{}' must be a {}, not a constant", want.name,
                    want.kind == OperandKind::Predicate ? "predicate register" : "register"));
          } else if (!want_type.empty()) {
            immediateOfType(op, want, want_type);
          }
          auto v = constantValue(op.expr);
          if (want.kind == OperandKind::Value && v && !want.immediates.empty() &&
              std::find(want.immediates.begin(), want.immediates.end(), *v) == want.immediates.end()) {
            // A register, or one of a few constants ("nCols must be a power
            // of 2 ... within the range [32, 512]", 9.7.16.7.1).
            add(diag::RuleId::InvalidImmediate, op.range, say("'{}' cannot be {} here", want.name, *v),
                {say("allowed: a register or {}", fmt::join(want.immediates, ", "))});
          } else if (v && (*v < want.min_value || *v > want.max_value)) {
            add(diag::RuleId::InvalidImmediate, op.range, say("'{}' cannot be {} here", want.name, *v),
                {say("allowed: {} to {}", want.min_value, want.max_value)});
          } else if (v) {
            multipleOf(op, want, *v);
          }
          return;
        }
        auto info = registers_.reg(want.selectors.empty() ? op.expr->text : selectedRegister(op, want));
        if (!info || info->type.empty()) return;  // not a register: judged elsewhere, never guessed
        if (want.kind == OperandKind::Predicate) {
          if (info->type != ".pred") {
            add(diag::RuleId::OperandType, op.range,
                say("'{}' must be a .pred register; '{}' is declared {}", want.name, op.expr->text, info->type));
          }
          return;
        }
        if (want.wider_register && !want.type_slot.empty()) {
          dataRegister(op, want, valueOf(want.type_slot));
          return;
        }
        if (!want.fixed_type.empty() || !want.type_slot.empty()) {
          // A typed operand whose type qualifier is missing or wrong: the
          // qualifier findings say enough.
          if (!want_type.empty()) registerOfType(op, want, want_type, *info);
          return;
        }
        unsigned bits = typeBits(info->type);
        unsigned want_bits = want.bits;
        if (info->type == ".pred" || (want_bits != 0 && bits != 0 && bits != want_bits)) {
          add(diag::RuleId::OperandType, op.range,
              say("'{}' is a {}-bit operand; '{}' is declared {}", want.name, want_bits, op.expr->text, info->type));
        }
        return;
      }
      case OperandKind::Packed: packedVector(op, want); return;
      case OperandKind::Symbol: symbolOperand(op, want); return;
      case OperandKind::List: listOperand(op, want); return;
      case OperandKind::Vector: fixedVector(op, want); return;
    }
  }

  // "a label", "a function name or a .calltargets label": what the SymbolClass
  // bits `classes` allow, in words.
  static std::string describeSymbols(std::uint8_t classes) {
    static constexpr std::pair<std::uint8_t, std::string_view> kWords[] = {
        {spec::kLabelSymbol, "a label"},
        {spec::kBranchTargetsSymbol, "the label of a .branchtargets directive"},
        {spec::kCallTargetsSymbol, "the label of a .calltargets directive"},
        {spec::kCallPrototypeSymbol, "the label of a .callprototype directive"},
        {spec::kFunctionSymbol, "a function name"},
        {spec::kVariableSymbol, "a call table (a variable)"},
        {spec::kRegisterSymbol, "a register"}};
    std::vector<std::string_view> words;
    for (const auto& [bit, word] : kWords) {
      if ((classes & bit) != 0) words.push_back(word);
    }
    return fmt::format("{}", fmt::join(words, " or "));
  }

  static std::pair<std::uint8_t, std::string_view> classOf(NameKind kind) {
    switch (kind) {
      case NameKind::Register: return {spec::kRegisterSymbol, "a register"};
      case NameKind::Variable: return {spec::kVariableSymbol, "a variable"};
      case NameKind::Param: return {0, "a parameter"};
      case NameKind::Function: return {spec::kFunctionSymbol, "a function"};
      case NameKind::Label: return {spec::kLabelSymbol, "a label"};
      case NameKind::BranchTargets: return {spec::kBranchTargetsSymbol, "a .branchtargets label"};
      case NameKind::CallTargets: return {spec::kCallTargetsSymbol, "a .calltargets label"};
      case NameKind::CallPrototype: return {spec::kCallPrototypeSymbol, "a .callprototype label"};
    }
    return {0, "a name"};
  }

  // A vector element where a register belongs: false when it is none,
  // reported unless it is a constant in a source vector (allowed there).
  bool registerElement(const ast::Operand& element, const OperandSpec& want) {
    if (element.kind != ast::OperandKind::Expression) {
      add(diag::RuleId::OperandKind, element.range, say("'{}' takes registers as elements", want.name));
      return false;
    }
    if (element.expr->kind != ast::ExprKind::Symbol) {
      if (want.destination) {
        add(diag::RuleId::OperandKind, element.range,
            say("'{}' is a destination: its elements are registers, not constants", want.name));
      }
      return false;
    }
    return true;
  }

  // An address whose register has a fixed size (OperandSpec::bits on an
  // Address): "[taddr]", a Tensor Memory address, is 32 bits (9.7.16.2.1).
  // The register of [r] or [r+imm]; a constant address is not judged.
  void addressRegisterSize(const ast::Operand& op, const OperandSpec& want) {
    const ast::Expr* base = op.expr;
    if (base != nullptr && base->kind == ast::ExprKind::Binary && (base->op == "+" || base->op == "-"))
      base = base->lhs;
    if (base == nullptr || base->kind != ast::ExprKind::Symbol) return;
    std::optional<RegisterInfo> info = registers_.reg(base->text);
    if (!info || info->type.empty()) return;
    unsigned bits = spec::typeQualifierBits(info->type);
    if (bits == 0 || bits == want.bits) return;
    add(diag::RuleId::OperandType, op.range,
        say("'{}' must be a {}-bit register address; '{}' is declared {}", want.name, want.bits, base->text,
            info->type));
  }

  // A name where the manual wants one ("The branch target must be a label",
  // 9.7.12.3; "func is a symbol", 9.7.12.5): never a constant, an expression
  // or a list, and a name the symbol pass resolved must be of a kind the
  // operand allows. An undeclared name is that pass's finding, not this one.
  void symbolOperand(const ast::Operand& op, const OperandSpec& want) {
    if (op.kind != ast::OperandKind::Expression || op.expr->kind != ast::ExprKind::Symbol) {
      add(diag::RuleId::OperandKind, op.range, say("'{}' must be {}", want.name, describeSymbols(want.symbols)));
      return;
    }
    std::optional<NameInfo> info = registers_.nameInfo(op.expr->text);
    if (!info) return;
    auto [bit, what] = classOf(info->kind);
    if ((bit & want.symbols) != 0) {
      // "The .branchtargets directive must be defined in the local function
      // scope before it is used" (9.7.12.4).
      if (want.declared_before && info->declared.begin > in_.range.begin) {
        add(diag::RuleId::UndeclaredSymbol, op.range,
            say("'{}' ({}) is used before it is declared", op.expr->text, what),
            {say("'{}' must be declared before the instruction that uses it", want.name)});
      }
      return;
    }
    // A name of the wrong kind still has the operand's shape: no penalty
    // beyond the finding (`call %rd1;` is judged by `call func;`).
    add(diag::RuleId::OperandKind, op.range,
        say("'{}' must be {}; '{}' is {}", want.name, describeSymbols(want.symbols), op.expr->text, what));
  }

  // `(a, b, ...)` (9.7.12.5): a parenthesised list whose elements are scalar
  // operands ("registers, immediate constants, or variables in .param space").
  void listOperand(const ast::Operand& op, const OperandSpec& want) {
    if (op.kind != ast::OperandKind::ParenList) {
      add(diag::RuleId::OperandKind, op.range,
          say("'{}' must be a list in parentheses, such as (%r1, %r2)", want.name));
      return;
    }
    for (const ast::Operand& element : op.elements) {
      if (element.kind == ast::OperandKind::Expression) continue;
      add(diag::RuleId::OperandKind, element.range,
          say("the elements of '{}' are registers, constants or .param variables", want.name));
    }
  }

  // The type an operand must agree with (9.4): its fixed type, or the type
  // qualifier's value, doubled for a .wide operand; empty when unknown.
  std::string_view expectedType(const OperandSpec& want) const {
    std::string_view type = want.fixed_type.empty() ? valueOf(want.type_slot) : want.fixed_type;
    if (want.fixed_type.empty() && want.type_slot.empty()) return {};
    // Type qualifiers out of order: which operand has which type is a guess.
    if (types_out_of_order_ && want.fixed_type.empty()) {
      const QualifierSlot* slot = slotNamed(want.type_slot);
      if (slot != nullptr && slot->ordered) return {};
    }
    if (want.wide) type = spec::widenedType(type);
    return type;
  }

  std::string describeType(const OperandSpec& want, std::string_view type) const {
    if (!want.fixed_type.empty()) return std::string(type);
    return say("{} ({}{} {})", type, want.wide ? ".wide " : "", want.type_slot, valueOf(want.type_slot));
  }

  // 9.4, Table 26: the declared type of a register operand agrees with the
  // instruction type.
  void registerOfType(const ast::Operand& op, const OperandSpec& want, std::string_view type,
                      const RegisterInfo& info) {
    if (spec::typesAgree(type, info.type)) return;
    unsigned want_bits = spec::typeQualifierBits(type);
    unsigned have_bits = info.type == ".pred" ? 1 : spec::typeQualifierBits(info.type);
    if (want_bits != have_bits || want_bits == 0) {
      add(diag::RuleId::OperandType, op.range,
          type == ".pred"
              ? say("'{}' must be a .pred register; '{}' is declared {}", want.name, op.expr->text, info.type)
              : say("'{}' is a {}-bit operand{}; '{}' is declared {}", want.name, want_bits,
                    want.fixed_type.empty()
                        ? say(" ({}{} {})", want.wide ? ".wide " : "", want.type_slot, valueOf(want.type_slot))
                        : "",
                    op.expr->text, info.type));
      return;
    }
    add(diag::RuleId::OperandType, op.range,
        say("'{}' is a {} operand; '{}' is declared {}", want.name, describeType(want, type), op.expr->text, info.type),
        {"a floating-point type agrees only with itself or a bit-size type of its size; an integer type with "
         "integer and bit-size types of its size (9.4, Table 26)"});
  }

  // What an immediate is: an integer, or a floating-point literal in one of
  // its notations (4.5.1, 4.5.2); Unknown for an expression with symbols.
  enum class Literal : std::uint8_t { Integer, Float, HexFloat32, HexFloat64, Unknown };

  static Literal literalKind(const ast::Expr* e) {
    if (e == nullptr) return Literal::Unknown;
    switch (e->kind) {
      case ast::ExprKind::IntLiteral: return Literal::Integer;
      case ast::ExprKind::FloatLiteral:
        if (e->text.size() > 2 && e->text[0] == '0' && (e->text[1] == 'f' || e->text[1] == 'F')) {
          return Literal::HexFloat32;
        }
        if (e->text.size() > 2 && e->text[0] == '0' && (e->text[1] == 'd' || e->text[1] == 'D')) {
          return Literal::HexFloat64;
        }
        return Literal::Float;
      case ast::ExprKind::Paren: return literalKind(e->lhs);
      case ast::ExprKind::Unary:
      case ast::ExprKind::Binary:
      case ast::ExprKind::Conditional: {
        // A constant expression: floating point as soon as one part is.
        Literal result = Literal::Integer;
        for (const ast::Expr* part : {e->lhs, e->rhs, e->third}) {
          if (part == nullptr) continue;
          Literal k = literalKind(part);
          if (k == Literal::Unknown) return Literal::Unknown;
          if (k != Literal::Integer) result = Literal::Float;
        }
        return result;
      }
      default: return Literal::Unknown;
    }
  }

  // The immediates an instruction type takes. Integer and bit-size types take
  // integers (4.5.1); .f32 and .f64 take floating-point literals in any
  // notation (4.5.2: "converted to the appropriate floating-point size based
  // on the data or instruction type at its use"), never an integer; .b32 and
  // .b64 also take the exact hex notation of their size (0f..., 0d...), which
  // real PTX uses for constants moved into bit registers. The half, packed
  // and 128-bit types take no immediate (ptxas 13.0: "Arguments mismatch").
  void immediateOfType(const ast::Operand& op, const OperandSpec& want, std::string_view type) {
    Literal kind = literalKind(op.expr);
    if (kind == Literal::Unknown) return;
    bool is_float = type == ".f32" || type == ".f64";
    bool is_integer = !is_float && (type == ".pred" || classOfImmediate(type));
    // A decimal floating-point constant is a 64-bit double (4.5.2): .b64
    // takes it as it takes 0d...; the 32-bit 0f... notation goes to .b32.
    bool ok = (is_float && kind != Literal::Integer) || (is_integer && kind == Literal::Integer) ||
              (type == ".b32" && kind == Literal::HexFloat32) ||
              (type == ".b64" && (kind == Literal::HexFloat64 || kind == Literal::Float));
    if (ok) return;
    std::string allowed = is_float         ? "a floating-point constant (1.0, 0f3F800000, 0d3FF0000000000000)"
                          : type == ".b32" ? "an integer constant or a 0f single-precision constant"
                          : type == ".b64" ? "an integer or a double-precision constant (1.5, 0d3FF0000000000000)"
                          : is_integer     ? "an integer constant"
                                           : "a register; this type takes no immediate";
    add(diag::RuleId::InvalidImmediate, op.range,
        say("'{}' cannot be {} for {}", want.name,
            kind == Literal::Integer ? "an integer constant" : "a floating-point constant", describeType(want, type)),
        {say("allowed: {}", allowed)});
  }

  static bool classOfImmediate(std::string_view type) {
    static constexpr std::string_view kIntegerTypes[] = {".b8",  ".b16", ".b32", ".b64", ".u8",  ".u16",
                                                         ".u32", ".u64", ".s8",  ".s16", ".s32", ".s64"};
    return std::find(std::begin(kIntegerTypes), std::end(kIntegerTypes), type) != std::end(kIntegerTypes);
  }

  // A predicate written as a pair, negated or as the sink `_`: true when the
  // form is handled here.
  bool predicateForm(const ast::Operand& op, const OperandSpec& want) {
    using spec::PredicateForm;
    PredicateForm form = want.predicate_form;
    switch (op.kind) {
      case ast::OperandKind::Negated:
        if (form != PredicateForm::Negatable) {
          add(diag::RuleId::OperandKind, op.range, say("'{}' cannot be negated with '!'", want.name));
        } else {
          predicateRegister(op.name, want);
        }
        return true;
      case ast::OperandKind::PredicatePair:
        if (form != PredicateForm::MaybePair && form != PredicateForm::Pair) {
          add(diag::RuleId::OperandKind, op.range, say("'{}' is one predicate, not a pair p|q", want.name));
        } else {
          predicateRegister(op.name, want);
          predicateRegister(op.second, want);
        }
        return true;
      case ast::OperandKind::Sink:
        if (form != PredicateForm::MaybePair) {
          add(diag::RuleId::OperandKind, op.range, say("'{}' cannot be the sink '_'", want.name));
        }
        return true;
      case ast::OperandKind::Expression:
        if (form == PredicateForm::Pair) {
          add(diag::RuleId::OperandKind, op.range, say("'{}' is a pair of predicates p|q here", want.name));
          return true;
        }
        return false;
      default: return false;
    }
  }

  // "A constant must be a multiple of" and "non-zero" (bar's thread count).
  void multipleOf(const ast::Operand& op, const OperandSpec& want, std::int64_t v) {
    if (want.non_zero && v == 0) {
      add(diag::RuleId::InvalidImmediate, op.range, say("'{}' cannot be 0 here", want.name));
      return;
    }
    if (want.multiple_of == 0 || v % want.multiple_of == 0) return;
    add(diag::RuleId::InvalidImmediate, op.range,
        say("'{}' must be a multiple of {}, not {}", want.name, want.multiple_of, v));
  }

  // "d|p" (9.7.8.6 lop3): a register of the type, or the sink, with a
  // predicate; "d[|p]" (9.7.9.6 shfl.sync): the predicate may be left out.
  void registerWithPredicate(const ast::Operand& op, const OperandSpec& want) {
    std::string_view reg_text;
    SourceRange reg_range;
    if (op.kind == ast::OperandKind::PredicatePair) {
      reg_text = op.name.text;
      reg_range = op.name.range;
      if (op.second.text == "_" && !want.predicate_sink) {
        add(diag::RuleId::OperandKind, op.second.range,
            say("the predicate of '{}|p' cannot be the sink '_'", want.name));
      }
      predicateRegister(op.second, want);
    } else if (want.predicate_optional && op.kind == ast::OperandKind::Expression &&
               op.expr->kind == ast::ExprKind::Symbol) {
      reg_text = op.expr->text;
      reg_range = op.range;
    } else if (want.predicate_optional && op.kind == ast::OperandKind::Sink) {
      reg_text = "_";
      reg_range = op.range;
    } else {
      ++penalty_;
      add(diag::RuleId::OperandKind, op.range,
          want.predicate_optional
              ? say("'{}' is a register, or a register and a predicate '{}|p', here", want.name, want.name)
              : say("'{}' is a register and a predicate, '{}|p', here", want.name, want.name));
      return;
    }
    if (reg_text == "_") {
      if (!want.register_sink) {
        add(diag::RuleId::OperandKind, reg_range, say("'{}' cannot be the sink '_'", want.name));
      }
      return;
    }
    std::string_view type = expectedType(want);
    auto info = registers_.reg(reg_text);
    if (type.empty() || !info || info->type.empty() || spec::typesAgree(type, info->type)) return;
    add(diag::RuleId::OperandType, reg_range,
        say("'{}' is a {} operand; '{}' is declared {}", want.name, describeType(want, type), reg_text, info->type));
  }

  void predicateRegister(const ast::Token& name, const OperandSpec& want) {
    if (name.text == "_") return;
    auto info = registers_.reg(name.text);
    if (info && !info->type.empty() && info->type != ".pred") {
      add(diag::RuleId::OperandType, name.range,
          say("'{}' must be a .pred register; '{}' is declared {}", want.name, name.text, info->type));
    }
  }

  // 9.7.9.4: "Both the overall size of the vector and the size of the scalar
  // must match the size of the instruction type"; a destination vector may
  // hold the sink `_` "provided that at least one element is a scalar register".
  void packedVector(const ast::Operand& op, const OperandSpec& want) {
    unsigned total = spec::typeQualifierBits(valueOf(want.type_slot));
    if (op.kind != ast::OperandKind::Vector) {
      ++penalty_;  // a scalar where a vector goes: the shape of another block
      add(diag::RuleId::OperandKind, op.range, say("'{}' must be a vector {{a, b}} or {{a, b, c, d}} here", want.name));
      return;
    }
    std::size_t count = op.elements.size();
    if (count != 2 && count != 4) {
      add(diag::RuleId::OperandKind, op.range,
          say("'{}' has {} elements; a packed vector has 2 or 4", want.name, count));
      return;
    }
    unsigned element_bits = total == 0 ? 0 : total / static_cast<unsigned>(count);
    // A vector of values of one fixed type ({a, b, e, f} of .f32, 9.7.9.21).
    if (!want.fixed_type.empty()) element_bits = spec::typeQualifierBits(want.fixed_type);
    bool any_register = false;
    // ptxas 13.0 does not judge the register sizes of a packed source vector
    // that holds a constant (`mov.b32 %f, {0, %r}` with a .b32 %r assembles,
    // while `{%h, %r}` is refused): neither does ptxlint (no false positive).
    bool holds_constant = std::any_of(op.elements.begin(), op.elements.end(), [](const ast::Operand& e) {
      return e.kind == ast::OperandKind::Expression && e.expr->kind != ast::ExprKind::Symbol;
    });
    for (const ast::Operand& element : op.elements) {
      if (element.kind == ast::OperandKind::Sink) {
        if (!want.destination) {
          add(diag::RuleId::OperandKind, element.range,
              say("the sink '_' can only be an element of a destination vector"));
        }
        continue;
      }
      if (!registerElement(element, want)) continue;
      any_register = true;
      if (!holds_constant || want.destination) registerSize(element, want.name, element_bits);
    }
    if (!any_register && want.destination) {
      add(diag::RuleId::OperandKind, op.range, say("'{}' needs at least one register among its elements", want.name));
    }
  }

  // A data register (or vector element) of the instruction's `type`: the
  // same size, or for ld/st/cvt any register Tables 27/28 allow (9.4.1).
  void dataRegister(const ast::Operand& op, const OperandSpec& want, std::string_view type) {
    if (want.typed_elements) {
      if (type.empty() || op.kind != ast::OperandKind::Expression || op.expr->kind != ast::ExprKind::Symbol) return;
      auto info = registers_.reg(op.expr->text);
      if (info && !info->type.empty()) registerOfType(op, want, type, *info);
      return;
    }
    bool exact = !want.exact_size_when.empty() && holdsAll(want.exact_size_when);
    if (!want.wider_register || exact) {
      registerSize(op, want.name, spec::typeQualifierBits(type));
      return;
    }
    if (type.empty() || op.kind != ast::OperandKind::Expression || op.expr->kind != ast::ExprKind::Symbol) return;
    auto info = registers_.reg(op.expr->text);
    if (!info || info->type.empty() || relaxedTypeAgrees(type, info->type)) return;
    add(diag::RuleId::OperandType, op.range,
        say("'{}' is declared {}, which cannot hold '{}' data here", op.expr->text, info->type, type),
        {relaxedTypeRule(type)});
  }

  // 9.4.1 Tables 27 and 28: the register is at least as wide as the type;
  // a floating-point type needs a bit-size register or a floating-point
  // register of exactly its size; an integer type needs a bit-size or
  // integer register; a bit-size type takes any register.
  static bool relaxedTypeAgrees(std::string_view type, std::string_view reg) {
    if (reg == ".pred") return false;
    if (reg == type) return true;  // a register of the instruction's own type (.f16x2 with .f16x2)
    unsigned type_bits = spec::typeQualifierBits(type);
    unsigned reg_bits = spec::typeQualifierBits(reg);
    if (type_bits == 0 || reg_bits == 0) return true;  // not a fundamental type: not judged
    if (reg_bits < type_bits) return false;
    char type_kind = typeKind(type);
    char reg_kind = typeKind(reg);
    // Packed registers (.f16x2) are not in the tables; ptxas lets integer
    // types use them, and ptxlint does not reject what it cannot cite.
    bool reg_packed = reg.find('x') != std::string_view::npos;
    if (type_kind == 'f') return reg_kind == 'b' || (reg_kind == 'f' && !reg_packed && reg_bits == type_bits);
    if (type_kind == 's' || type_kind == 'u') return reg_kind != 'f' || reg_packed;
    return true;
  }
  static std::string relaxedTypeRule(std::string_view type) {
    unsigned bits = spec::typeQualifierBits(type);
    switch (typeKind(type)) {
      case 'f':
        return fmt::format("{} takes a .f{} register or a bit-size register of {} bits or more (9.4.1)", type, bits,
                           bits);
      case 's':
      case 'u': return fmt::format("{} takes a bit-size or integer register of {} bits or more (9.4.1)", type, bits);
      default: return fmt::format("{} takes a register of {} bits or more (9.4.1)", type, bits);
    }
  }
  // 'b', 's', 'u' or 'f' (.bf16, .tf32 and the fp8/fp6/fp4 formats are 'f').
  static char typeKind(std::string_view type) {
    if (type.size() < 2) return 0;
    if (type.substr(0, 3) == ".bf" || type[1] == 'e' || type.substr(0, 3) == ".tf") return 'f';
    return type[1];
  }

  // "Optionally, sink symbol '_' can be used in vector expression d when: ..."
  void sinkElement(const ast::Operand& element, const OperandSpec& want) {
    if (want.sinks_when.empty()) return;
    for (const auto& alternative : want.sinks_when) {
      if (holdsAll(alternative)) return;
    }
    std::vector<std::string> alternatives;
    for (const auto& alternative : want.sinks_when) {
      // A condition without values never holds: no sink at all (a source).
      if (std::any_of(alternative.begin(), alternative.end(),
                      [](const spec::Condition& c) { return c.values.empty(); })) {
        add(diag::RuleId::OperandKind, element.range,
            say("the sink '_' cannot stand for an element of '{}': it is a source", want.name));
        return;
      }
      std::vector<std::string> parts;
      for (const spec::Condition& c : alternative) parts.push_back(say("{} {}", c.slot, join(c.values, "/")));
      alternatives.push_back(say("{}", fmt::join(parts, " with ")));
    }
    add(diag::RuleId::OperandKind, element.range,
        say("the sink '_' cannot stand for an element of '{}' here", want.name),
        {say("'_' is allowed only with {}", fmt::join(alternatives, ", or "))});
  }

  // A vector whose length (and element type) a table of qualifier
  // combinations gives (ldmatrix's .shape x .num, wgmma's .shape x .dtype).
  void tabledVector(const ast::Operand& op, const OperandSpec& want) {
    const spec::VectorLength* row = nullptr;
    for (const spec::VectorLength& r : want.lengths) {
      if (holdsAll(r.when)) {
        row = &r;
        break;
      }
    }
    if (op.kind != ast::OperandKind::Vector) {
      ++penalty_;  // a scalar where a vector goes: the shape of another block
      add(diag::RuleId::OperandKind, op.range,
          row ? say("'{}' must be a vector of {} register{} {{...}} here", want.name, row->count,
                    row->count == 1 ? "" : "s")
              : say("'{}' must be a vector {{...}} here", want.name));
      return;
    }
    // A vector where the block wants one is a sign of the intended block: a
    // wrong element or length here weighs less than a wrong operand count
    // (wgmma's descriptor and register forms of a).
    std::size_t findings_before = findings_.size();
    bool type_reported = false;  // one wrong element type per vector: the others say the same
    bool any_register = false;
    std::vector<std::pair<const ast::Operand*, std::string_view>> typed_elements;
    for (const ast::Operand& element : op.elements) {
      if (element.kind == ast::OperandKind::Sink) {
        // Sinks only where `sinks_when` allows them (none when it is empty).
        if (want.sinks_when.empty()) {
          add(diag::RuleId::OperandKind, element.range,
              say("the sink '_' cannot stand for an element of '{}'", want.name));
        } else {
          sinkElement(element, want);
        }
        continue;
      }
      if (!registerElement(element, want)) continue;
      any_register = true;
      if (type_reported) continue;
      if (auto info = registers_.reg(element.expr->text); info && !info->type.empty() && info->type != ".pred") {
        typed_elements.push_back({&element, info->type});
      }
      if (row == nullptr || row->element_type.empty()) {
        std::size_t before = findings_.size();
        registerSize(element, want.name, want.bits);
        type_reported = findings_.size() != before;
        continue;
      }
      auto info = registers_.reg(element.expr->text);
      if (!info || info->type.empty() || spec::typesAgree(row->element_type, info->type)) continue;
      type_reported = true;
      add(diag::RuleId::OperandType, element.range,
          say("'{}' takes {} registers here; '{}' is declared {}", want.name, row->element_type, element.expr->text,
              info->type),
          {"a floating-point type agrees only with itself or a bit-size type of its size; an integer type with "
           "integer and bit-size types of its size (9.4, Table 26)"});
    }
    // ptxas: "Vector with elements of different types are not allowed"; a
    // bit-size element agrees with all the others (9.4, Table 26).
    bool any_bit_size = std::any_of(typed_elements.begin(), typed_elements.end(),
                                    [](const auto& e) { return e.second.substr(0, 2) == ".b"; });
    if (!type_reported && !any_bit_size) {
      for (const auto& [element, type] : typed_elements) {
        std::string_view first = typed_elements.front().second;
        if (spec::typesAgree(first, type) || spec::typesAgree(type, first)) continue;
        add(diag::RuleId::OperandType, element->range,
            say("the elements of '{}' have different types: '{}' is declared {}, '{}' {}", want.name,
                typed_elements.front().first->expr->text, first, element->expr->text, type));
        break;
      }
    }
    if (!any_register && want.destination && !op.elements.empty()) {
      add(diag::RuleId::OperandKind, op.range, say("'{}' needs at least one register among its elements", want.name));
    }
    if (row != nullptr && op.elements.size() != row->count) {
      std::string combination;
      for (const spec::Condition& c : row->when) combination += valueOf(c.slot);
      add(diag::RuleId::OperandKind, op.range,
          combination.empty() ? say("'{}' has {} element{}; it needs {}", want.name, op.elements.size(),
                                    op.elements.size() == 1 ? "" : "s", row->count)
                              : say("'{}' has {} element{}; '{}' needs {}", want.name, op.elements.size(),
                                    op.elements.size() == 1 ? "" : "s", combination, row->count));
    }
    if (findings_.size() != findings_before) --penalty_;
  }

  // A register operand (or vector element) whose declared size must be `bits`.
  void registerSize(const ast::Operand& op, std::string_view name, unsigned bits) {
    if (bits == 0 || op.kind != ast::OperandKind::Expression || op.expr->kind != ast::ExprKind::Symbol) return;
    auto info = registers_.reg(op.expr->text);
    if (!info || info->type.empty()) return;
    unsigned have = typeBits(info->type);
    if (info->type == ".pred" || (have != 0 && have != bits)) {
      add(diag::RuleId::OperandType, op.range,
          say("'{}' takes {}-bit registers; '{}' is declared {}", name, bits, op.expr->text, info->type));
    }
  }

  // {d0, ...}|p: the predicate of a vector, where the operand takes one.
  void vectorPredicate(const ast::Operand& op, const OperandSpec& want) {
    if (op.kind != ast::OperandKind::Vector || op.second.text.empty()) return;
    if (!want.with_predicate) {
      add(diag::RuleId::OperandKind, op.second.range,
          say("'{}' takes no predicate '|{}' here", want.name, op.second.text));
      return;
    }
    predicateRegister(op.second, want);
  }

  // `%r1.b0`: the register part of an operand with a selector; the selector
  // must be one `want` allows ("" for none).
  std::string_view selectedRegister(const ast::Operand& op, const OperandSpec& want) {
    std::string_view text = op.expr->text;
    std::size_t dot = text.find('.');
    std::string_view base = text.substr(0, dot);
    std::string_view field = dot == std::string_view::npos ? std::string_view{} : text.substr(dot);
    if (!registers_.reg(base)) return text;  // a special register or a symbol: judged elsewhere
    if (contains(want.selectors, field)) return base;
    spec::Values written;
    for (std::string_view v : want.selectors) {
      if (!v.empty()) written.push_back(v);
    }
    bool none_allowed = contains(want.selectors, "");
    std::string allowed =
        written.size() > 24
            ? say("{} ... {} ({} in all)", join({written.begin(), written.begin() + 8}), written.back(), written.size())
            : join(written);
    if (field.empty()) {
      add(diag::RuleId::OperandKind, op.range, say("'{}' needs a selector here", want.name),
          {say("selectors: {}", allowed)});
    } else if (written.empty()) {
      add(diag::RuleId::OperandKind, op.range,
          say("'{}' takes no selector here; '{}' has '{}'", want.name, base, field));
    } else {
      add(diag::RuleId::OperandKind, op.range, say("'{}' is not a selector of '{}' here", field, want.name),
          {say("selectors{}: {}", none_allowed ? " (or none)" : "", allowed)});
    }
    return base;
  }

  // [a, {b,} c]: a texture or surface, an optional sampler, coordinates.
  void resourceAddress(const ast::Operand& op, const OperandSpec& want) {
    if (op.kind != ast::OperandKind::Address) {
      ++penalty_;
      add(diag::RuleId::OperandKind, op.range,
          say("'{}' must be an address in brackets, {}", want.name, want.sampler ? "[a, c] or [a, b, c]" : "[a, b]"));
      return;
    }
    std::size_t extras = op.elements.size();
    if (extras == 0 || extras > (want.sampler ? 2U : 1U)) {
      add(diag::RuleId::OperandCount, op.range,
          say("the address has {} part{}; it is {}", extras + 1, extras == 0 ? "" : "s",
              want.sampler ? "[texture, coordinates] or [texture, sampler, coordinates]" : "[surface, coordinates]"));
      return;
    }
    // "operand a is a .u64 register holding the address of a .texref variable".
    handle(op.expr, op.range, "a");
    // The sampler b: a symbol or a register (ptxas 13.0 takes a 32-bit one
    // in unified mode), not a vector.
    if (extras == 2 && op.elements[0].kind != ast::OperandKind::Expression) {
      add(diag::RuleId::OperandKind, op.elements[0].range, "the sampler must be a .samplerref or a register");
    }
    coordinateVector(op.elements.back(), want);
  }

  void handle(const ast::Expr* e, SourceRange range, std::string_view name) {
    if (e == nullptr || e->kind != ast::ExprKind::Symbol) return;
    auto info = registers_.reg(e->text);
    if (!info || info->type.empty() || typeBits(info->type) == 64) return;
    add(diag::RuleId::OperandType, range,
        say("'{}' is a .texref, .samplerref or .surfref, or a .u64 register; '{}' is declared {}", name, e->text,
            info->type));
  }

  // {c0, ...}: the element count the geometry allows, elements of the type.
  void coordinateVector(const ast::Operand& op, const OperandSpec& want) {
    const spec::ElementCounts* row = nullptr;
    std::string_view by = valueOf(want.count_slot);
    for (const spec::ElementCounts& r : want.element_counts) {
      if (contains(r.values, by)) row = &r;
    }
    std::vector<const ast::Operand*> elements;
    if (op.kind == ast::OperandKind::Vector) {
      vectorPredicate(op, want);
      for (const ast::Operand& e : op.elements) elements.push_back(&e);
    } else if (op.kind == ast::OperandKind::Expression) {
      elements.push_back(&op);
    } else {
      ++penalty_;
      add(diag::RuleId::OperandKind, op.range, say("'{}' must be a vector {{c0, ...}}", want.name));
      return;
    }
    if (row != nullptr) {
      std::uint8_t count = static_cast<std::uint8_t>(elements.size());
      bool scalar = op.kind != ast::OperandKind::Vector;
      bool fits = std::find(row->counts.begin(), row->counts.end(), count) != row->counts.end();
      if (scalar) fits = row->scalar || fits;
      if (!fits) {
        add(diag::RuleId::OperandKind, op.range,
            say("'{}' has {} element{}; {} takes {}", want.name, count, count == 1 ? "" : "s", by,
                fmt::join(row->counts, " or ")));
      }
    }
    for (std::size_t i = 0; i < elements.size(); ++i) {
      const ast::Operand& e = *elements[i];
      if (e.kind == ast::OperandKind::Sink) {
        add(diag::RuleId::OperandKind, e.range, say("'{}' cannot hold the sink '_'", want.name));
        continue;
      }
      if (e.kind != ast::OperandKind::Expression) continue;
      std::string_view type = row != nullptr && row->index_first && i == 0 ? ".u32" : expectedType(want);
      if (type.empty()) continue;
      if (e.expr->kind != ast::ExprKind::Symbol) {
        immediateOfType(e, want, type);
        continue;
      }
      auto info = registers_.reg(e.expr->text);
      if (info && !info->type.empty()) registerOfType(e, want, type, *info);
    }
  }

  void tensorCoordinates(const ast::Operand& op, const OperandSpec& want) {
    if (op.elements.size() != 1 || op.elements[0].kind != ast::OperandKind::Vector) {
      add(diag::RuleId::OperandKind, op.range,
          say("'{}' must be a tensor address [tensorMap, {{c0, ...}}]", want.name));
      return;
    }
    std::string_view dim = valueOf(".dim");  // ".2d"
    if (want.elements == 0 && dim.size() != 3) return;
    std::size_t want_count = want.elements != 0 ? want.elements : static_cast<std::size_t>(dim[1] - '0');
    const ast::Operand& coords = op.elements[0];
    // "The individual tensor coordinates are of the type .s32."
    for (const ast::Operand& c : coords.elements) registerSize(c, "tensorCoords", 32);
    if (coords.elements.size() != want_count) {
      add(diag::RuleId::TensorCoordinates, coords.range,
          say("tensorCoords has {} coordinate{}; {} needs {}", coords.elements.size(),
              coords.elements.size() == 1 ? "" : "s", want.elements != 0 ? "this form" : dim, want_count));
    }
  }

  // {a, b, ...} of a fixed or .dim-relative number of `bits`-bit registers
  // or integer constants (im2colInfo, 9.7.9.27.1.2).
  void fixedVector(const ast::Operand& op, const OperandSpec& want) {
    if (op.kind != ast::OperandKind::Vector) {
      ++penalty_;
      add(diag::RuleId::OperandKind, op.range, say("'{}' must be a vector {{a, ...}}", want.name));
      return;
    }
    for (const ast::Operand& element : op.elements) {
      if (element.kind != ast::OperandKind::Expression) {
        add(diag::RuleId::OperandKind, element.range, say("'{}' takes registers as elements", want.name));
        continue;
      }
      registerSize(element, want.name, want.bits);
    }
    std::size_t count = want.elements;
    if (count == 0) {
      std::string_view dim = valueOf(".dim");  // ".5d"
      if (dim.size() != 3 || static_cast<std::size_t>(dim[1] - '0') <= want.elements_dim_less) return;
      count = static_cast<std::size_t>(dim[1] - '0') - want.elements_dim_less;
    }
    if (op.elements.size() != count) {
      add(diag::RuleId::OperandKind, op.range,
          say("'{}' has {} element{}; {} needed here", want.name, op.elements.size(),
              op.elements.size() == 1 ? "" : "s", count));
    }
  }

  const InstructionSpec& spec_;
  const std::vector<const InstructionSpec*>& siblings_;
  const ast::Instruction& in_;
  std::size_t first_;
  const RegisterResolver& registers_;
  bool explain_ = true;
  std::vector<const ast::Token*> filled_;
  std::vector<Finding> findings_;
  int penalty_ = 0;
  std::size_t misplaced_values_ = 0;    // values placed as another block takes them
  std::size_t unknown_qualifiers_ = 0;  // qualifiers this block cannot place
  std::size_t missing_qualifiers_ = 0;  // mandatory qualifiers not written
  std::size_t type_misfits_ = 0;        // type slots missing or holding another block's value
  std::size_t qualifier_findings_ = 0;
  bool types_out_of_order_ = false;
  bool wrong_count_ = false;  // the operand count was reported
  std::vector<std::pair<const ast::Operand*, const OperandSpec*>> operands_;
};

void emit(diag::DiagnosticSink& sink, const Finding& f, std::string_view section) {
  Diagnostic& d = sink.report(f.rule, f.range, f.message);
  d.spec_section = section;
  for (const std::string& n : f.notes) diag::DiagnosticSink::addNote(d, n);
  if (f.fixit) diag::DiagnosticSink::addFixIt(d, f.fixit->range, f.fixit->replacement);
}

// PTX ISA Notes and Target ISA Notes of the chosen block.
void checkNotes(const BlockMatch& match, const ast::Instruction& in, const ModuleContext& context,
                diag::DiagnosticSink& sink) {
  const InstructionSpec& spec = match.spec();
  context.require(sink, in.mnemonic_range, fmt::format("'{}'", spec.opcode), spec.introduced, spec.target,
                  spec.section);
  // "Not supported in PTX ISA version 6.4 for .target sm_70 or higher".
  if (spec.removed.sm != 0 && context.version && context.target && *context.version >= spec.removed.from &&
      context.target->sm >= spec.removed.sm) {
    Diagnostic& d = sink.report(diag::RuleId::FeatureNeedsTarget, in.mnemonic_range,
                                fmt::format("{} is not supported on sm_{} or higher from PTX ISA {}; .target is {}, "
                                            ".version {}",
                                            spec.removed.what, spec.removed.sm, spec.removed.from.str(),
                                            context.target->str(), context.version->str()));
    d.spec_section = spec.section;
  }
  // Qualifiers that became mandatory in a later PTX ISA version.
  for (const spec::QualifierSlot& slot : spec.qualifiers) {
    if (slot.required_from.major == 0 || match.filled(slot.name) != nullptr || !context.version ||
        *context.version < slot.required_from) {
      continue;
    }
    std::string mnemonic(in.opcode.text);
    for (const ast::Token& q : in.qualifiers) mnemonic += q.text;
    Diagnostic& d = sink.report(
        diag::RuleId::MissingQualifier, in.mnemonic_range,
        fmt::format("'{}' requires the qualifier '{}' from PTX ISA {}; the file declares .version {}{}", mnemonic,
                    slot.values.empty() ? slot.name : slot.values.front(), slot.required_from.str(),
                    context.version->str(), context.version_overridden ? " (--ptx-version)" : ""));
    d.spec_section = spec.section;
    diag::DiagnosticSink::addNote(d, fmt::format("the syntax is '{}'", spec.syntax));
  }
  for (const spec::FeatureNote& note : spec.notes) {
    SourceRange at;
    std::string what;
    if (note.slot.empty() && note.operand.empty()) {
      // A note on the whole block: its target list is longer than one
      // TargetRequirement says ("sm_100a, sm_101a, and from PTX ISA 8.8 the
      // sm_100f and sm_101f families", 9.7.16).
      if (!match.holdsAll(note.when)) continue;
      at = in.mnemonic_range;
      what = fmt::format("'{}'", spec.opcode);
    } else if (!note.slot.empty()) {
      const ast::Token* q = match.filled(note.slot);
      if (q == nullptr) continue;
      if (!note.values.empty() && std::find(note.values.begin(), note.values.end(), q->text) == note.values.end()) {
        continue;
      }
      if (!match.holdsAll(note.when)) continue;
      at = q->range;
      std::string with;
      for (const spec::Condition& c : note.when) {
        if (!match.valueOf(c.slot).empty()) with += fmt::format(" with '{}'", match.valueOf(c.slot));
      }
      what = fmt::format("'{}'{} on '{}'", q->text, with, spec.opcode);
    } else {
      const ast::Operand* given = nullptr;
      for (const auto& [op, want] : match.operands()) {
        if (want->name == note.operand) given = op;
      }
      if (given == nullptr) continue;
      if (note.operand_is_sink && given->kind != ast::OperandKind::Sink) continue;
      if (note.on_predicate) {
        if (given->kind != ast::OperandKind::Vector || given->second.text.empty()) continue;
        at = given->second.range;
        what = fmt::format("the destination predicate '|{}' of '{}'", given->second.text, spec.opcode);
      } else {
        at = given->range;
        what = note.operand_is_sink ? fmt::format("the sink '_' as the '{}' operand of '{}'", note.operand, spec.opcode)
                                    : fmt::format("the '{}' operand of '{}'", note.operand, spec.opcode);
      }
    }
    if (note.introduced.major != 0) context.require(sink, at, what, note.introduced, {}, spec.section);
    if (context.requirements != nullptr && !note.targets.empty() && !note.advisory) {
      context.requirements->features.push_back({at, what, {}, note.targets, note.family_from, spec.section});
    }
    if (note.targets.empty() || !context.target) continue;
    bool satisfied = std::any_of(note.targets.begin(), note.targets.end(), [&](const spec::TargetRequirement& r) {
      if (r.kind == spec::TargetRequirement::Kind::FamilySpecific && note.family_from.major != 0 && context.version &&
          *context.version < note.family_from) {
        return false;
      }
      if (r.from.major != 0 && context.version && *context.version < r.from) return false;
      return r.satisfiedBy(*context.target);
    });
    if (satisfied) continue;
    std::vector<std::string> names;
    for (const spec::TargetRequirement& r : note.targets) names.push_back(r.describe());
    Diagnostic& d = sink.report(note.advisory ? diag::RuleId::AdvisedTarget : diag::RuleId::FeatureNeedsTarget, at,
                                note.advisory ? fmt::format("{} is advised only for {}; .target is {}", what,
                                                            fmt::join(names, ", "), context.target->str())
                                              : fmt::format("{} requires {}; .target is {}", what,
                                                            fmt::join(names, " or "), context.target->str()));
    d.spec_section = spec.section;
  }
}

}  // namespace

namespace {

// The memo key of an instruction (see CheckMemo): everything BlockMatch and
// checkNotes read. Names become what the resolver says of them; a register
// is its type and its place among the instruction's names (so `add %r1, %r1,
// %r2` and `add %r1, %r2, %r3` differ), a label only its kind; other names
// (variables, functions, special registers) keep their text.
class MemoKey {
 public:
  MemoKey(const ast::Instruction& in, const RegisterResolver& registers, CheckMemo::Scratch& out)
      : in_(in), registers_(registers), out_(out), names_(out.names) {}

  // The key, or an empty view when it does not fit the scratch room.
  std::string_view build() {
    out_.size = out_.context_size;
    out_.overflow = false;
    names_.clear();
    text(in_.opcode.text);
    for (const ast::Token& q : in_.qualifiers) text(q.text);
    put('|');
    for (const ast::Operand& op : in_.operands) operand(op);
    return out_.overflow ? std::string_view{} : std::string_view(out_.bytes, out_.size);
  }

 private:
  void put(char c) {
    if (out_.size < CheckMemo::Scratch::kCapacity) {
      out_.bytes[out_.size++] = c;
    } else {
      out_.overflow = true;
    }
  }
  void text(std::string_view t) {
    if (out_.size + t.size() + 1 > CheckMemo::Scratch::kCapacity) {
      out_.overflow = true;
      return;
    }
    support::copyShortBytes(out_.bytes + out_.size, t.data(), t.size());
    out_.size += t.size();
    out_.bytes[out_.size++] = '\x1f';
  }

  void number(std::size_t n) {
    char digits[20];
    std::size_t k = 0;
    do {
      digits[k++] = static_cast<char>('0' + n % 10);
      n /= 10;
    } while (n != 0);
    while (k > 0) put(digits[--k]);
    put(',');
  }

  void name(std::string_view t) {
    if (t == "_") {
      put('_');
      return;
    }
    std::size_t index = 0;
    while (index < names_.size() && !support::sameBytes(names_[index], t)) ++index;
    if (index == names_.size()) names_.push_back(t);
    put('#');
    number(index);
    if (std::optional<RegisterInfo> reg = registers_.reg(t)) {
      put('R');
      put(reg->declared.begin > in_.range.begin ? '>' : '<');
      text(reg->type);
      return;
    }
    if (std::optional<NameInfo> info = registers_.nameInfo(t)) {
      put('N');
      put(static_cast<char>('0' + static_cast<int>(info->kind)));
      put(info->declared.begin > in_.range.begin ? '>' : '<');
      if (info->kind != NameKind::Label) text(t);
      if (std::optional<Signature> sig = registers_.signature(t)) {
        put('S');
        number(sig->results);
        number(sig->params);
        put(sig->agree ? '+' : '-');
      }
      return;
    }
    put('U');
    text(t);
  }

  void expr(const ast::Expr* e) {
    if (e == nullptr) {
      put('~');
      return;
    }
    put(static_cast<char>('a' + static_cast<int>(e->kind)));
    switch (e->kind) {
      case ast::ExprKind::Symbol: name(e->text); return;
      case ast::ExprKind::IntLiteral:
      case ast::ExprKind::FloatLiteral: text(e->text); return;
      default: break;
    }
    text(e->text);
    text(e->op);
    put('(');
    expr(e->lhs);
    expr(e->rhs);
    expr(e->third);
    put(')');
  }

  void operand(const ast::Operand& op) {
    put(static_cast<char>('A' + static_cast<int>(op.kind)));
    switch (op.kind) {
      case ast::OperandKind::Expression: expr(op.expr); break;
      case ast::OperandKind::Address:
        expr(op.expr);
        text(op.name.text);
        break;
      case ast::OperandKind::Negated: name(op.name.text); break;
      case ast::OperandKind::PredicatePair:
        name(op.name.text);
        name(op.second.text);
        break;
      case ast::OperandKind::Vector:
        if (!op.second.text.empty()) name(op.second.text);
        break;
      case ast::OperandKind::ParenList:
      case ast::OperandKind::Sink: break;
    }
    put('{');
    for (const ast::Operand& element : op.elements) operand(element);
    put('}');
  }

  const ast::Instruction& in_;
  const RegisterResolver& registers_;
  CheckMemo::Scratch& out_;
  std::vector<std::string_view>& names_;
};

void hexFloatOperands(const ast::Operand& op, diag::DiagnosticSink& sink) {
  checkHexFloatOperands(op.expr, sink);
  for (const ast::Operand& element : op.elements) hexFloatOperands(element, sink);
}

bool checkUncached(const ast::Instruction& in, const ModuleContext& context, const RegisterResolver& registers,
                   diag::DiagnosticSink& sink) {
  // Whether or not a table covers the instruction (a matter of syntax).
  for (const ast::Operand& op : in.operands) hexFloatOperands(op, sink);
  thread_local std::vector<std::string_view> words;  // reused: no allocation per instruction
  words.clear();
  words.push_back(in.opcode.text);
  for (const ast::Token& q : in.qualifiers) words.push_back(q.text.substr(1));
  std::size_t name_words = 0;
  const std::vector<const InstructionSpec*>& specs = spec::findInstructionSpecs(words, name_words);
  if (specs.empty()) return false;

  // Blocks are compared without building messages; the one reported is
  // matched again with them.
  std::optional<BlockMatch> best;
  for (const InstructionSpec* s : specs) {
    BlockMatch match(*s, specs, in, name_words - 1, registers, /*explain=*/false);
    if (!best || match.betterThan(*best)) best.emplace(std::move(match));
    if (best->findings().empty()) break;
  }
  if (!best->findings().empty()) best.emplace(best->spec(), specs, in, name_words - 1, registers, /*explain=*/true);
  for (const Finding& f : best->findings()) emit(sink, f, best->spec().section);
  checkNotes(*best, in, context, sink);
  return true;
}

// The process-wide verdicts (see CheckMemo).
class VerdictCache {
 public:
  std::optional<bool> find(std::string_view key) const {
    std::uint64_t hash = support::hashBytes(key);
    Front& front = this->front();
    if (const bool* kept = front.find(hash, key)) return *kept;
    bool verdict;
    {
      std::shared_lock lock(mutex_);
      auto it = verdicts_.find(key);
      if (it == verdicts_.end()) return std::nullopt;
      verdict = it->second;
    }
    front.put(hash, key, verdict);
    return verdict;
  }
  void insert(std::string_view key, bool checked) {
    front().put(support::hashBytes(key), key, checked);
    std::unique_lock lock(mutex_);
    if (verdicts_.size() >= kMaxEntries) verdicts_.clear();  // bounded on hostile input
    verdicts_.emplace(std::string(key), checked);
  }

 private:
  struct Hash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const { return support::hashBytes(s); }
  };
  using Front = support::FrontCache<bool, 16384>;  // at most about 2.4 MiB a thread
  static Front& front() {
    thread_local Front instance;
    return instance;
  }

  static constexpr std::size_t kMaxEntries = 1 << 16;  // about 15 MiB at most
  mutable std::shared_mutex mutex_;
  std::unordered_map<std::string, bool, Hash, std::equal_to<>> verdicts_;
};

VerdictCache& verdictCache() {
  static VerdictCache cache;
  return cache;
}

}  // namespace

CheckMemo::CheckMemo(const ModuleContext& context) {
  std::string prefix = (context.version ? context.version->str() : std::string("-")) + "/" +
                       (context.target ? context.target->str() : std::string("-")) + "/" +
                       (context.version_overridden ? "V" : "") + (context.target_overridden ? "T" : "") + "|";
  std::memcpy(scratch_.bytes, prefix.data(), prefix.size());
  scratch_.context_size = prefix.size();
}

std::optional<bool> CheckMemo::find(std::string_view key) const { return verdictCache().find(key); }
void CheckMemo::insert(std::string_view key, bool checked) { verdictCache().insert(key, checked); }

void checkHexFloatOperands(const ast::Expr* e, diag::DiagnosticSink& sink) {
  if (e == nullptr) return;
  std::string op;  // the operator, when e is one
  switch (e->kind) {
    case ast::ExprKind::Unary:
    case ast::ExprKind::Binary: op = std::string(e->op); break;
    case ast::ExprKind::Cast: op = "(" + std::string(e->op) + ")"; break;
    case ast::ExprKind::Conditional: op = "?:"; break;
    case ast::ExprKind::Index: op = "[]"; break;
    case ast::ExprKind::Call:
    case ast::ExprKind::Mask: op = std::string(e->text) + "()"; break;
    default: break;
  }
  for (const ast::Expr* part : {e->lhs, e->rhs, e->third}) {
    if (part == nullptr) continue;
    const ast::Expr* inner = part;
    while (inner->kind == ast::ExprKind::Paren && inner->lhs != nullptr) inner = inner->lhs;
    bool single = inner->kind == ast::ExprKind::FloatLiteral && inner->text.size() == 10 && inner->text[0] == '0' &&
                  (inner->text[1] == 'f' || inner->text[1] == 'F');
    if (!op.empty() && single) {
      Diagnostic& d =
          sink.report(diag::RuleId::HexFloatInExpression, inner->range,
                      fmt::format("'{}' is an exact single-precision constant (0f): it cannot be an operand of '{}'",
                                  inner->text, op));
      if (e->kind == ast::ExprKind::Unary && e->op == "-" && part == inner) {
        // -0f40000000 is 0fC0000000: the sign bit flipped, the digits' case kept.
        char top = inner->text[2];
        int digit = top <= '9' ? top - '0' : (top | 0x20) - 'a' + 10;
        digit ^= 8;
        bool lower =
            std::any_of(inner->text.begin() + 2, inner->text.end(), [](char c) { return c >= 'a' && c <= 'f'; });
        char flipped = static_cast<char>(digit < 10 ? '0' + digit : (lower ? 'a' : 'A') + digit - 10);
        std::string replacement = std::string(inner->text.substr(0, 2)) + flipped + std::string(inner->text.substr(3));
        diag::DiagnosticSink::addFixIt(d, e->range, replacement);
      }
    }
    checkHexFloatOperands(part, sink);
  }
}

bool checkInstruction(const ast::Instruction& in, const ModuleContext& context, const RegisterResolver& registers,
                      diag::DiagnosticSink& sink, CheckMemo* memo) {
  if (memo == nullptr || context.requirements != nullptr) return checkUncached(in, context, registers, sink);
  std::string_view key = MemoKey(in, registers, memo->scratch()).build();
  if (key.empty()) return checkUncached(in, context, registers, sink);
  if (std::optional<bool> verdict = memo->find(key)) return *verdict;
  std::size_t kept = sink.diagnostics().size(), dropped = sink.droppedCount();
  bool checked = checkUncached(in, context, registers, sink);
  if (sink.diagnostics().size() == kept && sink.droppedCount() == dropped) memo->insert(key, checked);
  return checked;
}

}  // namespace ptxlint::sema
