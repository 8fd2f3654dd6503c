"""Integer, floating-point, half and mixed-precision arithmetic,
comparison and selection, logic and shift, mov (beside
src/spec/arithmetic.cpp): 9.7.1-9.7.8, 9.7.9.3 and 9.7.9.4 mov, with the
comparison operators of 9.3.1 (Tables 22-25)."""
import re

from ..model import TYPE_BITS, A, Block, arith_reqs, rules


# --------------------------------------------------------------------------
# Integer, floating-point and half arithmetic, comparison and selection,
# logic and shift, mov (9.7.1-9.7.8, 9.7.9.3, 9.7.9.4). Operands take the
# instruction's type: "t" a source register or immediate of .type, "td" a
# destination register of .type, "w"/"wd" twice its size (.wide), "ta" of
# .atype, "u32" the shift amount ("always has type .u32", 9.4), "pd" setp's
# p[|q] (written p here, the pair is a mutation), "pdpair" p|q, "pc" {!}c,
# "pplain" a plain predicate, "pack"/"unpack" mov's vectors (9.7.9.4).
# --------------------------------------------------------------------------

INT_TYPES = [".u16", ".u32", ".u64", ".s16", ".s32", ".s64"]
BIT_TYPES = [".b16", ".b32", ".b64"]
CMP_TYPES = BIT_TYPES + INT_TYPES + [".f32", ".f64"]
RND4 = [".rn", ".rz", ".rm", ".rp"]


def sat_s32_rule(q, ops):
    if q.get(".sat") and q.get(".type") != ".s32":
        return [("reject", ".sat applies only to .s32")]
    return []


CMP_TABLE = {".eq": set(CMP_TYPES), ".ne": set(CMP_TYPES),
             ".lo": {".u16", ".u32", ".u64"}, ".ls": {".u16", ".u32", ".u64"},
             ".hi": {".u16", ".u32", ".u64"}, ".hs": {".u16", ".u32", ".u64"}}
for _op in (".lt", ".le", ".gt", ".ge"):
    # Table 22: signed lt/le/gt/ge; unsigned ones are spelt lo/ls/hi/hs.
    CMP_TABLE[_op] = {".s16", ".s32", ".s64", ".f32", ".f64"}
for _op in (".equ", ".neu", ".ltu", ".leu", ".gtu", ".geu", ".num", ".nan"):
    CMP_TABLE[_op] = {".f32", ".f64"}
CMP_OPS = sorted(CMP_TABLE)
HALF_CMP_OPS = [".eq", ".ne", ".lt", ".le", ".gt", ".ge", ".equ", ".neu", ".ltu", ".leu", ".gtu",
                ".geu", ".num", ".nan"]


def cmp_rule(q, ops):
    op, ty = q.get(".CmpOp"), q.get(".type")
    if op in CMP_TABLE and ty in CMP_TABLE[op]:
        return []
    if op in (".lt", ".le", ".gt", ".ge") and ty in (".u16", ".u32", ".u64"):
        return [(None, f"{op} on an unsigned type: Table 22 spells the unsigned comparison "
                       "lo/ls/hi/hs, without saying that lt/le/gt/ge are refused")]
    if op in CMP_TABLE and ty:
        return [("reject", f"{op} is not an operator for {ty} (9.3.1, Tables 22-25)")]
    return []


def ftz_f32_rule(q, ops):
    if q.get(".ftz") and q.get(".type") != ".f32":
        return [("reject", "{.ftz} is on the .f32 comparison only")]
    return []


def note_reqs(base, per_value):
    """base: (feature, version, sm); per_value: {(slot, value): (version, sm)}."""
    def reqs(q, ops):
        r = [A(*base)]
        for (slot, value), (v, sm) in per_value.items():
            if q.get(slot) == value:
                r.append(A(f"{slot} {value}", v, sm))
        return r
    return reqs


