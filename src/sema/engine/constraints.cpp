#include "sema/engine/constraints.h"

#include <algorithm>
#include <string>
#include <vector>

#include "sema/engine/qualifier_match.h"
#include "sema/engine/words.h"

namespace ptxlint::sema::engine {
namespace {

using spec::Constraint;
using spec::QualifierSlot;

// ".ss .global" or, where an absent slot is allowed, ".ss .global or none".
std::string describe(const spec::Condition& c) {
  std::vector<std::string_view> present;
  for (std::string_view v : c.values) {
    if (!v.empty()) present.push_back(v);
  }
  bool absent = present.size() != c.values.size();
  if (present.empty()) return fmt::format("no {}", c.slot);
  return fmt::format("{} {}{}", c.slot, join(present, " or "), absent ? " or none" : "");
}

bool whenHolds(const QualifierBinding& q, const Constraint& c) {
  return std::all_of(c.when.begin(), c.when.end(), [&](const auto& w) { return q.holds(w); });
}

// A table of allowed pairs: the value of slot c.b must be in a row whose
// first column holds the value of c.a. An absent optional slot takes part
// as "" where a row names it ("No .vec specified" in multimem's table).
void checkPairs(const QualifierBinding& q, const Constraint& c, Findings& out) {
  const ast::Token* a = q.filled(c.a);
  const ast::Token* b = q.filled(c.b);
  if (b == nullptr) return;
  if (a == nullptr &&
      std::none_of(c.rows.begin(), c.rows.end(), [](const auto& row) { return contains(row.first, ""); })) {
    return;
  }
  if (out.touched(b->range) || (a != nullptr && out.touched(a->range))) return;
  std::string_view av = a ? a->text : std::string_view{};
  for (const auto& [as, bs] : c.rows) {
    if (contains(as, av) && contains(bs, b->text)) return;
  }
  // Refused: what the rows of a's value allow, for the note (only what
  // this block's own qualifier can take).
  std::vector<std::string_view> allowed;
  const QualifierSlot* b_slot = q.slotNamed(c.b);
  for (const auto& [as, bs] : c.rows) {
    if (!contains(as, av)) continue;
    for (std::string_view v : bs) {
      if (b_slot == nullptr || contains(b_slot->values, v)) allowed.push_back(v);
    }
  }
  std::string context = dstContext(q.spec(), out);
  std::string first = a ? out.say("'{}'", a->text) : out.say("no {}", c.a);
  out.add(diag::RuleId::InvalidCombination, b->range,
          a ? out.say("'{}' does not allow '{}'{}", a->text, b->text, context)
            : out.say("'{}' needs a {} qualifier{}", b->text, c.a, context),
          {allowed.empty() ? out.say("{} is not allowed at all here", first)
                           : out.say("allowed with {}: {}", first, join(allowed))});
}

void checkRequiresQualifier(const QualifierBinding& q, const Constraint& c, const ast::Instruction& in, Findings& out) {
  if (!whenHolds(q, c)) return;
  bool present =
      std::any_of(in.qualifiers.begin(), in.qualifiers.end(), [&](const ast::Token& t) { return t.text == c.needed; });
  if (present) return;
  std::string combination;
  for (const auto& w : c.when) combination += q.valueOf(w.slot);
  const ast::Token* anchor = q.filled(c.insert_after);
  SourceRange at = anchor ? SourceRange{anchor->range.end, anchor->range.end} : in.mnemonic_range;
  out.add(diag::RuleId::RequiredQualifier, anchor ? anchor->range : in.mnemonic_range,
          out.say("'{}' requires '{}'", combination, c.needed), {std::string(c.why)}, FixIt{at, std::string(c.needed)});
}

}  // namespace

void checkConstraints(const QualifierBinding& q, const ast::Instruction& in, Findings& out) {
  for (const Constraint& c : q.spec().constraints) {
    switch (c.kind) {
      case Constraint::Kind::Pairs: checkPairs(q, c, out); break;
      case Constraint::Kind::RequiresQualifier: checkRequiresQualifier(q, c, in, out); break;
      case Constraint::Kind::Forbids: {
        if (!whenHolds(q, c)) break;
        if (const ast::Token* other = q.filled(c.other); other != nullptr && !out.touched(other->range)) {
          out.add(diag::RuleId::QualifierConflict, other->range,
                  out.say("'{}' cannot be used here: {}", other->text, c.why));
        }
        break;
      }
      case Constraint::Kind::Implies: {
        if (!whenHolds(q, c)) break;
        if (q.holds(c.then)) break;
        const ast::Token* trigger = q.filled(c.when.front().slot);
        out.add(diag::RuleId::QualifierConflict, trigger ? trigger->range : in.mnemonic_range,
                out.say("'{}' needs {}: {}", trigger ? trigger->text : q.spec().opcode, describe(c.then), c.why));
        break;
      }
    }
  }
}

}  // namespace ptxlint::sema::engine
