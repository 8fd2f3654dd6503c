"""Warpgroup-level matrix instructions (beside
src/spec/warpgroup_matrix.cpp): 9.7.15 wgmma.mma_async (the shapes of
9.7.15.2, the accumulators of 9.7.15.5.1.1), wgmma.fence, wgmma.commit_group,
wgmma.wait_group and 9.7.15.6.3 wgmma.mma_async.sp."""
import re

from ..model import Block, R


# --- 9.7.15 wgmma: "Requires sm_90a", "Introduced in PTX ISA version 8.0".
WG_SM90A = ("specific", frozenset({"sm_90a"}), (), "99.0")
WG_N_FP = [8 * i for i in range(1, 33)]
# The integer and single-bit rows of 9.7.15.2's shape table (the integer
# syntax block's own list stops at .m64n224k32; the table and ptxas go on to
# .m64n256k32).
WG_N_INT = [8, 16, 24, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240, 256]


def wg_shapes(k, ns):
    return [f".m64n{n}k{k}" for n in ns]


def wg_reqs(q, ops):
    r = [R("wgmma.mma_async", "8.0", WG_SM90A)]
    if {q.get(".atype"), q.get(".btype")} == {".s8", ".u8"}:
        r.append(R(".u8.s8/.s8.u8", "8.4", WG_SM90A))
    return r


def wg_accumulator(q):
    """9.7.15.5.1.1: N/2 .f32 or .s32 registers, N/4 .f16x2 registers."""
    shape = q.get(".shape")
    if not shape:
        return None
    n = int(re.match(r"\.m64n(\d+)k", shape).group(1))
    dtype = q.get(".dtype") or (".s32" if q.get(".s32") else None)
    return n // 4 if dtype == ".f16" else n // 2


WG_KINDS = {"d": "wacc", "a": "wafrag", "a-desc": "desc", "b-desc": "desc", "scale-d": "scaled",
            "imm-scale-a": "imms", "imm-scale-b": "imms", "imm-trans-a": "immt", "imm-trans-b": "immt"}
WG = "wgmma.mma_async.sync.aligned"


def wg_block(label, syntax, sets):
    return Block("wgmma.mma_async", label, syntax, sets, reqs=wg_reqs, kinds=WG_KINDS)


F16_SETS = {".shape": wg_shapes(16, WG_N_FP), ".dtype": [".f16", ".f32"]}
BF16_SETS = {".shape": wg_shapes(16, WG_N_FP), ".dtype": [".f32"]}
TF32_SETS = {".shape": wg_shapes(8, WG_N_FP), ".dtype": [".f32"]}
FP8_SETS = {".shape": wg_shapes(32, WG_N_FP), ".dtype": [".f16", ".f32"], ".atype": [".e4m3", ".e5m2"],
            ".btype": [".e4m3", ".e5m2"]}
INT_SETS = {".shape": wg_shapes(32, WG_N_INT), ".atype": [".s8", ".u8"], ".btype": [".s8", ".u8"]}
B1_SETS = {".shape": wg_shapes(256, WG_N_INT), ".op": [".and"]}
WGMMA_BLOCKS = [
    wg_block("f16 desc", f"{WG}.shape.dtype.f16.f16 d, a-desc, b-desc, scale-d, imm-scale-a, imm-scale-b, "
             "imm-trans-a, imm-trans-b", F16_SETS),
    wg_block("f16 reg", f"{WG}.shape.dtype.f16.f16 d, a, b-desc, scale-d, imm-scale-a, imm-scale-b, imm-trans-b",
             F16_SETS),
    wg_block("bf16 desc", f"{WG}.shape.dtype.bf16.bf16 d, a-desc, b-desc, scale-d, imm-scale-a, imm-scale-b, "
             "imm-trans-a, imm-trans-b", BF16_SETS),
    wg_block("bf16 reg", f"{WG}.shape.dtype.bf16.bf16 d, a, b-desc, scale-d, imm-scale-a, imm-scale-b, "
             "imm-trans-b", BF16_SETS),
    wg_block("tf32 desc", f"{WG}.shape.dtype.tf32.tf32 d, a-desc, b-desc, scale-d, imm-scale-a, imm-scale-b",
             TF32_SETS),
    wg_block("tf32 reg", f"{WG}.shape.dtype.tf32.tf32 d, a, b-desc, scale-d, imm-scale-a, imm-scale-b", TF32_SETS),
    wg_block("fp8 desc", f"{WG}.shape.dtype.atype.btype d, a-desc, b-desc, scale-d, imm-scale-a, imm-scale-b",
             FP8_SETS),
    wg_block("fp8 reg", f"{WG}.shape.dtype.atype.btype d, a, b-desc, scale-d, imm-scale-a, imm-scale-b", FP8_SETS),
    wg_block("int desc", f"{WG}.shape{{.satfinite}}.s32.atype.btype d, a-desc, b-desc, scale-d", INT_SETS),
    wg_block("int reg", f"{WG}.shape{{.satfinite}}.s32.atype.btype d, a, b-desc, scale-d", INT_SETS),
    wg_block("b1 desc", f"{WG}.shape.s32.b1.b1.op.popc d, a-desc, b-desc, scale-d", B1_SETS),
    wg_block("b1 reg", f"{WG}.shape.s32.b1.b1.op.popc d, a, b-desc, scale-d", B1_SETS),
    Block("wgmma.fence", "", "wgmma.fence.sync.aligned", reqs=lambda q, ops: [R("wgmma.fence", "8.0", WG_SM90A)]),
    Block("wgmma.commit_group", "", "wgmma.commit_group.sync.aligned",
          reqs=lambda q, ops: [R("wgmma.commit_group", "8.0", WG_SM90A)]),
    Block("wgmma.wait_group", "", "wgmma.wait_group.sync.aligned N", {"N": ["0", "1", "7", "100"]},
          reqs=lambda q, ops: [R("wgmma.wait_group", "8.0", WG_SM90A)]),
]

