// PTX ISA 9.7.12 control flow (bra, brx.idx, call, ret, exit), 9.7.17 stack
// manipulation (stacksave, stackrestore, alloca) and 9.7.19 miscellaneous
// instructions (brkpt, nanosleep, pmevent, trap, setmaxnreg)
// (../shared/ptx-manual-9.1/9_instruction_set/97_instructions/9712_*, 9717_*,
// 9719_*). One entry per syntax line, except where two lines differ only by a
// guard (`@p bra` / `bra`: the guard is no part of the syntax block) or only
// by the kind of name an operand takes (call's flist and fproto).
//
// Which names exist (labels, functions, .branchtargets, .calltargets and
// .callprototype labels) is the symbol pass's business; the entries say what
// kind of name each operand takes, and the engine judges the names that
// resolve (OperandKind::Symbol).
#include "spec/sections.h"

namespace ptxlint::spec {
namespace {

const Values kUni = {".uni"};

InstructionSpec entry(std::string_view section, std::string_view syntax, std::string_view opcode,
                      std::vector<QualifierSlot> qualifiers, std::vector<OperandSpec> operands, PtxVersion introduced,
                      TargetRequirement target = {}, std::vector<FeatureNote> notes = {}) {
  return spec::entry(section, syntax, opcode, std::move(qualifiers), std::move(operands), {}, introduced, target,
                     std::move(notes));
}

// 9.7.12.5: "the called location fptr must be an address of a function held
// in a register"; its size is not judged (ptxas 13.0 takes a .b32 register
// with .address_size 64).
OperandSpec fptr() { return symbol("fptr", kRegisterSymbol); }
// "The flist operand is either the name of an array (call table) initialized
// to a list of function names; or a label associated with a .calltargets
// directive"; "The fproto operand is the name of a label associated with a
// .callprototype directive". The two lines of each indirect form differ only
// in this operand: one entry takes either. Like .branchtargets (9.7.12.4),
// the directive comes before the call (ptxas 13.0: "Unknown symbol").
OperandSpec flistOrFproto(std::string_view results, std::string_view params) {
  return withSignature(
      declaredBefore(symbol("flist/fproto", kCallTargetsSymbol | kVariableSymbol | kCallPrototypeSymbol)), results,
      params);
}
// "For direct calls, the called location func must be a symbolic function name".
// "Input arguments and return values are optional": a call has as many as
// the function (ptxas 13.0: "Call has wrong number of parameters").
OperandSpec func(std::string_view results, std::string_view params) {
  return withSignature(symbol("func", kFunctionSymbol), results, params);
}

// 9.7.19.5 "Operand imm-reg-count ... must be in the range 24 to 256 (both
// inclusive) and must be a multiple of 8."
std::vector<std::int64_t> setmaxnregCounts() {
  std::vector<std::int64_t> counts;
  for (std::int64_t n = 24; n <= 256; n += 8) counts.push_back(n);
  return counts;
}

// 9.7.17.3 "immAlign ... is an integer constant, must be a power of 2 and
// must not exceed 2^23."
std::vector<std::int64_t> allocaAlignments() {
  std::vector<std::int64_t> alignments;
  for (std::int64_t a = 1; a <= (std::int64_t{1} << 23); a *= 2) alignments.push_back(a);
  return alignments;
}

}  // namespace

std::vector<InstructionSpec> controlFlowSpecs() {
  std::vector<InstructionSpec> specs;

  // 9.7.12.3 "@p bra{.uni} tgt; // tgt is a label" and "bra{.uni} tgt;":
  // "The branch target must be a label" (ptxas 13.0: "Label expected for
  // argument 0", also for a function name or a .branchtargets label).
  // "Introduced in PTX ISA version 1.0"; "Supported on all target architectures".
  specs.push_back(entry("9.7.12.3", "bra{.uni} tgt;", "bra", {optional(".uni", kUni)}, {label("tgt")}, {1, 0}));

  // 9.7.12.4 "brx.idx{.uni} index, tlist;": "The index operand is a .u32
  // register. The tlist operand must be the label of a .branchtargets
  // directive." A register of a type that agrees with .u32 (9.4, Table 26);
  // ptxas 13.0 also takes an integer constant, and refuses .b64, .u64, .b16,
  // .f32 and .pred registers.
  // "Introduced in PTX ISA version 6.0"; "Requires sm_30 or higher".
  specs.push_back(entry("9.7.12.4", "brx.idx{.uni} index, tlist;", "brx.idx", {optional(".uni", kUni)},
                        {valueOfType("index", ".u32"), declaredBefore(symbol("tlist", kBranchTargetsSymbol))}, {6, 0},
                        TargetRequirement::atLeast(30)));

  // 9.7.12.5 call. "Direct call introduced in PTX ISA version 1.0. Indirect
  // call introduced in PTX ISA version 2.1." "Direct call supported on all
  // target architectures. Indirect call requires sm_20 or higher."
  // The entries go from the fewest operands to the most: between blocks that
  // fit equally badly, the first is reported, and `call %rd1;` is likelier a
  // `call func;` with a wrong name than a longer form missing operands.
  // "// direct call to named function, func is a symbol"
  specs.push_back(entry("9.7.12.5", "call{.uni} func;", "call", {optional(".uni", kUni)}, {func("", "")}, {1, 0}));
  // "// indirect call via pointer, with full list of call targets" (flist)
  // and "// indirect call via pointer, with no knowledge of call targets" (fproto).
  specs.push_back(entry("9.7.12.5", "call{.uni} fptr, flist|fproto;", "call", {optional(".uni", kUni)},
                        {fptr(), flistOrFproto("", "")}, {2, 1}, TargetRequirement::atLeast(20)));
  specs.push_back(entry("9.7.12.5", "call{.uni} func, (param-list);", "call", {optional(".uni", kUni)},
                        {func("", "param-list"), list("param-list")}, {1, 0}));
  specs.push_back(entry("9.7.12.5", "call{.uni} fptr, (param-list), flist|fproto;", "call", {optional(".uni", kUni)},
                        {fptr(), list("param-list"), flistOrFproto("", "param-list")}, {2, 1},
                        TargetRequirement::atLeast(20)));
  specs.push_back(entry("9.7.12.5", "call{.uni} (ret-param), func, (param-list);", "call", {optional(".uni", kUni)},
                        {list("ret-param"), func("ret-param", "param-list"), list("param-list")}, {1, 0}));
  specs.push_back(entry("9.7.12.5", "call{.uni} (ret-param), fptr, (param-list), flist|fproto;", "call",
                        {optional(".uni", kUni)},
                        {list("ret-param"), fptr(), list("param-list"), flistOrFproto("ret-param", "param-list")},
                        {2, 1}, TargetRequirement::atLeast(20)));

  // 9.7.12.6 "ret{.uni};": "Introduced in PTX ISA version 1.0"; "Supported on
  // all target architectures".
  specs.push_back(entry("9.7.12.6", "ret{.uni};", "ret", {optional(".uni", kUni)}, {}, {1, 0}));
  // 9.7.12.7 "exit;" (ptxas 13.0: "Illegal modifier '.uni' for instruction 'exit'").
  specs.push_back(entry("9.7.12.7", "exit;", "exit", {}, {}, {1, 0}));

  // 9.7.17.1 "stacksave.type d; .type = { .u32, .u64 };": "Destination operand
  // d has the same type as the instruction type." "Introduced in PTX ISA
  // version 7.3"; "stacksave requires sm_52 or higher".
  specs.push_back(entry("9.7.17.1", "stacksave.type d;", "stacksave", {required(".type", {".u32", ".u64"})},
                        {typedDest("d")}, {7, 3}, TargetRequirement::atLeast(52)));
  // 9.7.17.2 "stackrestore.type a;": "Sets the current stack pointer to source
  // register a"; "Operand a has the same type as the instruction type."
  specs.push_back(entry("9.7.17.2", "stackrestore.type a;", "stackrestore", {required(".type", {".u32", ".u64"})},
                        {typed("a")}, {7, 3}, TargetRequirement::atLeast(52)));
  // 9.7.17.3 "alloca.type ptr, size{, immAlign};": "Both ptr and size have the
  // same type as the instruction type"; "immAlign is a 32-bit value ... It is
  // an integer constant, must be a power of 2 and must not exceed 2^23.
  // immAlign is an optional argument". (The manual's example `alloca ptr,
  // size, 8` has no .type; the syntax, and ptxas 13.0, require it.)
  specs.push_back(
      entry("9.7.17.3", "alloca.type ptr, size{, immAlign};", "alloca", {required(".type", {".u32", ".u64"})},
            {typedDest("ptr"), typedValue("size"), optionalOperand(immediate("immAlign", allocaAlignments()))}, {7, 3},
            TargetRequirement::atLeast(52)));

  // 9.7.19.1 "brkpt;": "Introduced in PTX ISA version 1.0"; "brkpt requires
  // sm_11 or higher".
  specs.push_back(entry("9.7.19.1", "brkpt;", "brkpt", {}, {}, {1, 0}, TargetRequirement::atLeast(11)));
  // 9.7.19.2 "nanosleep.u32 t;": "t may be a register or an immediate value".
  // "nanosleep introduced in PTX ISA 6.3"; "nanosleep requires sm_70 or higher".
  specs.push_back(entry("9.7.19.2", "nanosleep.u32 t;", "nanosleep", {required(".u32", {".u32"})},
                        {valueOfType("t", ".u32")}, {6, 3}, TargetRequirement::atLeast(70)));
  // 9.7.19.3 "pmevent a; // trigger a single performance monitor event":
  // "indexed by immediate operand a, in the range 0..15". "pmevent introduced
  // in PTX ISA version 1.4"; "pmevent supported on all target architectures".
  specs.push_back(entry("9.7.19.3", "pmevent a;", "pmevent", {}, {inRange(immediate("a"), 0, 15)}, {1, 4}));
  // "pmevent.mask a; // trigger one or more performance monitor events":
  // "Each bit in the 16-bit immediate operand a controls an event".
  // "pmevent.mask introduced in PTX ISA version 3.0"; "pmevent.mask requires
  // sm_20 or higher".
  specs.push_back(entry("9.7.19.3", "pmevent.mask a;", "pmevent", {required(".mask", {".mask"})},
                        {inRange(immediate("a"), 0, 0xFFFF)}, {3, 0}, TargetRequirement::atLeast(20)));
  // 9.7.19.4 "trap;": "Supported on all target architectures".
  specs.push_back(entry("9.7.19.4", "trap;", "trap", {}, {}, {1, 0}));
  // 9.7.19.5 "setmaxnreg.action.sync.aligned.u32 imm-reg-count; .action = {
  // .inc, .dec };". "Introduced in PTX ISA version 8.0." "Supported on
  // following architectures: sm_90a, sm_100a, sm_101a (Renamed to sm_110a
  // from PTX ISA version 9.0), sm_120a, And is supported on following
  // family-specific architectures from PTX ISA version 8.8: sm_100f or higher
  // in the same family, sm_101f or higher in the same family (Renamed to
  // sm_110f ...), sm_120f or higher in the same family".
  specs.push_back(entry("9.7.19.5", "setmaxnreg.action.sync.aligned.u32 imm-reg-count;", "setmaxnreg",
                        {leading(required(".action", {".inc", ".dec"})), required(".sync", {".sync"}),
                         required(".aligned", {".aligned"}), required(".u32", {".u32"})},
                        {immediate("imm-reg-count", setmaxnregCounts())}, {8, 0}, {},
                        {{.slot = ".action",
                          .targets = {TargetRequirement::archSpecific(90), TargetRequirement::archSpecific(100),
                                      TargetRequirement::archSpecific(110), TargetRequirement::archSpecific(120),
                                      TargetRequirement::familySpecific(100), TargetRequirement::familySpecific(110),
                                      TargetRequirement::familySpecific(120)},
                          .family_from = {8, 8}}}));
  return specs;
}

}  // namespace ptxlint::spec
