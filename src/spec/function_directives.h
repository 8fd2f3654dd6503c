// Chapter 11.4 (performance tuning), 11.7 (cluster dimensions) and 11.8
// (miscellaneous): the directives written after a function's header, with
// the version and target each needs (their PTX ISA and Target ISA notes).
#pragma once

#include <string_view>

#include "spec/targets.h"

namespace ptxlint::spec {

struct FunctionDirectiveInfo {
  std::string_view name;  // ".maxntid"
  PtxVersion introduced;
  TargetRequirement target;
  std::string_view section;
};

inline const FunctionDirectiveInfo* findFunctionDirective(std::string_view name) {
  using K = TargetRequirement::Kind;
  static constexpr FunctionDirectiveInfo kDirectives[] = {
      {".maxnreg", {1, 3}, {}, "11.4.1"},
      {".maxntid", {1, 3}, {}, "11.4.2"},
      {".reqntid", {2, 1}, {}, "11.4.3"},
      {".minnctapersm", {2, 0}, {}, "11.4.4"},
      {".maxnctapersm", {1, 3}, {}, "11.4.5"},
      {".noreturn", {6, 4}, {K::AtLeast, 30}, "11.4.6"},
      {".abi_preserve", {9, 0}, {K::AtLeast, 80}, "11.4.8"},
      {".abi_preserve_control", {9, 0}, {K::AtLeast, 80}, "11.4.9"},
      {".reqnctapercluster", {7, 8}, {K::AtLeast, 90}, "11.7.1"},
      {".explicitcluster", {7, 8}, {K::AtLeast, 90}, "11.7.2"},
      {".maxclusterrank", {7, 8}, {K::AtLeast, 90}, "11.7.3"},
      {".blocksareclusters", {9, 0}, {K::AtLeast, 90}, "11.8.1"},
  };
  for (const FunctionDirectiveInfo& d : kDirectives) {
    if (d.name == name) return &d;
  }
  return nullptr;
}

}  // namespace ptxlint::spec
