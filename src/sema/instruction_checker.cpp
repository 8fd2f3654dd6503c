// The entry to the engine (src/sema/engine/): the verdict memo in front of
// the judgement of an instruction against its syntax blocks.
#include "sema/instruction_checker.h"

#include "sema/engine/block_choice.h"
#include "sema/engine/verdict_cache.h"

namespace ptxlint::sema {

bool checkInstruction(const ast::Instruction& in, const ModuleContext& context, const RegisterResolver& registers,
                      diag::DiagnosticSink& sink, CheckMemo* memo) {
  if (memo == nullptr || context.requirements != nullptr) {
    return engine::judgeInstruction(in, context, registers, sink);
  }
  std::string_view key = engine::memoKey(in, registers, memo->scratch());
  if (key.empty()) return engine::judgeInstruction(in, context, registers, sink);
  if (std::optional<bool> verdict = memo->find(key)) return *verdict;
  std::size_t kept = sink.diagnostics().size(), dropped = sink.droppedCount();
  bool checked = engine::judgeInstruction(in, context, registers, sink);
  if (sink.diagnostics().size() == kept && sink.droppedCount() == dropped) memo->insert(key, checked);
  return checked;
}

}  // namespace ptxlint::sema
