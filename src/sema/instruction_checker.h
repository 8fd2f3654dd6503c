// The one engine over the instruction tables (src/spec): qualifiers, their
// combinations, operands and their types, PTX ISA and target notes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "ast/ast.h"
#include "diag/diagnostic_builder.h"
#include "sema/module_context.h"
#include "support/name_index.h"

namespace ptxlint::sema {

// What the symbol table knows about a register operand.
struct RegisterInfo {
  std::string_view type;  // ".b32", ".pred", "" when unknown
  SourceRange declared;
};

// What a name used as an operand names, for operands that take a name rather
// than a value (spec::OperandKind::Symbol).
enum class NameKind : std::uint8_t {
  Register,  // a register or a special register
  Variable,
  Param,
  Function,
  Label,
  BranchTargets,  // the label of a .branchtargets directive
  CallTargets,    // the label of a .calltargets directive
  CallPrototype,  // the label of a .callprototype directive
};

struct NameInfo {
  NameKind kind;
  SourceRange declared;  // where it is declared (empty for special registers)
  // A variable's state space (".global", ".shared", ...); ".param" for a
  // function's or kernel's parameter; empty when unknown.
  std::string_view space{};
  bool is_array = false;    // declared with a dimension (5.4.3): `a[i]` may index it
  std::string_view type{};  // a variable's type (".b32", ".texref"); empty when unknown
};

// How many results and parameters a function or a call prototype has.
struct Signature {
  std::uint16_t results = 0;
  std::uint16_t params = 0;
  // false: a .calltargets list whose targets differ in their counts, which
  // no call can fit (9.7.12.5: "the call operands are type-checked against
  // the type signature of the functions indicated by flist").
  bool agree = true;
  // The last parameter is an unsized .param .b8 array: a call may leave its
  // argument out (11.2.2).
  bool last_omissible = false;
};

class RegisterResolver {
 public:
  virtual ~RegisterResolver() = default;
  // The declared register `name`, or nullopt for anything else (variables,
  // labels, special registers, undeclared names).
  virtual std::optional<RegisterInfo> reg(std::string_view name) const = 0;
  // What the declared name `name` is, as the symbol pass resolved it in the
  // instruction's scope; nullopt when it is undeclared (reported by that
  // pass, never here) or when the resolver does not know.
  virtual std::optional<NameInfo> nameInfo(std::string_view /*name*/) const { return std::nullopt; }
  // The signature of the function, .callprototype label or .calltargets
  // label (whose targets all agree) `name`; nullopt when unknown.
  virtual std::optional<Signature> signature(std::string_view /*name*/) const { return std::nullopt; }
};

// Verdicts of instructions already checked, by what the engine reads of
// them: the module's .version and .target, the opcode and qualifiers, the
// operands' shapes, constants and names, and what the resolver answered for
// each name (a register's type instead of its name, whether a name is
// declared before the instruction). Two instructions with the same key get
// the same verdict, so one that was checked without a finding need not be
// matched again: files repeat a few hundred instruction forms over and over,
// and so do the kernels one code generator emits. Only clean verdicts are
// kept (a finding has a position); with a requirement log nothing is (each
// use is logged at its own place). One cache serves every thread of the
// process, like the parser's shape cache; each checker has its own CheckMemo
// (the room its keys are built in).
class CheckMemo {
 public:
  explicit CheckMemo(const ModuleContext& context);

  std::optional<bool> find(std::string_view key) const;
  void insert(std::string_view key, bool checked);

  // Room for building one key (no allocation per instruction); it starts
  // with the module's context.
  struct Scratch {
    static constexpr std::size_t kCapacity = 8192;  // longer keys are not memoized
    char bytes[kCapacity];
    std::size_t size = 0;
    std::size_t context_size = 0;
    bool overflow = false;
    support::NameIndex names;  // of the key being built
  };
  Scratch& scratch() { return scratch_; }

 private:
  Scratch scratch_;
};

// 4.5.2 Floating-Point Constants: a 0f constant "may not be used in constant
// expressions". Reports (PL1013) each one that an operator in `e` takes as
// an operand, itself or in parentheses; a minus sign on the constant itself
// gets a fix-it (the constant with its sign bit flipped).
void checkHexFloatOperands(const ast::Expr* e, diag::DiagnosticSink& sink);

// Checks `in` against the tables. Returns false when no table covers the
// instruction (it is then counted as unchecked, and nothing is reported).
// With `memo`, reuses the verdict of an instruction that reads the same.
bool checkInstruction(const ast::Instruction& in, const ModuleContext& context, const RegisterResolver& registers,
                      diag::DiagnosticSink& sink, CheckMemo* memo = nullptr);

}  // namespace ptxlint::sema
