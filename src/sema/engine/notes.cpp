#include "sema/engine/notes.h"

#include <algorithm>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "sema/engine/qualifier_match.h"

namespace ptxlint::sema::engine {
namespace {

using spec::InstructionSpec;

// "Not supported in PTX ISA version 6.4 for .target sm_70 or higher"; a
// removal on every target is a qualifier that became mandatory ("For PTX
// ISA version 1.4 and later, the .approx modifier is required").
void checkRemoved(const InstructionSpec& spec, const ast::Instruction& in, const ModuleContext& context,
                  diag::DiagnosticSink& sink) {
  const spec::Removal& removed = spec.removed;
  if (removed.from.major == 0 || !context.version || *context.version < removed.from) return;
  bool every_target = removed.sm == 0;
  if (!every_target && (!context.target || context.target->sm < removed.sm)) return;
  Diagnostic& d =
      every_target ? sink.report(diag::RuleId::MissingQualifier, in.mnemonic_range,
                                 fmt::format("{} from PTX ISA {}; the file declares .version {}{}", removed.what,
                                             removed.from.str(), context.version->str(),
                                             context.version_overridden ? " (--ptx-version)" : ""))
                   : sink.report(diag::RuleId::FeatureNeedsTarget, in.mnemonic_range,
                                 fmt::format("{} is not supported on sm_{} or higher from PTX ISA {}; .target is {}, "
                                             ".version {}",
                                             removed.what, removed.sm, removed.from.str(), context.target->str(),
                                             context.version->str()));
  d.spec_section = spec.section;
  if (!removed.note.empty()) diag::DiagnosticSink::addNote(d, std::string(removed.note));
  if (!removed.insert.empty()) {
    diag::DiagnosticSink::addFixIt(d, {in.opcode.range.end, in.opcode.range.end}, std::string(removed.insert));
  }
}

// Qualifiers that became mandatory in a later PTX ISA version.
void checkRequiredFrom(const QualifierBinding& q, const ast::Instruction& in, const ModuleContext& context,
                       diag::DiagnosticSink& sink) {
  const InstructionSpec& spec = q.spec();
  for (const spec::QualifierSlot& slot : spec.qualifiers) {
    if (slot.required_from.major == 0 || q.filled(slot.name) != nullptr || !context.version ||
        *context.version < slot.required_from) {
      continue;
    }
    Diagnostic& d =
        sink.report(diag::RuleId::MissingQualifier, in.mnemonic_range,
                    fmt::format("'{}' requires the qualifier '{}' from PTX ISA {}; the file declares .version {}{}",
                                writtenMnemonic(in), slot.values.empty() ? slot.name : slot.values.front(),
                                slot.required_from.str(), context.version->str(),
                                context.version_overridden ? " (--ptx-version)" : ""));
    d.spec_section = spec.section;
    diag::DiagnosticSink::addNote(d, fmt::format("the syntax is '{}'", spec.syntax));
  }
}

// Where a note applies in this instruction, and how to name it (`what`,
// when not null): false when the note does not apply (its qualifier, value,
// operand or conditions are not there).
bool notePlace(const spec::FeatureNote& note, const QualifierBinding& q, const OperandBinding& operands,
               const ast::Instruction& in, SourceRange& at, std::string* what) {
  const InstructionSpec& spec = q.spec();
  if (note.slot.empty() && note.operand.empty()) {
    // A note on the whole block: its target list is longer than one
    // TargetRequirement says ("sm_100a, sm_101a, and from PTX ISA 8.8 the
    // sm_100f and sm_101f families", 9.7.16).
    if (!q.holdsAll(note.when)) return false;
    at = in.mnemonic_range;
    if (what != nullptr) *what = fmt::format("'{}'", spec.opcode);
    return true;
  }
  if (!note.slot.empty()) {
    const ast::Token* t = q.filled(note.slot);
    if (t == nullptr) return false;
    if (!note.values.empty() && std::find(note.values.begin(), note.values.end(), t->text) == note.values.end()) {
      return false;
    }
    if (!q.holdsAll(note.when)) return false;
    at = t->range;
    if (what == nullptr) return true;
    std::string with;
    for (const spec::Condition& c : note.when) {
      if (!q.valueOf(c.slot).empty()) with += fmt::format(" with '{}'", q.valueOf(c.slot));
    }
    *what = fmt::format("'{}'{} on '{}'", t->text, with, spec.opcode);
    return true;
  }
  const ast::Operand* given = nullptr;
  for (const auto& [op, want] : operands) {
    if (want->name == note.operand) given = op;
  }
  if (given == nullptr) return false;
  if (note.operand_is_sink && given->kind != ast::OperandKind::Sink) return false;
  if (note.on_predicate) {
    if (given->kind != ast::OperandKind::Vector || given->second.text.empty()) return false;
    at = given->second.range;
    if (what != nullptr)
      *what = fmt::format("the destination predicate '|{}' of '{}'", given->second.text, spec.opcode);
    return true;
  }
  at = given->range;
  if (what == nullptr) return true;
  *what = note.operand_is_sink ? fmt::format("the sink '_' as the '{}' operand of '{}'", note.operand, spec.opcode)
                               : fmt::format("the '{}' operand of '{}'", note.operand, spec.opcode);
  return true;
}

// Whether the module's .target (and .version, for family targets and
// targets a note allows only from some version) meets one of the note's.
bool targetSatisfied(const spec::FeatureNote& note, const ModuleContext& context) {
  return std::any_of(note.targets.begin(), note.targets.end(), [&](const spec::TargetRequirement& r) {
    if (r.kind == spec::TargetRequirement::Kind::FamilySpecific && note.family_from.major != 0 && context.version &&
        *context.version < note.family_from) {
      return false;
    }
    if (r.from.major != 0 && context.version && *context.version < r.from) return false;
    return r.satisfiedBy(*context.target);
  });
}

void checkFeatureNote(const spec::FeatureNote& note, const QualifierBinding& q, const OperandBinding& operands,
                      const ast::Instruction& in, const ModuleContext& context, diag::DiagnosticSink& sink) {
  const InstructionSpec& spec = q.spec();
  // What the module's .version and .target say of the note comes first: a
  // note they meet (nearly every one, in a valid file) is not placed at all.
  // The note is named only where something is said or logged of it.
  const bool version_told = note.introduced.major != 0 && !context.meets(note.introduced, {});
  const bool logged = context.requirements != nullptr && !note.targets.empty() && !note.advisory;
  const bool target_missed = !note.targets.empty() && context.target && !targetSatisfied(note, context);
  if (!version_told && !logged && !target_missed) return;
  SourceRange at;
  std::string what;
  if (!notePlace(note, q, operands, in, at, &what)) return;
  if (version_told) context.require(sink, at, what, note.introduced, {}, spec.section);
  if (logged) {
    context.requirements->features.push_back(
        {at, what, {}, {note.targets.begin(), note.targets.end()}, note.family_from, spec.section});
  }
  if (!target_missed) return;
  std::vector<std::string> names;
  for (const spec::TargetRequirement& r : note.targets) names.push_back(r.describe());
  Diagnostic& d = sink.report(
      note.advisory ? diag::RuleId::AdvisedTarget : diag::RuleId::FeatureNeedsTarget, at,
      note.advisory
          ? fmt::format("{} is advised only for {}; .target is {}", what, fmt::join(names, ", "), context.target->str())
          : fmt::format("{} requires {}; .target is {}", what, fmt::join(names, " or "), context.target->str()));
  d.spec_section = spec.section;
}

}  // namespace

void checkNotes(const QualifierBinding& q, const OperandBinding& operands, const ast::Instruction& in,
                const ModuleContext& context, diag::DiagnosticSink& sink) {
  const InstructionSpec& spec = q.spec();
  if (!context.meets(spec.introduced, spec.target)) {
    context.require(sink, in.mnemonic_range, fmt::format("'{}'", spec.opcode), spec.introduced, spec.target,
                    spec.section);
  }
  checkRemoved(spec, in, context, sink);
  checkRequiredFrom(q, in, context, sink);
  for (const spec::FeatureNote& note : spec.notes) checkFeatureNote(note, q, operands, in, context, sink);
}

}  // namespace ptxlint::sema::engine
