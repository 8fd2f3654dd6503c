#include "sema/engine/block_choice.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "sema/engine/constraints.h"
#include "sema/engine/deviation_check.h"
#include "sema/engine/findings.h"
#include "sema/engine/notes.h"
#include "sema/engine/operands.h"
#include "sema/engine/qualifier_match.h"
#include "sema/engine/unknown_instruction.h"
#include "sema/engine/words.h"
#include "spec/spec.h"

namespace ptxlint::sema::engine {
namespace {

using spec::InstructionSpec;

// Whether some qualifier slot of `spec` takes each qualifier of `in` from
// `first` on, and each address qualifier ([a].unified): a block that fits
// without a finding does (every other placement of a word is a finding,
// qualifier_match.cpp).
bool takesEveryQualifier(const InstructionSpec& spec, const ast::Instruction& in, std::size_t first) {
  auto taken = [&](std::string_view word) {
    return std::any_of(spec.qualifiers.begin(), spec.qualifiers.end(),
                       [&](const spec::QualifierSlot& slot) { return contains(slot.values, word); });
  };
  for (std::size_t q = first; q < in.qualifiers.size(); ++q) {
    if (!taken(in.qualifiers[q].text)) return false;
  }
  for (const ast::Operand& op : in.operands) {
    if (op.kind == ast::OperandKind::Address && !op.name.text.empty() && !taken(op.name.text)) return false;
  }
  return true;
}

// An instruction matched against one block: the parts in order, qualifiers
// first (a constraint over wrong qualifiers says nothing more), then the
// operands.
class BlockMatch {
 public:
  // `explain`: build the suggestions and lists of allowed values that only
  // the reported block needs (the penalty is the same either way).
  BlockMatch(const InstructionSpec& spec, spec::EntryList siblings, const ast::Instruction& in,
             std::size_t first_qualifier, const RegisterResolver& registers, const ModuleContext& context, bool explain)
      : out_(explain), qualifiers_(matchQualifiers(spec, siblings, in, first_qualifier, out_, qualifier_fit_)) {
    if (out_.empty()) checkConstraints(qualifiers_, in, out_);
    qualifier_findings_ = out_.size();
    operands_ = matchOperands(OperandScope{spec, in, qualifiers_, registers, out_, context}, operand_fit_);
  }

  const std::vector<Finding>& findings() const { return out_.list(); }
  const InstructionSpec& spec() const { return qualifiers_.spec(); }
  const QualifierBinding& qualifiers() const { return qualifiers_; }
  const OperandBinding& operands() const { return operands_; }

  // How badly the instruction fits this block; the best block is reported.
  // A block whose qualifiers all fit, with a wrong operand, is likelier than
  // one that takes the operands but not the qualifiers (add.f32.f16 with an
  // .f32 register as a: the mixed-precision block, not the .f32 one).
  int penalty() const {
    return static_cast<int>(2 * qualifier_findings_ + (out_.size() - qualifier_findings_)) + out_.penalty();
  }

  // The block reported for an instruction that fits none: the lowest
  // penalty; between equals, the one whose type qualifiers fit the
  // instruction's (the instruction type says most about intent: add.ftz.f64
  // is judged by the .f64 block, where only .ftz is wrong, not by the .f16
  // block that takes .ftz); then fewer qualifiers it cannot place at all
  // (ld.gpu.global: the block with a scope, which lacks only .relaxed); fewer
  // missing qualifiers; fewer values placed as another block takes them; one
  // that takes as many operands as given (`call %rd1;`: `call func;` with a
  // wrong name, not a longer form); then the first in the table. A block
  // without findings always wins.
  bool betterThan(const BlockMatch& other) const {
    auto key = [](const BlockMatch& m) {
      const QualifierFit& q = m.qualifier_fit_;
      return std::make_tuple(!m.out_.empty(), m.penalty(), q.type_misfits, q.unknown_qualifiers, q.missing_qualifiers,
                             q.misplaced_values, m.operand_fit_.wrong_count);
    };
    return key(*this) < key(other);
  }

