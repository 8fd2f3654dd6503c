// The manual and ptxas: every known place where a ptxas release and the PTX
// ISA manual give different verdicts, as data beside the instruction tables.
//
// An entry reads like a row of a table:
//   - `id`, `family`: a stable name, and the instruction family (README);
//   - `direction`: ptxas stricter (it rejects what the manual allows) or
//     laxer (it accepts what the manual forbids);
//   - `mnemonic` and `applies`: the form, a condition over the opcode, the
//     qualifiers, the operands, .version and .target (`form` says it in
//     words);
//   - `ptxas`: the releases it holds for ("13.0"), ptxas's own message;
//   - `section`, `manual`: the manual's sentence that gives its verdict;
//   - `fix`: for a stricter entry, the qualifier to write so that both
//     accept (the manual's default written out), if there is one.
//
// By default ptxlint gives the manual's verdict (a stricter entry adds a
// warning, a laxer one a note to the manual's error); with
// --compat=ptxas-13.0 it gives that release's (stricter: an error, laxer: a
// warning). src/sema/engine/deviation_check.cpp applies the table.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "spec/targets.h"
#include "support/value_reads.h"

namespace ptxlint::spec {

enum class DeviationDirection : std::uint8_t {
  PtxasStricter,  // ptxas rejects what the manual allows
  PtxasLaxer,     // ptxas accepts what the manual forbids
};

// An operand as a deviation's condition sees it.
struct DeviationOperand {
  enum class Kind : std::uint8_t {
    Register,          // a declared register (type in `type`)
    IntConstant,       // 42, -1, 0x10
    FloatConstant,     // 0f3F800000, 1.5
    Address,           // [a], [a+4], [var]
    ImmediateAddress,  // [4096] (6.4.1 immAddr)
    Vector,            // {a, b}; `type`: the first register element's type
    Sink,              // _
    Negated,           // !p
    PredicatePair,     // p|q
    Other,             // a symbol, a label, a list
  };
  Kind kind = Kind::Other;
  // ".f32" for a register, and for an Address whose base is a register
  // ([%fd1], [%fd1+8]); "" when unknown
  std::string_view type;
  std::string_view text;
  std::uint64_t constant = 0;  // IntConstant (two's complement): read it through value()
  // An IntConstant's value, the read counted for the verdict memo.
  std::uint64_t value() const {
    support::noteLiteralValueRead();
    return constant;
  }
  bool has_sink = false;               // Vector: one element is '_'
  bool mixed_types = false;            // Vector: its registers are not all of one type
  std::uint8_t elements = 0;           // Vector: how many elements; Address: after the base ([map, {x}]: 1)
  std::string_view address_qualifier;  // Address: `[a].unified` -> ".unified"
  // Address: the state space a variable named as its base is declared in
  // ([cvar], [cvar+4] -> ".const"); "" for a register or an unknown name.
  std::string_view variable_space;
  bool offset = false;  // Address: [a+immOff], [var+immOff]
  // A constant expression with a ternary choosing between floating-point
  // values (1 ? 1.0 : 2.0; sema/constant_types.h).
  bool float_conditional = false;
};

// What a condition sees of an instruction (or, for a module entry, of a
// directive: `opcode` ".address_size", the value as one IntConstant operand).
struct DeviationSubject {
  std::string_view opcode;                       // "multimem"
  std::span<const std::string_view> qualifiers;  // "red", "relaxed", ... (no dots)
  std::span<const DeviationOperand> operands;
  std::optional<PtxVersion> version;
  std::optional<Target> target;

  bool has(std::string_view qualifier) const;
  bool hasAny(std::initializer_list<std::string_view> qualifiers) const;
  bool hasPrefix(std::string_view prefix) const;  // a qualifier starting with it
  const DeviationOperand* operand(std::size_t i) const { return i < operands.size() ? &operands[i] : nullptr; }
  bool anyOperandOfType(std::string_view type) const;  // a register (or vector element) of this type
};

// A fix-it that makes both references accept: `text` written after (or
// before) the first of `anchors` (qualifier words, space-separated) present.
struct DeviationFix {
  std::string_view anchors;
  bool before = false;
  std::string_view text;
};

struct Deviation {
  std::string_view id;      // "multimem-red-scope"
  std::string_view family;  // "multimem", "cp.async", ... (README)
  DeviationDirection direction;
  // The dotted mnemonic prefixes it concerns, '|'-separated ("multimem.red",
  // "ld|st"); "*" for any instruction; ".address_size" for the directive.
  std::string_view mnemonic;
  std::string_view form;  // the condition, in words
  bool (*applies)(const DeviationSubject&);
  std::string_view ptxas_versions;  // the releases it holds for: "13.0"
  std::string_view ptxas_message;   // what that ptxas says ("" for an acceptance)
  std::string_view section;         // the manual's section
  std::string_view manual;          // the manual's sentence, quoted
  DeviationFix fix{};
  std::string_view golden;  // the golden file with its test line (tests/golden/...)
  // For a laxer entry: the qualifier words (space-separated, no dots) it
  // speaks for though no syntax block of the instruction has them (.acc::f32
  // on ld). Any other such word on the line (a misspelling, ptxas: "Unknown
  // modifier"; a word of another instruction, "Illegal modifier") leaves the
  // line to the manual's errors.
  std::string_view foreign_words{};
};

// A ptxas release that deviations and --compat name.
struct PtxasRelease {
  std::string_view version;  // "13.0"
  PtxVersion newest_ptx;     // the newest .version it knows
  std::uint16_t oldest_sm;   // the oldest GPU it generates code for
  // Whether it lacks a target the manual has (sm_101: renamed sm_110).
  bool (*lacks)(const Target&);
};

std::span<const Deviation> deviations();

// The entries an instruction may meet, by the first word of their
// mnemonics (constant data, deviations.cpp): those one of whose
// alternatives begins with the opcode, and the "*" entries, in table
// order, as indices into deviations().
struct DeviationWord {
  std::string_view word;
  std::uint16_t first = 0, count = 0;
  bool stricter = false, laxer = false;  // whether it lists entries of that direction
  bool stricter_named = false;           // a stricter entry that names the word (not "*")
  std::span<const std::uint16_t> entries() const;
};
// The opcode's list, or "*"'s where no entry names it; null if none.
const DeviationWord* deviationCandidates(std::string_view opcode);
std::span<const PtxasRelease> ptxasReleases();
// "13.0", "13.0.88" -> the release; nullptr if the tables do not know it.
const PtxasRelease* findPtxasRelease(std::string_view version);
// Whether `d` holds for that release.
bool holdsFor(const Deviation& d, const PtxasRelease& release);
// Whether an instruction whose first word is `opcode` may meet any entry
// (a cheap filter before the subject is built).
bool mayDeviate(std::string_view opcode);
// Whether the subject's mnemonic is one `d` concerns.
bool concerns(const Deviation& d, const DeviationSubject& subject);

}  // namespace ptxlint::spec