T = {"d": "td", "a": "t", "b": "t", "c": "t"}
ARITH_BLOCKS = [
    # 9.7.1.1 add, 9.7.1.2 sub (integer)
    Block("add", "integer", "add.type d, a, b", {".type": INT_TYPES + [".u16x2", ".s16x2"]},
          reqs=note_reqs(("add", "1.0", 0), {(".type", ".u16x2"): ("8.0", 90),
                                              (".type", ".s16x2"): ("8.0", 90)}), kinds=T),
    Block("add", "integer, sat", "add{.sat}.s32 d, a, b", {".sat": [".sat"], ".s32": [".s32"]},
          reqs=arith_reqs(("add", "1.0", 0)), kinds=T),
    Block("add", "gen: sat, all types", "add{.sat}.type d, a, b",
          {".sat": [".sat"], ".type": INT_TYPES}, rules=sat_s32_rule,
          reqs=arith_reqs(("add", "1.0", 0)), kinds=T, gen_only=True),
    Block("sub", "integer", "sub.type d, a, b", {".type": INT_TYPES},
          reqs=arith_reqs(("sub", "1.0", 0)), kinds=T),
    Block("sub", "integer, sat", "sub{.sat}.s32 d, a, b", {".sat": [".sat"], ".s32": [".s32"]},
          reqs=arith_reqs(("sub", "1.0", 0)), kinds=T),
    # 9.7.3.3 / 9.7.3.4 floating point
    Block("add", "f32", "add{.rnd}{.ftz}{.sat}.f32 d, a, b", {".rnd": RND4},
          reqs=arith_reqs(("add", "1.0", 0)), kinds=T),
    Block("add", "f32x2", "add{.rnd}{.ftz}.f32x2 d, a, b", {".rnd": RND4},
          reqs=arith_reqs(("add.f32x2", "8.6", 100)), kinds=T),
    Block("add", "f64", "add{.rnd}.f64 d, a, b", {".rnd": RND4},
          reqs=arith_reqs(("add", "1.0", 0)), kinds=T),
    Block("sub", "f32", "sub{.rnd}{.ftz}{.sat}.f32 d, a, b", {".rnd": RND4},
          reqs=arith_reqs(("sub", "1.0", 0)), kinds=T),
    Block("sub", "f32x2", "sub{.rnd}{.ftz}.f32x2 d, a, b", {".rnd": RND4},
          reqs=arith_reqs(("sub.f32x2", "8.6", 100)), kinds=T),
    Block("sub", "f64", "sub{.rnd}.f64 d, a, b", {".rnd": RND4},
          reqs=arith_reqs(("sub", "1.0", 0)), kinds=T),
    # 9.7.4.1 / 9.7.4.2 half precision
    Block("add", "f16", "add{.rnd}{.ftz}{.sat}.type d, a, b",
          {".rnd": [".rn"], ".type": [".f16", ".f16x2"]},
          reqs=arith_reqs(("add.f16", "4.2", 53)), kinds=T),
    Block("add", "bf16", "add{.rnd}.type d, a, b", {".rnd": [".rn"], ".type": [".bf16", ".bf16x2"]},
          reqs=arith_reqs(("add.bf16", "7.8", 90)), kinds=T),
    Block("sub", "f16", "sub{.rnd}{.ftz}{.sat}.type d, a, b",
          {".rnd": [".rn"], ".type": [".f16", ".f16x2"]},
          reqs=arith_reqs(("sub.f16", "4.2", 53)), kinds=T),
    Block("sub", "bf16", "sub{.rnd}.type d, a, b", {".rnd": [".rn"], ".type": [".bf16", ".bf16x2"]},
          reqs=arith_reqs(("sub.bf16", "7.8", 90)), kinds=T),
    # 9.7.5.1 / 9.7.5.2 mixed precision: "d, a, c"
    Block("add", "mixed", "add{.rnd}{.sat}.f32.atype d, a, c",
          {".rnd": RND4, ".atype": [".f16", ".bf16"]},
          reqs=arith_reqs(("add.f32.atype", "8.6", 100)), kinds={"d": "td", "a": "ta", "c": "t"}),
    Block("fma", "mixed", "fma.rnd{.sat}.f32.atype d, a, b, c",
          {".rnd": RND4, ".atype": [".f16", ".bf16"]},
          reqs=arith_reqs(("fma.f32.abtype", "8.6", 100)),
          kinds={"d": "td", "a": "ta", "b": "ta", "c": "t"}),
    Block("sub", "mixed", "sub{.rnd}{.sat}.f32.atype d, a, c",
          {".rnd": RND4, ".atype": [".f16", ".bf16"]},
          reqs=arith_reqs(("sub.f32.atype", "8.6", 100)), kinds={"d": "td", "a": "ta", "c": "t"}),
    # 9.7.1.3 mul (integer), 9.7.3.5, 9.7.4.3
    Block("mul", "integer", "mul.mode.type d, a, b", {".mode": [".hi", ".lo"], ".type": INT_TYPES},
          reqs=arith_reqs(("mul", "1.0", 0)), kinds=T),
    Block("mul", "integer, wide", "mul.wide.type d, a, b",
          {".type": [".u16", ".u32", ".s16", ".s32"]},
          reqs=arith_reqs(("mul", "1.0", 0)), kinds={"d": "wd", "a": "t", "b": "t"}),
    Block("mul", "gen: wide, all types", "mul.wide.type d, a, b", {".type": INT_TYPES + [".f32"]},
          reqs=arith_reqs(("mul", "1.0", 0)), kinds={"d": "wd", "a": "t", "b": "t"}, gen_only=True),
    Block("mul", "f32", "mul{.rnd}{.ftz}{.sat}.f32 d, a, b", {".rnd": RND4},
          reqs=arith_reqs(("mul", "1.0", 0)), kinds=T),
    Block("mul", "f32x2", "mul{.rnd}{.ftz}.f32x2 d, a, b", {".rnd": RND4},
          reqs=arith_reqs(("mul.f32x2", "8.6", 100)), kinds=T),
    Block("mul", "f64", "mul{.rnd}.f64 d, a, b", {".rnd": RND4},
          reqs=arith_reqs(("mul", "1.0", 0)), kinds=T),
    Block("mul", "f16", "mul{.rnd}{.ftz}{.sat}.type d, a, b",
          {".rnd": [".rn"], ".type": [".f16", ".f16x2"]},
          reqs=arith_reqs(("mul.f16", "4.2", 53)), kinds=T),
    Block("mul", "bf16", "mul{.rnd}.type d, a, b", {".rnd": [".rn"], ".type": [".bf16", ".bf16x2"]},
          reqs=arith_reqs(("mul.bf16", "7.8", 90)), kinds=T),
    # 9.7.1.4 mad (integer), 9.7.2.5 mad.cc, 9.7.3.7 mad (float)
    Block("mad", "integer", "mad.mode.type d, a, b, c", {".mode": [".hi", ".lo"], ".type": INT_TYPES},
          reqs=arith_reqs(("mad", "1.0", 0)), kinds=T),
    Block("mad", "integer, wide", "mad.wide.type d, a, b, c",
          {".type": [".u16", ".u32", ".s16", ".s32"]},
          reqs=arith_reqs(("mad", "1.0", 0)), kinds={"d": "wd", "a": "t", "b": "t", "c": "w"}),
    Block("mad", "hi.sat.s32", "mad.hi.sat.s32 d, a, b, c", reqs=arith_reqs(("mad", "1.0", 0)),
          kinds=T),
    Block("mad", "gen: sat, all modes", "mad.mode.sat.type d, a, b, c",
          {".mode": [".hi", ".lo"], ".type": [".s32", ".u32"]},
          reqs=arith_reqs(("mad", "1.0", 0)), kinds=T, gen_only=True),
    Block("mad", "cc", "mad.mode.cc.type d, a, b, c",
          {".mode": [".hi", ".lo"], ".type": [".u32", ".s32", ".u64", ".s64"]},
          reqs=lambda q, ops: [A("mad.cc", "4.3" if q.get(".type") in (".u64", ".s64") else "3.0", 20)],
          kinds=T),
    Block("mad", "f32", "mad.rnd{.ftz}{.sat}.f32 d, a, b, c", {".rnd": RND4},
          reqs=arith_reqs(("mad.f32", "2.0", 20)), kinds=T),
    Block("mad", "f64", "mad.rnd.f64 d, a, b, c", {".rnd": RND4},
          reqs=arith_reqs(("mad.f64", "1.4", 13)), kinds=T),
    # 9.7.3.6 fma, 9.7.4.4 fma (half precision)
    Block("fma", "f32", "fma.rnd{.ftz}{.sat}.f32 d, a, b, c", {".rnd": RND4},
          reqs=arith_reqs(("fma.f32", "2.0", 20)), kinds=T),
    Block("fma", "f32x2", "fma.rnd{.ftz}.f32x2 d, a, b, c", {".rnd": RND4},
          reqs=arith_reqs(("fma.f32x2", "8.6", 100)), kinds=T),
    Block("fma", "f64", "fma.rnd.f64 d, a, b, c", {".rnd": RND4},
          reqs=arith_reqs(("fma.f64", "1.4", 13)), kinds=T),
    Block("fma", "f16", "fma.rnd{.ftz}{.sat}.type d, a, b, c",
          {".rnd": [".rn"], ".type": [".f16", ".f16x2"]},
          reqs=arith_reqs(("fma.f16", "4.2", 53)), kinds=T),
    Block("fma", "f16 relu", "fma.rnd{.ftz}.relu.type d, a, b, c",
          {".rnd": [".rn"], ".type": [".f16", ".f16x2"]},
          reqs=arith_reqs(("fma.relu", "7.0", 80)), kinds=T),
    Block("fma", "bf16", "fma.rnd{.relu}.type d, a, b, c",
          {".rnd": [".rn"], ".type": [".bf16", ".bf16x2"]},
          reqs=arith_reqs(("fma.bf16", "7.0", 80)), kinds=T),
    Block("fma", "oob", "fma.rnd.oob{.relu}.type d, a, b, c",
          {".rnd": [".rn"], ".type": [".f16", ".f16x2", ".bf16", ".bf16x2"]},
          reqs=arith_reqs(("fma.oob", "8.1", 90)), kinds=T),
    # 9.7.6.2 setp; the manual writes "p[|q], a, b{, {!}c}"
    Block("setp", "", "setp.CmpOp{.ftz}.type p, a, b", {".CmpOp": CMP_OPS, ".type": CMP_TYPES},
          rules=rules(cmp_rule, ftz_f32_rule), reqs=arith_reqs(("setp", "1.0", 0)),
          kinds={"p": "pd", "a": "t", "b": "t"}),
    Block("setp", "BoolOp", "setp.CmpOp.BoolOp{.ftz}.type p, a, b, c",
          {".CmpOp": CMP_OPS, ".BoolOp": [".and", ".or", ".xor"], ".type": CMP_TYPES},
          rules=rules(cmp_rule, ftz_f32_rule), reqs=arith_reqs(("setp", "1.0", 0)),
          kinds={"p": "pd", "a": "t", "b": "t", "c": "pc"}),
    # 9.7.7.2 setp (half precision): .f16 p, .f16x2 p|q
    Block("setp", "f16", "setp.CmpOp{.ftz}.f16 p, a, b", {".CmpOp": HALF_CMP_OPS},
          reqs=arith_reqs(("setp.f16", "4.2", 53)), kinds={"p": "pplain", "a": "t", "b": "t"}),
    Block("setp", "f16x2", "setp.CmpOp.BoolOp{.ftz}.f16x2 p, a, b, c",
          {".CmpOp": HALF_CMP_OPS, ".BoolOp": [".and", ".or", ".xor"]},
          reqs=arith_reqs(("setp.f16x2", "4.2", 53)),
          kinds={"p": "pdpair", "a": "t", "b": "t", "c": "pc"}),
    Block("setp", "bf16", "setp.CmpOp.type p, a, b", {".CmpOp": HALF_CMP_OPS, ".type": [".bf16"]},
          reqs=arith_reqs(("setp.bf16", "7.8", 90)), kinds={"p": "pplain", "a": "t", "b": "t"}),
    Block("setp", "bf16x2", "setp.CmpOp.type p, a, b", {".CmpOp": HALF_CMP_OPS, ".type": [".bf16x2"]},
          reqs=arith_reqs(("setp.bf16x2", "7.8", 90)), kinds={"p": "pdpair", "a": "t", "b": "t"}),
    # 9.7.6.3 selp
    Block("selp", "", "selp.type d, a, b, c", {".type": CMP_TYPES},
          reqs=arith_reqs(("selp", "1.0", 0)), kinds={"d": "td", "a": "t", "b": "t", "c": "pplain"}),
    # 9.7.8 logic and shift
    Block("and", "", "and.type d, a, b", {".type": [".pred"] + BIT_TYPES},
          reqs=arith_reqs(("and", "1.0", 0)), kinds=T),
    Block("or", "", "or.type d, a, b", {".type": [".pred"] + BIT_TYPES},
          reqs=arith_reqs(("or", "1.0", 0)), kinds=T),
    Block("xor", "", "xor.type d, a, b", {".type": [".pred"] + BIT_TYPES},
          reqs=arith_reqs(("xor", "1.0", 0)), kinds=T),
    Block("not", "", "not.type d, a", {".type": [".pred"] + BIT_TYPES},
          reqs=arith_reqs(("not", "1.0", 0)), kinds=T),
    Block("cnot", "", "cnot.type d, a", {".type": BIT_TYPES},
          reqs=arith_reqs(("cnot", "1.0", 0)), kinds=T),
    Block("shl", "", "shl.type d, a, b", {".type": BIT_TYPES},
          reqs=arith_reqs(("shl", "1.0", 0)), kinds={"d": "td", "a": "t", "b": "u32"}),
    Block("shr", "", "shr.type d, a, b", {".type": BIT_TYPES + INT_TYPES},
          reqs=arith_reqs(("shr", "1.0", 0)), kinds={"d": "td", "a": "t", "b": "u32"}),
    # 9.7.9.3 mov, 9.7.9.4 mov (pack: d scalar, a vector; unpack: the reverse)
    Block("mov", "", "mov.type d, a",
          {".type": [".pred"] + BIT_TYPES + INT_TYPES + [".f32", ".f64"]},
          reqs=arith_reqs(("mov", "1.0", 0)), kinds={"d": "td", "a": "t"}),
    Block("mov", "pack", "mov.type d, a", {".type": BIT_TYPES + [".b128"]},
          reqs=lambda q, ops: [A("mov", "1.0")] + ([A(".b128", "8.3", 70)] if q.get(".type") == ".b128"
                                                  else []),
          kinds={"d": "td", "a": "pack"}),
    Block("mov", "unpack", "mov.type d, a", {".type": BIT_TYPES + [".b128"]},
          reqs=lambda q, ops: [A("mov", "1.0")] + ([A(".b128", "8.3", 70)] if q.get(".type") == ".b128"
                                                  else []),
          kinds={"d": "unpack", "a": "td"}),
    # 6.4.3 Vectors as Operands: "mov.v4.f32 {a,b,c,d}, V;" (chapter 10:
    # "mov.v4.u32 %rx, %clusterid;"): braced lists of .vec registers.
    Block("mov", "vec", "mov.vec.type d, a",
          {".vec": [".v2", ".v4"], ".type": BIT_TYPES + INT_TYPES + [".f32", ".f64"]},
          rules=lambda q, ops: ([("reject", "Vectors cannot exceed 128-bits in length; for example, .v4 .f64 "
                                            "is not allowed (5.4.2)")]
                                if q.get(".vec") == ".v4" and TYPE_BITS.get(q.get(".type")) == 64 else []),
          reqs=arith_reqs(("mov", "1.0", 0)), kinds={"d": "data", "a": "data"}),
]


