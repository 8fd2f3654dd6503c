#include "sema/engine/addresses.h"

#include <algorithm>
#include <optional>
#include <vector>

#include "sema/engine/immediates.h"
#include "sema/engine/register_types.h"
#include "sema/engine/symbol_operands.h"
#include "sema/engine/vectors.h"
#include "sema/engine/words.h"

namespace ptxlint::sema::engine {
namespace {

using spec::OperandKind;
using spec::OperandSpec;

// An integer or bit-size type: what holds an address (6.4.1).
bool isAddressType(std::string_view type) {
  static constexpr std::string_view kAddressTypes[] = {".b8",  ".b16", ".b32", ".b64", ".u8",  ".u16",
                                                       ".u32", ".u64", ".s8",  ".s16", ".s32", ".s64"};
  return contains(kAddressTypes, type);
}

// The parts of an address operand `[base]`, `[base+imm]`, `[imm]` (6.4.1).
struct AddressParts {
  const ast::Expr* base = nullptr;  // the register or variable; null for [immAddr]
  bool offset = false;              // +immOff
  bool immediate = false;           // [immAddr]: a constant alone
};

AddressParts addressParts(const ast::Operand& op) {
  AddressParts parts;
  const ast::Expr* e = op.expr;
  if (e != nullptr && e->kind == ast::ExprKind::Binary && (e->op == "+" || e->op == "-") && e->lhs != nullptr &&
      e->lhs->kind == ast::ExprKind::Symbol) {
    parts.offset = true;
    e = e->lhs;
  }
  if (e != nullptr && e->kind == ast::ExprKind::Symbol) {
    parts.base = e;
  } else if (literalKind(e) == Literal::Integer) {
    parts.immediate = true;
  }
  return parts;
}

// 6.4.1: "an integer or bit-size type register reg containing a byte
// address"; "128-bit addresses are not supported". ptxas 13.0: "Illegal to
// use symbol '%f1' of type .f32 as address operand. Use integer or bit only."
bool addressRegisterType(const OperandScope& s, const ast::Operand& op, const ast::Expr& base, std::string_view type) {
  if (isAddressType(type)) return true;
  s.out.add(diag::RuleId::OperandType, op.range,
            type == ".b128" ? s.out.say("'{}' is declared .b128: 128-bit addresses are not supported", base.text)
                            : s.out.say("'{}' is declared {}: an address register is of an integer or bit-size type",
                                        base.text, type),
            {"6.4.1: [reg] is 'an integer or bit-size type register reg containing a byte address'"});
  return false;
}

// The state space an address lies in: the qualifier its slot names (ld's
// .ss), else the entry's one state-space slot where the entry has one
// address (atom's .space, multimem's .ss); "" for a generic address (no
// space written), nullopt where the entry does not say which space goes
// with which address (cp.async's .dst and .src).
// An absent space is generic where the slot could have named .global, or
// where the entry says so (QualifierSlot::absent_is_generic, mbarrier).
// Other slots of .shared windows alone are not judged: ptxas 13.0 takes a
// 32-bit register for cp.async.mbarrier.arrive{.shared{::cta}} and
// stmatrix{.shared{::cta}} with no space written (nvcc emits the former).
std::optional<std::string_view> addressSpace(const OperandScope& s, const OperandSpec& want) {
  if (want.generic_address) return std::string_view{};
  std::string_view slot_name = want.space_slot;
  if (slot_name.empty()) {
    // (Another operand's mbarrier object lies in .shared whatever the line
    // names, OperandSpec::variable_space: not one of the addresses here.)
    std::size_t addresses = 0;
    for (const OperandSpec& o : s.spec.operands) {
      addresses += o.kind == OperandKind::Address && (o.variable_space.empty() || &o == &want) ? 1 : 0;
    }
    if (addresses != 1) return std::nullopt;
    for (const spec::QualifierSlot& q : s.spec.qualifiers) {
      if (!q.space) continue;
      if (!slot_name.empty()) return std::nullopt;
      slot_name = q.name;
    }
  }
  const spec::QualifierSlot* slot = nullptr;
  for (const spec::QualifierSlot& q : s.spec.qualifiers) {
    if (q.name == slot_name) slot = &q;
  }
  if (slot == nullptr) return std::nullopt;
  std::string_view space = s.qualifiers.valueOf(slot_name);
  if (!space.empty()) {
    // A space the slot does not take is the qualifier findings' business.
    return contains(slot->values, space) ? std::optional<std::string_view>(space) : std::nullopt;
  }
  if (slot->absent_is_generic) return space;
  for (std::string_view v : slot->values) {
    if (v.substr(0, 7) == ".global") return space;
  }
  return std::nullopt;
}

// The width of an address register. An address of fixed size
// (OperandSpec::bits: "[taddr]", a Tensor Memory address, is 32 bits,
// 9.7.16.2.1; txq's "a .u64 register"); else, under .address_size 64, a
// generic or .global address in a 32-bit register (6.4.1: .shared, .local,
// .const and .param are windows that 32 bits reach). ptxas 13.0 warns
// "Program uses 32-bit address ... conflicting with .address_size 64" and
// stops ("32-Bit ABI ... is not supported"); 8- and 16-bit registers get
// the warning only and are not judged.
void addressRegisterSize(const OperandScope& s, const ast::Operand& op, const OperandSpec& want, const ast::Expr& base,
                         std::string_view type) {
  unsigned bits = spec::typeQualifierBits(type);
  if (bits == 0) return;
  if (want.bits != 0) {
    if (bits == want.bits) return;
    s.out.add(diag::RuleId::OperandType, op.range,
              s.out.say("'{}' must be a {}-bit register address; '{}' is declared {}", want.name, want.bits, base.text,
                        type));
    return;
  }
  if (s.context.address_size != 64 || bits != 32) return;
  std::optional<std::string_view> space = addressSpace(s, want);
  if (!space || (!space->empty() && space->substr(0, 7) != ".global")) return;
  s.out.add(diag::RuleId::OperandType, op.range,
            s.out.say("'{}' is a 32-bit register; a {} address is 64 bits under .address_size 64", base.text,
                      space->empty() ? "generic" : ".global"),
            {"ptxas 13.0: 'Program uses 32-bit address ... conflicting with .address_size 64' (6.4.1, 11.1.3)"});
}

// [a] of the forms the entry allows (6.4.1), its register of an address type
// and width.
void addressForm(const OperandScope& s, const ast::Operand& op, const OperandSpec& want) {
  AddressParts parts = addressParts(op);
  auto refuse = [&](std::string_view form) {
    s.out.add(diag::RuleId::OperandKind, op.range, s.out.say("'{}' cannot be {} here", want.name, form),
              {s.out.say("syntax: {}", s.spec.syntax)});
  };
  if (parts.immediate) {
    if ((want.address_forms & spec::kAddressImmediate) == 0) refuse("an immediate address [immAddr]");
    return;
  }
  if (op.expr != nullptr && op.expr->kind == ast::ExprKind::Index) {
    // Not a form of 6.4.1 (ptxas: a syntax error); 6.4.2 writes `a[i]` bare.
    refuse("an array element in brackets [a[i]]");
    return;
  }
  if (parts.base == nullptr) return;
  if (parts.offset && (want.address_forms & spec::kAddressOffset) == 0) {
    refuse("an address with an offset [a+immOff]");
    return;
  }
  std::optional<RegisterInfo> info = s.registers.reg(parts.base->text);
  if (!info || info->type.empty()) return;  // a variable, or a name judged elsewhere
  if (!addressRegisterType(s, op, *parts.base, info->type)) return;
  addressRegisterSize(s, op, want, *parts.base, info->type);
}

void tensorCoordinates(const OperandScope& s, const ast::Operand& op, const OperandSpec& want) {
  if (op.elements.size() != 1 || op.elements[0].kind != ast::OperandKind::Vector) {
    s.out.add(diag::RuleId::OperandKind, op.range,
              s.out.say("'{}' must be a tensor address [tensorMap, {{c0, ...}}]", want.name));
    return;
  }
  std::string_view dim = s.qualifiers.valueOf(".dim");  // ".2d"
  if (want.elements == 0 && dim.size() != 3) return;
  std::size_t want_count = want.elements != 0 ? want.elements : static_cast<std::size_t>(dim[1] - '0');
  const ast::Operand& coords = op.elements[0];
  // "The individual tensor coordinates are of the type .s32."
  for (const ast::Operand& c : coords.elements) checkRegisterSize(s, c, "tensorCoords", 32);
  if (coords.elements.size() != want_count) {
    s.out.add(diag::RuleId::TensorCoordinates, coords.range,
              s.out.say("tensorCoords has {} coordinate{}; {} needs {}", coords.elements.size(),
                        coords.elements.size() == 1 ? "" : "s", want.elements != 0 ? "this form" : dim, want_count));
  }
}

// "operand a is a .u64 register holding the address of a .texref variable".
void handle(const OperandScope& s, const ast::Expr* e, SourceRange range, std::string_view name) {
  if (e == nullptr || e->kind != ast::ExprKind::Symbol) return;
  auto info = s.registers.reg(e->text);
  // A .u64 register: a bit-size or integer one of 64 bits (9.4, Table 26;
  // ptxas 13.0 refuses an .f64 one, "Arguments mismatch").
  if (!info || info->type.empty() || (typeBits(info->type) == 64 && isAddressType(info->type))) return;
  s.out.add(diag::RuleId::OperandType, range,
            s.out.say("'{}' is a .texref, .samplerref or .surfref, or a .u64 register; '{}' is declared {}", name,
                      e->text, info->type));
}

// The type of each coordinate: the instruction type, or .u32 for an array
// index that comes first.
void coordinateTypes(const OperandScope& s, const std::vector<const ast::Operand*>& elements, const OperandSpec& want,
                     const spec::ElementCounts* row) {
  for (std::size_t i = 0; i < elements.size(); ++i) {
    const ast::Operand& e = *elements[i];
    if (e.kind == ast::OperandKind::Sink) {
      s.out.add(diag::RuleId::OperandKind, e.range, s.out.say("'{}' cannot hold the sink '_'", want.name));
      continue;
    }
    if (e.kind != ast::OperandKind::Expression) continue;
    std::string_view type = row != nullptr && row->index_first && i == 0 ? ".u32" : expectedType(s, want);
    if (type.empty()) continue;
    if (e.expr->kind != ast::ExprKind::Symbol) {
      checkImmediateOfType(s, e, want, type);
      continue;
    }
    auto info = s.registers.reg(e.expr->text);
    if (info && !info->type.empty()) checkRegisterOfType(s, e, want, type, *info);
  }
}

// The state space a qualifier names, without its window (".shared::cta"
// and ".shared::cluster" are .shared; ".param::entry" is .param).
// 5.1, 6.4.1: a variable named in an address lies in the state space it was
// declared in, so an instruction that names another space cannot reach it
// (ptxas: "State space mismatch between instruction and address"). A
// generic access (no space written) reaches the windows of 6.4.1.1, but a
// parameter's address is in the .param space: "Values passed from the host
// to the kernel are accessed through these parameter variables using
// ld.param instructions" (5.1.6.1; a generic address of one comes from
// cvta.param, 9.7.9.20), so a generic access cannot name it either.
// The state space of the n-th address of an entry whose addresses and
// state-space slots stand in the same order ("cp.async.bulk.dst.src ...
// [dstMem], [srcMem]", "cp.async.ca.shared{::cta}.global [dst], [src]"):
// nullopt where the counts differ or the slot is empty.
std::optional<std::string_view> spaceInOrder(const OperandScope& s, const OperandSpec& want) {
  std::size_t index = 0, addresses = 0;
  for (const OperandSpec& o : s.spec.operands) {
    if ((o.kind != OperandKind::Address && o.kind != OperandKind::TensorAddress) || !o.variable_space.empty()) continue;
    if (&o == &want) index = addresses;
    ++addresses;
  }
  std::vector<std::string_view> slots;
  for (const spec::QualifierSlot& q : s.spec.qualifiers) {
    if (q.space) slots.push_back(q.name);
  }
  if (slots.size() != addresses || addresses < 2) return std::nullopt;
  std::string_view space = s.qualifiers.valueOf(slots[index]);
  return space.empty() ? std::nullopt : std::optional<std::string_view>(space);
}

void namedAddressSpace(const OperandScope& s, const ast::Operand& op, const OperandSpec& want) {
  std::optional<std::string_view> space =
      !want.variable_space.empty() ? std::optional<std::string_view>(want.variable_space) : addressSpace(s, want);
  if (!space) space = spaceInOrder(s, want);
  if (!space) return;
  const ast::Expr* base = op.expr;
  if (base != nullptr && base->kind == ast::ExprKind::Binary && (base->op == "+" || base->op == "-")) base = base->lhs;
  if (base != nullptr && base->kind == ast::ExprKind::Index) base = base->lhs;  // a[i] (6.4.2)
  if (base == nullptr || base->kind != ast::ExprKind::Symbol) return;
  std::optional<NameInfo> info = s.registers.nameInfo(base->text);
  if (!info || (info->kind != NameKind::Variable && info->kind != NameKind::Param) || info->space.empty()) return;
  bool param = info->kind == NameKind::Param || spaceFamily(info->space) == ".param";
  // An address the manual calls generic outright (prefetchu) names no
  // .shared or .local variable either (ptxas 13.0: "Non-generic address is
  // not supported as operand").
  bool window = want.generic_address && (spaceFamily(info->space) == ".shared" || info->space == ".local");
  if (space->empty() ? !param && !window : spaceFamily(info->space) == spaceFamily(*space)) return;
  std::string what = info->kind == NameKind::Param ? s.out.say("'{}' is a parameter (.param)", base->text)
                                                   : s.out.say("'{}' is a {} variable", base->text, info->space);
  if (space->empty()) {
    s.out.add(diag::RuleId::StateSpaceQualifier, op.range,
              s.out.say("{}; a generic '{}' cannot name it", what, s.spec.opcode),
              {param ? "a parameter is read with ld.param (5.1.6); cvta.param gives its generic address (9.7.9.20)"
                     : "cvta gives a variable's generic address (9.7.9.20)"});
    return;
  }
  s.out.add(diag::RuleId::StateSpaceQualifier, op.range,
            want.variable_space.empty()
                ? s.out.say("{}; '{}{}' addresses {} memory", what, s.spec.opcode, *space, *space)
                : s.out.say("{}; '{}' of '{}' lies in {} memory", what, want.name, s.spec.opcode, *space),
            {s.out.say("a variable named in an address is in the state space it is declared in (5.1, 6.4.1)")});
}

}  // namespace

std::string_view spaceFamily(std::string_view space) { return space.substr(0, space.find("::")); }

void checkAddressOperand(const OperandScope& s, const ast::Operand& op, const OperandSpec& want) {
  // 6.4.2: "ld.global.u32 s, a[0];" (the symbol pass judges that `a` is an
  // array).
  if (op.kind == ast::OperandKind::Expression && (want.address_forms & spec::kAddressArrayElement) != 0 &&
      op.expr != nullptr && op.expr->kind == ast::ExprKind::Index && op.expr->lhs != nullptr &&
      op.expr->lhs->kind == ast::ExprKind::Symbol) {
    namedAddressSpace(s, op, want);
    return;
  }
  if (op.kind != ast::OperandKind::Address) {
    s.out.add(diag::RuleId::OperandKind, op.range,
              s.out.say("'{}' must be an address in brackets, such as [%rd1]", want.name));
    return;
  }
  if (want.kind == OperandKind::TensorAddress) {
    tensorCoordinates(s, op, want);
  } else {
    addressForm(s, op, want);
  }
  const ast::Expr* base = op.expr;
  if (want.opaque_variable && base != nullptr && base->kind == ast::ExprKind::Symbol &&
      checkOpaqueVariable(s, op.range, base->text, want)) {
    return;
  }
  namedAddressSpace(s, op, want);
}

// [a, {b,} c]: a texture or surface, an optional sampler, coordinates.
void checkResourceAddress(const OperandScope& s, const ast::Operand& op, const OperandSpec& want) {
  Findings& out = s.out;
  if (op.kind != ast::OperandKind::Address) {
    out.penalize();
    out.add(
        diag::RuleId::OperandKind, op.range,
        out.say("'{}' must be an address in brackets, {}", want.name, want.sampler ? "[a, c] or [a, b, c]" : "[a, b]"));
    return;
  }
  std::size_t extras = op.elements.size();
  if (extras == 0 || extras > (want.sampler ? 2U : 1U)) {
    out.add(
        diag::RuleId::OperandCount, op.range,
        out.say("the address has {} part{}; it is {}", extras + 1, extras == 0 ? "" : "s",
                want.sampler ? "[texture, coordinates] or [texture, sampler, coordinates]" : "[surface, coordinates]"));
    return;
  }
  handle(s, op.expr, op.range, "a");
  // The sampler b: a symbol or a register (ptxas 13.0 takes a 32-bit one in
  // unified mode), not a vector.
  if (extras == 2 && op.elements[0].kind != ast::OperandKind::Expression) {
    out.add(diag::RuleId::OperandKind, op.elements[0].range, "the sampler must be a .samplerref or a register");
  }
  checkCoordinateVector(s, op.elements.back(), want);
}

// {c0, ...}: the element count the geometry allows, elements of the type.
void checkCoordinateVector(const OperandScope& s, const ast::Operand& op, const OperandSpec& want) {
  Findings& out = s.out;
  const spec::ElementCounts* row = nullptr;
  std::string_view by = s.qualifiers.valueOf(want.count_slot);
  for (const spec::ElementCounts& r : want.element_counts) {
    if (contains(r.values, by)) row = &r;
  }
  std::vector<const ast::Operand*> elements;
  if (op.kind == ast::OperandKind::Vector) {
    checkVectorPredicate(s, op, want);
    for (const ast::Operand& e : op.elements) elements.push_back(&e);
  } else if (op.kind == ast::OperandKind::Expression) {
    elements.push_back(&op);
  } else {
    out.penalize();
    out.add(diag::RuleId::OperandKind, op.range, out.say("'{}' must be a vector {{c0, ...}}", want.name));
    return;
  }
  if (row != nullptr) {
    std::uint8_t count = static_cast<std::uint8_t>(elements.size());
    bool scalar = op.kind != ast::OperandKind::Vector;
    bool fits = std::find(row->counts.begin(), row->counts.end(), count) != row->counts.end();
    if (scalar) fits = row->scalar || fits;
    if (!fits) {
      out.add(diag::RuleId::OperandKind, op.range,
              out.say("'{}' has {} element{}; {} takes {}", want.name, count, count == 1 ? "" : "s", by,
                      fmt::join(row->counts, " or ")));
    }
  }
  coordinateTypes(s, elements, want, row);
}

}  // namespace ptxlint::sema::engine
