// What the rest of the semantic pass knows about the module: the PTX ISA
// version and target it is checked against, and where they were declared
// (for fix-its that raise .version).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>

#include "ast/ast.h"
#include "diag/diagnostic_builder.h"
#include "ptxlint/ptxlint.hpp"
#include "sema/requirements.h"
#include "spec/deviations.h"
#include "spec/targets.h"

namespace ptxlint::sema {

struct ModuleContext {
  std::optional<spec::PtxVersion> version;  // unknown or absent: nullopt
  std::optional<spec::Target> target;
  std::optional<SourceRange> version_token;  // the "8.0" of .version 8.0
  std::optional<SourceRange> target_token;
  // A .version newer than the tables (PL2006): `version` is then the
  // newest the tables know, and this the one declared.
  std::optional<spec::PtxVersion> declared_newer;
  // 11.1.3 .address_size: 32 or 64; 0 where none is declared (the manual's
  // default is 32; ptxas 13.0 has no 32-bit ABI left, so 64 is not assumed).
  std::uint8_t address_size = 0;
  // --compat=ptxas-X: the verdict of that ptxas release (spec/deviations.h);
  // nullptr: the manual's. `ptxas` is the release a deviation is told
  // against either way (the newest the table knows by default).
  const spec::PtxasRelease* compat = nullptr;
  const spec::PtxasRelease* ptxas = nullptr;
  // 11.1.2 texmode_independent (9.7.10.1: "If no texturing mode is
  // declared, the module is assumed to use unified mode").
  bool texmode_independent = false;
  // 11.1.2: the `debug` of `.target sm_90, debug`, where given.
  std::optional<SourceRange> debug_option;
  bool version_overridden = false;
  bool target_overridden = false;
  // --requirements: every gated use is logged here (nullptr: not asked).
  RequirementLog* requirements = nullptr;

  // Reports PL4002 / PL4003 when a feature (`what`, e.g. "'%clusterid'")
  // needs a newer version or another target, and logs the need for
  // --requirements. Returns false if it reported.
  bool require(diag::DiagnosticSink& sink, SourceRange at, std::string_view what, spec::PtxVersion introduced,
               const spec::TargetRequirement& target_requirement, std::string_view section) const;
  // Whether require() would neither report nor log anything: the caller
  // need not describe the feature (a formatted name for every instruction's
  // first check, otherwise).
  bool meets(spec::PtxVersion introduced, const spec::TargetRequirement& target_requirement) const {
    return requirements == nullptr && !(version && *version < introduced) &&
           !(target && !target_requirement.satisfiedBy(*target));
  }
};

// 11.1: .version first and once, .target right after it, known versions,
// targets and options, the version each target needs, .address_size.
// Gated directives are logged to `requirements` when it is not null.
ModuleContext checkModuleDirectives(const ast::Module& module, const Options& options, diag::DiagnosticSink& sink,
                                    RequirementLog* requirements = nullptr);

// 5.4, 11.2, 9.3, chapter 10: declarations and uses of every name, scopes,
// guards, special registers; and every instruction against the instruction
// tables (counted as checked or unchecked in `stats`).
void checkModuleBody(const ast::Module& module, const ModuleContext& context, const Options& options,
                     diag::DiagnosticSink& sink, Statistics& stats);

// checkModuleBody for a module that comes in pieces (consecutive runs of
// top-level items, each dropped after items()): the same findings, in
// memory that follows the largest piece. The context must outlive it.
class ModuleBodyChecker {
 public:
  ModuleBodyChecker(const ModuleContext& context, const Options& options, diag::DiagnosticSink& sink,
                    Statistics& stats);
  ~ModuleBodyChecker();
  void items(const ast::Module& piece);
  void finish();  // after the last piece

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// A PL9002 note for an instruction no table covers.
void reportUnchecked(const ast::Instruction& in, diag::DiagnosticSink& sink);

}  // namespace ptxlint::sema
