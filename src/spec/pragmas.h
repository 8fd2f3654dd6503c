// Chapter 12, "Descriptions of .pragma Strings": the version and target each
// pragma string needs (its PTX ISA and Target ISA notes).
#pragma once

#include <string_view>

#include "spec/targets.h"

namespace ptxlint::spec {

struct PragmaInfo {
  std::string_view name;  // the first word of the string: "used_bytes_mask"
  PtxVersion introduced;
  TargetRequirement target;
  std::string_view section;
};

// "nounroll": 2.0, "requires sm_20 or higher. Ignored for sm_1x targets"
// (ignored, so no target need); "used_bytes_mask": 8.3, sm_50;
// "enable_smem_spilling": 9.0, sm_75; "frequency": 9.0, all targets.
inline const PragmaInfo* findPragma(std::string_view name) {
  static constexpr PragmaInfo kPragmas[] = {
      {"nounroll", {2, 0}, {}, "12.1"},
      {"used_bytes_mask", {8, 3}, {TargetRequirement::Kind::AtLeast, 50}, "12.2"},
      {"enable_smem_spilling", {9, 0}, {TargetRequirement::Kind::AtLeast, 75}, "12.3"},
      {"frequency", {9, 0}, {}, "12.4"},
  };
  for (const PragmaInfo& p : kPragmas) {
    if (p.name == name) return &p;
  }
  return nullptr;
}

}  // namespace ptxlint::spec
