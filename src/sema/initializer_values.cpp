#include "sema/initializer_values.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>

#include "sema/constant_types.h"
#include "sema/engine/deviation_check.h"
#include "support/text.h"

namespace ptxlint::sema {
namespace {

// A dimension's size where it is an integer literal; 0 where it is left
// out or an expression (then nothing is counted against it).
std::uint64_t dimensionSize(const ast::Expr* e) {
  return e != nullptr && e->kind == ast::ExprKind::IntLiteral && e->value_fits ? e->int_value : 0;
}

}  // namespace

// 5.2.1's fundamental types an initializer may give a value (the half
// types take none, 5.4.4; .b128, .pred and the rest are left alone).
InitializerValues::TypeClass InitializerValues::classOf(std::string_view type) {
  static constexpr std::string_view kFloat[] = {".f32", ".f64"};
  static constexpr std::string_view kUnsigned[] = {".u8", ".u16", ".u32", ".u64"};
  static constexpr std::string_view kSigned[] = {".s8", ".s16", ".s32", ".s64"};
  static constexpr std::string_view kBits[] = {".b8", ".b16", ".b32", ".b64"};
  auto in = [&](const auto& list) { return std::find(std::begin(list), std::end(list), type) != std::end(list); };
  return in(kFloat)      ? TypeClass::Float
         : in(kUnsigned) ? TypeClass::Unsigned
         : in(kSigned)   ? TypeClass::Signed
         : in(kBits)     ? TypeClass::Bits
                         : TypeClass::Other;
}

void InitializerValues::declarator(const ast::VariableDecl& decl, const ast::Declarator& d, bool last_declarator) {
  if (!d.initializer) return;
  const ast::Specifier* type = decl.find(decl.type);
  if (type == nullptr) return;
  type_class_ = classOf(type->keyword.text);
  if (type_class_ == TypeClass::Other) return;
  holds_addresses_ = type->keyword.text == ".u32" || type->keyword.text == ".u64";
  bool cut = last_declarator && decl.piece != ast::Piece::Whole;
  if (cut && decl.piece == ast::Piece::First) {
    piece_elements_ = 0;
    piece_reported_ = false;
  }
  if (cut && piece_reported_) return;
  decl_ = &decl;
  d_ = &d;
  type_ = type->keyword.text;
  const ast::Specifier* vector = decl.find(decl.vector);
  vector_ =
      vector != nullptr && vector->keyword.text.size() > 2 ? static_cast<unsigned>(vector->keyword.text[2] - '0') : 0;
  const ast::Initializer& init = *d.initializer;
  // Named members ('width = 4') are the opaque types' (opaque_types.cpp).
  if (init.field || std::any_of(init.elements.begin(), init.elements.end(),
                                [](const ast::Initializer& e) { return e.field.has_value(); })) {
    return;
  }
  bool ok = true;
  if (!d.dimensions.empty() && init.expr == nullptr) {
    ok = list(init, 0, cut ? piece_elements_ : 0);
    // 5.4.3: the size of an array declared [] "is determined by the number
    // of elements in the array initializer"; none is no size (ptxas:
    // "Initial value type mismatch").
    if (ok && !cut && d.dimensions[0] == nullptr && init.elements.empty()) {
      mismatch(init.range, fmt::format("array '{}' has no size and its initializer lists no element", d.name.text));
      ok = false;
    }
  } else {
    ok = value(init, 0);
  }
  if (cut) {
    piece_elements_ += init.elements.size();
    piece_reported_ = !ok;
  }
}

bool InitializerValues::value(const ast::Initializer& init, std::size_t level) {
  const ast::Declarator& d = *d_;
  if (level == d.dimensions.size() && vector_ == 0) return scalar(init);
  if (level < d.dimensions.size()) {
    if (init.expr != nullptr) {
      mismatch(init.range, level == 0 ? fmt::format("'{}' is an array: its initializer is a list in braces, not one "
                                                    "value",
                                                    d.name.text)
                                      : fmt::format("each element of '{}' is an array: its value is a list in braces",
                                                    d.name.text));
      return false;
    }
    return list(init, level, 0);
  }
  if (vector_ != 0) {
    if (init.expr != nullptr) {
      mismatch(init.range, fmt::format("'{}' holds .v{} vectors: a vector's value is a list of {} values in braces",
                                       d.name.text, vector_, vector_));
      return false;
    }
    if (init.elements.size() != vector_) {
      mismatch(init.range, fmt::format("a .v{} vector's value lists exactly {} values, not {}", vector_, vector_,
                                       init.elements.size()));
      return false;
    }
    for (const ast::Initializer& element : init.elements) {
      if (!scalar(element)) return false;
    }
    return true;
  }
  return scalar(init);
}

bool InitializerValues::list(const ast::Initializer& init, std::size_t level, std::uint64_t already) {
  std::uint64_t size = dimensionSize(d_->dimensions[level]);
  if (size != 0 && already + init.elements.size() > size) {
    const ast::Initializer& first_extra = init.elements[size > already ? size - already : 0];
    mismatch(first_extra.range,
             level == 0 ? fmt::format("array '{}' has {} elements; its initializer lists more", d_->name.text, size)
                        : fmt::format("each row of '{}' has {} elements; this list has more", d_->name.text, size));
    return false;
  }
  if (level + 1 == d_->dimensions.size() && vector_ == 0) {  // a row of scalars, the common table
    for (const ast::Initializer& element : init.elements) {
      if (!quick(element.expr) && !scalar(element)) return false;
    }
    return true;
  }
  for (const ast::Initializer& element : init.elements) {
    if (!value(element, level + 1)) return false;
  }
  return true;
}

bool InitializerValues::scalar(const ast::Initializer& init) {
  if (init.expr == nullptr) {
    mismatch(init.range, fmt::format("a {} value of '{}' is one constant, not a list in braces", type_, d_->name.text));
    return false;
  }
  const ast::Expr* e = init.expr;
  if (quick(e)) return true;
  ConstantTyping t;
  if (e->kind == ast::ExprKind::IntLiteral) {
    t.type = ConstantType::Integer;
  } else if (e->kind == ast::ExprKind::FloatLiteral) {
    t.type = ConstantType::Float;
  } else {
    t = typeConstant(e, /*names_are_addresses=*/true);
  }
  if (t.problem != ConstantProblem::None) {
    sink_.report(diag::RuleId::ConstantExpressionType, t.at->range, constantProblemMessage(t), "4.5.4");
    return false;
  }
  if (e->kind != ast::ExprKind::IntLiteral && e->kind != ast::ExprKind::FloatLiteral && !masks(e)) return false;
  if (!fits(t, e)) return false;
  if (t.float_conditional) {
    const ast::Specifier* space = decl_->find(decl_->state_space);
    spec::DeviationOperand operand;
    operand.float_conditional = true;
    spec::DeviationSubject subject{space != nullptr ? space->keyword.text : std::string_view(".global"),
                                   {},
                                   {&operand, 1},
                                   context_.version,
                                   context_.target};
    engine::applyDirectiveDeviations(subject, e->range, context_, sink_, sink_.diagnostics().size());
  }
  return true;
}

// 5.4.4: "Starting PTX ISA version 7.1, an operator mask() is provided";
// "PTX ISA version 7.3 supports Integer constant expression as an operand
// in the mask() operator"; "Supported values for mask are: 0xFF, 0xFF00,
// 0XFF0000, 0xFF000000, 0xFF00000000, 0xFF0000000000, 0xFF000000000000,
// 0xFF00000000000000." ptxas 13.0: "Invalid mask value '0xf0' used in
// initializer"; it takes an integer in mask() from 7.2 (deviation
// mask-integer-7.2).
bool InitializerValues::masks(const ast::Expr* e) {
  if (e == nullptr) return true;
  if (e->kind == ast::ExprKind::Mask) {
    std::uint64_t mask = 0;
    bool byte = support::integerLiteralValue(e->text, mask) && mask != 0 && (std::countr_zero(mask) % 8) == 0 &&
                (mask >> std::countr_zero(mask)) == 0xFF;
    if (!byte) {
      mismatch(e->range, fmt::format("'{}' is not a mask: mask() selects one byte, 0xFF, 0xFF00, 0xFF0000, ..., "
                                     "0xFF00000000000000",
                                     e->text));
      return false;
    }
    if (!context_.require(sink_, e->range, "the mask() operator in an initializer", {7, 1}, {}, "5.4.4")) {
      return false;
    }
    if (typeConstant(e->lhs, /*names_are_addresses=*/true).type == ConstantType::Integer) {
      std::size_t first = sink_.diagnostics().size();
      if (!context_.require(sink_, e->range, "an integer constant expression in mask()", {7, 3}, {}, "5.4.4")) {
        const ast::Specifier* space = decl_->find(decl_->state_space);
        spec::DeviationOperand operand;
        operand.kind = spec::DeviationOperand::Kind::IntConstant;
        operand.text = "mask()";
        spec::DeviationSubject subject{space != nullptr ? space->keyword.text : std::string_view(".global"),
                                       {},
                                       {&operand, 1},
                                       context_.version,
                                       context_.target};
        engine::applyDirectiveDeviations(subject, e->range, context_, sink_, first);
        return false;
      }
    }
    return true;
  }
  return masks(e->lhs) && masks(e->rhs) && masks(e->third);
}

bool InitializerValues::fits(const ConstantTyping& t, const ast::Expr* e) {
  TypeClass type = type_class_;
  switch (t.type) {
    case ConstantType::Integer:
      if (type == TypeClass::Float) {
        mismatch(e->range, fmt::format("a {} variable takes a floating-point constant (1.0, 0f3F800000), not an "
                                       "integer",
                                       type_));
        return false;
      }
      return true;
    case ConstantType::Float:
      if (type == TypeClass::Unsigned || type == TypeClass::Signed) {
        mismatch(e->range, fmt::format("a {} variable takes an integer, not a floating-point constant", type_));
        return false;
      }
      return true;
    case ConstantType::Address:
      // 5.4.4: "Variables that hold addresses of variables or functions
      // should be of type .u8 or .u32 or .u64. Type .u8 is allowed only if
      // the mask() operator is used."
      if (type_ == ".u32" || type_ == ".u64" || (type_ == ".u8" && t.masked)) return true;
      mismatch(e->range, type_ == ".u8" ? std::string("an address goes in a .u8 variable only through mask() "
                                                      "(0xFF(var), 0xFF00(var), ...)")
                                        : fmt::format("an address goes in a .u32 or .u64 variable (a .u8 one through "
                                                      "mask()), not a {} one",
                                                      type_));
      return false;
    case ConstantType::Unknown: break;
  }
  return true;
}

void InitializerValues::mismatch(SourceRange at, std::string message) {
  sink_.report(diag::RuleId::InitializerType, at, std::move(message), "5.4.4");
}

}  // namespace ptxlint::sema
