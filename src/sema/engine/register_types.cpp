#include "sema/engine/register_types.h"

#include "sema/engine/words.h"

namespace ptxlint::sema::engine {
namespace {

// 'b', 's', 'u' or 'f' (.bf16, .tf32 and the fp8/fp6/fp4 formats are 'f').
char typeKind(std::string_view type) {
  if (type.size() < 2) return 0;
  if (type.substr(0, 3) == ".bf" || type[1] == 'e' || type.substr(0, 3) == ".tf") return 'f';
  return type[1];
}

// 9.4.1 Tables 27 and 28: the register is at least as wide as the type; a
// floating-point type needs a bit-size register or a floating-point
// register of exactly its size; an integer type needs a bit-size or integer
// register; a bit-size type takes any register.
bool relaxedTypeAgrees(std::string_view type, std::string_view reg) {
  if (reg == ".pred") return false;
  if (reg == type) return true;  // a register of the instruction's own type (.f16x2 with .f16x2)
  unsigned type_bits = spec::typeQualifierBits(type);
  unsigned reg_bits = spec::typeQualifierBits(reg);
  if (type_bits == 0 || reg_bits == 0) return true;  // not a fundamental type: not judged
  if (reg_bits < type_bits) return false;
  char type_kind = typeKind(type);
  char reg_kind = typeKind(reg);
  // Packed registers (.f16x2) are not in the tables; ptxas lets integer
  // types use them, and ptxlint does not reject what it cannot cite.
  bool reg_packed = reg.find('x') != std::string_view::npos;
  if (type_kind == 'f') return reg_kind == 'b' || (reg_kind == 'f' && !reg_packed && reg_bits == type_bits);
  if (type_kind == 's' || type_kind == 'u') return reg_kind != 'f' || reg_packed;
  return true;
}

std::string relaxedTypeRule(std::string_view type) {
  unsigned bits = spec::typeQualifierBits(type);
  switch (typeKind(type)) {
    case 'f':
      return fmt::format("{} takes a .f{} register or a bit-size register of {} bits or more (9.4.1)", type, bits,
                         bits);
    case 's':
    case 'u': return fmt::format("{} takes a bit-size or integer register of {} bits or more (9.4.1)", type, bits);
    default: return fmt::format("{} takes a register of {} bits or more (9.4.1)", type, bits);
  }
}

}  // namespace

// A register of such an instruction type is of that type or of a bit-size
// type (ptxas 13.0: "Arguments mismatch" for `multimem.red...add.f16x2
// [a], %f1` or a .u32 register). The fp8 and fp6/fp4 packed types are left
// out: ptxas takes a .u32 register for .e4m3x4.
bool isTable26Float(std::string_view type) {
  static constexpr std::string_view kFloats[] = {".f16", ".f16x2", ".bf16", ".bf16x2", ".f32", ".f64"};
  return contains(kFloats, type);
}

unsigned typeBits(std::string_view type) {
  if (type == ".pred") return 1;
  if (type.size() < 3) return 0;
  unsigned bits = 0;
  for (char c : type.substr(2)) {
    if (c < '0' || c > '9') return 0;
    bits = bits * 10 + unsigned(c - '0');
  }
  return bits;
}

std::string_view expectedType(const OperandScope& s, const spec::OperandSpec& want) {
  std::string_view type = want.fixed_type.empty() ? s.qualifiers.valueOf(want.type_slot) : want.fixed_type;
  if (want.fixed_type.empty() && want.type_slot.empty()) return {};
  // Type qualifiers out of order: which operand has which type is a guess.
  if (s.qualifiers.typesOutOfOrder() && want.fixed_type.empty()) {
    const spec::QualifierSlot* slot = s.qualifiers.slotNamed(want.type_slot);
    if (slot != nullptr && slot->ordered) return {};
  }
  if (want.wide) type = spec::widenedType(type);
  return type;
}

std::string describeType(const OperandScope& s, const spec::OperandSpec& want, std::string_view type) {
  if (!want.fixed_type.empty()) return std::string(type);
  return s.out.say("{} ({}{} {})", type, want.wide ? ".wide " : "", want.type_slot,
                   s.qualifiers.valueOf(want.type_slot));
}

void checkRegisterOfType(const OperandScope& s, const ast::Operand& op, const spec::OperandSpec& want,
                         std::string_view type, const RegisterInfo& info) {
  // (.f16x2 and .bf16x2 registers are taken for a .b32 one: ptxas 13.0 takes
  // them, and they are the packed halves these conversions read.)
  bool packed_half = type == ".b32" && (info.type == ".f16x2" || info.type == ".bf16x2");
  if (want.exact_register_type && info.type != type && !packed_half &&
      spec::typeQualifierBits(info.type) == spec::typeQualifierBits(type)) {
    s.out.add(diag::RuleId::OperandType, op.range,
              s.out.say("'{}' is a {} type register; '{}' is declared {}", want.name, type, op.expr->text, info.type),
              {s.out.say("the manual writes '{} is a {} type register' here (9.7.9.21)", want.name, type)});
    return;
  }
  if (spec::typesAgree(type, info.type)) return;
  unsigned want_bits = spec::typeQualifierBits(type);
  unsigned have_bits = info.type == ".pred" ? 1 : spec::typeQualifierBits(info.type);
  Findings& out = s.out;
  if (want_bits != have_bits || want_bits == 0) {
    out.add(diag::RuleId::OperandType, op.range,
            type == ".pred"
                ? out.say("'{}' must be a .pred register; '{}' is declared {}", want.name, op.expr->text, info.type)
                : out.say("'{}' is a {}-bit operand{}; '{}' is declared {}", want.name, want_bits,
                          want.fixed_type.empty() ? out.say(" ({}{} {})", want.wide ? ".wide " : "", want.type_slot,
                                                            s.qualifiers.valueOf(want.type_slot))
                                                  : "",
                          op.expr->text, info.type));
    return;
  }
  out.add(diag::RuleId::OperandType, op.range,
          out.say("'{}' is a {} operand; '{}' is declared {}", want.name, describeType(s, want, type), op.expr->text,
                  info.type),
          {"a floating-point type agrees only with itself or a bit-size type of its size; an integer type with "
           "integer and bit-size types of its size (9.4, Table 26)"});
}

namespace {

void floatDataRegister(const OperandScope& s, const ast::Operand& op, const spec::OperandSpec& want,
                       std::string_view type) {
  if (op.kind != ast::OperandKind::Expression || op.expr->kind != ast::ExprKind::Symbol) return;
  auto info = s.registers.reg(op.expr->text);
  if (info && !info->type.empty() && info->type != ".pred") checkRegisterOfType(s, op, want, type, *info);
}

}  // namespace

void checkDataRegister(const OperandScope& s, const ast::Operand& op, const spec::OperandSpec& want,
                       std::string_view type) {
  if (want.typed_elements) {
    if (type.empty() || op.kind != ast::OperandKind::Expression || op.expr->kind != ast::ExprKind::Symbol) return;
    auto info = s.registers.reg(op.expr->text);
    if (info && !info->type.empty()) checkRegisterOfType(s, op, want, type, *info);
    return;
  }
  bool exact = !want.exact_size_when.empty() && s.qualifiers.holdsAll(want.exact_size_when);
  if (!want.wider_register || exact) {
    std::size_t before = s.out.size();
    checkRegisterSize(s, op, want.name, spec::typeQualifierBits(type));
    if (s.out.size() == before && isTable26Float(type)) floatDataRegister(s, op, want, type);
    return;
  }
  if (type.empty() || op.kind != ast::OperandKind::Expression || op.expr->kind != ast::ExprKind::Symbol) return;
  auto info = s.registers.reg(op.expr->text);
  if (!info || info->type.empty() || relaxedTypeAgrees(type, info->type)) return;
  s.out.add(diag::RuleId::OperandType, op.range,
            s.out.say("'{}' is declared {}, which cannot hold '{}' data here", op.expr->text, info->type, type),
            {relaxedTypeRule(type)});
}

void checkRegisterSize(const OperandScope& s, const ast::Operand& op, std::string_view name, unsigned bits) {
  if (bits == 0 || op.kind != ast::OperandKind::Expression || op.expr->kind != ast::ExprKind::Symbol) return;
  auto info = s.registers.reg(op.expr->text);
  if (!info || info->type.empty()) return;
  unsigned have = typeBits(info->type);
  if (info->type == ".pred" || (have != 0 && have != bits)) {
    s.out.add(diag::RuleId::OperandType, op.range,
              s.out.say("'{}' takes {}-bit registers; '{}' is declared {}", name, bits, op.expr->text, info->type));
  }
}

void checkPredicateRegister(const OperandScope& s, const ast::Token& name, const spec::OperandSpec& want) {
  if (name.text == "_") return;
  auto info = s.registers.reg(name.text);
  if (info && !info->type.empty() && info->type != ".pred") {
    s.out.add(diag::RuleId::OperandType, name.range,
              s.out.say("'{}' must be a .pred register; '{}' is declared {}", want.name, name.text, info->type));
  }
}

}  // namespace ptxlint::sema::engine
