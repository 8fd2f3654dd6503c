#include "sema/engine/symbol_operands.h"

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
