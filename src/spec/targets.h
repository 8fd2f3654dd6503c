// The one model of PTX ISA versions and target architectures (manual 11.1.1,
// 11.1.2 and the release notes, chapter 13). Every version and target rule of
// every instruction asks it, so that "sm_90 or higher", "sm_100a" and "sm_100f
// or higher in the same family" mean one thing everywhere.
#pragma once

#include <compare>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace ptxlint::spec {

struct PtxVersion {
  std::uint8_t major = 0;
  std::uint8_t minor = 0;

  auto operator<=>(const PtxVersion&) const = default;
  std::string str() const { return std::to_string(major) + "." + std::to_string(minor); }
};

// "8.0" -> {8, 0}; nullopt for anything that is not MAJOR.MINOR.
std::optional<PtxVersion> parseVersion(std::string_view text);
// Every PTX ISA version the manual documents, oldest first (1.0 ... 9.1).
std::span<const PtxVersion> knownVersions();
bool isKnownVersion(PtxVersion version);
PtxVersion latestVersion();

// sm_90 (baseline), sm_100f (family-specific), sm_90a (architecture-specific).
enum class TargetSuffix : std::uint8_t { None, Family, Arch };

struct TargetInfo {
  std::string_view name;  // "sm_100f"
  std::uint16_t sm;       // 100
  TargetSuffix suffix;
  PtxVersion introduced;          // the .version that first accepts it
  PtxVersion renamed_at{};        // {0,0}: never renamed
  std::string_view renamed_to{};  // sm_101 -> sm_110 from PTX ISA 9.0
};

// An architecture target by name; `compute_XX` is a synonym of `sm_XX`.
const TargetInfo* findTarget(std::string_view name);
std::span<const TargetInfo> allTargets();

// The target a file is checked against.
struct Target {
  std::uint16_t sm = 0;
  TargetSuffix suffix = TargetSuffix::None;
  // .target sm_1x, map_f64_to_f32 (11.1.2): double-precision instructions
  // are mapped to single precision, so what needs sm_13 (double precision)
  // is taken on sm_10 to sm_12.
  bool maps_f64 = false;

  // Architecture families (11.1.2, Table 58): sm_10x = {100, 103},
  // sm_11x = {110, 101}, sm_12x = {120, 121}; older ones by tens.
  std::uint16_t family() const { return familyOf(sm); }
  static std::uint16_t familyOf(std::uint16_t sm) { return sm == 101 ? 11 : sm / 10; }
  std::string str() const;
};

// Target options of .target (11.1.2): texmode_unified, texmode_independent,
// debug, map_f64_to_f32.
struct TargetOptionInfo {
  std::string_view name;
  PtxVersion introduced;
};
const TargetOptionInfo* findTargetOption(std::string_view name);

// What a feature needs of the target, in the manual's words.
struct TargetRequirement {
  enum class Kind : std::uint8_t {
    None,            // supported on all target architectures
    AtLeast,         // "requires sm_90 or higher"
    ArchSpecific,    // "requires sm_90a" (any of `sms`, `a` suffix)
    FamilySpecific,  // "requires sm_100f or higher in the same family"
  };
  Kind kind = Kind::None;
  std::uint16_t sm = 0;
  // As a target of a FeatureNote: accepted only from this .version ("cvt
  // with .e4m3x2/.e5m2x2 for sm_89 introduced in PTX ISA version 8.1", where
  // sm_90 has it from 7.8); {0,0}: from the note's own version.
  PtxVersion from{};

  static TargetRequirement none() { return {}; }
  static TargetRequirement atLeast(std::uint16_t sm) { return {Kind::AtLeast, sm}; }
  static TargetRequirement archSpecific(std::uint16_t sm) { return {Kind::ArchSpecific, sm}; }
  static TargetRequirement familySpecific(std::uint16_t sm) { return {Kind::FamilySpecific, sm}; }
  TargetRequirement fromVersion(PtxVersion version) const {
    TargetRequirement r = *this;
    r.from = version;
    return r;
  }

  bool satisfiedBy(const Target& target) const;
  // "sm_90 or higher", "sm_90a", "sm_100f or higher in the same family".
  std::string describe() const;
};

}  // namespace ptxlint::spec
