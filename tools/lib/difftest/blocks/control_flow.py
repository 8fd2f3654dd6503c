"""Control flow, stack manipulation and miscellaneous instructions
(beside src/spec/control_flow.cpp): 9.7.12 bra, brx.idx, call, ret, exit,
9.7.17 stacksave, stackrestore, alloca, 9.7.19 brkpt, trap, nanosleep,
pmevent, setmaxnreg."""
from ..model import Block, R


# --- 9.7.12 control flow, 9.7.17 stack manipulation, 9.7.19 miscellaneous.
# Their cases run in a kernel that declares the names they use (CONTROL_NAMES):
# a label L_a, a .branchtargets list Tb, functions f0 (no parameter), f1 (one
# .b32 parameter) and f2 (one .b32 parameter, one .b32 result), .calltargets
# lists Tc0/Tc1/Tc2 of each and .callprototype labels P0/P1/P2 of the same
# shapes. Operand kinds: "sym:A|B" one of these names; "list:N" a
# parenthesised list of N .b32 registers; "fptr" a register; "immr:LO:HI[:STEP]"
# an integer constant in LO..HI (a multiple of STEP); "immp2:MAX" a power of
# two up to MAX.
CONTROL_NAMES = ["L_a", "Tb", "f0", "f1", "f2", "Tc0", "Tc1", "Tc2", "P0", "P1", "P2"]
UNI = {".uni": [".uni"]}


def CR(feature, version, sm=None):
    return R(feature, version, ("min", sm or 0))


SETMAXNREG_TARGETS = ("specific", frozenset({"sm_90a", "sm_100a", "sm_101a", "sm_110a", "sm_120a"}),
                      ((100, 110), (110, 120), (120, 130)), "8.8")
CALL_DIRECT = lambda q, ops: [CR("direct call", "1.0")]          # noqa: E731
CALL_INDIRECT = lambda q, ops: [CR("indirect call", "2.1", 20)]  # noqa: E731

CONTROL_BLOCKS = [
    # "@p bra{.uni} tgt; // tgt is a label"; "The branch target must be a label."
    Block("bra", "", "bra{.uni} tgt", UNI, reqs=lambda q, ops: [CR("bra", "1.0")], kinds={"tgt": "sym:L_a"}),
    # "The index operand is a .u32 register. The tlist operand must be the label
    # of a .branchtargets directive." PTX ISA 6.0, sm_30.
    Block("brx.idx", "", "brx.idx{.uni} index, tlist", UNI, reqs=lambda q, ops: [CR("brx.idx", "6.0", 30)],
          kinds={"index": "u32", "tlist": "sym:Tb"}),
    # "// direct call to named function, func is a symbol"
    Block("call", "direct", "call{.uni} func", UNI, reqs=CALL_DIRECT, kinds={"func": "sym:f0"}),
    Block("call", "direct, args", "call{.uni} func, (param-list)", UNI, reqs=CALL_DIRECT,
          kinds={"func": "sym:f1", "(param-list)": "list:1"}),
    Block("call", "direct, ret, args", "call{.uni} (ret-param), func, (param-list)", UNI, reqs=CALL_DIRECT,
          kinds={"(ret-param)": "list:1", "func": "sym:f2", "(param-list)": "list:1"}),
    # "// indirect call via pointer, with full list of call targets" (flist:
    # .calltargets) and "... with no knowledge of call targets" (fproto).
    Block("call", "indirect, flist", "call{.uni} fptr, flist", UNI, reqs=CALL_INDIRECT,
          kinds={"fptr": "fptr", "flist": "sym:Tc0|P0"}),
    Block("call", "indirect, args, flist", "call{.uni} fptr, (param-list), flist", UNI, reqs=CALL_INDIRECT,
          kinds={"fptr": "fptr", "(param-list)": "list:1", "flist": "sym:Tc1|P1"}),
    Block("call", "indirect, ret, args, flist", "call{.uni} (ret-param), fptr, (param-list), flist", UNI,
          reqs=CALL_INDIRECT,
          kinds={"(ret-param)": "list:1", "fptr": "fptr", "(param-list)": "list:1", "flist": "sym:Tc2|P2"}),
    Block("ret", "", "ret{.uni}", UNI, reqs=lambda q, ops: [CR("ret", "1.0")]),
    Block("exit", "", "exit", reqs=lambda q, ops: [CR("exit", "1.0")]),
    # 9.7.17: ".type = { .u32, .u64 }"; "d has the same type as the
    # instruction type"; "source register a"; "Both ptr and size have the same
    # type as the instruction type"; immAlign "must be a power of 2 and must
    # not exceed 2^23". PTX ISA 7.3, sm_52.
    Block("stacksave", "", "stacksave.type d", {".type": [".u32", ".u64"]},
          reqs=lambda q, ops: [CR("stacksave", "7.3", 52)], kinds={"d": "td"}),
    Block("stackrestore", "", "stackrestore.type a", {".type": [".u32", ".u64"]},
          reqs=lambda q, ops: [CR("stackrestore", "7.3", 52)], kinds={"a": "td"}),
    Block("alloca", "", "alloca.type ptr, size{, immAlign}", {".type": [".u32", ".u64"]},
          reqs=lambda q, ops: [CR("alloca", "7.3", 52)],
          kinds={"ptr": "td", "size": "t", "immAlign": "immp2:8388608"}),
    # 9.7.19
    Block("brkpt", "", "brkpt", reqs=lambda q, ops: [CR("brkpt", "1.0", 11)]),
    Block("trap", "", "trap", reqs=lambda q, ops: [CR("trap", "1.0")]),
    # "t may be a register or an immediate value". PTX ISA 6.3, sm_70.
    Block("nanosleep", "", "nanosleep.u32 t", reqs=lambda q, ops: [CR("nanosleep", "6.3", 70)],
          kinds={"t": "u32"}),
    # "in the range 0..15"; "Each bit in the 16-bit immediate operand a".
    Block("pmevent", "", "pmevent a", reqs=lambda q, ops: [CR("pmevent", "1.4")], kinds={"a": "immr:0:15"}),
    Block("pmevent", "mask", "pmevent.mask a", reqs=lambda q, ops: [CR("pmevent.mask", "3.0", 20)],
          kinds={"a": "immr:0:65535"}),
    # "must be in the range 24 to 256 (both inclusive) and must be a multiple of 8".
    Block("setmaxnreg", "", "setmaxnreg.action.sync.aligned.u32 imm-reg-count", {".action": [".inc", ".dec"]},
          reqs=lambda q, ops: [R("setmaxnreg", "8.0", SETMAXNREG_TARGETS)],
          kinds={"imm-reg-count": "immr:24:256:8"}),
]
CONTROL_OPCODES = {b.opcode for b in CONTROL_BLOCKS}
