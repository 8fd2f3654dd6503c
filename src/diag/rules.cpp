#include "diag/rules.h"

namespace ptxlint {

std::string_view severityName(Severity severity) {
  switch (severity) {
    case Severity::Note: return "note";
    case Severity::Warning: return "warning";
    case Severity::Error: return "error";
  }
  return "error";
}

}  // namespace ptxlint

namespace ptxlint::diag {
namespace {

constexpr RuleInfo kRules[] = {
#define PTXLINT_RULE(Id, Code, Slug, Sev, Section, Summary, Doc) \
  {RuleId::Id, Code, Slug, Severity::Sev, Section, Summary, Doc},
#include "diag/rules.def"
#undef PTXLINT_RULE
};

// The table is indexed by RuleId; this keeps the two in step.
constexpr bool idsMatchPositions() {
  for (std::size_t i = 0; i < std::size(kRules); ++i) {
    if (static_cast<std::size_t>(kRules[i].id) != i) return false;
  }
  return true;
}
static_assert(idsMatchPositions());

}  // namespace

std::span<const RuleInfo> allRules() { return kRules; }

const RuleInfo& ruleInfo(RuleId id) { return kRules[static_cast<std::size_t>(id)]; }

std::optional<RuleId> findRule(std::string_view code_or_slug) {
  for (const RuleInfo& rule : kRules) {
    if (rule.code == code_or_slug || rule.slug == code_or_slug) return rule.id;
  }
  return std::nullopt;
}

}  // namespace ptxlint::diag
