// What matching an instruction against one syntax block found wrong, and how
// well the block fits: the one piece of state every part of the engine adds
// to. Nothing here is reported yet; the block chosen for the instruction
// (block_choice.h) has its findings emitted, the others are discarded.
//
// Messages cost: most blocks are compared and thrown away, so a Findings
// built with `explain = false` formats nothing (say() returns "") and keeps
// only the findings' places and count, which is all the comparison needs.
#pragma once

#include <fmt/format.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "diag/rules.h"
#include "ptxlint/diagnostic.hpp"

namespace ptxlint::sema::engine {

// A diagnostic not yet reported.
struct Finding {
  diag::RuleId rule;
  SourceRange range;
  std::string message;
  std::vector<std::string> notes;
  std::optional<FixIt> fixit;
};

class Findings {
 public:
  explicit Findings(bool explain) : explain_(explain) {}

  bool explain() const { return explain_; }

  // A message or note, formatted only when the block is the one reported.
  template <typename... Args>
  std::string say(fmt::format_string<Args...> format, Args&&... args) const {
    return explain_ ? fmt::format(format, std::forward<Args>(args)...) : std::string();
  }

  // One finding per token: a second rule broken by the same qualifier (a
  // table and a prose rule saying the same) adds nothing.
  void add(diag::RuleId rule, SourceRange range, std::string message, std::vector<std::string> notes = {},
           std::optional<FixIt> fixit = std::nullopt) {
    for (const Finding& f : list_) {
      if (f.range.begin == range.begin && f.range.end == range.end) return;
    }
    list_.push_back({rule, range, std::move(message), std::move(notes), std::move(fixit)});
  }

  // Whether a finding already covers part of `r` (a rule over two
  // qualifiers says nothing about one that is itself wrong).
  bool touched(SourceRange r) const {
    for (const Finding& f : list_) {
      if (f.range.begin < r.end && r.begin < f.range.end) return true;
    }
    return false;
  }

  // How badly the instruction fits the block beyond its findings' count:
  // a shape that belongs to another block (+1), a sign of this one (-1).
  // block_choice.h weighs it.
  void penalize(int amount = 1) { penalty_ += amount; }
  int penalty() const { return penalty_; }

  std::size_t size() const { return list_.size(); }
  bool empty() const { return list_.empty(); }
  const std::vector<Finding>& list() const { return list_; }

 private:
  bool explain_;
  int penalty_ = 0;
  std::vector<Finding> list_;
};

}  // namespace ptxlint::sema::engine
