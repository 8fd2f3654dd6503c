"""mbarrier (beside src/spec/mbarrier.cpp): 9.7.13.15.9-17 mbarrier.init,
inval, expect_tx, complete_tx, arrive, arrive_drop, test_wait, try_wait and
pending_count."""
import re

from ..model import Block, R, base_reqs


# --- 9.7.13.15 mbarrier (cp.async.mbarrier.arrive, 9.7.13.15.15, is not here)
# `{.sem.scope}` is one optional pair ("Qualifiers .sem and .scope must be
# specified together"); `{.shared{::cta}}` is written {.space}.
MB_SHARED = [".shared", ".shared::cta"]


def mb_arrive_reqs(name, drop):
    """PTX ISA and Target ISA notes of 9.7.13.15.13 (arrive) and .14 (arrive_drop)."""
    def reqs(q, ops):
        r = [R(name, "7.0", ("min", 80))]
        ss = q.get(".sem.scope") or q.get(".release.cta")
        if ss:
            r.append(R(".sem/.scope", "8.0", ("min", 80)))
            if ss.startswith(".relaxed"):
                r.append(R(".relaxed", "8.6", ("min", 90)))
            if ss.endswith(".cluster"):
                r.append(R(".cluster scope", "8.0", ("min", 90)))
        if q.get(".space") == ".shared::cta":
            r.append(R("::cta", "7.8", ("min", 80)))
        if q.get(".shared::cluster"):
            r.append(R("::cluster", "8.0", ("min", 90)))
        if q.get(".expect_tx"):
            r.append(R(".expect_tx", "8.0", ("min", 90)))
        if "count" in ops and not q.get(".noComplete"):
            r.append(R("count without .noComplete", "7.8", ("min", 90)))
        if not drop and ops.get("state") == ("sink",):
            r.append(R("sink symbol '_' as the destination", "7.1", ("min", 80)))
        return r
    return reqs


def mb_count_rule(name, low_why):
    """'The value of the operand count must be in the range' [1, 2^20 - 1] (9.7.13.15.2)."""
    def rule(q, ops):
        op = ops.get(name)
        if op and op[0] == "imm" and re.fullmatch(r"-?\d+", str(op[1])) and \
                not 1 <= int(op[1]) <= 2 ** 20 - 1:
            return [("reject", low_why)]
        return []
    return rule


def mb_parity_rule(q, ops):
    op = ops.get("phaseParity")
    if op and op[0] == "imm" and str(op[1]) not in ("0", "1"):
        return [("reject", "the valid values of phaseParity operand are 0 and 1")]
    return []


def mb_wait_reqs(name, version, sm):
    def reqs(q, ops):
        r = [R(name, version, ("min", sm))]
        if q.get(".parity"):
            r.append(R(".parity", "7.1", ("min", 80)))
        ss = q.get(".sem.scope")
        if ss:
            r.append(R(".sem/.scope", "8.0", ("min", 80)))
            if ss.startswith(".relaxed"):
                r.append(R(".relaxed", "8.6", ("min", 90)))
            if ss.endswith(".cluster"):
                r.append(R(".cluster scope", "8.0", ("min", 90)))
        if q.get(".space") == ".shared::cta":
            r.append(R("::cta", "7.8", ("min", 80)))
        return r
    return reqs


def mb_simple_reqs(name):
    def reqs(q, ops):
        r = [R(name, "7.0", ("min", 80))]
        if q.get(".space") == ".shared::cta":
            r.append(R("::cta", "7.8", ("min", 80)))
        return r
    return reqs


MB_ARRIVE_COUNT = mb_count_rule("count", "the value of the operand count must be in the range "
                                "of the expected arrival count, [1, 2^20 - 1] (9.7.13.15.2)")
MB_INIT_COUNT = mb_count_rule("count", "The valid range of values for the operand count is "
                              "[1, ..., 2^20 - 1].")
MB_SEM_SCOPE = {".sem.scope": [".release.cta", ".release.cluster", ".relaxed.cta", ".relaxed.cluster"],
                ".space": MB_SHARED}
MB_WAIT_SETS = {".sem.scope": [".acquire.cta", ".acquire.cluster", ".relaxed.cta", ".relaxed.cluster"],
                ".space": MB_SHARED}
MB_ARRIVE_KINDS = {"state": "u64ds", "_": "sink", "addr": "addr", "count": "u32", "txCount": "u32",
                   "tx_count": "u32"}
MB_WAIT_KINDS = {"waitComplete": "pplain", "addr": "addr", "state": "u64", "phaseParity": "u32",
                 "suspendTimeHint": "u32"}


