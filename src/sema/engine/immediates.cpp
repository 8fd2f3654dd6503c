#include "sema/engine/immediates.h"

#include <algorithm>
#include <bit>
#include <charconv>
#include <string>
#include <system_error>
#include <vector>

#include "sema/constant_types.h"
#include "sema/engine/register_types.h"
#include "support/value_reads.h"

namespace ptxlint::sema::engine {
namespace {

bool isIntegerType(std::string_view type) {
  static constexpr std::string_view kIntegerTypes[] = {".b8",  ".b16", ".b32", ".b64", ".b128", ".u8", ".u16",
                                                       ".u32", ".u64", ".s8",  ".s16", ".s32",  ".s64"};
  return std::find(std::begin(kIntegerTypes), std::end(kIntegerTypes), type) != std::end(kIntegerTypes);
}

bool listed(const spec::OperandSpec& want, std::int64_t v) {
  return std::find(want.immediates.begin(), want.immediates.end(), v) != want.immediates.end();
}

}  // namespace

Literal literalKind(const ast::Expr* e) {
  if (e == nullptr) return Literal::Unknown;
  switch (e->kind) {
    case ast::ExprKind::IntLiteral: return Literal::Integer;
    case ast::ExprKind::FloatLiteral:
      if (e->text.size() > 2 && e->text[0] == '0' && (e->text[1] == 'f' || e->text[1] == 'F')) {
        return Literal::HexFloat32;
      }
      if (e->text.size() > 2 && e->text[0] == '0' && (e->text[1] == 'd' || e->text[1] == 'D')) {
        return Literal::HexFloat64;
      }
      return Literal::Float;
    case ast::ExprKind::Paren: return literalKind(e->lhs);
    case ast::ExprKind::Unary:
    case ast::ExprKind::Binary:
    case ast::ExprKind::Conditional:
    case ast::ExprKind::Cast: {
      // A constant expression has Table 5's type (4.5.6): a comparison of
      // floating-point values is an integer; one that has none (1.0 / 3)
      // is reported by checkConstantExpression.
      ConstantTyping t = typeConstant(e, /*names_are_addresses=*/false);
      if (t.problem != ConstantProblem::None) return Literal::Unknown;
      return t.type == ConstantType::Integer ? Literal::Integer
             : t.type == ConstantType::Float ? Literal::Float
                                             : Literal::Unknown;
    }
    default: return Literal::Unknown;
  }
}

std::optional<std::int64_t> constantValue(const ast::Expr* e) {
  if (e == nullptr) return std::nullopt;
  if (e->kind == ast::ExprKind::IntLiteral) support::noteLiteralValueRead();
  if (e->kind == ast::ExprKind::IntLiteral && e->value_fits) return static_cast<std::int64_t>(e->int_value);
  if (e->kind == ast::ExprKind::Unary && e->op == "-") {
    // 64-bit two's complement, as PTX constant expressions (4.5.4): the
    // negation of INT64_MIN is itself, not undefined behaviour.
    if (auto v = constantValue(e->lhs)) return static_cast<std::int64_t>(0 - static_cast<std::uint64_t>(*v));
  }
  if (e->kind == ast::ExprKind::Paren) return constantValue(e->lhs);
  return std::nullopt;
}

std::optional<double> floatConstantValue(const ast::Expr* e) {
  if (e == nullptr) return std::nullopt;
  if (e->kind == ast::ExprKind::Paren) return floatConstantValue(e->lhs);
  if (e->kind == ast::ExprKind::Unary && e->op == "-") {
    if (auto v = floatConstantValue(e->lhs)) return -*v;
    return std::nullopt;
  }
  if (e->kind != ast::ExprKind::FloatLiteral) return std::nullopt;
  support::noteLiteralValueRead();  // (the memo keys this verdict with the digits)
  std::string_view t = e->text;
  if (t.size() > 2 && t[0] == '0' && ((t[1] | 0x20) == 'f' || (t[1] | 0x20) == 'd')) {
    // 4.5.2: 0f and eight hexadecimal digits are an IEEE single, 0d and
    // sixteen a double, bit for bit.
    std::uint64_t bits = 0;
    for (char c : t.substr(2)) {
      int digit = c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
      bits = bits << 4 | static_cast<std::uint64_t>(digit);
    }
    if ((t[1] | 0x20) == 'f') return static_cast<double>(std::bit_cast<float>(static_cast<std::uint32_t>(bits)));
    return std::bit_cast<double>(bits);
  }
  double v = 0;
  auto [end, error] = std::from_chars(t.data(), t.data() + t.size(), v);
  if (error != std::errc() || end != t.data() + t.size()) return std::nullopt;
  return v;
}

void checkUnitFraction(const OperandScope& s, const ast::Operand& op, const spec::OperandSpec& want) {
  if (!want.unit_fraction || op.kind != ast::OperandKind::Expression) return;
  std::optional<double> v = floatConstantValue(op.expr);
  if (!v) return;  // an integer is judged by type, an expression not at all
  // As ptxas does: the value rounded to the operand's .f32 first (1e-50 is
  // 0, 1.00000001 is 1).
  float f = static_cast<float>(*v);
  if (f > 0.0f && f <= 1.0f) return;
  s.out.add(diag::RuleId::InvalidImmediate, op.range, s.out.say("'{}' cannot be {} here", want.name, *v),
            {s.out.say("allowed: a value in (0.0, 1.0], rounded to .f32 first (this one is {})", f)});
}

void checkImmediateOperand(const OperandScope& s, const ast::Operand& op, const spec::OperandSpec& want) {
  Findings& out = s.out;
  auto v = op.kind == ast::OperandKind::Expression ? constantValue(op.expr) : std::nullopt;
  if (!v) {
    out.add(diag::RuleId::InvalidImmediate, op.range, out.say("'{}' must be an integer constant", want.name),
            want.immediates.empty()
                ? std::vector<std::string>{}
                : std::vector<std::string>{out.say("allowed: {}", fmt::join(want.immediates, ", "))});
    return;
  }
  if (!want.immediates.empty() && !listed(want, *v)) {
    out.add(diag::RuleId::InvalidImmediate, op.range, out.say("'{}' cannot be {} here", want.name, *v),
            {out.say("allowed: {}", fmt::join(want.immediates, ", "))});
  } else if (*v < want.min_value || *v > want.max_value) {
    out.add(diag::RuleId::InvalidImmediate, op.range, out.say("'{}' cannot be {} here", want.name, *v),
            {out.say("allowed: {} to {}", want.min_value, want.max_value)});
  } else {
    checkMultipleOf(s, op, want, *v);
  }
}

// The immediates an instruction type takes. Integer and bit-size types take
// integers (4.5.1); .f32 and .f64 take floating-point literals in any
// notation (4.5.2: "converted to the appropriate floating-point size based
// on the data or instruction type at its use"), never an integer; .b32 and
// .b64 also take the exact hex notation of their size (0f..., 0d...), which
// real PTX uses for constants moved into bit registers; .b128 takes an
// integer (ptxas 13.0: `mov.b128 %rq1, 41`, never 1.0). The half and packed
// types take no immediate (ptxas 13.0: "Arguments mismatch").
void checkImmediateOfType(const OperandScope& s, const ast::Operand& op, const spec::OperandSpec& want,
                          std::string_view type) {
  Literal kind = literalKind(op.expr);
  if (kind == Literal::Unknown) return;
  bool is_float = type == ".f32" || type == ".f64";
  bool is_integer = !is_float && (type == ".pred" || isIntegerType(type));
  // A decimal floating-point constant is a 64-bit double (4.5.2): .b64
  // takes it as it takes 0d...; the 32-bit 0f... notation goes to .b32.
  bool ok = (is_float && kind != Literal::Integer) || (is_integer && kind == Literal::Integer) ||
            (type == ".b32" && kind == Literal::HexFloat32) ||
            (type == ".b64" && (kind == Literal::HexFloat64 || kind == Literal::Float));
  if (ok) return;
  std::string allowed = is_float         ? "a floating-point constant (1.0, 0f3F800000, 0d3FF0000000000000)"
                        : type == ".b32" ? "an integer constant or a 0f single-precision constant"
                        : type == ".b64" ? "an integer or a double-precision constant (1.5, 0d3FF0000000000000)"
                        : is_integer     ? "an integer constant"
                                         : "a register; this type takes no immediate";
  s.out.add(diag::RuleId::InvalidImmediate, op.range,
            s.out.say("'{}' cannot be {} for {}", want.name,
                      kind == Literal::Integer ? "an integer constant" : "a floating-point constant",
                      describeType(s, want, type)),
            {s.out.say("allowed: {}", allowed)});
}

void checkConstantBounds(const OperandScope& s, const ast::Operand& op, const spec::OperandSpec& want, std::int64_t v) {
  Findings& out = s.out;
  if (want.kind == spec::OperandKind::Value && !want.immediates.empty() && !listed(want, v)) {
    // A register, or one of a few constants ("nCols must be a power of 2
    // ... within the range [32, 512]", 9.7.16.7.1).
    out.add(diag::RuleId::InvalidImmediate, op.range, out.say("'{}' cannot be {} here", want.name, v),
            {out.say("allowed: a register or {}", fmt::join(want.immediates, ", "))});
  } else if (v < want.min_value || v > want.max_value) {
    out.add(diag::RuleId::InvalidImmediate, op.range, out.say("'{}' cannot be {} here", want.name, v),
            {out.say("allowed: {} to {}", want.min_value, want.max_value)});
  } else {
    checkMultipleOf(s, op, want, v);
  }
}

void checkMultipleOf(const OperandScope& s, const ast::Operand& op, const spec::OperandSpec& want, std::int64_t v) {
  if (want.non_zero && v == 0) {
    s.out.add(diag::RuleId::InvalidImmediate, op.range, s.out.say("'{}' cannot be 0 here", want.name));
    return;
  }
  if (want.multiple_of == 0 || v % want.multiple_of == 0) return;
  s.out.add(diag::RuleId::InvalidImmediate, op.range,
            s.out.say("'{}' must be a multiple of {}, not {}", want.name, want.multiple_of, v));
}

// -0f40000000 is 0fC0000000: the sign bit flipped, the digits' case kept.
std::string negatedHexFloat(std::string_view text) {
  char top = text[2];
  int digit = top <= '9' ? top - '0' : (top | 0x20) - 'a' + 10;
  digit ^= 8;
  bool lower = std::any_of(text.begin() + 2, text.end(), [](char c) { return c >= 'a' && c <= 'f'; });
  char flipped = static_cast<char>(digit < 10 ? '0' + digit : (lower ? 'a' : 'A') + digit - 10);
  std::string negated(text);
  negated[2] = flipped;
  return negated;
}

}  // namespace ptxlint::sema::engine