 private:
  Findings out_;
  QualifierFit qualifier_fit_;
  QualifierBinding qualifiers_;
  std::size_t qualifier_findings_ = 0;
  OperandFit operand_fit_;
  OperandBinding operands_;
};

void emit(diag::DiagnosticSink& sink, const Finding& f, std::string_view section) {
  Diagnostic& d = sink.report(f.rule, f.range, f.message, section);
  for (const std::string& n : f.notes) diag::DiagnosticSink::addNote(d, n);
  if (f.fixit) diag::DiagnosticSink::addFixIt(d, f.fixit->range, f.fixit->replacement);
}

void hexFloatOperands(const ast::Operand& op, diag::DiagnosticSink& sink) {
  checkHexFloatOperands(op.expr, sink);
  for (const ast::Operand& element : op.elements) hexFloatOperands(element, sink);
}

// 6.4.2: "Array elements can be accessed ... by indexing into the array
// using square-bracket notation": the name indexed is an array (ptxas:
// "Array indexing on non-array"). Most operands are a name or a constant:
// those end the walk at once.
void indexedNames(const ast::Expr* e, const RegisterResolver& registers, diag::DiagnosticSink& sink) {
  if (e == nullptr || e->kind == ast::ExprKind::Symbol || e->kind == ast::ExprKind::IntLiteral ||
      e->kind == ast::ExprKind::FloatLiteral) {
    return;
  }
  if (e->kind == ast::ExprKind::Index && e->lhs != nullptr && e->lhs->kind == ast::ExprKind::Symbol) {
    std::optional<NameInfo> info = registers.nameInfo(e->lhs->text);
    bool named =
        info && (info->kind == NameKind::Register || info->kind == NameKind::Variable || info->kind == NameKind::Param);
    if (named && !info->is_array) {
      Diagnostic& d =
          sink.report(diag::RuleId::OperandKind, e->range,
                      fmt::format("'{}' is not an array: only an array variable is indexed, as in a[1]", e->lhs->text));
      d.spec_section = "6.4.2";
      if (info->declared.end != 0) {
        diag::DiagnosticSink::addNote(d, info->declared, fmt::format("'{}' is declared here", e->lhs->text));
      }
    }
  }
  indexedNames(e->lhs, registers, sink);
  indexedNames(e->rhs, registers, sink);
  indexedNames(e->third, registers, sink);
}

void indexedOperands(const ast::Operand& op, const RegisterResolver& registers, diag::DiagnosticSink& sink) {
  const ast::Expr* e = op.expr;
  if (e != nullptr && e->kind != ast::ExprKind::Symbol && e->kind != ast::ExprKind::IntLiteral) {
    indexedNames(e, registers, sink);
  }
  for (const ast::Operand& element : op.elements) indexedOperands(element, registers, sink);
}

}  // namespace

bool judgeInstruction(const ast::Instruction& in, const ModuleContext& context, const RegisterResolver& registers,
                      diag::DiagnosticSink& sink) {
  std::size_t first = sink.diagnostics().size();
  // Whether or not a table covers the instruction (a matter of syntax).
  for (const ast::Operand& op : in.operands) {
    hexFloatOperands(op, sink);
    indexedOperands(op, registers, sink);
  }
  thread_local std::vector<std::string_view> words;  // reused: no allocation per instruction
  words.clear();
  words.push_back(in.opcode.text);
  for (const ast::Token& q : in.qualifiers) words.push_back(q.text.substr(1));
  std::size_t name_words = 0;
  spec::EntryList specs = spec::findInstructionSpecs(words, name_words);
  if (specs.empty()) {
    reportUnknownInstruction(in, context, sink);
    return true;  // judged: every instruction section has a table
  }

  // Blocks are compared without building messages; the one reported is
  // matched again with them. The first block that fits without a finding
  // is the verdict: it is looked for first among the blocks that take
  // every qualifier written (one that does not cannot fit), in table
  // order; only an instruction that fits none compares them all.
  std::optional<BlockMatch> best;
  for (const InstructionSpec* s : specs) {
    if (!takesEveryQualifier(*s, in, name_words - 1)) continue;
    BlockMatch match(*s, specs, in, name_words - 1, registers, context, /*explain=*/false);
    if (match.findings().empty()) {
      best.emplace(std::move(match));
      break;
    }
  }
  if (!best) {
    for (const InstructionSpec* s : specs) {
      BlockMatch match(*s, specs, in, name_words - 1, registers, context, /*explain=*/false);
      if (!best || match.betterThan(*best)) best.emplace(std::move(match));
      if (best->findings().empty()) break;
    }
  }
  if (!best->findings().empty())
    best.emplace(best->spec(), specs, in, name_words - 1, registers, context, /*explain=*/true);
  for (const Finding& f : best->findings()) emit(sink, f, best->spec().section);
  checkNotes(best->qualifiers(), best->operands(), in, context, sink);
  applyDeviations(in, context, registers, sink, first, specs, name_words - 1);  // the manual's verdict against ptxas's
  return true;
}

}  // namespace ptxlint::sema::engine
