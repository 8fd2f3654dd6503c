// Which of an instruction's qualifier tokens fills which qualifier slot of a
// syntax block: the result of qualifier matching (qualifier_match.h), read
// by every later part (constraints, operands, notes) and never changed by
// them.
#pragma once

#include <algorithm>
#include <string_view>
#include <vector>

#include "ast/ast.h"
#include "sema/engine/words.h"
#include "spec/spec.h"
#include "support/small_vector.h"
#include "support/text.h"

namespace ptxlint::sema::engine {

class QualifierBinding {
 public:
  explicit QualifierBinding(const spec::InstructionSpec& spec) : spec_(&spec) {
    filled_.reserve(spec.qualifiers.size());
    for (std::size_t i = 0; i < spec.qualifiers.size(); ++i) filled_.push_back(nullptr);
  }

  const spec::InstructionSpec& spec() const { return *spec_; }

  // The qualifier token in the slot named `slot` (".dst", ".type"), if any.
  const ast::Token* filled(std::string_view slot) const {
    for (std::size_t i = 0; i < spec_->qualifiers.size(); ++i) {
      if (support::sameBytes(spec_->qualifiers[i].name, slot)) return filled_[i];
    }
    return nullptr;
  }
  std::string_view valueOf(std::string_view slot) const {
    const ast::Token* t = filled(slot);
    return t ? t->text : std::string_view{};
  }
  // Whether the slot's value (empty when absent) is one of `c.values`.
  bool holds(const spec::Condition& c) const { return contains(c.values, valueOf(c.slot)); }
  bool holdsAll(const spec::List<spec::Condition>& conditions) const {
    return std::all_of(conditions.begin(), conditions.end(), [&](const spec::Condition& c) { return holds(c); });
  }

  const spec::QualifierSlot* slotNamed(std::string_view name) const {
    for (const spec::QualifierSlot& s : spec_->qualifiers) {
      if (s.name == name) return &s;
    }
    return nullptr;
  }

  // The token in slot `i` of the block (slots in table order).
  const ast::Token* at(std::size_t i) const { return filled_[i]; }
  void fill(std::size_t i, const ast::Token* token) { filled_[i] = token; }

  // Type qualifiers written out of operand order (9.4): which operand has
  // which type is then a guess, and operand typing leaves them alone.
  bool typesOutOfOrder() const { return types_out_of_order_; }
  void setTypesOutOfOrder() { types_out_of_order_ = true; }

 private:
  const spec::InstructionSpec* spec_;
  // (Inline room for a block's slots: a first judgement builds a binding
  // per block it tries, each a heap allocation with std::vector.)
  support::SmallVector<const ast::Token*, 16> filled_;
  bool types_out_of_order_ = false;
};

}  // namespace ptxlint::sema::engine