namespace ptxlint::sema {

// 4.5.2: a 0f constant "may not be used in constant expressions".
void checkHexFloatOperands(const ast::Expr* e, diag::DiagnosticSink& sink) {
  if (e == nullptr) return;
  std::string op;  // the operator, when e is one
  switch (e->kind) {
    case ast::ExprKind::Unary:
    case ast::ExprKind::Binary: op = std::string(e->op); break;
    case ast::ExprKind::Cast:
      op = "(";  // (one string at a time: GCC 12 warns wrongly of '+' chains here, -Wrestrict)
      op += e->op;
      op += ")";
      break;
    case ast::ExprKind::Conditional: op = "?:"; break;
    case ast::ExprKind::Index: op = "[]"; break;
    case ast::ExprKind::Call:
    case ast::ExprKind::Mask: op = std::string(e->text) + "()"; break;
    default: break;
  }
  for (const ast::Expr* part : {e->lhs, e->rhs, e->third}) {
    if (part == nullptr) continue;
    const ast::Expr* inner = part;
    while (inner->kind == ast::ExprKind::Paren && inner->lhs != nullptr) inner = inner->lhs;
    bool single = inner->kind == ast::ExprKind::FloatLiteral && inner->text.size() == 10 && inner->text[0] == '0' &&
                  (inner->text[1] == 'f' || inner->text[1] == 'F');
    if (!op.empty() && single) {
      Diagnostic& d =
          sink.report(diag::RuleId::HexFloatInExpression, inner->range,
                      fmt::format("'{}' is an exact single-precision constant (0f): it cannot be an operand of '{}'",
                                  inner->text, op));
      if (e->kind == ast::ExprKind::Unary && e->op == "-" && part == inner) {
        diag::DiagnosticSink::addFixIt(d, e->range, engine::negatedHexFloat(inner->text));
      }
    }
    checkHexFloatOperands(part, sink);
  }
}

}  // namespace ptxlint::sema
