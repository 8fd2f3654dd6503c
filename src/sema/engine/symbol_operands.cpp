#include "sema/engine/symbol_operands.h"

#include "sema/engine/addresses.h"
#include "sema/engine/register_types.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace ptxlint::sema::engine {
namespace {

// "a label", "a function name or a .calltargets label": what the SymbolClass
// bits `classes` allow, in words.
std::string describeSymbols(std::uint8_t classes) {
  static constexpr std::pair<std::uint8_t, std::string_view> kWords[] = {
      {spec::kLabelSymbol, "a label"},
      {spec::kBranchTargetsSymbol, "the label of a .branchtargets directive"},
      {spec::kCallTargetsSymbol, "the label of a .calltargets directive"},
      {spec::kCallPrototypeSymbol, "the label of a .callprototype directive"},
      {spec::kFunctionSymbol, "a function name"},
      {spec::kVariableSymbol, "a call table (a variable)"},
      {spec::kRegisterSymbol, "a register"}};
  std::vector<std::string_view> words;
  for (const auto& [bit, word] : kWords) {
    if ((classes & bit) != 0) words.push_back(word);
  }
  return fmt::format("{}", fmt::join(words, " or "));
}

std::pair<std::uint8_t, std::string_view> classOf(NameKind kind) {
  switch (kind) {
    case NameKind::Register: return {spec::kRegisterSymbol, "a register"};
    case NameKind::Variable: return {spec::kVariableSymbol, "a variable"};
    case NameKind::Param: return {0, "a parameter"};
    case NameKind::Function: return {spec::kFunctionSymbol, "a function"};
    case NameKind::Label: return {spec::kLabelSymbol, "a label"};
    case NameKind::BranchTargets: return {spec::kBranchTargetsSymbol, "a .branchtargets label"};
    case NameKind::CallTargets: return {spec::kCallTargetsSymbol, "a .calltargets label"};
    case NameKind::CallPrototype: return {spec::kCallPrototypeSymbol, "a .callprototype label"};
  }
  return {0, "a name"};
}

}  // namespace

void checkSymbolOperand(const OperandScope& s, const ast::Operand& op, const spec::OperandSpec& want) {
  Findings& out = s.out;
  if (op.kind != ast::OperandKind::Expression || op.expr->kind != ast::ExprKind::Symbol) {
    out.add(diag::RuleId::OperandKind, op.range, out.say("'{}' must be {}", want.name, describeSymbols(want.symbols)));
    return;
  }
  std::optional<NameInfo> info = s.registers.nameInfo(op.expr->text);
  if (!info) return;
  auto [bit, what] = classOf(info->kind);
  if ((bit & want.symbols) != 0 && info->kind == NameKind::Register) {
    // "the called location fptr must be an address of a function held in a
    // register" (9.7.12.5): an integer register of 32 or 64 bits (ptxas
    // 13.0: "Illegal target for instruction 'call'" for .f32, .pred, .b16
    // or .b128 ones).
    auto reg = s.registers.reg(op.expr->text);
    unsigned bits = reg ? typeBits(reg->type) : 0;
    if (reg && !reg->type.empty() &&
        (isTable26Float(reg->type) || reg->type == ".pred" || (bits != 32 && bits != 64))) {
      out.add(diag::RuleId::OperandType, op.range,
              out.say("'{}' holds a function's address: a 32- or 64-bit integer register; '{}' is declared {}",
                      want.name, op.expr->text, reg->type));
    }
    return;
  }
  if ((bit & want.symbols) != 0) {
    // "The .branchtargets directive must be defined in the local function
    // scope before it is used" (9.7.12.4).
    if (want.declared_before && info->declared.begin > s.in.range.begin) {
      out.add(diag::RuleId::UndeclaredSymbol, op.range,
              out.say("'{}' ({}) is used before it is declared", op.expr->text, what),
              {out.say("'{}' must be declared before the instruction that uses it", want.name)});
    }
    return;
  }
  // A name of the wrong kind still has the operand's shape: no penalty
  // beyond the finding (`call %rd1;` is judged by `call func;`).
  out.add(diag::RuleId::OperandKind, op.range,
          out.say("'{}' must be {}; '{}' is {}", want.name, describeSymbols(want.symbols), op.expr->text, what));
}

