#include "sema/requirements.h"

#include <algorithm>

namespace ptxlint::sema {
namespace {

spec::Target asTarget(const spec::TargetInfo& info) { return {info.sm, info.suffix}; }

bool accepts(const spec::TargetInfo& candidate, const NeededFeature& need) {
  if (need.targets.empty()) return true;
  return std::any_of(need.targets.begin(), need.targets.end(),
                     [&](const spec::TargetRequirement& r) { return r.satisfiedBy(asTarget(candidate)); });
}

// Every target a file could name today, lowest first: by SM number, then
// baseline, family-specific, architecture-specific (sm_100 < sm_100f <
// sm_100a). The old names of renamed targets (sm_101 -> sm_110) are left out.
std::vector<const spec::TargetInfo*> orderedTargets() {
  std::vector<const spec::TargetInfo*> out;
  for (const spec::TargetInfo& t : spec::allTargets()) {
    if (t.renamed_at.major == 0) out.push_back(&t);
  }
  std::stable_sort(out.begin(), out.end(), [](const spec::TargetInfo* a, const spec::TargetInfo* b) {
    return a->sm != b->sm ? a->sm < b->sm : a->suffix < b->suffix;
  });
  return out;
}

}  // namespace

InferredRequirements inferRequirements(const RequirementLog& log) {
  static const std::vector<const spec::TargetInfo*> targets = orderedTargets();
  InferredRequirements out;

  // The lowest target that every need accepts; the reason is a need that
  // the next lower target does not satisfy.
  for (std::size_t i = 0; i < targets.size(); ++i) {
    const spec::TargetInfo& candidate = *targets[i];
    bool all = std::all_of(log.features.begin(), log.features.end(),
                           [&](const NeededFeature& need) { return accepts(candidate, need); });
    if (!all) continue;
    out.target = &candidate;
    if (i > 0) {
      for (const NeededFeature& need : log.features) {
        if (!accepts(*targets[i - 1], need)) {
          out.target_reason = &need;
          break;
        }
      }
    }
    break;
  }

  // The version: the highest that a use needs, that the chosen target needs,
  // and, on a family-specific target, the version from which a need accepts
  // family targets.
  for (const NeededFeature& need : log.features) {
    spec::PtxVersion v = need.version;
    if (out.target != nullptr && out.target->suffix == spec::TargetSuffix::Family && need.family_from > v) {
      v = need.family_from;
    }
    if (v > out.version) {
      out.version = v;
      out.version_reason = &need;
    }
  }
  if (out.target != nullptr && out.target->introduced > out.version) {
    out.version = out.target->introduced;
    out.version_reason = nullptr;
    out.version_from_target = true;
  }
  if (out.version.major == 0) out.version = spec::knownVersions().front();
  return out;
}

}  // namespace ptxlint::sema
