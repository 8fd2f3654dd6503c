// Requirement inference (`ptxlint --requirements`): every construct whose
// use the manual gates by PTX ISA version or target ("introduced in PTX ISA
// 7.8", "requires sm_90 or higher") is logged while the module is checked,
// by the same calls that report PL4002/PL4003; the lowest .version and
// .target that satisfy all of them are then computed from the one target
// model in src/spec/targets.h.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "ptxlint/diagnostic.hpp"
#include "spec/targets.h"

namespace ptxlint::sema {

// One gated use: `what` at `at` needs PTX ISA `version` (when major != 0)
// and one of `targets` (when not empty).
struct NeededFeature {
  SourceRange at;
  std::string what;  // "'barrier.cluster.arrive'", "'%clusterid'"
  spec::PtxVersion version{};
  std::vector<spec::TargetRequirement> targets;
  // Family-specific targets count only from this version ({0,0}: no rule).
  spec::PtxVersion family_from{};
  std::string_view section;
};

struct RequirementLog {
  std::vector<NeededFeature> features;
};

struct InferredRequirements {
  spec::PtxVersion version{};
  const spec::TargetInfo* target = nullptr;
  // The first use that forces each (in source order); nullptr when nothing
  // in the file needs more than the lowest value. version_from_target: the
  // version is the one the chosen target needs (11.1.2).
  const NeededFeature* version_reason = nullptr;
  const NeededFeature* target_reason = nullptr;
  bool version_from_target = false;
};

// The lowest target (in the order of spec::allTargets(), renamed targets
// left out) that satisfies every logged target need, and the lowest version
// that every logged use and that target accept.
InferredRequirements inferRequirements(const RequirementLog& log);

}  // namespace ptxlint::sema
