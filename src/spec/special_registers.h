// The predefined special registers of chapter 10, with the PTX ISA version
// and target each needs.
#pragma once

#include <string_view>

#include "spec/targets.h"

namespace ptxlint::spec {

struct SpecialRegister {
  std::string_view name;          // "%tid", "%envreg" (indexed), "%pm" ...
  std::string_view type;          // ".v4.u32", ".u32", ".u64"
  bool has_components;            // %tid.x ... %tid.w
  unsigned index_count;           // %envreg0..31: 32; 0 = not indexed
  std::string_view index_suffix;  // "_64" for %pm0_64
  PtxVersion introduced;
  TargetRequirement target;
  std::string_view section;  // manual section, "10.12"
};

// Looks up a special register use such as "%tid", "%envreg3" or "%pm5_64"
// (without a component suffix). Returns nullptr for anything else.
const SpecialRegister* findSpecialRegister(std::string_view name);

}  // namespace ptxlint::spec
