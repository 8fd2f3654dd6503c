#include "sema/engine/vectors.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "sema/engine/immediates.h"
#include "sema/engine/register_types.h"
#include "sema/engine/words.h"

namespace ptxlint::sema::engine {
namespace {

using spec::OperandSpec;

// A vector element where a register belongs: false when it is none,
// reported unless it is a constant in a source vector (allowed there).
bool registerElement(const OperandScope& s, const ast::Operand& element, const OperandSpec& want) {
  if (element.kind != ast::OperandKind::Expression) {
    s.out.add(diag::RuleId::OperandKind, element.range, s.out.say("'{}' takes registers as elements", want.name));
    return false;
  }
  if (element.expr->kind != ast::ExprKind::Symbol) {
    if (want.destination) {
      s.out.add(diag::RuleId::OperandKind, element.range,
                s.out.say("'{}' is a destination: its elements are registers, not constants", want.name));
    }
    return false;
  }
  return true;
}

// "Optionally, sink symbol '_' can be used in vector expression d when: ..."
void sinkElement(const OperandScope& s, const ast::Operand& element, const OperandSpec& want) {
  Findings& out = s.out;
  if (want.sinks_when.empty()) return;
  for (const auto& alternative : want.sinks_when) {
    if (s.qualifiers.holdsAll(alternative)) return;
  }
  std::vector<std::string> alternatives;
  for (const auto& alternative : want.sinks_when) {
    // A condition without values never holds: no sink at all (a source).
    if (std::any_of(alternative.begin(), alternative.end(),
                    [](const spec::Condition& c) { return c.values.empty(); })) {
      out.add(diag::RuleId::OperandKind, element.range,
              out.say("the sink '_' cannot stand for an element of '{}': it is a source", want.name));
      return;
    }
    std::vector<std::string> parts;
    for (const spec::Condition& c : alternative) parts.push_back(out.say("{} {}", c.slot, join(c.values, "/")));
    alternatives.push_back(out.say("{}", fmt::join(parts, " with ")));
  }
  out.add(diag::RuleId::OperandKind, element.range,
          out.say("the sink '_' cannot stand for an element of '{}' here", want.name),
          {out.say("'_' is allowed only with {}", fmt::join(alternatives, ", or "))});
}

// ptxas: "Vector with elements of different types are not allowed"; a
// bit-size element agrees with all the others (9.4, Table 26).
void elementsOfOneType(const OperandScope& s,
                       const std::vector<std::pair<const ast::Operand*, std::string_view>>& typed,
                       const OperandSpec& want) {
  bool any_bit_size =
      std::any_of(typed.begin(), typed.end(), [](const auto& e) { return e.second.substr(0, 2) == ".b"; });
  if (any_bit_size) return;
  for (const auto& [element, type] : typed) {
    std::string_view first = typed.front().second;
    if (spec::typesAgree(first, type) || spec::typesAgree(type, first)) continue;
    s.out.add(diag::RuleId::OperandType, element->range,
              s.out.say("the elements of '{}' have different types: '{}' is declared {}, '{}' {}", want.name,
                        typed.front().first->expr->text, first, element->expr->text, type));
    break;
  }
}

// The elements of a tabled vector: sinks where allowed, registers of the
// row's element type (or of the operand's size). Returns whether any
// element is a register.
bool tabledElements(const OperandScope& s, const ast::Operand& op, const OperandSpec& want,
                    const spec::VectorLength* row) {
  Findings& out = s.out;
  bool type_reported = false;  // one wrong element type per vector: the others say the same
  bool any_register = false;
  std::vector<std::pair<const ast::Operand*, std::string_view>> typed_elements;
  for (const ast::Operand& element : op.elements) {
    if (element.kind == ast::OperandKind::Sink) {
      // Sinks only where `sinks_when` allows them (none when it is empty).
      if (want.sinks_when.empty()) {
        out.add(diag::RuleId::OperandKind, element.range,
                out.say("the sink '_' cannot stand for an element of '{}'", want.name));
      } else {
        sinkElement(s, element, want);
      }
      continue;
    }
    if (!registerElement(s, element, want)) continue;
    any_register = true;
    if (type_reported) continue;
    auto info = s.registers.reg(element.expr->text);
    if (info && !info->type.empty() && info->type != ".pred") typed_elements.push_back({&element, info->type});
    if (row == nullptr || row->element_type.empty()) {
      std::size_t before = out.size();
      checkRegisterSize(s, element, want.name, want.bits);
      type_reported = out.size() != before;
      continue;
    }
    if (!info || info->type.empty() || spec::typesAgree(row->element_type, info->type)) continue;
    type_reported = true;
    out.add(diag::RuleId::OperandType, element.range,
            out.say("'{}' takes {} registers here; '{}' is declared {}", want.name, row->element_type,
                    element.expr->text, info->type),
            {"a floating-point type agrees only with itself or a bit-size type of its size; an integer type with "
             "integer and bit-size types of its size (9.4, Table 26)"});
  }
  if (!type_reported) elementsOfOneType(s, typed_elements, want);
  return any_register;
}

// A vector whose length (and element type) a table of qualifier
// combinations gives (ldmatrix's .shape x .num, wgmma's .shape x .dtype).
void tabledVector(const OperandScope& s, const ast::Operand& op, const OperandSpec& want) {
  Findings& out = s.out;
  const spec::VectorLength* row = nullptr;
  for (const spec::VectorLength& r : want.lengths) {
    if (s.qualifiers.holdsAll(r.when)) {
      row = &r;
      break;
    }
  }
  const std::uint16_t count = row != nullptr ? row->countFor(s.qualifiers.valueOf(".shape")) : 0;
  if (op.kind != ast::OperandKind::Vector) {
    out.penalize();  // a scalar where a vector goes: the shape of another block
    out.add(
        diag::RuleId::OperandKind, op.range,
        row ? out.say("'{}' must be a vector of {} register{} {{...}} here", want.name, count, count == 1 ? "" : "s")
            : out.say("'{}' must be a vector {{...}} here", want.name));
    return;
  }
  // A vector where the block wants one is a sign of the intended block: a
  // wrong element or length here weighs less than a wrong operand count
  // (wgmma's descriptor and register forms of a).
  std::size_t findings_before = out.size();
  bool any_register = tabledElements(s, op, want, row);
  if (!any_register && want.destination && !op.elements.empty()) {
    out.add(diag::RuleId::OperandKind, op.range,
            out.say("'{}' needs at least one register among its elements", want.name));
  }
  if (row != nullptr && op.elements.size() != count) {
    std::string combination;
    for (const spec::Condition& c : row->when) combination += s.qualifiers.valueOf(c.slot);
    std::size_t n = op.elements.size();
    out.add(diag::RuleId::OperandKind, op.range,
            combination.empty()
                ? out.say("'{}' has {} element{}; it needs {}", want.name, n, n == 1 ? "" : "s", count)
                : out.say("'{}' has {} element{}; '{}' needs {}", want.name, n, n == 1 ? "" : "s", combination, count));
  }
  if (out.size() != findings_before) out.penalize(-1);
}

// A data operand sized by a .v2/.v4 qualifier.
void qualifiedVector(const OperandScope& s, const ast::Operand& op, const OperandSpec& want, std::string_view vec,
                     std::string_view type) {
  Findings& out = s.out;
  std::size_t count = static_cast<std::size_t>(vec.back() - '0');
  if (op.kind == ast::OperandKind::Expression && op.expr->kind == ast::ExprKind::Symbol &&
      !s.registers.reg(op.expr->text)) {
    return;  // a vector register (`.reg .v4 .f32 V`, 6.4.3): not judged
  }
  if (op.kind != ast::OperandKind::Vector) {
    out.add(diag::RuleId::OperandKind, op.range,
            out.say("'{}' must be a vector of {} registers with {}", want.name, count, vec));
    return;
  }
  for (const ast::Operand& element : op.elements) {
    std::size_t before = out.size();
    if (element.kind == ast::OperandKind::Sink) {
      sinkElement(s, element, want);
    } else {
      checkDataRegister(s, element, want, type);
    }
    // Typed elements: the first element of a wrong type says it (the
    // vector counts as one wrong operand when blocks are compared).
    if (want.typed_elements && out.size() != before) break;
  }
  if (op.elements.size() != count) {
    out.add(diag::RuleId::OperandKind, op.range,
            out.say("'{}' has {} element{}; {} needs {}", want.name, op.elements.size(),
                    op.elements.size() == 1 ? "" : "s", vec, count));
  }
}

}  // namespace

void checkDataOperand(const OperandScope& s, const ast::Operand& op, const OperandSpec& want) {
  if (!want.lengths.empty()) {
    tabledVector(s, op, want);
    return;
  }
  std::string_view vec = s.qualifiers.valueOf(want.vector_slot);  // ".v4"
  std::string_view type = s.qualifiers.valueOf(want.type_slot);
  checkVectorPredicate(s, op, want);
  if (!vec.empty()) {
    qualifiedVector(s, op, want, vec, type);
    return;
  }
  // `{ %r1 }`: a one-element list is the register itself (ptxas accepts it;
  // Triton writes `ld.global.b32 { %r1 }, [%rd1]`).
  if (op.kind == ast::OperandKind::Vector && op.elements.size() == 1 &&
      op.elements[0].kind == ast::OperandKind::Expression) {
    checkDataRegister(s, op.elements[0], want, type);
    return;
  }
  if (op.kind != ast::OperandKind::Expression) {
    s.out.add(diag::RuleId::OperandKind, op.range,
              s.out.say("'{}' must be a register without {}", want.name, want.vector_slot));
    return;
  }
  if (want.destination && op.expr->kind != ast::ExprKind::Symbol) {
    // What an instruction writes is a register (ptxas 13.0: "Result
    // register required for instruction 'ld'").
    s.out.add(diag::RuleId::OperandKind, op.range,
              s.out.say("'{}' is written by '{}': it must be a register, not a constant", want.name, s.spec.opcode));
    return;
  }
  if (op.expr->kind != ast::ExprKind::Symbol) {
    // A constant stored (st's b): of the type, as 4.5 writes constants for
    // the integer, .f32/.f64 and .b32/.b64 types (ptxas 13.0: "Arguments
    // mismatch" for `st.global.u32 [a], 1.5`); the narrow bit-size, half
    // and packed types are not judged.
    bool judged = type == ".f32" || type == ".f64" || type == ".b32" || type == ".b64" ||
                  (type.size() >= 3 && (type[1] == 'u' || type[1] == 's') && spec::typeQualifierBits(type) != 0);
    // A packed type of 32 bits (.f16x2, .e5m2x4, ...) takes what .b32 takes:
    // an integer or a 0f constant (ptxas 13.0 refuses 1.5 and 0d... for
    // multimem.st's .e5m2x4 data).
    bool packed32 = (type.ends_with("x2") || type.ends_with("x4")) && spec::typeQualifierBits(type) == 32;
    if (judged || packed32) checkImmediateOfType(s, op, want, packed32 ? std::string_view(".b32") : type);
    return;
  }
  checkDataRegister(s, op, want, type);
}

// 9.7.9.4: "Both the overall size of the vector and the size of the scalar
// must match the size of the instruction type"; a destination vector may
// hold the sink `_` "provided that at least one element is a scalar register".
void checkPackedVector(const OperandScope& s, const ast::Operand& op, const OperandSpec& want) {
  Findings& out = s.out;
  unsigned total = spec::typeQualifierBits(s.qualifiers.valueOf(want.type_slot));
  if (op.kind != ast::OperandKind::Vector) {
    out.penalize();  // a scalar where a vector goes: the shape of another block
    out.add(diag::RuleId::OperandKind, op.range,
            out.say("'{}' must be a vector {{a, b}} or {{a, b, c, d}} here", want.name));
    return;
  }
  std::size_t count = op.elements.size();
  if (count != 2 && count != 4) {
    out.add(diag::RuleId::OperandKind, op.range,
            out.say("'{}' has {} elements; a packed vector has 2 or 4", want.name, count));
    return;
  }
  unsigned element_bits = total == 0 ? 0 : total / static_cast<unsigned>(count);
  // A vector of values of one fixed type ({a, b, e, f} of .f32, 9.7.9.21).
  if (!want.fixed_type.empty()) element_bits = spec::typeQualifierBits(want.fixed_type);
  bool any_register = false;
  // ptxas 13.0 does not judge the register sizes of a packed source vector
  // that holds a constant (`mov.b32 %f, {0, %r}` with a .b32 %r assembles,
  // while `{%h, %r}` is refused): neither does ptxlint (no false positive).
  bool holds_constant = std::any_of(op.elements.begin(), op.elements.end(), [](const ast::Operand& e) {
    return e.kind == ast::OperandKind::Expression && e.expr->kind != ast::ExprKind::Symbol;
  });
  for (const ast::Operand& element : op.elements) {
    if (element.kind == ast::OperandKind::Sink) {
      if (!want.destination) {
        out.add(diag::RuleId::OperandKind, element.range,
                out.say("the sink '_' can only be an element of a destination vector"));
      }
      continue;
    }
    if (!registerElement(s, element, want)) continue;
    any_register = true;
    if (!holds_constant || want.destination) checkRegisterSize(s, element, want.name, element_bits);
  }
  if (!any_register && want.destination) {
    out.add(diag::RuleId::OperandKind, op.range,
            out.say("'{}' needs at least one register among its elements", want.name));
  }
}

// {a, b, ...} of a fixed or .dim-relative number of `bits`-bit registers
// or integer constants (im2colInfo, 9.7.9.27.1.2).
void checkFixedVector(const OperandScope& s, const ast::Operand& op, const OperandSpec& want) {
  Findings& out = s.out;
  if (op.kind != ast::OperandKind::Vector) {
    out.penalize();
    out.add(diag::RuleId::OperandKind, op.range, out.say("'{}' must be a vector {{a, ...}}", want.name));
    return;
  }
  for (const ast::Operand& element : op.elements) {
    if (element.kind != ast::OperandKind::Expression) {
      out.add(diag::RuleId::OperandKind, element.range, out.say("'{}' takes registers as elements", want.name));
      continue;
    }
    checkRegisterSize(s, element, want.name, want.bits);
  }
  std::size_t count = want.elements;
  if (count == 0) {
    std::string_view dim = s.qualifiers.valueOf(".dim");  // ".5d"
    if (dim.size() != 3 || static_cast<std::size_t>(dim[1] - '0') <= want.elements_dim_less) return;
    count = static_cast<std::size_t>(dim[1] - '0') - want.elements_dim_less;
  }
  if (op.elements.size() != count) {
    out.add(diag::RuleId::OperandKind, op.range,
            out.say("'{}' has {} element{}; {} needed here", want.name, op.elements.size(),
                    op.elements.size() == 1 ? "" : "s", count));
  }
}

void checkVectorPredicate(const OperandScope& s, const ast::Operand& op, const OperandSpec& want) {
  if (op.kind != ast::OperandKind::Vector || op.second.text.empty()) return;
  if (!want.with_predicate) {
    s.out.add(diag::RuleId::OperandKind, op.second.range,
              s.out.say("'{}' takes no predicate '|{}' here", want.name, op.second.text));
    return;
  }
  checkPredicateRegister(s, op.second, want);
}

}  // namespace ptxlint::sema::engine