bool checkOpaqueVariable(const OperandScope& s, SourceRange at, std::string_view name, const spec::OperandSpec& want) {
  if (!want.opaque_variable) return false;
  std::optional<NameInfo> info = s.registers.nameInfo(name);
  if (!info || info->kind != NameKind::Variable || info->type.empty()) return false;
  if (info->type == ".texref" || info->type == ".samplerref" || info->type == ".surfref") return false;
  s.out.add(diag::RuleId::OperandType, at,
            s.out.say("'{}' names a .texref, .samplerref or .surfref variable here; '{}' is a {} {} variable",
                      want.name, name, info->space, info->type));
  return true;
}

bool checkNameAsValue(const OperandScope& s, const ast::Operand& op, const spec::OperandSpec& want) {
  if (op.kind != ast::OperandKind::Expression || op.expr == nullptr) return false;
  const ast::Expr* base = op.expr;
  if (base->kind == ast::ExprKind::Binary && base->op == "+" && base->lhs != nullptr) base = base->lhs;  // var+imm
  if (base->kind != ast::ExprKind::Symbol) return false;
  std::optional<NameInfo> info = s.registers.nameInfo(base->text);
  // Registers are values; a function's name is left alone (ptxas 13.0 takes
  // `add.u64 d, a, func`, where 6.4.4 has function names in call and mov
  // only); an undeclared name is the symbol pass's finding.
  if (!info || info->kind == NameKind::Register || info->kind == NameKind::Function) return false;
  Findings& out = s.out;
  auto [bit, what] = classOf(info->kind);
  bool variable = info->kind == NameKind::Variable || info->kind == NameKind::Param;
  if (!variable || (want.symbols & spec::kVariableSymbol) == 0) {
    // ptxas 13.0: "Argument 2 of instruction 'add': must be register",
    // "Arguments mismatch for instruction 'mov'" for a label.
    out.add(
        diag::RuleId::OperandKind, op.range,
        out.say("'{}' must be a {}; '{}' is {}", want.name,
                want.kind == spec::OperandKind::Predicate ? "predicate register" : "register or a constant", base->text,
                info->kind == NameKind::Param ? std::string_view("a parameter")
                : variable                    ? std::string_view("a variable")
                                              : what),
        {variable ? std::string("the address of a variable is taken with mov or cvta (6.4.1)")
                  : std::string("labels are operands of bra and brx.idx only (6.4.4)")});
    return true;
  }
  if (checkOpaqueVariable(s, op.range, base->text, want)) return true;
  // The state space the instruction names (cvta.global takes a .global
  // variable's address; ptxas 13.0: "State space mismatch between
  // instruction and address").
  std::string_view need = want.variable_space;
  if (need.empty() && !want.space_slot.empty()) need = s.qualifiers.valueOf(want.space_slot);
  if (!need.empty() && !info->space.empty() && spaceFamily(info->space) != spaceFamily(need)) {
    out.add(diag::RuleId::StateSpaceQualifier, op.range,
            out.say("'{}' is a {} {}; '{}' takes the address of a {} variable", base->text, info->space,
                    info->kind == NameKind::Param ? "parameter" : "variable", want.name, spaceFamily(need)),
            {"a variable named in an address is in the state space it is declared in (5.1, 6.4.1)"});
    return true;
  }
  // 6.4.1, 11.1.3: under .address_size 64 a generic or .global address is
  // 64 bits; the windows of .shared, .local, .const and .param are reached
  // in 32 (ptxas 13.0: "Program uses 32-bit address ... conflicting with
  // .address_size 64", then "32-Bit ABI ... is not supported").
  if (s.context.address_size == 64 && info->kind == NameKind::Variable && spaceFamily(info->space) == ".global" &&
      spec::typeQualifierBits(expectedType(s, want)) == 32) {
    out.add(diag::RuleId::OperandType, op.range,
            out.say("the address of '{}', a .global variable, is 64 bits under .address_size 64; '{}' is a 32-bit "
                    "operand",
                    base->text, want.name),
            {"ptxas 13.0: 'Program uses 32-bit address ... conflicting with .address_size 64' (6.4.1, 11.1.3)"});
  }
  return true;
}

void checkListOperand(const OperandScope& s, const ast::Operand& op, const spec::OperandSpec& want) {
  if (op.kind != ast::OperandKind::ParenList) {
    s.out.add(diag::RuleId::OperandKind, op.range,
              s.out.say("'{}' must be a list in parentheses, such as (%r1, %r2)", want.name));
    return;
  }
  for (const ast::Operand& element : op.elements) {
    if (element.kind == ast::OperandKind::Expression) continue;
    s.out.add(diag::RuleId::OperandKind, element.range,
              s.out.say("the elements of '{}' are registers, constants or .param variables", want.name));
  }
}

}  // namespace ptxlint::sema::engine
