// The entry to the engine (src/sema/engine/): the verdict memo in front of
// the judgement of an instruction against its syntax blocks.
#include "sema/instruction_checker.h"

#include <string>

#include "sema/engine/block_choice.h"
#include "sema/engine/verdict_cache.h"
#include "support/value_reads.h"

namespace ptxlint::sema {

bool checkInstruction(const ast::Instruction& in, const ModuleContext& context, const RegisterResolver& registers,
                      diag::DiagnosticSink& sink, CheckMemo* memo) {
  if (memo == nullptr || context.requirements != nullptr) {
    return engine::judgeInstruction(in, context, registers, sink);
  }
  // First under the key without integer literals (a verdict that read
  // none holds for every value), then under the whole key.
  bool left_out = false;
  std::string_view key = engine::memoKey(in, registers, memo->scratch(), /*leave_out_literals=*/true, &left_out);
  if (key.empty()) return engine::judgeInstruction(in, context, registers, sink);
  if (std::optional<bool> verdict = memo->find(key)) return *verdict;
  thread_local std::string without_literals;
  if (left_out) {
    without_literals.assign(key);
    key = engine::memoKey(in, registers, memo->scratch());
    if (key.empty()) return engine::judgeInstruction(in, context, registers, sink);
    if (std::optional<bool> verdict = memo->find(key)) {
      support::noteLiteralValueRead();  // (the verdict was reached reading a value: for a caller's key)
      return *verdict;
    }
  }
  std::size_t kept = sink.diagnostics().size(), dropped = sink.droppedCount();
  std::uint64_t reads = support::literal_value_reads;
  bool checked = engine::judgeInstruction(in, context, registers, sink);
  if (sink.diagnostics().size() == kept && sink.droppedCount() == dropped) {
    memo->insert(left_out && support::literal_value_reads == reads ? std::string_view(without_literals) : key, checked);
  }
  return checked;
}

}  // namespace ptxlint::sema
