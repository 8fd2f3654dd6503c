#include "sema/engine/operands.h"

#include <optional>
#include <string>

#include "sema/engine/addresses.h"
#include "sema/engine/immediates.h"
#include "sema/engine/scalar_operands.h"
#include "sema/engine/symbol_operands.h"
#include "sema/engine/vectors.h"

namespace ptxlint::sema::engine {
namespace {

using spec::OperandKind;
using spec::OperandSpec;
using spec::Presence;

bool required(const OperandScope& s, const OperandSpec& op) {
  return op.presence.kind == Presence::Kind::Always ||
         (op.presence.kind == Presence::Kind::WithQualifier && s.qualifiers.filled(op.presence.slot) != nullptr);
}

void checkOperand(const OperandScope& s, const ast::Operand& op, const OperandSpec& want) {
  if (want.sink_allowed && op.kind == ast::OperandKind::Sink) return;  // the bit bucket `_`
  // A constant expression in parentheses, `(1 + 2)`, is a list of one to the
  // grammar (the form of call's argument lists); where a value goes, ptxas
  // takes it as the expression (a register in parentheses is a syntax error
  // to it, and stays one here).
  bool value = want.kind == OperandKind::Value || want.kind == OperandKind::Immediate ||
               want.kind == OperandKind::Predicate || want.kind == OperandKind::Register;
  if (value && op.kind == ast::OperandKind::ParenList && op.elements.size() == 1 &&
      op.elements[0].kind == ast::OperandKind::Expression && literalKind(op.elements[0].expr) != Literal::Unknown) {
    return checkOperand(s, op.elements[0], want);
  }
  bool values = value || want.kind == OperandKind::Data || want.kind == OperandKind::Coordinates ||
                want.kind == OperandKind::Vector;
  if (values && checkNameAsValue(s, op, want)) return;
  switch (want.kind) {
    case OperandKind::Coordinates: checkCoordinateVector(s, op, want); return;
    case OperandKind::ResourceAddress: checkResourceAddress(s, op, want); return;
    case OperandKind::Address:
    case OperandKind::TensorAddress: checkAddressOperand(s, op, want); return;
    case OperandKind::Immediate: checkImmediateOperand(s, op, want); return;
    case OperandKind::Data: checkDataOperand(s, op, want); return;
    case OperandKind::Value:
    case OperandKind::Register:
    case OperandKind::Predicate: checkScalarOperand(s, op, want); return;
    case OperandKind::Packed: checkPackedVector(s, op, want); return;
    case OperandKind::Symbol: checkSymbolOperand(s, op, want); return;
    case OperandKind::List: checkListOperand(s, op, want); return;
    case OperandKind::Vector: checkFixedVector(s, op, want); return;
  }
}

// An operand that exists only with a qualifier, given without it: true when
// that explains the extra operands (and was reported).
bool operandWithoutQualifier(const OperandScope& s, std::size_t n, std::size_t extra) {
  std::vector<const OperandSpec*> missing_qualifier;
  for (const OperandSpec& op : s.spec.operands) {
    if (op.presence.kind == Presence::Kind::WithQualifier && s.qualifiers.filled(op.presence.slot) == nullptr) {
      missing_qualifier.push_back(&op);
    }
  }
  if (extra > missing_qualifier.size()) return false;
  const OperandSpec& op = *missing_qualifier[0];
  const spec::QualifierSlot* slot = nullptr;
  for (const spec::QualifierSlot& q : s.spec.qualifiers) {
    if (q.name == op.presence.slot) slot = &q;
  }
  const ast::Operand& given = s.in.operands[n - extra];
  std::optional<FixIt> fix;
  if (slot != nullptr && slot->values.size() == 1) {
    fix = FixIt{{s.in.mnemonic_range.end, s.in.mnemonic_range.end}, std::string(slot->values[0])};
  }
  s.out.add(diag::RuleId::OperandCount, given.range,
            s.out.say("operand '{}' requires the {} qualifier{}", op.name, op.presence.slot,
                      slot && slot->values.size() == 1 ? s.out.say(" '{}'", slot->values[0]) : ""),
            {s.out.say("syntax: {}", s.spec.syntax)}, fix);
  return true;
}

// A qualifier whose operand is missing: true when that was reported.
bool qualifierWithoutOperand(const OperandScope& s, std::size_t n) {
  std::size_t i = 0;
  for (const OperandSpec& op : s.spec.operands) {
    if (!required(s, op)) continue;
    if (i++ < n) continue;
    if (op.presence.kind != Presence::Kind::WithQualifier) return false;
    const ast::Token* q = s.qualifiers.filled(op.presence.slot);
    s.out.add(diag::RuleId::OperandCount, q->range, s.out.say("'{}' requires the operand '{}'", q->text, op.name),
              {s.out.say("syntax: {}", s.spec.syntax)});
    return true;
  }
  return false;
}

void operandCountError(const OperandScope& s, std::size_t n, std::size_t n_required, std::size_t n_free) {
  if (n > n_required + n_free && operandWithoutQualifier(s, n, n - n_required - n_free)) return;
  if (n < n_required && qualifierWithoutOperand(s, n)) return;
  std::string expected =
      n_free == 0 ? std::to_string(n_required) : s.out.say("{} to {}", n_required, n_required + n_free);
  SourceRange at = n > n_required + n_free ? s.in.operands[n_required + n_free].range : s.in.mnemonic_range;
  s.out.add(diag::RuleId::OperandCount, at,
            s.out.say("'{}' takes {} operand{} here, not {}", s.spec.opcode, expected, expected == "1" ? "" : "s", n),
            {s.out.say("syntax: {}", s.spec.syntax)});
}

// The elements of the list operand named `name`: 0 where the block has no
// such operand, nullopt where the operand given is no list.
std::optional<std::size_t> listLength(const OperandBinding& operands, std::string_view name) {
  if (name.empty()) return 0;
  for (const auto& [op, want] : operands) {
    if (want->name != name) continue;
    if (op->kind != ast::OperandKind::ParenList) return std::nullopt;
    return op->elements.size();
  }
  return 0;
}

// 9.7.12.5: "the call operands are type-checked against" the callee or the
// prototype: as many results and arguments as it has.
void checkSignature(const OperandScope& s, const OperandBinding& operands, const ast::Operand& op,
                    const OperandSpec& want) {
  if (op.kind != ast::OperandKind::Expression || op.expr->kind != ast::ExprKind::Symbol) return;
  Findings& out = s.out;
  std::optional<Signature> sig = s.registers.signature(op.expr->text);
  std::optional<std::size_t> results = listLength(operands, want.results_list);
  std::optional<std::size_t> params = listLength(operands, want.params_list);
  if (sig && !sig->agree) {
    out.add(diag::RuleId::OperandCount, op.range,
            out.say("the targets of '{}' differ in their numbers of results or parameters: no call fits them all",
                    op.expr->text),
            {"the call operands are type-checked against the type signature of the functions indicated by flist "
             "(9.7.12.5)"});
    return;
  }
  // "When calling a function with such an unsized last argument, the last
  // argument may be omitted from the call instruction if no parameter is
  // passed through it" (11.2.2).
  bool omitted_last = sig && params && sig->last_omissible && *params + 1 == sig->params;
  if (!sig || !results || !params || (*results == sig->results && (*params == sig->params || omitted_last))) return;
  auto plural = [](std::size_t n, std::string_view word) { return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s"); };
  out.add(diag::RuleId::OperandCount, op.range,
          out.say("'{}' has {} and {}; the call gives {} and {}", op.expr->text, plural(sig->results, "result"),
                  plural(sig->params, "parameter"), plural(*results, "result"), plural(*params, "argument")),
          {out.say("syntax: {}", s.spec.syntax)});
}

}  // namespace

OperandBinding matchOperands(const OperandScope& s, OperandFit& fit) {
  OperandBinding operands;
  std::size_t n_required = 0, n_free = 0;
  for (const OperandSpec& op : s.spec.operands) {
    if (required(s, op)) {
      ++n_required;
    } else if (op.presence.kind == Presence::Kind::Optional) {
      ++n_free;
    }
  }
  std::size_t n = s.in.operands.size();
  if (n < n_required || n > n_required + n_free) {
    // With the qualifiers already wrong, which operands the block wants is a
    // guess: the qualifier findings say enough.
    if (s.out.empty()) {
      operandCountError(s, n, n_required, n_free);
      fit.wrong_count = true;
    } else {
      s.out.penalize(2);  // unreported, but it still counts against this block
    }
    return operands;
  }
  // Optional operands are taken in table order, as many as were given.
  std::size_t free_to_take = n - n_required;
  std::size_t i = 0;
  for (const OperandSpec& want : s.spec.operands) {
    bool take = required(s, want);
    if (want.presence.kind == Presence::Kind::Optional && free_to_take > 0) {
      take = true;
      --free_to_take;
    }
    if (!take) continue;
    operands.push_back({&s.in.operands[i], &want});
    checkOperand(s, s.in.operands[i], want);
    ++i;
  }
  for (const auto& [op, want] : operands) {
    if (want->checks_signature) checkSignature(s, operands, *op, *want);
  }
  return operands;
}

}  // namespace ptxlint::sema::engine