def mbarrier_arrive_blocks(op, drop):
    tx = "tx_count" if drop else "txCount"
    reqs = mb_arrive_reqs(op, drop)
    return [
        Block(op, "shared::cta", f"{op}{{.sem.scope}}{{.space}}.b64 state, [addr]{{, count}}",
              MB_SEM_SCOPE, rules=MB_ARRIVE_COUNT, reqs=reqs, kinds=MB_ARRIVE_KINDS),
        Block(op, "shared::cluster", f"{op}{{.sem.scope}}{{.shared::cluster}}.b64 _, [addr] {{,count}}",
              MB_SEM_SCOPE, rules=MB_ARRIVE_COUNT, reqs=reqs, kinds=MB_ARRIVE_KINDS),
        Block(op, "expect_tx, shared::cta",
              f"{op}.expect_tx{{.sem.scope}}{{.space}}.b64 state, [addr], {tx}",
              MB_SEM_SCOPE, reqs=reqs, kinds=MB_ARRIVE_KINDS),
        Block(op, "expect_tx, shared::cluster",
              f"{op}.expect_tx{{.sem.scope}}{{.shared::cluster}}.b64 _, [addr], {tx}",
              MB_SEM_SCOPE, reqs=reqs, kinds=MB_ARRIVE_KINDS),
        Block(op, "noComplete", f"{op}.noComplete{{.release.cta}}{{.space}}.b64 state, [addr], count",
              MB_SEM_SCOPE, rules=MB_ARRIVE_COUNT, reqs=reqs, kinds=MB_ARRIVE_KINDS),
    ]


MBARRIER_BLOCKS = [
    # 9.7.13.15.9 mbarrier.init
    Block("mbarrier.init", "", "mbarrier.init{.space}.b64 [addr], count;", {".space": MB_SHARED},
          rules=MB_INIT_COUNT, reqs=mb_simple_reqs("mbarrier.init"),
          kinds={"addr": "addr", "count": "u32"}),
    # 9.7.13.15.10 mbarrier.inval
    Block("mbarrier.inval", "", "mbarrier.inval{.space}.b64 [addr];", {".space": MB_SHARED},
          reqs=mb_simple_reqs("mbarrier.inval"), kinds={"addr": "addr"}),
    # 9.7.13.15.11 mbarrier.expect_tx, .12 mbarrier.complete_tx
    Block("mbarrier.expect_tx", "", "mbarrier.expect_tx{.sem.scope}{.space}.b64 [addr], txCount;",
          {".sem.scope": [".relaxed.cta", ".relaxed.cluster"],
           ".space": [".shared", ".shared::cta", ".shared::cluster"]},
          reqs=base_reqs("mbarrier.expect_tx", "8.0", 90), kinds={"addr": "addr", "txCount": "u32"}),
    Block("mbarrier.complete_tx", "", "mbarrier.complete_tx{.sem.scope}{.space}.b64 [addr], txCount;",
          {".sem.scope": [".relaxed.cta", ".relaxed.cluster"],
           ".space": [".shared", ".shared::cta", ".shared::cluster"]},
          reqs=base_reqs("mbarrier.complete_tx", "8.0", 90), kinds={"addr": "addr", "txCount": "u32"}),
] + mbarrier_arrive_blocks("mbarrier.arrive", False) + mbarrier_arrive_blocks("mbarrier.arrive_drop", True) + [
    # 9.7.13.15.16 mbarrier.test_wait / mbarrier.try_wait
    Block("mbarrier.test_wait", "state",
          "mbarrier.test_wait{.sem.scope}{.space}.b64 waitComplete, [addr], state;",
          MB_WAIT_SETS, reqs=mb_wait_reqs("mbarrier.test_wait", "7.0", 80), kinds=MB_WAIT_KINDS),
    Block("mbarrier.test_wait", "parity",
          "mbarrier.test_wait.parity{.sem.scope}{.space}.b64 waitComplete, [addr], phaseParity;",
          MB_WAIT_SETS, rules=mb_parity_rule, reqs=mb_wait_reqs("mbarrier.test_wait", "7.0", 80),
          kinds=MB_WAIT_KINDS),
    Block("mbarrier.try_wait", "state",
          "mbarrier.try_wait{.sem.scope}{.space}.b64 waitComplete, [addr], state {, suspendTimeHint};",
          MB_WAIT_SETS, reqs=mb_wait_reqs("mbarrier.try_wait", "7.8", 90), kinds=MB_WAIT_KINDS),
    Block("mbarrier.try_wait", "parity",
          "mbarrier.try_wait.parity{.sem.scope}{.space}.b64 waitComplete, [addr], phaseParity "
          "{, suspendTimeHint};",
          MB_WAIT_SETS, rules=mb_parity_rule, reqs=mb_wait_reqs("mbarrier.try_wait", "7.8", 90),
          kinds=MB_WAIT_KINDS),
    # 9.7.13.15.17 mbarrier.pending_count
    Block("mbarrier.pending_count", "", "mbarrier.pending_count.b64 count, state;",
          reqs=base_reqs("mbarrier.pending_count", "7.0", 80), kinds={"count": "u32d", "state": "u64"}),
]
MBARRIER_OPCODES = {b.opcode for b in MBARRIER_BLOCKS}
