#include "sema/engine/qualifier_match.h"

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "sema/engine/words.h"

namespace ptxlint::sema::engine {

using spec::InstructionSpec;
using spec::QualifierSlot;

std::size_t qualifierEdits(std::string_view word) { return std::max<std::size_t>(2, word.size() / 4); }

std::string_view nearStateSpace(std::string_view word) {
  static constexpr std::string_view kSpaces[] = {".global", ".shared", ".shared::cta", ".shared::cluster",
                                                 ".local",  ".const",  ".param"};
  if (word.size() < 6) return {};
  return support::closestWord(word, kSpaces, 2);
}

std::string writtenMnemonic(const ast::Instruction& in) {
  std::string s(in.opcode.text);
  for (const ast::Token& q : in.qualifiers) s += q.text;
  return s;
}

std::string dstContext(const InstructionSpec& spec, const Findings& out) {
  for (const QualifierSlot& s : spec.qualifiers) {
    if (s.name == ".dst" && s.values.size() == 1) return out.say(" when .dst is {}", s.values[0]);
  }
  return "";
}

namespace {

// Flags ptxas 13.0 takes twice as once (add.sat.sat, sqrt.approx.approx,
// max.NaN.NaN, bra.uni.uni, bar.sync.sync; the manual's own 9.7.5.3 example
// writes fma.rz.sat.f32.f16.sat). It refuses every other repeat checked
// (.ftz, .abs, .aligned, .full, rounding, comparison and type qualifiers).
bool isRepeatableFlag(std::string_view text) {
  return text == ".sat" || text == ".approx" || text == ".NaN" || text == ".uni" || text == ".sync";
}

// The matching of one block; its state lives only while matchQualifiers runs.
class QualifierMatcher {
 public:
  QualifierMatcher(const InstructionSpec& spec, spec::EntryList siblings, const ast::Instruction& in, std::size_t first,
                   Findings& out, QualifierFit& fit)
      : spec_(spec), siblings_(siblings), in_(in), first_(first), out_(out), fit_(fit), binding_(spec) {
    for (std::size_t i = 0; i < spec_.qualifiers.size(); ++i) {
      if (spec_.qualifiers[i].space) space_slots_.push_back(i);
    }
  }

  QualifierBinding run() {
    matchAddressQualifiers();
    for (std::size_t q = first_; q < in_.qualifiers.size(); ++q) placeToken(in_.qualifiers[q]);
    checkOrder();
    reportMissing();
    return std::move(binding_);
  }

 private:
  void placeToken(const ast::Token& token) {
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
    bool placed = is_space && placeStateSpace(token, near_space);
    if (!placed) placed = placeInSlot(token);
    if (!placed) placed = placeBySibling(token);
    if (!placed) unknownQualifier(token, is_space);
  }

  // Skips optional space slots that cannot take the space, when a later one
  // can; otherwise the next slot takes it (as an invalid value: a misspelt
  // or wrong space is reported there, not as one too many).
  bool placeStateSpace(const ast::Token& token, std::string_view near_space) {
    for (std::size_t j = next_space_; j < space_slots_.size(); ++j) {
      const QualifierSlot& candidate = spec_.qualifiers[space_slots_[j]];
      if (contains(candidate.values, token.text)) {
        next_space_ = j;
        break;
      }
      if (!candidate.optional) break;
    }
    if (next_space_ >= space_slots_.size()) return false;
    std::size_t slot = space_slots_[next_space_++];
    const QualifierSlot& s = spec_.qualifiers[slot];
    binding_.fill(slot, &token);
    if (!isStateSpace(token.text)) {
      std::string_view best = support::closestWord(token.text, s.values, qualifierEdits(token.text));
      // A misspelling of a value this slot takes is a closer match for this
      // block than one of another block's value.
      if (!best.empty()) out_.penalize(-1);
      if (best.empty()) best = near_space;
      out_.add(diag::RuleId::StateSpaceQualifier, token.range,
               out_.say("unknown state space '{}' for '{}'", token.text, spec_.opcode),
               {out_.say("did you mean '{}'?", best), out_.say("allowed as {}: {}", s.name, join(s.values))},
               FixIt{token.range, std::string(best)});
    } else if (!contains(s.values, token.text)) {
      out_.add(diag::RuleId::StateSpaceQualifier, token.range,
               out_.say("'{}' is not a valid {} state space for '{}' here", token.text, s.name, spec_.opcode),
               {out_.say("allowed as {}: {}", s.name, join(s.values))});
    }
    return true;
  }

