// The memo of instruction verdicts (CheckMemo in instruction_checker.h): the
// key of an instruction, made of everything the engine reads of it, and the
// process-wide table of clean verdicts behind per-thread front caches.
#pragma once

#include <functional>
#include <optional>
#include <string_view>

#include "ast/ast.h"
#include "sema/instruction_checker.h"

namespace ptxlint::sema::engine {

// The memo key of `in` in `scratch` (which starts with the module's
// context), or an empty view when it does not fit the scratch room. With
// `leave_out_literals`, integer literals are keyed by their kind alone
// (`left_out` says whether there was one): the key of a verdict reached
// without reading a literal's value (support/value_reads.h).
std::string_view memoKey(const ast::Instruction& in, const RegisterResolver& registers, CheckMemo::Scratch& scratch,
                         bool leave_out_literals = false, bool* left_out = nullptr);

// The process-wide verdicts: bounded, shared by every thread.
std::optional<bool> findVerdict(std::string_view key);
void keepVerdict(std::string_view key, bool checked);

// Every verdict the process table holds (the seeder's, on one thread).
void forEachKeptVerdict(const std::function<void(std::string_view key, bool checked)>& visit);
// Forgets them (the seeder, between its passes: the table is bounded).
void forgetKeptVerdicts();

// The symbol pass keys an instruction it left unbuilt by its parser plan
// (SymbolChecker::deferredInstruction): this byte follows the context (no
// opcode starts so), then the plan's shape.
inline constexpr char kDeferredKeyMark = '\x01';

}  // namespace ptxlint::sema::engine