# --- 9.7.15.6.3 wgmma.mma_async.sp: K twice the dense shapes; "Operand sp-meta is a
# 32-bit integer and operand sp-sel is a 32-bit integer constant with values in the
# range 0..3"; "Introduced in PTX ISA version 8.2."


def wg_sp_reqs(q, ops):
    r = [R("wgmma.mma_async.sp", "8.2", WG_SM90A)]
    if {q.get(".atype"), q.get(".btype")} == {".s8", ".u8"}:
        r.append(R(".u8.s8/.s8.u8", "8.4", WG_SM90A))
    return r


WG_SP_KINDS = dict(WG_KINDS, **{"sp-meta": "r32", "sp-sel": "spsel", "a": "wafrag"})
WGS = "wgmma.mma_async.sp.sync.aligned"


def wg_sp_block(label, operands, sets):
    head = {"f16": ".shape.dtype.f16.f16", "bf16": ".shape.dtype.bf16.bf16", "tf32": ".shape.dtype.tf32.tf32",
            "fp8": ".shape.dtype.atype.btype", "int": ".shape{.satfinite}.s32.atype.btype"}[label.split()[0]]
    return Block("wgmma.mma_async.sp", label, f"{WGS}{head} {operands}", sets, reqs=wg_sp_reqs, kinds=WG_SP_KINDS)


_FP_DESC = "d, a-desc, b-desc, sp-meta, sp-sel, scale-d, imm-scale-a, imm-scale-b"
_FP_REG = "d, a, b-desc, sp-meta, sp-sel, scale-d, imm-scale-a, imm-scale-b"
WGMMA_SP_BLOCKS = [
    wg_sp_block("f16 desc", _FP_DESC + ", imm-trans-a, imm-trans-b",
                {".shape": wg_shapes(32, WG_N_FP), ".dtype": [".f16", ".f32"]}),
    wg_sp_block("f16 reg", _FP_REG + ", imm-trans-b", {".shape": wg_shapes(32, WG_N_FP), ".dtype": [".f16", ".f32"]}),
    wg_sp_block("bf16 desc", _FP_DESC + ", imm-trans-a, imm-trans-b",
                {".shape": wg_shapes(32, WG_N_FP), ".dtype": [".f32"]}),
    wg_sp_block("bf16 reg", _FP_REG + ", imm-trans-b", {".shape": wg_shapes(32, WG_N_FP), ".dtype": [".f32"]}),
    wg_sp_block("tf32 desc", _FP_DESC, {".shape": wg_shapes(16, WG_N_FP), ".dtype": [".f32"]}),
    wg_sp_block("tf32 reg", _FP_REG, {".shape": wg_shapes(16, WG_N_FP), ".dtype": [".f32"]}),
    wg_sp_block("fp8 desc", _FP_DESC, dict(FP8_SETS, **{".shape": wg_shapes(64, WG_N_FP)})),
    wg_sp_block("fp8 reg", _FP_REG, dict(FP8_SETS, **{".shape": wg_shapes(64, WG_N_FP)})),
    wg_sp_block("int desc", "d, a-desc, b-desc, sp-meta, sp-sel, scale-d",
                dict(INT_SETS, **{".shape": wg_shapes(64, WG_N_INT)})),
    wg_sp_block("int reg", "d, a, b-desc, sp-meta, sp-sel, scale-d",
                dict(INT_SETS, **{".shape": wg_shapes(64, WG_N_INT)})),
]