def minmax_blocks(op):
    """9.7.1.12/13, 9.7.3.11/12, 9.7.4.7/8."""
    nan_xor = {(".NaN", ".NaN"): ("7.0", 80), (".xorsign", ".xorsign"): ("7.2", 86)}
    packed = {(".atype", ".u16x2"): ("8.0", 90), (".btype", ".s16x2"): ("8.0", 90),
              (".relu", ".relu"): ("8.0", 90)}

    def xorsign_abs(q, ops):
        if bool(q.get(".xorsign")) != bool(q.get(".abs")):
            return [("reject", ".xorsign.abs is one modifier: both or neither")]
        return []
    ta = {"d": "td", "a": "t", "b": "t"}
    return [
        Block(op, "integer a", f"{op}.atype d, a, b",
              {".atype": [".u16", ".u32", ".u64", ".u16x2", ".s16", ".s64"]},
              reqs=note_reqs((op, "1.0", 0), packed), kinds={"d": "tad", "a": "tat", "b": "tat"}),
        Block(op, "integer b", f"{op}{{.relu}}.btype d, a, b", {".btype": [".s16x2", ".s32"]},
              reqs=note_reqs((op, "1.0", 0), packed), kinds={"d": "tbd", "a": "tbt", "b": "tbt"}),
        Block(op, "f32", f"{op}{{.ftz}}{{.NaN}}{{.xorsign}}{{.abs}}.f32 d, a, b",
              rules=xorsign_abs, reqs=note_reqs((op, "1.0", 0), nan_xor), kinds=ta),
        Block(op, "f32, three inputs", f"{op}{{.ftz}}{{.NaN}}{{.abs}}.f32 d, a, b, c",
              reqs=note_reqs((f"{op} with three inputs", "8.8", 100), nan_xor), kinds=T),
        Block(op, "f64", f"{op}.f64 d, a, b", reqs=arith_reqs((op, "1.0", 0)), kinds=ta),
        Block(op, "f16", f"{op}{{.ftz}}{{.NaN}}{{.xorsign}}{{.abs}}.type d, a, b",
              {".type": [".f16", ".f16x2"]}, rules=xorsign_abs,
              reqs=note_reqs((f"{op}.f16", "7.0", 80), nan_xor), kinds=ta),
        Block(op, "bf16", f"{op}{{.NaN}}{{.xorsign}}{{.abs}}.type d, a, b",
              {".type": [".bf16", ".bf16x2"]}, rules=xorsign_abs,
              reqs=note_reqs((f"{op}.bf16", "7.0", 80), nan_xor), kinds=ta),
    ]