  // The first slot of the block that takes the value.
  bool placeInSlot(const ast::Token& token) {
    for (std::size_t i = 0; i < spec_.qualifiers.size(); ++i) {
      const QualifierSlot& s = spec_.qualifiers[i];
      if (s.space || s.on_address || !contains(s.values, token.text)) continue;
      const ast::Token* before = binding_.at(i);
      if (before != nullptr && laterSlotTakes(i, token.text)) continue;  // set.eq.f16.f16: .dtype, .stype
      if (before != nullptr && before->text == token.text && isRepeatableFlag(token.text)) {
        return true;  // ptxas 13.0 takes add.sat.sat, bar.sync.sync: the flag once
      }
      if (before != nullptr) {
        out_.add(diag::RuleId::DuplicateQualifier, token.range,
                 out_.say("'{}' repeats the {} qualifier, already given as '{}'", token.text, s.name, before->text));
      } else {
        binding_.fill(i, &token);
      }
      return true;
    }
    return false;
  }

  void reportMissing() {
    for (std::size_t i = 0; i < spec_.qualifiers.size(); ++i) {
      const QualifierSlot& s = spec_.qualifiers[i];
      if (s.optional || binding_.at(i) != nullptr) continue;
      // A block that lacks a qualifier the instruction never wrote is a
      // worse fit than one with a wrong value in a slot of its own.
      out_.penalize();
      ++fit_.missing_qualifiers;
      if (isTypeSlot(s)) ++fit_.type_misfits;
      SourceRange at{in_.mnemonic_range.end, in_.mnemonic_range.end};
      std::optional<FixIt> fix;
      if (s.values.size() == 1) fix = FixIt{at, std::string(s.values[0])};
      out_.add(diag::RuleId::MissingQualifier, in_.mnemonic_range,
               s.values.size() == 1 ? out_.say("'{}' requires the qualifier '{}'", writtenMnemonic(in_), s.values[0])
                                    : out_.say("'{}' requires a {} qualifier", writtenMnemonic(in_), s.name),
               {out_.say("{} is one of: {}", s.name, join(s.values))}, fix);
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
        if (!contains(s.values, op.name.text) || binding_.at(i) != nullptr) continue;
        binding_.fill(i, &op.name);
        placed = true;
        break;
      }
      if (placed) continue;
      // Every qualifier of the instruction itself may still fit this block:
      // it stays the likelier intent than a block that lacks one of them.
      out_.penalize(-1);
      out_.add(diag::RuleId::UnknownQualifier, op.name.range,
               out_.say("unknown address qualifier '{}' for '{}'", op.name.text, spec_.opcode),
               {allowed.empty() ? out_.say("this form of '{}' takes no qualifier on its address", spec_.opcode)
                                : out_.say("allowed on the address: {}", join(allowed))});
    }
  }

  // Whether an empty slot after `slot` takes `value` too: the same type may
  // fill two type slots (set.eq.f16.f16, .dtype then .stype).
  bool laterSlotTakes(std::size_t slot, std::string_view value) const {
    for (std::size_t j = slot + 1; j < spec_.qualifiers.size(); ++j) {
      const QualifierSlot& s = spec_.qualifiers[j];
      if (!s.space && binding_.at(j) == nullptr && contains(s.values, value)) return true;
    }
    return false;
  }

  // Qualifiers whose place is fixed: a leading slot right after the opcode
  // (mul.wide), ordered type slots in operand order (add.f32.bf16, 9.4).
  void checkOrder() {
    for (std::size_t i = 0; i < spec_.qualifiers.size(); ++i) {
      const QualifierSlot& s = spec_.qualifiers[i];
      const ast::Token* t = binding_.at(i);
      if (t == nullptr) continue;
      if (s.leading) checkLeading(*t);
      if (s.order_group != 0 && s.order_group < group_previous_.size()) checkGroupOrder(*t, s);
      if (s.ordered) checkTypeOrder(*t, s);
    }
  }

  // Several leading slots (bar.cta.red) take the first places in table
  // order: each comes right after the opcode or the leading one before it.
  void checkLeading(const ast::Token& t) {
    const ast::Token* place = leading_place_ < in_.qualifiers.size() ? &in_.qualifiers[leading_place_] : nullptr;
    if (&t != place) {
      out_.add(diag::RuleId::QualifierOrder, t.range,
               out_.say("'{}' must come right after '{}'", t.text,
                        previous_leading_ != nullptr ? previous_leading_->text : spec_.opcode),
               {out_.say("syntax: {}", spec_.syntax)});
    }
    ++leading_place_;
    previous_leading_ = &t;
  }

