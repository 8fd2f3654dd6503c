"""Warp shuffles and parallel synchronization (beside
src/spec/synchronization.cpp): 9.7.9.5/6 shfl, 9.7.13.1-4 bar, barrier,
bar.warp.sync, barrier.cluster, membar / fence (and fence.proxy,
membar.proxy), 9.7.13.8-14 vote, match, activemask, redux, griddepcontrol,
elect."""
import re

from ..model import A, Block, R, arith_reqs


# --------------------------------------------------------------------------
# Warp shuffles and parallel synchronization (9.7.9.5, 9.7.9.6, 9.7.13.1-4,
# 9.7.13.8-14). Kinds as in arithmetic.py, plus "b32"/"b32d" an operand of type .b32,
# "rmaybe" d[|p] (the register of the type, alone or with a predicate; the
# manual names no sink for it), "rmaybes" d[|p] of .b32 where "the sink
# symbol '_' may be used in place of any one of the destination operands"
# (match.all), "relect" elect.sync's d|p ("The sink symbol '_' can be used
# for destination operand d"), "i128" the constant 128.
# --------------------------------------------------------------------------

SHFL_MODES = [".up", ".down", ".bfly", ".idx"]
SYNC_SCOPES = [".cta", ".cluster", ".gpu", ".sys"]
REDUX_F32 = ("specific", frozenset({"sm_100a"}), ((100, 110),), "8.8")


def removed_rule(what):
    """"Not supported in PTX ISA version 6.4 for .target sm_70 or higher": every
    difftest case has .version 6.5 or later and a target of sm_75 or higher."""
    def rule(q, ops):
        return [("reject", f"{what} is not supported in PTX ISA version 6.4 for .target sm_70 "
                           "or higher")]
    return rule


def int_imm(op):
    if op and op[0] == "imm" and re.fullmatch(r"-?(0x[0-9a-fA-F]+|\d+)", str(op[1])):
        return int(str(op[1]), 0)
    return None


def bar_rule(arrive):
    """9.7.13.1: "Source operand a specifies a logical barrier resource as an
    immediate constant or register with value 0 through 15"; "When specifying a
    thread count, the value must be a multiple of the warp size"; "a non-zero
    thread count is required for barrier{.cta}.arrive"."""
    def rule(q, ops):
        a, b = int_imm(ops.get("a")), int_imm(ops.get("b"))
        if a is not None and not 0 <= a <= 15:
            return [("reject", "a is a barrier number 0 through 15")]
        if b is not None and b % 32 != 0:
            return [("reject", "the thread count must be a multiple of the warp size")]
        if arrive and b == 0:
            return [("reject", "a non-zero thread count is required for barrier{.cta}.arrive")]
        return []
    return rule


def sync_reqs(base, per_value=None, specific=None):
    """base: (feature, version, sm); per_value: {(slot, value or None): (version,
    sm)}; specific: {(slot, value or None): (version, pred)}."""
    def reqs(q, ops):
        r = [A(*base)]
        for (slot, value), (v, sm) in (per_value or {}).items():
            if q.get(slot) and (value is None or q.get(slot) == value):
                r.append(A(f"{slot} {q.get(slot)}", v, sm))
        for (slot, value), (v, pred) in (specific or {}).items():
            if q.get(slot) and (value is None or q.get(slot) == value):
                r.append(R(f"{slot} {q.get(slot)}", v, pred))
        return r
    return reqs


def bar_blocks(opcode):
    aligned = "{.aligned}" if opcode == "barrier" else ""
    sync_v, other_v = ("6.0", "6.0") if opcode == "barrier" else ("1.0", "2.0")
    sync_sm, other_sm = (30, 30) if opcode == "barrier" else (0, 20)
    cta = {(".cta", None): ("7.8", 0)}
    U = {"a": "u32", "b": "u32"}
    return [
        Block(opcode, "sync", f"{opcode}{{.cta}}.sync{aligned} a{{, b}}", rules=bar_rule(False),
              reqs=sync_reqs((opcode, sync_v, sync_sm), cta), kinds=U),
        Block(opcode, "arrive", f"{opcode}{{.cta}}.arrive{aligned} a, b", rules=bar_rule(True),
              reqs=sync_reqs((opcode + ".arrive", other_v, other_sm), cta), kinds=U),
        Block(opcode, "red.popc", f"{opcode}{{.cta}}.red.popc{aligned}.u32 d, a{{, b}}, c",
              rules=bar_rule(False), reqs=sync_reqs((opcode + ".red", other_v, other_sm), cta),
              kinds={"d": "td", "a": "u32", "b": "u32", "c": "pc"}),
        Block(opcode, "red.op", f"{opcode}{{.cta}}.red.op{aligned}.pred p, a{{, b}}, c",
              {".op": [".and", ".or"]}, rules=bar_rule(False),
              reqs=sync_reqs((opcode + ".red", other_v, other_sm), cta),
              kinds={"p": "pplain", "a": "u32", "b": "u32", "c": "pc"}),
    ]