def absneg_blocks(op):
    """9.7.1.10/11, 9.7.3.9/10, 9.7.4.5/6."""
    un = {"d": "td", "a": "t"}
    return [
        Block(op, "integer", f"{op}.type d, a", {".type": [".s16", ".s32", ".s64"]},
              reqs=arith_reqs((op, "1.0", 0)), kinds=un),
        Block(op, "f32", f"{op}{{.ftz}}.f32 d, a", reqs=arith_reqs((op, "1.0", 0)), kinds=un),
        Block(op, "f64", f"{op}.f64 d, a", reqs=arith_reqs((op, "1.0", 0)), kinds=un),
        Block(op, "f16", f"{op}{{.ftz}}.type d, a", {".type": [".f16", ".f16x2"]},
              reqs=arith_reqs((f"{op}.f16", "6.5" if op == "abs" else "6.0", 53)), kinds=un),
        Block(op, "bf16", f"{op}.type d, a", {".type": [".bf16", ".bf16x2"]},
              reqs=arith_reqs((f"{op}.bf16", "7.0", 80)), kinds=un),
    ]


ARITH_BLOCKS += minmax_blocks("min") + minmax_blocks("max") + absneg_blocks("abs") + absneg_blocks("neg")
ARITH_BLOCKS += [
    # 9.7.1.8 div, 9.7.1.9 rem, 9.7.1.14 popc, 9.7.1.15 clz ("d has type .u32")
    Block("div", "integer", "div.type d, a, b", {".type": INT_TYPES},
          reqs=arith_reqs(("div", "1.0", 0)), kinds=T),
    Block("rem", "", "rem.type d, a, b", {".type": INT_TYPES}, reqs=arith_reqs(("rem", "1.0", 0)),
          kinds=T),
    Block("popc", "", "popc.type d, a", {".type": [".b32", ".b64"]},
          reqs=arith_reqs(("popc", "2.0", 20)), kinds={"d": "u32d", "a": "t"}),
    Block("clz", "", "clz.type d, a", {".type": [".b32", ".b64"]},
          reqs=arith_reqs(("clz", "2.0", 20)), kinds={"d": "u32d", "a": "t"}),
    # 9.7.3.8 div (floating point)
    Block("div", "approx", "div.approx{.ftz}.f32 d, a, b", reqs=arith_reqs(("div.approx", "1.4", 0)),
          kinds=T),
    Block("div", "full", "div.full{.ftz}.f32 d, a, b", reqs=arith_reqs(("div.full", "1.4", 0)),
          kinds=T),
    Block("div", "rnd f32", "div.rnd{.ftz}.f32 d, a, b", {".rnd": RND4},
          reqs=arith_reqs(("div.rnd.f32", "1.4", 20)), kinds=T),
    Block("div", "rnd f64", "div.rnd.f64 d, a, b", {".rnd": RND4},
          reqs=arith_reqs(("div.rnd.f64", "1.4", 20)), kinds=T),
]
CARRY = [".u32", ".s32", ".u64", ".s64"]