  // Slots of one order group (QualifierSlot::order_group) in table order.
  void checkGroupOrder(const ast::Token& t, const QualifierSlot& s) {
    auto& [before, before_slot] = group_previous_[s.order_group];
    if (before != nullptr && t.range.begin < before->range.begin) {
      out_.add(diag::RuleId::QualifierOrder, t.range,
               out_.say("'{}' ({}) must come after '{}' ({})", t.text, s.name, before->text, before_slot->name),
               {out_.say("syntax: {}", spec_.syntax)});
    }
    before = &t;
    before_slot = &s;
  }

  void checkTypeOrder(const ast::Token& t, const QualifierSlot& s) {
    if (previous_type_ != nullptr && t.range.begin < previous_type_->range.begin) {
      // A block that reads the types in the other order is a worse fit than
      // one whose order is right and a rule is broken (cvt.s32.bf16: the
      // .bf16 -> integer entry, not .s32 -> .bf16).
      if (!binding_.typesOutOfOrder()) out_.penalize();
      binding_.setTypesOutOfOrder();
      out_.add(diag::RuleId::QualifierOrder, t.range,
               out_.say("'{}' ({}) must come after '{}' ({}): type qualifiers are in the order of the operands", t.text,
                        s.name, previous_type_->text, previous_type_slot_->name),
               {out_.say("syntax: {}", spec_.syntax)});
    }
    previous_type_ = &t;
    previous_type_slot_ = &s;
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
          if (binding_.at(i) != nullptr) return false;
          binding_.fill(i, &token);
          // Another block takes this value as it is: that block is the
          // likelier intent, all else equal.
          out_.penalize();
          ++fit_.misplaced_values;
          if (isTypeSlot(s)) ++fit_.type_misfits;
          out_.add(
              diag::RuleId::InvalidCombination, token.range,
              out_.say("'{}' is not a valid {} for '{}'{}", token.text, s.name, spec_.opcode, dstContext(spec_, out_)),
              {out_.say("allowed as {}{}: {}", s.name, dstContext(spec_, out_), join(s.values))});
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

  void unknownQualifier(const ast::Token& token, bool is_space) {
    ++fit_.unknown_qualifiers;
    std::vector<std::string> allowed;
    std::vector<std::string_view> values;  // every value of the block, for the suggestion
    for (const QualifierSlot& s : spec_.qualifiers) {
      if (!out_.explain()) break;
      if (s.on_address) continue;
      allowed.push_back(out_.say("{} = {{ {} }}", s.name, join(s.values)));
      values.insert(values.end(), s.values.begin(), s.values.end());
    }
    std::string_view best = support::closestWord(token.text, values, qualifierEdits(token.text));
    std::vector<std::string> notes;
    std::optional<FixIt> fix;
    if (!best.empty()) {
      notes.push_back(out_.say("did you mean '{}'?", best));
      fix = FixIt{token.range, std::string(best)};
    }
    notes.push_back(allowed.empty() && out_.explain()
                        ? out_.say("'{}' takes no qualifier", spec_.opcode)
                        : out_.say("'{}' takes: {}", spec_.opcode, fmt::join(allowed, "; ")));
    // A qualifier another block of the instruction takes makes that block the
    // likelier intent; one that defines a block (`ld.volatile`, `ld.mmio`: a
    // mandatory qualifier of one value) the more so.
    if (!is_space) out_.penalize(siblingWeight(token.text));
    out_.add(is_space ? diag::RuleId::StateSpaceQualifier : diag::RuleId::UnknownQualifier, token.range,
             is_space ? out_.say("'{}' takes no further state space; '{}' is one too many", spec_.opcode, token.text)
                      : out_.say("unknown qualifier '{}' for '{}'", token.text, spec_.opcode),
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

  const InstructionSpec& spec_;
  spec::EntryList siblings_;
  const ast::Instruction& in_;
  std::size_t first_;
  Findings& out_;
  QualifierFit& fit_;
  QualifierBinding binding_;
  std::vector<std::size_t> space_slots_;
  std::size_t next_space_ = 0;
  // checkOrder's progress.
  std::size_t leading_place_ = first_;
  const ast::Token* previous_leading_ = nullptr;
  const ast::Token* previous_type_ = nullptr;
  const QualifierSlot* previous_type_slot_ = nullptr;
  std::array<std::pair<const ast::Token*, const QualifierSlot*>, 4> group_previous_{};
};

}  // namespace

QualifierBinding matchQualifiers(const InstructionSpec& spec, spec::EntryList siblings, const ast::Instruction& in,
                                 std::size_t first_qualifier, Findings& out, QualifierFit& fit) {
  return QualifierMatcher(spec, siblings, in, first_qualifier, out, fit).run();
}

}  // namespace ptxlint::sema::engine