SHFL_K = {"d": "rmaybe", "a": "t", "b": "b32", "c": "b32", "membermask": "u32"}
SYNC_BLOCKS = [
    Block("shfl", "sync", "shfl.sync.mode.b32 d, a, b, c, membermask", {".mode": SHFL_MODES},
          reqs=arith_reqs(("shfl.sync", "6.0", 30)), kinds=SHFL_K),
    Block("shfl", "deprecated", "shfl.mode.b32 d, a, b, c", {".mode": SHFL_MODES},
          rules=removed_rule("shfl without .sync"), reqs=arith_reqs(("shfl", "3.0", 30)), kinds=SHFL_K),
] + bar_blocks("bar") + bar_blocks("barrier") + [
    Block("bar.warp.sync", "", "bar.warp.sync membermask", reqs=arith_reqs(("bar.warp.sync", "6.0", 30)),
          kinds={"membermask": "u32"}),
    Block("barrier.cluster", "arrive", "barrier.cluster.arrive{.sem}{.aligned}",
          {".sem": [".release", ".relaxed"]},
          reqs=sync_reqs(("barrier.cluster", "7.8", 90), {(".sem", None): ("8.0", 90)})),
    Block("barrier.cluster", "wait", "barrier.cluster.wait{.acquire}{.aligned}",
          reqs=sync_reqs(("barrier.cluster", "7.8", 90), {(".acquire", None): ("8.0", 90)})),
    Block("fence", "thread fence", "fence{.sem}.scope",
          {".sem": [".sc", ".acq_rel", ".acquire", ".release"], ".scope": SYNC_SCOPES},
          reqs=sync_reqs(("fence", "6.0", 70), {(".scope", ".cluster"): ("7.8", 90),
                                                (".sem", ".acquire"): ("8.6", 90),
                                                (".sem", ".release"): ("8.6", 90)})),
    Block("fence", "acquire sync_restrict", "fence.acquire.sync_restrict::shared::cluster.cluster",
          reqs=arith_reqs(("fence.sync_restrict", "8.6", 90))),
    Block("fence", "release sync_restrict", "fence.release.sync_restrict::shared::cta.cluster",
          reqs=arith_reqs(("fence.sync_restrict", "8.6", 90))),
    Block("fence", "op_restrict", "fence.op_restrict.release.cluster", {".op_restrict": [".mbarrier_init"]},
          reqs=arith_reqs(("fence.op_restrict", "8.0", 90))),
    Block("fence.proxy", "bidirectional", "fence.proxy.proxykind", {".proxykind": [".alias", ".async"]},
          reqs=sync_reqs(("fence.proxy", "7.5", 70), {(".proxykind", ".async"): ("8.0", 90)})),
    Block("fence.proxy", "async state space", "fence.proxy.async.space",
          {".space": [".global", ".shared::cta", ".shared::cluster"]},
          reqs=arith_reqs(("fence.proxy.async", "8.0", 90))),
    Block("fence.proxy", "tensormap release", "fence.proxy.tensormap::generic.release.scope",
          {".scope": SYNC_SCOPES},
          reqs=sync_reqs(("fence.proxy.tensormap::generic", "8.3", 90), {(".scope", ".cluster"): ("7.8", 90)})),
    Block("fence.proxy", "tensormap acquire", "fence.proxy.tensormap::generic.acquire.scope [addr], size",
          {".scope": SYNC_SCOPES},
          reqs=sync_reqs(("fence.proxy.tensormap::generic", "8.3", 90), {(".scope", ".cluster"): ("7.8", 90)}),
          kinds={"addr": "addr", "size": "i128"}),
    Block("fence.proxy", "async::generic acquire",
          "fence.proxy.async::generic.acquire.sync_restrict::shared::cluster.cluster",
          reqs=arith_reqs(("fence.proxy.async::generic", "8.6", 90))),
    Block("fence.proxy", "async::generic release",
          "fence.proxy.async::generic.release.sync_restrict::shared::cta.cluster",
          reqs=arith_reqs(("fence.proxy.async::generic", "8.6", 90))),
    Block("membar", "", "membar.level", {".level": [".cta", ".gl", ".sys"]},
          reqs=sync_reqs(("membar", "1.4", 0), {(".level", ".sys"): ("2.0", 20)})),
    Block("membar.proxy", "", "membar.proxy.proxykind", {".proxykind": [".alias", ".async"]},
          reqs=arith_reqs(("membar.proxy", "7.5", 60))),
    Block("vote", "sync mode", "vote.sync.mode.pred d, a, membermask", {".mode": [".all", ".any", ".uni"]},
          reqs=arith_reqs(("vote.sync", "6.0", 30)), kinds={"d": "pplain", "a": "pc", "membermask": "u32"}),
    Block("vote", "sync ballot", "vote.sync.ballot.b32 d, a, membermask",
          reqs=arith_reqs(("vote.sync", "6.0", 30)), kinds={"d": "td", "a": "pc", "membermask": "u32"}),
    Block("vote", "deprecated mode", "vote.mode.pred d, a", {".mode": [".all", ".any", ".uni"]},
          rules=removed_rule("vote without .sync"), reqs=arith_reqs(("vote", "1.2", 12)),
          kinds={"d": "pplain", "a": "pc"}),
    Block("vote", "deprecated ballot", "vote.ballot.b32 d, a",
          rules=removed_rule("vote without .sync"), reqs=arith_reqs(("vote.ballot", "2.0", 20)),
          kinds={"d": "td", "a": "pc"}),
    Block("match", "any", "match.any.sync.type d, a, membermask", {".type": [".b32", ".b64"]},
          reqs=arith_reqs(("match.sync", "6.0", 70)), kinds={"d": "b32d", "a": "t", "membermask": "u32"}),
    Block("match", "all", "match.all.sync.type d, a, membermask", {".type": [".b32", ".b64"]},
          reqs=arith_reqs(("match.sync", "6.0", 70)), kinds={"d": "rmaybes", "a": "t", "membermask": "u32"}),
    Block("activemask", "", "activemask.b32 d", reqs=arith_reqs(("activemask", "6.2", 30)), kinds={"d": "td"}),
    Block("redux", "integer", "redux.sync.op.type dst, src, membermask",
          {".op": [".add", ".min", ".max"], ".type": [".u32", ".s32"]},
          reqs=arith_reqs(("redux.sync", "7.0", 80)), kinds={"dst": "td", "src": "t", "membermask": "u32"}),
    Block("redux", "bitwise", "redux.sync.op.b32 dst, src, membermask", {".op": [".and", ".or", ".xor"]},
          reqs=arith_reqs(("redux.sync", "7.0", 80)), kinds={"dst": "td", "src": "t", "membermask": "u32"}),
    Block("redux", "f32", "redux.sync.op{.abs}{.NaN}.f32 dst, src, membermask", {".op": [".min", ".max"]},
          reqs=sync_reqs(("redux.sync", "7.0", 80), {(".f32", None): ("8.6", 80)},
                         {(".f32", None): ("8.6", REDUX_F32)}),
          kinds={"dst": "td", "src": "t", "membermask": "u32"}),
    Block("griddepcontrol", "", "griddepcontrol.action", {".action": [".launch_dependents", ".wait"]},
          reqs=arith_reqs(("griddepcontrol", "7.8", 90))),
    Block("elect", "", "elect.sync d, membermask", reqs=arith_reqs(("elect.sync", "8.0", 90)),
          kinds={"d": "relect", "membermask": "u32"}),
]
SYNC_OPCODES = {b.opcode for b in SYNC_BLOCKS}
