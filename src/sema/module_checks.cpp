#include <fmt/format.h>

#include "sema/engine/deviation_check.h"
#include "sema/module_context.h"
#include "support/text.h"

namespace ptxlint::sema {
namespace {

template <typename T>
const T* itemAs(const ast::TopLevel& item) {
  return std::get_if<T>(&item.node);
}

std::string versionList() {
  std::string s;
  for (const spec::PtxVersion& v : spec::knownVersions()) {
    if (v.major < 6) continue;
    if (!s.empty()) s += ", ";
    s += v.str();
  }
  return s;
}

// 11.1.2: "sm_13 ... Disallows use of map_f64_to_f32" (ptxas: "not
// supported with SM 1.3 or higher"); on sm_10 to sm_12 it makes the
// double-precision instructions valid. "The texturing mode is specified for
// an entire module and cannot be changed within the module."
void targetOptions(ModuleContext& context, const ast::Token* map_f64, const ast::Token* const texmode[2],
                   diag::DiagnosticSink& sink) {
  if (map_f64 != nullptr && context.target) {
    if (context.target->sm >= 13) {
      Diagnostic& d = sink.report(
          diag::RuleId::InvalidTargetOption, map_f64->range,
          fmt::format("map_f64_to_f32 is for sm_10 to sm_12; {} has double precision", context.target->str()));
      d.spec_section = "11.1.2";
    } else {
      context.target->maps_f64 = true;
    }
  }
  context.texmode_independent = texmode[1] != nullptr;
  if (texmode[0] != nullptr && texmode[1] != nullptr) {
    const ast::Token* second = texmode[0]->range.begin < texmode[1]->range.begin ? texmode[1] : texmode[0];
    const ast::Token* first = second == texmode[0] ? texmode[1] : texmode[0];
    Diagnostic& d = sink.report(
        diag::RuleId::InvalidTargetOption, second->range,
        fmt::format("'{}' conflicts with '{}': a module has one texturing mode", second->text, first->text));
    d.spec_section = "11.1.2";
    diag::DiagnosticSink::addNote(d, first->range, "the texturing mode is set here");
  }
}

}  // namespace

bool ModuleContext::require(diag::DiagnosticSink& sink, SourceRange at, std::string_view what,
                            spec::PtxVersion introduced, const spec::TargetRequirement& target_requirement,
                            std::string_view section) const {
  if (requirements != nullptr) {
    NeededFeature need{at, std::string(what), introduced, {}, {}, section};
    if (target_requirement.kind != spec::TargetRequirement::Kind::None) need.targets.push_back(target_requirement);
    requirements->features.push_back(std::move(need));
  }
  bool ok = true;
  if (version && *version < introduced) {
    Diagnostic& d =
        sink.report(diag::RuleId::FeatureNeedsVersion, at,
                    fmt::format("{} requires PTX ISA {}; the file declares .version {}{}", what, introduced.str(),
                                version->str(), version_overridden ? " (--ptx-version)" : ""));
    d.spec_section = section;
    if (version_token && !version_overridden) {
      diag::DiagnosticSink::addFixIt(d, *version_token, introduced.str());
    }
    ok = false;
  }
  if (target && !target_requirement.satisfiedBy(*target)) {
    Diagnostic& d = sink.report(diag::RuleId::FeatureNeedsTarget, at,
                                fmt::format("{} requires {}; .target is {}{}", what, target_requirement.describe(),
                                            target->str(), target_overridden ? " (--target)" : ""));
    d.spec_section = section;
    ok = false;
  }
  return ok;
}

ModuleContext checkModuleDirectives(const ast::Module& module, const Options& options, diag::DiagnosticSink& sink,
                                    RequirementLog* requirements) {
  ModuleContext context;
  context.requirements = requirements;
  // --compat=ptxas-X (spec/deviations.h): which ptxas release judges.
  if (options.compat.starts_with("ptxas-")) context.compat = spec::findPtxasRelease(options.compat.substr(6));
  context.ptxas = context.compat != nullptr ? context.compat : &spec::ptxasReleases().back();
  const ast::VersionDirective* version = nullptr;
  const ast::TargetDirective* first_target = nullptr;
  bool header_reported = false;  // a misplaced .version/.target: no cascade

  for (std::size_t i = 0; i < module.items.size(); ++i) {
    const ast::TopLevel& item = module.items[i];
    if (const auto* v = itemAs<ast::VersionDirective>(item)) {
      if (version != nullptr) {
        Diagnostic& d =
            sink.report(diag::RuleId::VersionFirst, v->range, "a second .version directive; a module has exactly one");
        diag::DiagnosticSink::addNote(d, version->range, "the module's .version is here");
      } else if (i != 0) {
        sink.report(diag::RuleId::VersionFirst, v->range, "the .version directive must come first in the module");
        version = v;
      } else {
        version = v;
      }
    } else if (const auto* t = itemAs<ast::TargetDirective>(item); t != nullptr && first_target == nullptr) {
      first_target = t;
      bool follows_version = i > 0 && itemAs<ast::VersionDirective>(module.items[i - 1]) != nullptr;
      if (version != nullptr && !follows_version) {
        sink.report(diag::RuleId::TargetAfterVersion, t->range,
                    "the .target directive must immediately follow .version");
        header_reported = true;
      }
    }
  }
  // A .version or .target line with a syntax error (or no item parsed at
  // all: empty, binary or garbage input) is not missing: its absence is not
  // reported, and the context it would set stays unknown, so nothing is
  // gated on it.
  bool header_may_be_broken = module.items.empty() || module.broken_before_first_item || module.broken_module_directive;
  if (!header_may_be_broken && version == nullptr) {
    SourceRange at = module.items.empty() ? SourceRange{0, 0}
                                          : std::visit([](const auto& n) { return n.range; }, module.items[0].node);
    at.end = at.begin;
    Diagnostic& d =
        sink.report(diag::RuleId::VersionFirst, at, "missing .version directive; a PTX module begins with one");
    diag::DiagnosticSink::addFixIt(d, at, fmt::format(".version {}\n", spec::latestVersion().str()));
  } else if (!header_may_be_broken && first_target == nullptr) {
    sink.report(diag::RuleId::TargetAfterVersion, version->range, "missing .target directive after .version");
  }

  if (version != nullptr) {
    context.version_token = version->version.range;
    auto parsed = spec::parseVersion(version->version.text);
    if (parsed && spec::isKnownVersion(*parsed)) {
      context.version = parsed;
    } else if (parsed && spec::latestVersion() < *parsed) {
      // A version newer than the tables (11.1.1): checked by the newest
      // rules, with a warning, not refused (the file is likely valid for a
      // newer toolkit).
      context.version = spec::latestVersion();
      context.declared_newer = parsed;
      Diagnostic& d =
          sink.report(diag::RuleId::NewerVersion, version->version.range,
                      fmt::format("PTX ISA {} is newer than ptxlint's tables ({}): checked by {}'s rules",
                                  version->version.text, spec::latestVersion().str(), spec::latestVersion().str()));
      diag::DiagnosticSink::addNote(d, "an instruction or qualifier the tables do not know may be new in that version");
    } else {
      std::size_t first = sink.diagnostics().size();
      Diagnostic& d = sink.report(diag::RuleId::UnknownVersion, version->version.range,
                                  fmt::format("unknown PTX ISA version '{}'", version->version.text));
      diag::DiagnosticSink::addNote(d, fmt::format("known versions include {}", versionList()));
      // ptxas 13.0 reads major.minor as major * 10 + minor: `.version 8.10`
      // is 9.0 to it (deviation version-minor-past-9), and --compat checks
      // the module as that version.
      if (parsed && parsed->minor >= 10 && parsed->major < 25) {
        unsigned encoded = parsed->major * 10u + parsed->minor;
        spec::PtxVersion as_read{static_cast<std::uint8_t>(encoded / 10 % 256),
                                 static_cast<std::uint8_t>(encoded % 10)};
        spec::DeviationOperand operand;
        operand.kind = spec::DeviationOperand::Kind::IntConstant;
        operand.text = version->version.text;
        operand.constant = spec::isKnownVersion(as_read) ? encoded : 0;
        spec::DeviationSubject subject{".version", {}, {&operand, 1}, as_read, std::nullopt};
        engine::applyDirectiveDeviations(subject, version->version.range, context, sink, first);
        if (context.compat != nullptr && operand.constant != 0) context.version = as_read;
      }
    }
  }

  // Every .target directive: the module is checked against the highest
  // architecture (11.1.2, Semantics).
  const ast::Token* map_f64 = nullptr;
  const ast::Token* texmode[2] = {nullptr, nullptr};  // unified, independent
  for (const ast::TopLevel& item : module.items) {
    const auto* t = itemAs<ast::TargetDirective>(item);
    if (t == nullptr) continue;
    bool has_architecture = false;
    bool reported_unknown = false;
    for (const ast::Token& entry : t->targets) {
      if (const spec::TargetInfo* info = spec::findTarget(entry.text)) {
        has_architecture = true;
        if (context.version && info->renamed_at.major != 0 && *context.version >= info->renamed_at) {
          Diagnostic& d =
              sink.report(diag::RuleId::TargetNeedsVersion, entry.range,
                          fmt::format("{} was renamed {} in PTX ISA {}; the file declares .version {}", info->name,
                                      info->renamed_to, info->renamed_at.str(), context.version->str()));
          diag::DiagnosticSink::addFixIt(d, entry.range, std::string(info->renamed_to));
        } else if (context.version && *context.version < info->introduced) {
          std::size_t first = sink.diagnostics().size();
          Diagnostic& d =
              sink.report(diag::RuleId::TargetNeedsVersion, entry.range,
                          fmt::format("PTX .version {} does not support .target {}; {} needs PTX ISA {}",
                                      context.version->str(), entry.text, info->name, info->introduced.str()));
          if (context.version_token) diag::DiagnosticSink::addFixIt(d, *context.version_token, info->introduced.str());
          spec::DeviationOperand operand;
          operand.text = info->name;
          spec::DeviationSubject subject{".target", {}, {&operand, 1}, context.version, context.target};
          engine::applyDirectiveDeviations(subject, entry.range, context, sink, first);
        }
        spec::Target target{info->sm, info->suffix};
        if (!context.target || target.sm > context.target->sm ||
            (target.sm == context.target->sm && target.suffix > context.target->suffix)) {
          context.target = target;
          context.target_token = entry.range;
        }
      } else if (const spec::TargetOptionInfo* option = spec::findTargetOption(entry.text)) {
        if (entry.text == "map_f64_to_f32") map_f64 = &entry;
        if (entry.text == "debug" && !context.debug_option) context.debug_option = entry.range;
        if (entry.text == "texmode_unified") texmode[0] = texmode[0] ? texmode[0] : &entry;
        if (entry.text == "texmode_independent") texmode[1] = texmode[1] ? texmode[1] : &entry;
        if (requirements != nullptr) {
          requirements->features.push_back(
              {entry.range, fmt::format("target option '{}'", entry.text), option->introduced, {}, {}, "11.1.2"});
        }
        if (context.version && *context.version < option->introduced) {
          Diagnostic& d = sink.report(diag::RuleId::TargetNeedsVersion, entry.range,
                                      fmt::format("target option '{}' needs PTX ISA {}; the file declares .version {}",
                                                  entry.text, option->introduced.str(), context.version->str()));
          if (context.version_token)
            diag::DiagnosticSink::addFixIt(d, *context.version_token, option->introduced.str());
        }
      } else {
        sink.report(diag::RuleId::UnknownTarget, entry.range, fmt::format("unknown target '{}'", entry.text));
        reported_unknown = true;
      }
    }
    if (!has_architecture && !reported_unknown && !t->targets.empty()) {
      sink.report(diag::RuleId::UnknownTarget, t->targets.front().range,
                  ".target names no architecture (such as sm_90)");
    }
  }

  targetOptions(context, map_f64, texmode, sink);

  // 11.1.3: ".address_size ... must immediately follow the .target directive
  // if present"; "Redefinition of this directive within a module is not
  // allowed."
  const ast::AddressSizeDirective* first_address_size = nullptr;
  for (std::size_t i = 0; i < module.items.size(); ++i) {
    const auto* a = itemAs<ast::AddressSizeDirective>(module.items[i]);
    if (a == nullptr) continue;
    if (first_address_size != nullptr) {
      Diagnostic& d = sink.report(diag::RuleId::InvalidAddressSize, a->range,
                                  "a second .address_size directive; it may not be redefined");
      diag::DiagnosticSink::addNote(d, first_address_size->range, "the first .address_size is here");
      continue;
    }
    first_address_size = a;
    if (!header_reported && first_target != nullptr &&
        (i == 0 || itemAs<ast::TargetDirective>(module.items[i - 1]) == nullptr)) {
      sink.report(diag::RuleId::InvalidAddressSize, a->range,
                  ".address_size must immediately follow the .target directive");
    }
  }
  for (const ast::TopLevel& item : module.items) {
    const auto* a = itemAs<ast::AddressSizeDirective>(item);
    if (a == nullptr) continue;
    // (Any integer literal: .address_size 0x40 is 64, as ptxas reads it.)
    std::uint64_t size = 0;
    if (!support::integerLiteralValue(a->size.text, size) || (size != 32 && size != 64)) {
      sink.report(diag::RuleId::InvalidAddressSize, a->size.range,
                  fmt::format("invalid .address_size {}; it is 32 or 64", a->size.text));
    } else if (context.address_size == 0) {
      context.address_size = static_cast<std::uint8_t>(size);
    }
    context.require(sink, a->range, "the .address_size directive", {2, 3}, {}, "11.1.3");
  }

  // --ptx-version / --target: check as if the file declared these.
  if (!options.version_override.empty()) {
    if (auto v = spec::parseVersion(options.version_override); v && spec::isKnownVersion(*v)) {
      context.version = v;
      context.version_overridden = true;
    }
  }
  if (!options.target_override.empty()) {
    if (const spec::TargetInfo* info = spec::findTarget(options.target_override)) {
      context.target = spec::Target{info->sm, info->suffix};
      context.target_overridden = true;
    }
  }
  engine::applyModuleDeviations(module, context, sink);
  return context;
}

}  // namespace ptxlint::sema
