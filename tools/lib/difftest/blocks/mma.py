"""mma (beside src/spec/mma.cpp): 9.7.14.5.14 mma and 9.7.14.6.3 mma.sp /
mma.sp::ordered_metadata, with the fragments of 9.7.14.5.1-13 and
9.7.14.6.2.1-8."""
import re

from ..model import Block, R


# --- 9.7.14.5.14 mma and 9.7.14.6.3 mma.sp / mma.sp::ordered_metadata. The
# fragments (9.7.14.5.1-13, 9.7.14.6.2.1-8): (A, B, C/D) registers per type
# class and shape; .f16 accumulators take half as many (.f16x2) registers,
# .f64 fragments 64-bit ones.
MMA_FRAGS = {
    ("f16", ".m8n8k4"): (2, 2, 8), ("f16", ".m16n8k8"): (2, 1, 4), ("f16", ".m16n8k16"): (4, 2, 4),
    ("tf32", ".m16n8k4"): (2, 1, 4), ("tf32", ".m16n8k8"): (4, 2, 4),
    ("bf16", ".m16n8k8"): (2, 1, 4), ("bf16", ".m16n8k16"): (4, 2, 4),
    ("fp8", ".m16n8k16"): (2, 1, 4), ("fp8", ".m16n8k32"): (4, 2, 4),
    ("f8f6f4", ".m16n8k32"): (4, 2, 4), ("mxf4", ".m16n8k64"): (4, 2, 4), ("mxf8", ".m16n8k32"): (4, 2, 4),
    ("f64", ".m8n8k4"): (1, 1, 2), ("f64", ".m16n8k4"): (2, 1, 4), ("f64", ".m16n8k8"): (4, 2, 4),
    ("f64", ".m16n8k16"): (8, 4, 4),
    ("int8", ".m8n8k16"): (1, 1, 2), ("int8", ".m16n8k16"): (2, 1, 4), ("int8", ".m16n8k32"): (4, 2, 4),
    ("int4", ".m8n8k32"): (1, 1, 2), ("int4", ".m16n8k32"): (2, 1, 4), ("int4", ".m16n8k64"): (4, 2, 4),
    ("b1", ".m8n8k128"): (1, 1, 2), ("b1", ".m16n8k128"): (2, 1, 4), ("b1", ".m16n8k256"): (4, 2, 4),
    ("sp:f16", ".m16n8k16"): (2, 2, 4), ("sp:f16", ".m16n8k32"): (4, 4, 4),
    ("sp:bf16", ".m16n8k16"): (2, 2, 4), ("sp:bf16", ".m16n8k32"): (4, 4, 4),
    ("sp:tf32", ".m16n8k8"): (2, 2, 4), ("sp:tf32", ".m16n8k16"): (4, 4, 4),
    ("sp:fp8", ".m16n8k64"): (4, 4, 4), ("sp:f8f6f4", ".m16n8k64"): (4, 4, 4),
    ("sp:mxf4", ".m16n8k128"): (4, 4, 4), ("sp:mxf8", ".m16n8k64"): (4, 4, 4),
    ("sp:int8", ".m16n8k32"): (2, 2, 4), ("sp:int8", ".m16n8k64"): (4, 4, 4),
    ("sp:int4", ".m16n8k64"): (2, 2, 4), ("sp:int4", ".m16n8k128"): (4, 4, 4),
}


def mma_shape(q):
    return next((v for v in q.values() if isinstance(v, str) and re.fullmatch(r"\.m\d+n\d+k\d+", v)), None)


