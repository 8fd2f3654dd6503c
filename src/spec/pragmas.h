// Chapter 12, "Descriptions of .pragma Strings": the version and target each
// pragma string needs (its PTX ISA and Target ISA notes).
#pragma once

#include <cstdint>
#include <string_view>

#include "spec/targets.h"

namespace ptxlint::spec {

struct PragmaInfo {
  // Where a string may stand: anywhere (module, function, statement);
  // only in a function, by the manual ("The "enable_smem_spilling" pragma
  // is only allowed within the function scope"); or in a function by
  // ptxas 13.0 alone ("Pragma '...' is allowed only within function scope":
  // the manual ignores a used_bytes_mask before anything but a load, and
  // says a frequency "should be specified at the start of the basic
  // block"; deviation pragma-module-scope).
  enum class Scope : std::uint8_t { Anywhere, Function, FunctionByPtxas };
  std::string_view name;  // the first word of the string: "used_bytes_mask"
  PtxVersion introduced;
  TargetRequirement target;
  std::string_view section;
  Scope scope = Scope::Anywhere;
};

// "nounroll": 2.0, "requires sm_20 or higher. Ignored for sm_1x targets"
// (ignored, so no target need); "used_bytes_mask": 8.3, sm_50;
// "enable_smem_spilling": 9.0, sm_75; "frequency": 9.0, all targets.
inline const PragmaInfo* findPragma(std::string_view name) {
  static constexpr PragmaInfo kPragmas[] = {
      {"nounroll", {2, 0}, {}, "12.1", PragmaInfo::Scope::Anywhere},
      {"used_bytes_mask", {8, 3}, {TargetRequirement::Kind::AtLeast, 50}, "12.2", PragmaInfo::Scope::FunctionByPtxas},
      {"enable_smem_spilling", {9, 0}, {TargetRequirement::Kind::AtLeast, 75}, "12.3", PragmaInfo::Scope::Function},
      {"frequency", {9, 0}, {}, "12.4", PragmaInfo::Scope::FunctionByPtxas},
  };
  for (const PragmaInfo& p : kPragmas) {
    if (p.name == name) return &p;
  }
  return nullptr;
}

}  // namespace ptxlint::spec