def carry_reqs(feature, v32, sm32=0):
    """9.7.2: 32-bit forms from v32, 64-bit from PTX ISA 4.3 and sm_20."""
    return lambda q, ops: [A(feature, "4.3" if q.get(".type") in (".u64", ".s64") else v32,
                             20 if q.get(".type") in (".u64", ".s64") else sm32)]


HALF_TYPES = {".f16", ".f16x2", ".bf16", ".bf16x2"}


def set_cmp_rule(q, ops):
    """9.3.1 Tables 22-25 on .stype; the half-precision types compare as floats."""
    op, ty = q.get(".CmpOp"), q.get(".stype")
    if op in CMP_TABLE and (ty in CMP_TABLE[op] or (ty in HALF_TYPES and ".f32" in CMP_TABLE[op])):
        return []
    if op in (".lt", ".le", ".gt", ".ge") and ty in (".u16", ".u32", ".u64"):
        return [(None, f"{op} on an unsigned type: Table 22 spells it lo/ls/hi/hs")]
    if op in CMP_TABLE and ty:
        return [("reject", f"{op} is not an operator for {ty} (9.3.1, Tables 22-25)")]
    return []


def set_ftz_rule(q, ops):
    if q.get(".ftz") and q.get(".stype") not in (".f32", ".f16", ".f16x2"):
        return [("reject", "{.ftz} is on the .f32 comparison only")]
    return []