def mma_frag(cls, which, q):
    """-> (element bits, count) of fragment `which` (a, b, c, d) or None."""
    f = MMA_FRAGS.get((cls, mma_shape(q)))
    if f is None:
        return None
    bits = 64 if cls == "f64" else 32
    if which in ("a", "b"):
        return (bits, f[0] if which == "a" else f[1])
    ty = q.get(".dtype" if which == "d" else ".ctype")
    return (bits, f[2] // 2 if ty == ".f16" else f[2])


MMA_SM120 = ("specific", frozenset({"sm_120a"}), ((120, 130),), "8.8")
MMA_SM120_ONLY = ("specific", frozenset({"sm_120a", "sm_121a"}), (), "99.0")


def mma_reqs(cls):
    def reqs(q, ops):
        shape = mma_shape(q)
        sparse = cls.startswith("sp:")
        c = cls[3:] if sparse else cls
        r = [R("mma.sp", "7.1", ("min", 80))] if sparse else [R("mma", "6.4", ("min", 70))]
        if q.get(".spvariant") == ".sp::ordered_metadata":
            r.append(R(".sp::ordered_metadata", "8.5", ("min", 80)))
        if c == "f16" and not sparse:
            r.append({".m8n8k4": R(".m8n8k4", "6.4", ("min", 70)), ".m16n8k8": R(".m16n8k8", "6.5", ("min", 75))}.get(
                shape, R(".m16n8k16", "7.0", ("min", 80))))
        if c in ("tf32", "bf16") and not sparse:
            r.append(R(c, "7.0", ("min", 80)))
        if c == "fp8":
            r.append(R(".e4m3/.e5m2", "8.4", ("min", 89)))
            if shape == ".m16n8k16" and not sparse:
                r.append(R(".m16n8k16 with fp8", "8.7", ("min", 89)))
            if q.get(".dtype") == ".f16":
                r.append(R(".f16 with fp8", "8.7", MMA_SM120 if sparse else ("min", 89)))
        if c in ("f8f6f4", "mxf8"):
            r.append(R(c, "8.7", MMA_SM120))
        if c == "mxf4":
            r.append(R(c, "8.7", MMA_SM120_ONLY if sparse else MMA_SM120))
            if q.get(".scale_vec_size") == ".scale_vec::4X" and q.get(".stype") == ".ue8m0":
                r.append(R(".scale_vec::4X with .ue8m0", "9.1", ("min", 70)))
        if c == "f64":
            r.append(R(".f64 .m8n8k4", "7.0", ("min", 80)) if shape == ".m8n8k4" else R(".f64", "7.8", ("min", 90)))
        if c in ("int8", "int4") and not sparse:
            small = shape in (".m8n8k16", ".m8n8k32")
            r.append(R(c, "6.5" if small else "7.0", ("min", 75 if small else 80)))
        if c == "b1":
            r.append(R(".b1", "7.0", ("min", 75 if shape == ".m8n8k128" else 80)))
            if q.get(".bitOp") == ".and":
                r.append(R(".and", "7.1", ("min", 80)))
        return r
    return reqs


def mma_rules(q, ops):
    # ".dtype must be the same as .ctype" (all shapes but .m8n8k4), ".atype must
    # be the same as .btype" (.m16n8k8), ".m8n8k4: When .ctype is .f32, .dtype
    # must also be .f32."
    out = []
    d, c = q.get(".dtype"), q.get(".ctype")
    if d and c and d != c and (mma_shape(q) != ".m8n8k4" or c == ".f32"):
        out.append(("reject", ".dtype must be the same as .ctype"))
    if mma_shape(q) == ".m16n8k8" and q.get(".atype") and q.get(".btype") and q[".atype"] != q[".btype"]:
        out.append(("reject", ".m16n8k8: .atype must be the same as .btype"))
    return out


def mma_block(cls, syntax, sets=None, label=None):
    kinds = {w: f"mmx:{cls}:{w}" for w in "dabc"}
    kinds.update({"e": "r32", "f": "spsel", "scale-a-data": "r32", "scale-b-data": "r32", "sel-a": "mmsel",
                  "sel-b": "mmsel"})
    return Block("mma", label or cls, syntax, sets, rules=mma_rules, reqs=mma_reqs(cls), kinds=kinds)


MMA_ACC = [".f16", ".f32"]
MMA_SP = [".sp", ".sp::ordered_metadata"]
MMA_F8F6F4 = [".e4m3", ".e5m2", ".e3m2", ".e2m3", ".e2m1"]
MMA_SEL = ", scale-a-data, sel-a, scale-b-data, sel-b"
MMA = "mma.sync.aligned"
MMA_SPS = "mma.spvariant.sync.aligned"
MMA_BLOCKS = [
    mma_block("f16", f"{MMA}.m8n8k4.alayout.blayout.dtype.f16.f16.ctype d, a, b, c",
              {".alayout": [".row", ".col"], ".blayout": [".row", ".col"], ".dtype": MMA_ACC, ".ctype": MMA_ACC}),
    mma_block("f16", f"{MMA}.shape.row.col.dtype.f16.f16.ctype d, a, b, c",
              {".shape": [".m16n8k8", ".m16n8k16"], ".dtype": MMA_ACC, ".ctype": MMA_ACC}),
    mma_block("tf32", f"{MMA}.m16n8k4.row.col.f32.tf32.tf32.f32 d, a, b, c"),
    mma_block("bf16", f"{MMA}.m16n8k8.row.col.f32.atype.btype.f32 d, a, b, c",
              {".atype": [".bf16"], ".btype": [".bf16"]}),
    mma_block("tf32", f"{MMA}.m16n8k8.row.col.f32.atype.btype.f32 d, a, b, c",
              {".atype": [".tf32"], ".btype": [".tf32"]}, "tf32 k8"),
    mma_block("bf16", f"{MMA}.m16n8k16.row.col.f32.bf16.bf16.f32 d, a, b, c", label="bf16 k16"),
    mma_block("fp8", f"{MMA}.shape.row.col.dtype.atype.btype.ctype d, a, b, c",
              {".shape": [".m16n8k16", ".m16n8k32"], ".dtype": MMA_ACC, ".atype": [".e4m3", ".e5m2"],
               ".btype": [".e4m3", ".e5m2"], ".ctype": MMA_ACC}),
    mma_block("f8f6f4", f"{MMA}.m16n8k32.row.col.kind.dtype.atype.btype.ctype d, a, b, c",
              {".kind": [".kind::f8f6f4"], ".dtype": MMA_ACC, ".atype": MMA_F8F6F4, ".btype": MMA_F8F6F4,
               ".ctype": MMA_ACC}),
    mma_block("mxf4", f"{MMA}.m16n8k64.row.col.kind.block_scale{{.scale_vec_size}}.f32.e2m1.e2m1.f32.stype d, a, b, c"
              + MMA_SEL, {".kind": [".kind::mxf4"], ".scale_vec_size": [".scale_vec::2X"], ".stype": [".ue8m0"]}),
    mma_block("mxf4", f"{MMA}.m16n8k64.row.col.kind.block_scale.scale_vec_size.f32.e2m1.e2m1.f32.stype d, a, b, c"
              + MMA_SEL, {".kind": [".kind::mxf4nvf4"], ".scale_vec_size": [".scale_vec::2X", ".scale_vec::4X"],
                          ".stype": [".ue8m0", ".ue4m3"]}, "mxf4nvf4"),
    mma_block("mxf8", f"{MMA}.m16n8k32.row.col.kind.block_scale{{.scale_vec_size}}.f32.atype.btype.f32.stype d, a, b, c"
              + MMA_SEL, {".kind": [".kind::mxf8f6f4"], ".scale_vec_size": [".scale_vec::1X"], ".atype": MMA_F8F6F4,
                          ".btype": MMA_F8F6F4, ".stype": [".ue8m0"]}),
    mma_block("f64", f"{MMA}.shape.row.col.f64.f64.f64.f64 d, a, b, c",
              {".shape": [".m8n8k4", ".m16n8k4", ".m16n8k8", ".m16n8k16"]}),
    mma_block("int8", f"{MMA}.shape.row.col{{.satfinite}}.s32.atype.btype.s32 d, a, b, c",
              {".shape": [".m8n8k16", ".m16n8k16", ".m16n8k32"], ".atype": [".u8", ".s8"], ".btype": [".u8", ".s8"]}),
    mma_block("int4", f"{MMA}.shape.row.col{{.satfinite}}.s32.atype.btype.s32 d, a, b, c",
              {".shape": [".m8n8k32", ".m16n8k32", ".m16n8k64"], ".atype": [".u4", ".s4"], ".btype": [".u4", ".s4"]}),
    mma_block("b1", f"{MMA}.shape.row.col.s32.b1.b1.s32.bitOp.popc d, a, b, c",
              {".shape": [".m8n8k128", ".m16n8k128", ".m16n8k256"], ".bitOp": [".xor", ".and"]}),
    mma_block("sp:f16", f"{MMA_SPS}.shape.row.col.dtype.f16.f16.ctype d, a, b, c, e, f",
              {".spvariant": MMA_SP, ".shape": [".m16n8k16", ".m16n8k32"], ".dtype": MMA_ACC, ".ctype": MMA_ACC}),
    mma_block("sp:bf16", f"{MMA_SPS}.shape.row.col.f32.bf16.bf16.f32 d, a, b, c, e, f",
              {".spvariant": MMA_SP, ".shape": [".m16n8k16", ".m16n8k32"]}),
    mma_block("sp:tf32", f"{MMA_SPS}.shape.row.col.f32.tf32.tf32.f32 d, a, b, c, e, f",
              {".spvariant": MMA_SP, ".shape": [".m16n8k8", ".m16n8k16"]}),
    mma_block("sp:fp8", f"{MMA_SPS}.m16n8k64.row.col.f32.atype.btype.f32 d, a, b, c, e, f",
              {".spvariant": MMA_SP, ".atype": [".e4m3", ".e5m2"], ".btype": [".e4m3", ".e5m2"]}),
    mma_block("sp:f8f6f4", "mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.kind.dtype.atype.btype.ctype "
              "d, a, b, c, e, f", {".kind": [".kind::f8f6f4"], ".dtype": MMA_ACC, ".atype": MMA_F8F6F4,
                                   ".btype": MMA_F8F6F4, ".ctype": MMA_ACC}),
    mma_block("sp:mxf4", "mma.sp::ordered_metadata.sync.aligned.m16n8k128.row.col.kind.block_scale{.scale_vec_size}"
              ".f32.e2m1.e2m1.f32.stype d, a, b, c, e, f" + MMA_SEL,
              {".kind": [".kind::mxf4"], ".scale_vec_size": [".scale_vec::2X"], ".stype": [".ue8m0"]}),
    mma_block("sp:mxf8", "mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.kind.block_scale{.scale_vec_size}"
              ".f32.atype.btype.f32.stype d, a, b, c, e, f" + MMA_SEL,
              {".kind": [".kind::mxf8f6f4"], ".scale_vec_size": [".scale_vec::1X"], ".atype": MMA_F8F6F4,
               ".btype": MMA_F8F6F4, ".stype": [".ue8m0"]}),
    mma_block("sp:int8", f"{MMA_SPS}.shape.row.col{{.satfinite}}.s32.atype.btype.s32 d, a, b, c, e, f",
              {".spvariant": MMA_SP, ".shape": [".m16n8k32", ".m16n8k64"], ".atype": [".u8", ".s8"],
               ".btype": [".u8", ".s8"]}),
    mma_block("sp:int4", f"{MMA_SPS}.shape.row.col{{.satfinite}}.s32.atype.btype.s32 d, a, b, c, e, f",
              {".spvariant": MMA_SP, ".shape": [".m16n8k64", ".m16n8k128"], ".atype": [".u4", ".s4"],
               ".btype": [".u4", ".s4"]}),
]
