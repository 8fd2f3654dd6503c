#include "spec/targets.h"

#include <algorithm>
#include <array>

namespace ptxlint::spec {
namespace {

// Release notes (chapter 13) and 11.1.1: every documented PTX ISA version.
constexpr std::array<PtxVersion, 43> kVersions = {{
    {1, 0}, {1, 1}, {1, 2}, {1, 3}, {1, 4}, {1, 5}, {2, 0}, {2, 1}, {2, 2}, {2, 3}, {3, 0},
    {3, 1}, {3, 2}, {4, 0}, {4, 1}, {4, 2}, {4, 3}, {5, 0}, {6, 0}, {6, 1}, {6, 2}, {6, 3},
    {6, 4}, {6, 5}, {7, 0}, {7, 1}, {7, 2}, {7, 3}, {7, 4}, {7, 5}, {7, 6}, {7, 7}, {7, 8},
    {8, 0}, {8, 1}, {8, 2}, {8, 3}, {8, 4}, {8, 5}, {8, 6}, {8, 7}, {8, 8}, {9, 0},
}};
constexpr PtxVersion kLatest{9, 1};

using S = TargetSuffix;

// 11.1.2 "PTX ISA Notes": the version that introduced each target string.
constexpr TargetInfo kTargets[] = {
    {"sm_10", 10, S::None, {1, 0}},
    {"sm_11", 11, S::None, {1, 0}},
    {"sm_12", 12, S::None, {1, 2}},
    {"sm_13", 13, S::None, {1, 2}},
    {"sm_20", 20, S::None, {2, 0}},
    {"sm_30", 30, S::None, {3, 0}},
    {"sm_32", 32, S::None, {4, 0}},
    {"sm_35", 35, S::None, {3, 1}},
    {"sm_37", 37, S::None, {4, 1}},
    {"sm_50", 50, S::None, {4, 0}},
    {"sm_52", 52, S::None, {4, 1}},
    {"sm_53", 53, S::None, {4, 2}},
    {"sm_60", 60, S::None, {5, 0}},
    {"sm_61", 61, S::None, {5, 0}},
    {"sm_62", 62, S::None, {5, 0}},
    {"sm_70", 70, S::None, {6, 0}},
    {"sm_72", 72, S::None, {6, 1}},
    {"sm_75", 75, S::None, {6, 3}},
    {"sm_80", 80, S::None, {7, 0}},
    {"sm_86", 86, S::None, {7, 1}},
    {"sm_87", 87, S::None, {7, 4}},
    {"sm_88", 88, S::None, {9, 0}},
    {"sm_89", 89, S::None, {7, 8}},
    {"sm_90", 90, S::None, {7, 8}},
    {"sm_90a", 90, S::Arch, {8, 0}},
    {"sm_100", 100, S::None, {8, 6}},
    {"sm_100f", 100, S::Family, {8, 8}},
    {"sm_100a", 100, S::Arch, {8, 6}},
    // Renamed to sm_110, sm_110f, sm_110a from PTX ISA 9.0.
    {"sm_101", 101, S::None, {8, 6}, {9, 0}, "sm_110"},
    {"sm_101f", 101, S::Family, {8, 8}, {9, 0}, "sm_110f"},
    {"sm_101a", 101, S::Arch, {8, 6}, {9, 0}, "sm_110a"},
    {"sm_103", 103, S::None, {8, 8}},
    {"sm_103f", 103, S::Family, {8, 8}},
    {"sm_103a", 103, S::Arch, {8, 8}},
    {"sm_110", 110, S::None, {9, 0}},
    {"sm_110f", 110, S::Family, {9, 0}},
    {"sm_110a", 110, S::Arch, {9, 0}},
    {"sm_120", 120, S::None, {8, 7}},
    {"sm_120f", 120, S::Family, {8, 8}},
    {"sm_120a", 120, S::Arch, {8, 7}},
    {"sm_121", 121, S::None, {8, 8}},
    {"sm_121f", 121, S::Family, {8, 8}},
    {"sm_121a", 121, S::Arch, {8, 8}},
};

constexpr TargetOptionInfo kTargetOptions[] = {
    // "Texturing mode introduced in PTX ISA version 1.5", but unified is
    // the mode of every older module: ptxas 13.0 takes texmode_unified at
    // 1.0 to 1.4 (and refuses texmode_independent there).
    {"texmode_unified", {1, 0}},
    {"texmode_independent", {1, 5}},
    {"debug", {3, 0}},
    {"map_f64_to_f32", {1, 0}},
};

}  // namespace

std::optional<PtxVersion> parseVersion(std::string_view text) {
  std::size_t dot = text.find('.');
  if (dot == std::string_view::npos || dot == 0 || dot + 1 == text.size() || dot > 3 || text.size() - dot - 1 > 3) {
    return std::nullopt;
  }
  auto number = [](std::string_view digits) -> std::optional<std::uint8_t> {
    unsigned value = 0;
    for (char c : digits) {
      if (c < '0' || c > '9') return std::nullopt;
      value = value * 10 + unsigned(c - '0');
    }
    if (value > 255) return std::nullopt;
    return static_cast<std::uint8_t>(value);
  };
  auto major = number(text.substr(0, dot));
  auto minor = number(text.substr(dot + 1));
  if (!major || !minor) return std::nullopt;
  return PtxVersion{*major, *minor};
}

std::span<const PtxVersion> knownVersions() {
  static const auto all = [] {
    std::array<PtxVersion, kVersions.size() + 1> v{};
    std::copy(kVersions.begin(), kVersions.end(), v.begin());
    v.back() = kLatest;
    return v;
  }();
  return all;
}

bool isKnownVersion(PtxVersion version) {
  auto all = knownVersions();
  return std::find(all.begin(), all.end(), version) != all.end();
}

PtxVersion latestVersion() { return kLatest; }

std::span<const TargetInfo> allTargets() { return kTargets; }

const TargetInfo* findTarget(std::string_view name) {
  std::string canonical;
  if (name.substr(0, 8) == "compute_") {
    canonical = "sm_" + std::string(name.substr(8));
    name = canonical;
  }
  for (const TargetInfo& t : kTargets) {
    if (t.name == name) return &t;
  }
  return nullptr;
}

const TargetOptionInfo* findTargetOption(std::string_view name) {
  for (const TargetOptionInfo& o : kTargetOptions) {
    if (o.name == name) return &o;
  }
  return nullptr;
}

std::string Target::str() const {
  std::string s = "sm_" + std::to_string(sm);
  if (suffix == TargetSuffix::Arch) s += 'a';
  if (suffix == TargetSuffix::Family) s += 'f';
  return s;
}

bool TargetRequirement::satisfiedBy(const Target& target) const {
  switch (kind) {
    case Kind::None: return true;
    case Kind::AtLeast: return target.sm >= sm || (sm == 13 && target.maps_f64);
    case Kind::ArchSpecific:
      // sm_101a was renamed sm_110a: the same architecture.
      return target.suffix == TargetSuffix::Arch &&
             (target.sm == sm || (Target::familyOf(target.sm) == 11 && Target::familyOf(sm) == 11 &&
                                  (target.sm == 101 || target.sm == 110) && (sm == 101 || sm == 110)));
    case Kind::FamilySpecific:
      // f-targets and later a-targets of the same family (11.1.2).
      return target.suffix != TargetSuffix::None && Target::familyOf(target.sm) == Target::familyOf(sm) &&
             target.sm >= sm;
  }
  return false;
}

std::string TargetRequirement::describe() const {
  std::string name = "sm_" + std::to_string(sm);
  std::string since = from.major != 0 ? " from PTX ISA " + from.str() : "";
  switch (kind) {
    case Kind::None: return "any target";
    case Kind::AtLeast: return name + " or higher" + since;
    case Kind::ArchSpecific: return name + "a" + since;
    case Kind::FamilySpecific: return name + "f or higher in the same family" + since;
  }
  return name;
}

}  // namespace ptxlint::spec