def bfe_range_rule(q, ops):
    for name in ("b", "c"):
        op = ops.get(name)
        if op and op[0] == "imm" and re.fullmatch(r"-?\d+", str(op[1])) and not 0 <= int(op[1]) <= 255:
            return [("reject", "Operands b and c are type .u32, but are restricted to the 8-bit value "
                               "range 0..255.")]
    return []


HALF_STYPES = [".b16", ".b32", ".b64", ".u16", ".u32", ".u64", ".s16", ".s32", ".s64", ".f16",
               ".f32", ".f64"]
SETK = {"d": "tdd", "a": "tst", "b": "tst"}
SETKC = {"d": "tdd", "a": "tst", "b": "tst", "c": "pc"}
ARITH_BLOCKS += [
    # 9.7.2 extended precision
    Block("add.cc", "", "add.cc.type d, a, b", {".type": CARRY}, reqs=carry_reqs("add.cc", "1.2"),
          kinds=T),
    Block("sub.cc", "", "sub.cc.type d, a, b", {".type": CARRY}, reqs=carry_reqs("sub.cc", "1.2"),
          kinds=T),
    Block("addc", "", "addc{.cc}.type d, a, b", {".type": CARRY}, reqs=carry_reqs("addc", "1.2"),
          kinds=T),
    Block("subc", "", "subc{.cc}.type d, a, b", {".type": CARRY}, reqs=carry_reqs("subc", "1.2"),
          kinds=T),
    Block("madc", "", "madc.mode{.cc}.type d, a, b, c", {".mode": [".hi", ".lo"], ".type": CARRY},
          reqs=carry_reqs("madc", "3.0", 20), kinds=T),
    # 9.7.1.16 bfind, 9.7.1.18 brev, 9.7.1.19 bfe, 9.7.1.22 bmsk, 9.7.8.7 shf
    Block("bfind", "", "bfind{.shiftamt}.type d, a", {".type": [".u32", ".u64", ".s32", ".s64"]},
          reqs=arith_reqs(("bfind", "2.0", 20)), kinds={"d": "u32d", "a": "t"}),
    Block("brev", "", "brev.type d, a", {".type": [".b32", ".b64"]},
          reqs=arith_reqs(("brev", "2.0", 20)), kinds={"d": "td", "a": "t"}),
    Block("bfe", "", "bfe.type d, a, b, c", {".type": [".u32", ".u64", ".s32", ".s64"]},
          rules=bfe_range_rule, reqs=arith_reqs(("bfe", "2.0", 20)),
          kinds={"d": "td", "a": "t", "b": "u32", "c": "u32"}),
    Block("bmsk", "", "bmsk.mode.b32 d, a, b", {".mode": [".clamp", ".wrap"]},
          reqs=arith_reqs(("bmsk", "7.6", 70)), kinds=T),
    Block("shf", "", "shf.dir.mode.b32 d, a, b, c", {".dir": [".l", ".r"], ".mode": [".clamp", ".wrap"]},
          reqs=arith_reqs(("shf", "3.1", 32)), kinds={"d": "td", "a": "t", "b": "t", "c": "u32"}),
    # 9.7.3.13-9.7.3.15 rcp, sqrt; 9.7.3.21 / 9.7.4.10 ex2
    Block("rcp", "approx", "rcp.approx{.ftz}.f32 d, a", reqs=arith_reqs(("rcp.approx", "1.4", 0)),
          kinds=T),
    Block("rcp", "rnd f32", "rcp.rnd{.ftz}.f32 d, a", {".rnd": RND4},
          reqs=arith_reqs(("rcp.rnd.f32", "2.0", 20)), kinds=T),
    Block("rcp", "rnd f64", "rcp.rnd.f64 d, a", {".rnd": RND4},
          reqs=lambda q, ops: [A("rcp.f64", "1.4" if q.get(".rnd") == ".rn" else "2.0",
                                 13 if q.get(".rnd") == ".rn" else 20)], kinds=T),
    Block("rcp", "approx.ftz.f64", "rcp.approx.ftz.f64 d, a",
          reqs=arith_reqs(("rcp.approx.ftz.f64", "2.1", 20)), kinds=T),
    Block("sqrt", "approx", "sqrt.approx{.ftz}.f32 d, a", reqs=arith_reqs(("sqrt.approx", "1.4", 0)),
          kinds=T),
    Block("sqrt", "rnd f32", "sqrt.rnd{.ftz}.f32 d, a", {".rnd": RND4},
          reqs=arith_reqs(("sqrt.rnd.f32", "2.0", 20)), kinds=T),
    Block("sqrt", "rnd f64", "sqrt.rnd.f64 d, a", {".rnd": RND4},
          reqs=lambda q, ops: [A("sqrt.f64", "1.4" if q.get(".rnd") == ".rn" else "2.0",
                                 13 if q.get(".rnd") == ".rn" else 20)], kinds=T),
    Block("ex2", "f32", "ex2.approx{.ftz}.f32 d, a", reqs=arith_reqs(("ex2", "1.4", 0)), kinds=T),
    Block("ex2", "f16", "ex2.approx.type d, a", {".type": [".f16", ".f16x2"]},
          reqs=arith_reqs(("ex2.f16", "7.0", 75)), kinds=T),
    Block("ex2", "bf16", "ex2.approx.ftz.type d, a", {".type": [".bf16", ".bf16x2"]},
          reqs=arith_reqs(("ex2.bf16", "7.8", 90)), kinds=T),
    # 9.7.6.1 set
    Block("set", "", "set.CmpOp{.ftz}.dtype.stype d, a, b",
          {".CmpOp": CMP_OPS, ".dtype": [".u32", ".s32", ".f32"], ".stype": CMP_TYPES},
          rules=rules(set_cmp_rule, set_ftz_rule), reqs=arith_reqs(("set", "1.0", 0)), kinds=SETK),
    Block("set", "BoolOp", "set.CmpOp.BoolOp{.ftz}.dtype.stype d, a, b, c",
          {".CmpOp": CMP_OPS, ".BoolOp": [".and", ".or", ".xor"], ".dtype": [".u32", ".s32", ".f32"],
           ".stype": CMP_TYPES},
          rules=rules(set_cmp_rule, set_ftz_rule), reqs=arith_reqs(("set", "1.0", 0)), kinds=SETKC),
    # 9.7.7.1 set (half precision)
    Block("set", "f16 result", "set.CmpOp{.ftz}.dtype.stype d, a, b",
          {".CmpOp": CMP_OPS, ".dtype": [".f16"], ".stype": HALF_STYPES},
          rules=rules(set_cmp_rule, set_ftz_rule), reqs=arith_reqs(("set.f16", "4.2", 53)),
          kinds=SETK),
    Block("set", "bf16 result", "set.CmpOp.BoolOp.dtype.stype d, a, b, c",
          {".CmpOp": HALF_CMP_OPS, ".BoolOp": [".and", ".or", ".xor"], ".dtype": [".bf16"],
           ".stype": HALF_STYPES},
          rules=set_cmp_rule, reqs=arith_reqs(("set.bf16", "7.8", 90)), kinds=SETKC),
    Block("set", "from f16", "set.CmpOp{.ftz}.dtype.stype d, a, b",
          {".CmpOp": HALF_CMP_OPS, ".dtype": [".u16", ".s16", ".u32", ".s32"], ".stype": [".f16"]},
          rules=rules(set_cmp_rule, set_ftz_rule), reqs=arith_reqs(("set.dtype.f16", "6.5", 53)),
          kinds=SETK),
    Block("set", "from bf16", "set.CmpOp.dtype.stype d, a, b",
          {".CmpOp": HALF_CMP_OPS, ".dtype": [".u16", ".s16", ".u32", ".s32"], ".stype": [".bf16"]},
          reqs=arith_reqs(("set.dtype.bf16", "7.8", 90)), kinds=SETK),
    Block("set", "from f16x2", "set.CmpOp.BoolOp{.ftz}.dtype.stype d, a, b, c",
          {".CmpOp": HALF_CMP_OPS, ".BoolOp": [".and", ".or", ".xor"],
           ".dtype": [".f16x2", ".u32", ".s32"], ".stype": [".f16x2"]},
          reqs=lambda q, ops: [A("set.f16x2", "6.5" if q.get(".dtype") != ".f16x2" else "4.2", 53)],
          kinds=SETKC),
    Block("set", "from bf16x2", "set.CmpOp.dtype.stype d, a, b",
          {".CmpOp": HALF_CMP_OPS, ".dtype": [".bf16x2", ".u32", ".s32"], ".stype": [".bf16x2"]},
          reqs=arith_reqs(("set.bf16x2", "7.8", 90)), kinds=SETK),
]


