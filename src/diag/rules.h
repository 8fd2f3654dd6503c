// The rule registry generated from rules.def.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "ptxlint/diagnostic.hpp"

namespace ptxlint::diag {

enum class RuleId : std::uint16_t {
#define PTXLINT_RULE(Id, Code, Slug, Sev, Section, Summary, Doc) Id,
#include "diag/rules.def"
#undef PTXLINT_RULE
};

struct RuleInfo {
  RuleId id;
  std::string_view code;
  std::string_view slug;
  Severity default_severity;
  std::string_view section;
  std::string_view summary;
  std::string_view doc;
};

std::span<const RuleInfo> allRules();
const RuleInfo& ruleInfo(RuleId id);
// Looks a rule up by code ("PL1002") or slug ("missing-semicolon").
std::optional<RuleId> findRule(std::string_view code_or_slug);

}  // namespace ptxlint::diag
