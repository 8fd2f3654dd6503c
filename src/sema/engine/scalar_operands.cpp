#include "sema/engine/scalar_operands.h"

#include <algorithm>
#include <string>

#include "sema/constant_types.h"
#include "sema/engine/immediates.h"
#include "sema/engine/register_types.h"
#include "sema/engine/words.h"
#include "spec/special_registers.h"

namespace ptxlint::sema::engine {
namespace {

using spec::OperandKind;
using spec::OperandSpec;

// A predicate written as a pair, negated or as the sink `_`: true when the
// form is handled here.
bool predicateForm(const OperandScope& s, const ast::Operand& op, const OperandSpec& want) {
  using spec::PredicateForm;
  PredicateForm form = want.predicate_form;
  Findings& out = s.out;
  switch (op.kind) {
    case ast::OperandKind::Negated:
      if (form != PredicateForm::Negatable) {
        out.add(diag::RuleId::OperandKind, op.range, out.say("'{}' cannot be negated with '!'", want.name));
      } else {
        checkPredicateRegister(s, op.name, want);
      }
      return true;
    case ast::OperandKind::PredicatePair:
      if (form != PredicateForm::MaybePair && form != PredicateForm::Pair) {
        out.add(diag::RuleId::OperandKind, op.range, out.say("'{}' is one predicate, not a pair p|q", want.name));
      } else {
        checkPredicateRegister(s, op.name, want);
        checkPredicateRegister(s, op.second, want);
      }
      return true;
    case ast::OperandKind::Sink:
      if (form != PredicateForm::MaybePair) {
        out.add(diag::RuleId::OperandKind, op.range, out.say("'{}' cannot be the sink '_'", want.name));
      }
      return true;
    case ast::OperandKind::Expression:
      if (form == PredicateForm::Pair) {
        out.add(diag::RuleId::OperandKind, op.range, out.say("'{}' is a pair of predicates p|q here", want.name));
        return true;
      }
      return false;
    default: return false;
  }
}

// "d|p" (9.7.8.6 lop3): a register of the type, or the sink, with a
// predicate; "d[|p]" (9.7.9.6 shfl.sync): the predicate may be left out.
void registerWithPredicate(const OperandScope& s, const ast::Operand& op, const OperandSpec& want) {
  Findings& out = s.out;
  std::string_view reg_text;
  SourceRange reg_range;
  if (op.kind == ast::OperandKind::PredicatePair) {
    reg_text = op.name.text;
    reg_range = op.name.range;
    if (op.second.text == "_" && !want.predicate_sink) {
      out.add(diag::RuleId::OperandKind, op.second.range,
              out.say("the predicate of '{}|p' cannot be the sink '_'", want.name));
    }
    checkPredicateRegister(s, op.second, want);
  } else if (want.predicate_optional && op.kind == ast::OperandKind::Expression &&
             op.expr->kind == ast::ExprKind::Symbol) {
    reg_text = op.expr->text;
    reg_range = op.range;
  } else if (want.predicate_optional && op.kind == ast::OperandKind::Sink) {
    reg_text = "_";
    reg_range = op.range;
  } else {
    out.penalize();
    out.add(diag::RuleId::OperandKind, op.range,
            want.predicate_optional
                ? out.say("'{}' is a register, or a register and a predicate '{}|p', here", want.name, want.name)
                : out.say("'{}' is a register and a predicate, '{}|p', here", want.name, want.name));
    return;
  }
  if (reg_text == "_") {
    if (!want.register_sink) {
      out.add(diag::RuleId::OperandKind, reg_range, out.say("'{}' cannot be the sink '_'", want.name));
    }
    return;
  }
  std::string_view type = expectedType(s, want);
  auto info = s.registers.reg(reg_text);
  if (type.empty() || !info || info->type.empty() || spec::typesAgree(type, info->type)) return;
  out.add(diag::RuleId::OperandType, reg_range,
          out.say("'{}' is a {} operand; '{}' is declared {}", want.name, describeType(s, want, type), reg_text,
                  info->type));
}

// `%r1.b0`: the register part of an operand with a selector; the selector
// must be one `want` allows ("" for none).
std::string_view selectedRegister(const OperandScope& s, const ast::Operand& op, const OperandSpec& want) {
  Findings& out = s.out;
  std::string_view text = op.expr->text;
  std::size_t dot = text.find('.');
  std::string_view base = text.substr(0, dot);
  std::string_view field = dot == std::string_view::npos ? std::string_view{} : text.substr(dot);
  if (!s.registers.reg(base)) return text;  // a special register or a symbol: judged elsewhere
  if (contains(want.selectors, field)) return base;
  std::vector<std::string_view> written;
  for (std::string_view v : want.selectors) {
    if (!v.empty()) written.push_back(v);
  }
  bool none_allowed = contains(want.selectors, "");
  std::string allowed = written.size() > 24
                            ? out.say("{} ... {} ({} in all)", join({written.begin(), written.begin() + 8}),
                                      written.back(), written.size())
                            : join(written);
  if (field.empty()) {
    out.add(diag::RuleId::OperandKind, op.range, out.say("'{}' needs a selector here", want.name),
            {out.say("selectors: {}", allowed)});
  } else if (written.empty()) {
    out.add(diag::RuleId::OperandKind, op.range,
            out.say("'{}' takes no selector here; '{}' has '{}'", want.name, base, field));
  } else {
    out.add(diag::RuleId::OperandKind, op.range, out.say("'{}' is not a selector of '{}' here", field, want.name),
            {out.say("selectors{}: {}", none_allowed ? " (or none)" : "", allowed)});
  }
  return base;
}

// A constant, or an expression of constants, in a scalar slot.
void scalarConstant(const OperandScope& s, const ast::Operand& op, const OperandSpec& want,
                    std::string_view want_type) {
  Findings& out = s.out;
  if (want.not_negated && op.expr->kind == ast::ExprKind::Unary && op.expr->op == "-" && op.expr->lhs != nullptr &&
      op.expr->lhs->kind == ast::ExprKind::Symbol) {
    out.add(diag::RuleId::OperandKind, op.range, out.say("'{}' cannot be negated here", want.name),
            {out.say("syntax: {}", s.spec.syntax)});
    return;
  }
  // 4.5.4: no conversion between integer and floating point (1.0/3), and
  // the integer-only operators (!1.0, 1.0 % 2.0); PL1015.
  if (op.expr->kind != ast::ExprKind::IntLiteral && op.expr->kind != ast::ExprKind::FloatLiteral) {
    if (ConstantTyping t = typeConstant(op.expr, /*names_are_addresses=*/false); t.problem != ConstantProblem::None) {
      out.add(diag::RuleId::ConstantExpressionType, t.at->range, out.say("{}", constantProblemMessage(t)),
              {out.say("'{}' is a constant expression (4.5.4, Table 5)", want.name)});
      return;
    }
  }
  if (want.kind == OperandKind::Predicate && want.constant_allowed) {
    if (Literal k = literalKind(op.expr); k != Literal::Integer && k != Literal::Unknown) {
      out.add(diag::RuleId::InvalidImmediate, op.range,
              out.say("'{}' must be a predicate register or an integer constant", want.name));
    }
  } else if (want.kind != OperandKind::Value) {
    out.add(diag::RuleId::OperandKind, op.range,
            out.say("'{}' must be a {}, not a constant", want.name,
                    want.kind == OperandKind::Predicate ? "predicate register" : "register"));
  } else if (Literal k = literalKind(op.expr); want.integer_only && k != Literal::Integer && k != Literal::Unknown) {
    out.add(diag::RuleId::InvalidImmediate, op.range,
            out.say("'{}' is an integer operand; it cannot be a floating-point constant", want.name));
  } else if (!want_type.empty()) {
    checkImmediateOfType(s, op, want, want_type);
  } else if (Literal k = literalKind(op.expr); !want.float_constant && k != Literal::Integer && k != Literal::Unknown) {
    // A slot of a size and no type (a descriptor, a size, a cache policy)
    // holds an integer: a floating-point constant has a type of its own
    // (4.5.2) that is none of these (ptxas 13.0: "Arguments mismatch" for
    // wgmma's a-desc 0f3F800000).
    out.add(diag::RuleId::InvalidImmediate, op.range,
            want.bits == 0 ? out.say("'{}' is an integer operand; it cannot be a floating-point constant", want.name)
                           : out.say("'{}' is a {}-bit integer operand; it cannot be a floating-point constant",
                                     want.name, want.bits),
            {out.say("syntax: {}", s.spec.syntax)});
  }
  // (Only a slot that bounds its constants reads the value: the verdict
  // memo keys the others without it, support/value_reads.h.)
  if (boundsConstants(want)) {
    if (auto v = constantValue(op.expr)) checkConstantBounds(s, op, want, *v);
  }
  if (want.unit_fraction) checkUnitFraction(s, op, want);
}

// A special register in a scalar slot: chapter 10 gives each one's type.
// ptxas 13.0 refuses one narrower than the instruction's type, or a .pred
// one in a slot of another type ("Arguments mismatch for instruction
// 'mov'": mov.u64 %rd1, %tid.x; mov.u32 %r1, %is_explicit_cluster). A
// wider one is not judged: legacy code reads %tid and its kin with 16-bit
// mov and cvt (10.1), and ptxas takes mov.u32 from the .u64 %gridid.
void specialRegisterOperand(const OperandScope& s, const ast::Operand& op, const OperandSpec& want,
                            std::string_view want_type) {
  if (want_type.empty() || want_type == ".pred" || want.kind == OperandKind::Predicate) return;
  if (op.kind != ast::OperandKind::Expression || op.expr->kind != ast::ExprKind::Symbol) return;
  std::string_view text = op.expr->text;
  std::size_t dot = text.find('.');
  const spec::SpecialRegister* r = spec::findSpecialRegister(text.substr(0, dot));
  if (r == nullptr) return;
  std::string_view type = r->type;
  if (type.starts_with(".v")) {  // %tid.x: an element of the .v4.u32
    if (dot == std::string_view::npos) return;
    type = type.substr(type.find('.', 1));
  } else if (dot != std::string_view::npos) {
    return;
  }
  unsigned want_bits = spec::typeQualifierBits(want_type);
  unsigned have_bits = type == ".pred" ? 1 : spec::typeQualifierBits(type);
  if (want_bits == 0 || have_bits == 0 || want_bits <= have_bits) return;
  s.out.add(diag::RuleId::OperandType, op.range,
            s.out.say("'{}' is a {}-bit operand ({}); '{}' is a {} special register", want.name, want_bits, want_type,
                      text, type),
            {s.out.say("the special register's type: section {} of the manual", r->section)});
}

// A register in a scalar slot: its declared type against the operand's.
void scalarRegister(const OperandScope& s, const ast::Operand& op, const OperandSpec& want,
                    std::string_view want_type) {
  Findings& out = s.out;
  auto info = s.registers.reg(want.selectors.empty() ? op.expr->text : selectedRegister(s, op, want));
  if (!info && want.selectors.empty()) specialRegisterOperand(s, op, want, want_type);
  if (!info || info->type.empty()) return;  // not a register: judged elsewhere, never guessed
  if (want.kind == OperandKind::Predicate) {
    if (info->type != ".pred") {
      out.add(diag::RuleId::OperandType, op.range,
              out.say("'{}' must be a .pred register; '{}' is declared {}", want.name, op.expr->text, info->type));
    }
    return;
  }
  if (want.wider_register && !want.type_slot.empty()) {
    checkDataRegister(s, op, want, s.qualifiers.valueOf(want.type_slot));
    return;
  }
  if (want.integer_only && isTable26Float(info->type)) {
    out.add(diag::RuleId::OperandType, op.range,
            out.say("'{}' is an integer operand; '{}' is declared {}", want.name, op.expr->text, info->type));
    return;
  }
  if (!want.fixed_type.empty() || !want.type_slot.empty()) {
    // A typed operand whose type qualifier is missing or wrong: the
    // qualifier findings say enough.
    if (!want_type.empty()) checkRegisterOfType(s, op, want, want_type, *info);
    return;
  }
  unsigned bits = typeBits(info->type);
  unsigned want_bits = want.bits;
  if (info->type == ".pred" || (want_bits != 0 && bits != 0 && bits != want_bits)) {
    out.add(diag::RuleId::OperandType, op.range,
            out.say("'{}' is a {}-bit operand; '{}' is declared {}", want.name, want_bits, op.expr->text, info->type));
  } else if (want_bits == 64 && isTable26Float(info->type)) {
    // A 64-bit slot of no type (a cache policy, a descriptor) or a byte
    // count holds an integer, as for its constants above: ptxas 13.0
    // refuses a floating-point register there ("Arguments mismatch for
    // instruction 'cp.async.bulk'") and takes .b, .u and .s ones (and an
    // .f32 one in mma's metadata e or movmatrix's a: 32-bit slots are
    // judged one by one).
    out.add(diag::RuleId::OperandType, op.range,
            out.say("'{}' is a {}-bit integer operand; '{}' is declared {}", want.name, want_bits, op.expr->text,
                    info->type));
  }
}

}  // namespace

void checkScalarOperand(const OperandScope& s, const ast::Operand& op, const OperandSpec& want) {
  Findings& out = s.out;
  if (want.with_predicate) {
    registerWithPredicate(s, op, want);
    return;
  }
  if (want.kind == OperandKind::Predicate && predicateForm(s, op, want)) return;
  if (want.sink_allowed && op.kind == ast::OperandKind::Sink) return;
  if (want.sink_required) {
    out.add(diag::RuleId::OperandKind, op.range, out.say("'{}' must be the sink '_' here", want.name),
            {out.say("syntax: {}", s.spec.syntax)});
    return;
  }
  if (op.kind != ast::OperandKind::Expression) {
    out.penalize();  // a vector or address where a scalar goes: the shape of another block
    out.add(diag::RuleId::OperandKind, op.range,
            out.say("'{}' must be a {}", want.name,
                    want.kind == OperandKind::Predicate  ? "predicate register"
                    : want.kind == OperandKind::Register ? "register"
                                                         : "register or integer constant"));
    return;
  }
  std::string_view want_type = expectedType(s, want);
  if (op.expr->kind != ast::ExprKind::Symbol && want.kind == OperandKind::Predicate && !want.immediates.empty()) {
    // A predicate that may be written as a constant ("scale-d": 0 or 1).
    auto v = constantValue(op.expr);
    if (!v || std::find(want.immediates.begin(), want.immediates.end(), *v) == want.immediates.end()) {
      out.add(diag::RuleId::InvalidImmediate, op.range,
              out.say("'{}' must be a predicate register or one of the constants {}", want.name,
                      fmt::join(want.immediates, ", ")));
    }
    return;
  }
  if (op.expr->kind != ast::ExprKind::Symbol) {
    scalarConstant(s, op, want, want_type);
    return;
  }
  scalarRegister(s, op, want, want_type);
}

}  // namespace ptxlint::sema::engine