def range_rule(*names):
    """"Operands ... restricted to the 8-bit value range 0..255" (bfe, bfi, lop3's immLut)."""
    def rule(q, ops):
        for name in names:
            op = ops.get(name)
            if op and op[0] == "imm" and re.fullmatch(r"-?(0x[0-9a-fA-F]+|\d+)", str(op[1])) \
                    and not 0 <= int(str(op[1]), 0) <= 255:
                return [("reject", f"{name} is restricted to the value range 0..255")]
        return []
    return rule


SLCT_TYPES = CMP_TYPES
UN = {"d": "td", "a": "t"}
ARITH_BLOCKS += [
    Block("copysign", "", "copysign.type d, a, b", {".type": [".f32", ".f64"]},
          reqs=arith_reqs(("copysign", "2.0", 20)), kinds=T),
    Block("prmt", "", "prmt.b32{.mode} d, a, b, c",
          {".mode": [".f4e", ".b4e", ".rc8", ".ecl", ".ecr", ".rc16"]},
          reqs=arith_reqs(("prmt", "2.0", 20)), kinds=T),
    Block("lop3", "", "lop3.b32 d, a, b, c, immLut", rules=range_rule("immLut"),
          reqs=arith_reqs(("lop3", "4.3", 50)),
          kinds={"d": "td", "a": "t", "b": "t", "c": "t", "immLut": "lut"}),
    Block("lop3", "BoolOp", "lop3.BoolOp.b32 d, a, b, c, immLut, q", {".BoolOp": [".or", ".and"]},
          rules=range_rule("immLut"), reqs=arith_reqs(("lop3.BoolOp", "8.2", 70)),
          kinds={"d": "rpair", "a": "t", "b": "t", "c": "t", "immLut": "lut", "q": "pplain"}),
    Block("bfi", "", "bfi.type f, a, b, c, d", {".type": [".b32", ".b64"]}, rules=range_rule("c", "d"),
          reqs=arith_reqs(("bfi", "2.0", 20)),
          kinds={"f": "td", "a": "t", "b": "t", "c": "u32", "d": "u32"}),
    Block("mul24", "", "mul24.mode.type d, a, b", {".mode": [".hi", ".lo"], ".type": [".u32", ".s32"]},
          reqs=arith_reqs(("mul24", "1.0", 0)), kinds=T),
    Block("mad24", "", "mad24.mode.type d, a, b, c", {".mode": [".hi", ".lo"], ".type": [".u32", ".s32"]},
          reqs=arith_reqs(("mad24", "1.0", 0)), kinds=T),
    Block("mad24", "hi.sat.s32", "mad24.hi.sat.s32 d, a, b, c", reqs=arith_reqs(("mad24", "1.0", 0)),
          kinds=T),
    Block("sad", "", "sad.type d, a, b, c", {".type": INT_TYPES}, reqs=arith_reqs(("sad", "1.0", 0)),
          kinds=T),
    Block("slct", "s32", "slct.dtype.ctype d, a, b, c", {".dtype": SLCT_TYPES, ".ctype": [".s32"]},
          reqs=arith_reqs(("slct", "1.0", 0)), kinds={"d": "tdd", "a": "tdt", "b": "tdt", "c": "tct"}),
    Block("slct", "f32", "slct{.ftz}.dtype.ctype d, a, b, c", {".dtype": SLCT_TYPES, ".ctype": [".f32"]},
          reqs=arith_reqs(("slct", "1.0", 0)), kinds={"d": "tdd", "a": "tdt", "b": "tdt", "c": "tct"}),
    Block("rsqrt", "f32", "rsqrt.approx{.ftz}.f32 d, a", reqs=arith_reqs(("rsqrt", "1.4", 0)), kinds=UN),
    Block("rsqrt", "f64", "rsqrt.approx.f64 d, a", reqs=arith_reqs(("rsqrt.f64", "1.4", 13)), kinds=UN),
    Block("rsqrt", "ftz f64", "rsqrt.approx.ftz.f64 d, a",
          reqs=arith_reqs(("rsqrt.approx.ftz.f64", "4.0", 20)), kinds=UN),
    Block("sin", "", "sin.approx{.ftz}.f32 d, a", reqs=arith_reqs(("sin", "1.4", 0)), kinds=UN),
    Block("cos", "", "cos.approx{.ftz}.f32 d, a", reqs=arith_reqs(("cos", "1.4", 0)), kinds=UN),
    Block("lg2", "", "lg2.approx{.ftz}.f32 d, a", reqs=arith_reqs(("lg2", "1.4", 0)), kinds=UN),
    Block("tanh", "f32", "tanh.approx.f32 d, a", reqs=arith_reqs(("tanh", "7.0", 75)), kinds=UN),
    Block("tanh", "half", "tanh.approx.type d, a", {".type": [".f16", ".f16x2", ".bf16", ".bf16x2"]},
          reqs=lambda q, ops: [A("tanh", "7.8" if "bf16" in q.get(".type", "") else "7.0",
                                 90 if "bf16" in q.get(".type", "") else 75)], kinds=UN),
    Block("testp", "", "testp.op.type p, a",
          {".op": [".finite", ".infinite", ".number", ".notanumber", ".normal", ".subnormal"],
           ".type": [".f32", ".f64"]},
          reqs=arith_reqs(("testp", "2.0", 20)), kinds={"p": "pplain", "a": "t"}),
    Block("fns", "", "fns.b32 d, mask, base, offset", reqs=arith_reqs(("fns", "6.0", 30)),
          kinds={"d": "td", "mask": "t", "base": "u32", "offset": "s32"}),
    Block("szext", "", "szext.mode.type d, a, b", {".mode": [".clamp", ".wrap"], ".type": [".u32", ".s32"]},
          reqs=arith_reqs(("szext", "7.6", 70)), kinds={"d": "td", "a": "t", "b": "u32"}),
    Block("dp4a", "", "dp4a.atype.btype d, a, b, c", {".atype": [".u32", ".s32"], ".btype": [".u32", ".s32"]},
          reqs=arith_reqs(("dp4a", "5.0", 61)), kinds={"d": "s32d", "a": "tat", "b": "tbt", "c": "s32"}),
    Block("dp2a", "", "dp2a.mode.atype.btype d, a, b, c",
          {".mode": [".lo", ".hi"], ".atype": [".u32", ".s32"], ".btype": [".u32", ".s32"]},
          reqs=arith_reqs(("dp2a", "5.0", 61)), kinds={"d": "s32d", "a": "tat", "b": "tbt", "c": "s32"}),
]
ARITH_OPCODES = {b.opcode for b in ARITH_BLOCKS}
