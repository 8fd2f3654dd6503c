"""Warp-level matrix instructions (beside src/spec/warp_matrix.cpp):
9.7.14.5.15-17 ldmatrix, stmatrix, movmatrix, and 9.7.14.4 wmma.load,
wmma.store, wmma.mma with the fragments of 9.7.14.4.1."""
from ..model import Block, R


# --- 9.7.14.5.15-17 ldmatrix, stmatrix, movmatrix (warp-level matrix).
# "The destination operand r is a brace-enclosed vector expression consisting
# of 1, 2, or 4 32-bit registers as per the value of .num"; for .m16n16 "two
# destination registers r0 and r1 of type .b32" per matrix.
MX_NUM = [".x1", ".x2", ".x4"]
MX_SS = [".shared", ".shared::cta"]
# "Shapes .m16n16, .m8n16 are supported on following architectures: sm_100a,
# sm_101a (Renamed to sm_110a ...), sm_120a; And are supported on following
# family-specific architectures from PTX ISA version 8.8: sm_100f ..., sm_101f
# ... (sm_110f), sm_120f or higher in the same family".
MX_BLACKWELL = ("specific", frozenset({"sm_100a", "sm_101a", "sm_110a", "sm_120a"}),
                ((100, 110), (110, 120), (120, 130)), "8.8")


def mx_shape(q):
    return q.get(".shape") or next((s for s in (".m8n16", ".m16n16") if q.get(s)), None)


def mx_count(q):
    shape, num = mx_shape(q), q.get(".num")
    if shape is None or num is None:
        return None
    return int(num[2:]) * (2 if shape == ".m16n16" else 1)


def mx_rules(q, ops):
    shape, ty, out = mx_shape(q), q.get(".type"), []
    # "Following table shows the matrix load case for each .shape": .m8n8
    # 16-bit, .m16n16 8-bit (or 6/4-bit with the formats), .m16n8 (stmatrix)
    # "valid only for .b8 type".
    if ty and shape in (".m8n8",) and ty != ".b16":
        out.append(("reject", ".m8n8 | 8x8 | 16-bit element size"))
    if ty and shape in (".m16n16", ".m16n8") and ty != ".b8":
        out.append(("reject", f"{shape} holds 8-bit elements (.b8)"))
    if shape == ".m16n16" and q.get(".num") == ".x4":
        out.append(("reject", "When .shape is .m16n16, only .x1 and .x2 are valid values for .num."))
    if shape in (".m16n16", ".m16n8") and not q.get(".trans"):
        out.append(("reject", "for 16x16 (16x8) matrices, .trans is mandatory"))
    return out


def mx_reqs(opcode, version, sm):
    def reqs(q, ops):
        r = [R(opcode, version, ("min", sm))]
        if q.get(".ss") == ".shared::cta":
            r.append(R("::cta", "7.8", ("min", sm)))
        shape = mx_shape(q)
        if shape in (".m16n16", ".m8n16", ".m16n8"):
            r.append(R(shape, "8.6", MX_BLACKWELL))
        if q.get(".type") == ".b8":
            r.append(R(".b8", "8.6", MX_BLACKWELL))
        if q.get(".src_fmt"):
            r.append(R(".src_fmt", "8.6", MX_BLACKWELL))
        return r
    return reqs


MX_KINDS = {"r": "mfrag", "p": "addr"}
MATRIX_BLOCKS = [
    Block("ldmatrix", "shape", "ldmatrix.sync.aligned.shape.num{.trans}{.ss}.type r, [p]",
          {".shape": [".m8n8", ".m16n16"], ".num": MX_NUM, ".ss": MX_SS, ".type": [".b16", ".b8"]},
          rules=mx_rules, reqs=mx_reqs("ldmatrix", "6.5", 75), kinds=MX_KINDS),
    Block("ldmatrix", "m8n16", "ldmatrix.sync.aligned.m8n16.num{.ss}.dst_fmt.src_fmt r, [p]",
          {".num": MX_NUM, ".ss": MX_SS, ".dst_fmt": [".b8x16"], ".src_fmt": [".b6x16_p32", ".b4x16_p64"]},
          rules=mx_rules, reqs=mx_reqs("ldmatrix", "6.5", 75), kinds=MX_KINDS),
    Block("ldmatrix", "m16n16 formats", "ldmatrix.sync.aligned.m16n16.num.trans{.ss}.dst_fmt.src_fmt r, [p]",
          {".num": MX_NUM, ".ss": MX_SS, ".dst_fmt": [".b8x16"], ".src_fmt": [".b6x16_p32", ".b4x16_p64"]},
          rules=mx_rules, reqs=mx_reqs("ldmatrix", "6.5", 75), kinds=MX_KINDS),
    Block("stmatrix", "", "stmatrix.sync.aligned.shape.num{.trans}{.ss}.type [p], r",
          {".shape": [".m8n8", ".m16n8"], ".num": MX_NUM, ".ss": MX_SS, ".type": [".b16", ".b8"]},
          rules=mx_rules, reqs=mx_reqs("stmatrix", "7.8", 90), kinds=MX_KINDS),
    Block("movmatrix", "", "movmatrix.sync.aligned.shape.trans.type d, a",
          {".shape": [".m8n8"], ".type": [".b16"]},
          reqs=lambda q, ops: [R("movmatrix", "7.8", ("min", 75))], kinds={"d": "mreg", "a": "mreg"}),
]

# --- 9.7.14.4 wmma.load, wmma.store, wmma.mma (9.7.14.4.1 Matrix Fragments for WMMA).
WM_F16_SHAPES = [".m16n16k16", ".m8n32k16", ".m32n8k16"]
# (shape, type) -> registers of A and of B ("A vector expression of eight .f16x2
# registers", "... two .b32 registers", ...); all 32-bit except .f64.
WM_AB = {}
for _s in WM_F16_SHAPES:
    WM_AB[(_s, ".f16")] = (8, 8)
WM_AB.update({(".m16n16k16", ".s8"): (2, 2), (".m16n16k16", ".u8"): (2, 2),
              (".m8n32k16", ".s8"): (1, 4), (".m8n32k16", ".u8"): (1, 4),
              (".m32n8k16", ".s8"): (4, 1), (".m32n8k16", ".u8"): (4, 1),
              (".m16n16k16", ".bf16"): (4, 4), (".m8n32k16", ".bf16"): (2, 8), (".m32n8k16", ".bf16"): (8, 2),
              (".m16n16k8", ".tf32"): (4, 4), (".m8n8k4", ".f64"): (1, 1),
              (".m8n8k32", ".s4"): (1, 1), (".m8n8k32", ".u4"): (1, 1), (".m8n8k128", ".b1"): (1, 1)})


def wm_acc(shape, ty):
    """C or D: four .f16x2, eight .f32, eight .s32 (two for .m8n8k32/.m8n8k128);
    .f64: the manual says one register, ptxas 13.0 and nvcc use two."""
    if ty == ".f16":
        return 4
    if ty == ".f32":
        return 8
    if ty == ".s32":
        return 2 if shape in (".m8n8k32", ".m8n8k128") else 8
    if ty == ".f64":
        return 2
    return None


def wm_shape(q):
    return q.get(".shape") or next((s for s in (".m8n8k128",) if q.get(s)), None)


def wm_frag(which, q):
    """-> (element bits, count) of fragment `which` (a, b, c, d) or None."""
    shape = wm_shape(q)
    if which in ("a", "b"):
        ty = q.get(".atype" if which == "a" else ".btype") or (".f16" if q.get(".ctype") and not q.get(".atype") else None)
        if q.get(".b1"):
            ty = ".b1"
        ab = WM_AB.get((shape, ty))
        if ab is None:
            return None
        return (64 if ty == ".f64" else 32, ab[0] if which == "a" else ab[1])
    ty = q.get({"c": ".ctype", "d": ".dtype"}[which]) or q.get(".type")
    if ty is None and q.get(".s32"):
        ty = ".s32"
    if ty is None and q.get(".f64"):
        ty = ".f64"
    if ty is None and q.get(".f32"):
        ty = ".f32"
    n = wm_acc(shape, ty)
    return None if n is None else (64 if ty == ".f64" else 32, n)


def wm_kind(which):
    return "wm" + which


def wm_reqs(q, ops):
    types = {q.get(s) for s in (".atype", ".btype", ".ctype", ".dtype", ".type")}
    types |= {k for k in (".b1", ".s32", ".f64") if q.get(k)}
    shape = wm_shape(q)
    r = [R("wmma", "6.0", ("min", 70))]
    if shape in (".m8n32k16", ".m32n8k16"):
        r.append(R(shape, "6.1", ("min", 70)))
    if types & {".s8", ".u8", ".s32"}:
        r.append(R("integer wmma", "6.3", ("min", 72)))
    if types & {".s4", ".u4", ".b1"} or shape in (".m8n8k32", ".m8n8k128"):
        r.append(R("sub-byte/single-bit wmma", "6.3", ("min", 75)))
    if types & {".bf16", ".tf32", ".f64"} or shape in (".m8n8k4", ".m16n16k8"):
        r.append(R("double/alternate precision wmma", "7.0", ("min", 80)))
    if q.get(".op") == ".and":
        r.append(R(".and", "7.1", ("min", 80)))
    if q.get(".ss") == ".shared::cta":
        r.append(R("::cta", "7.8", ("min", 70)))
    return r


def wm_same_type(q, ops):
    # the manual's examples and ptxas: the multiplicands have one type
    if q.get(".atype") and q.get(".btype") and q[".atype"] != q[".btype"]:
        return [(None, ".atype and .btype differ (the manual shows none; ptxas refuses them)")]
    return []


WM_SS = [".global", ".shared", ".shared::cta"]
WM_LOAD_KINDS = {"r": None, "p": "addr", "stride": "r32"}


def wm_load(which, syntax, sets):
    return Block("wmma.load." + which, "", syntax, dict(sets, **{".ss": WM_SS}), reqs=wm_reqs,
                 kinds=dict(WM_LOAD_KINDS, r=wm_kind(which)))


WM_LOAD = []
for _label, _shapes, _at, _ct, _al, _bl in [
        ("f16", WM_F16_SHAPES, [".f16", ".s8", ".u8"], [".f16", ".f32", ".s32"], ".layout", ".layout"),
        ("bf16", WM_F16_SHAPES, [".bf16"], [".f32"], ".layout", ".layout"),
        ("tf32", [".m16n16k8"], [".tf32"], [".f32"], ".layout", ".layout"),
        ("f64", [".m8n8k4"], [".f64"], [".f64"], ".layout", ".layout"),
        ("sub-byte", [".m8n8k32"], [".s4", ".u4"], [".s32"], ".row", ".col"),
        ("single-bit", [".m8n8k128"], [".b1"], [".s32"], ".row", ".col")]:
    _sets = {".layout": [".row", ".col"], ".shape": _shapes, ".atype": _at, ".btype": _at, ".ctype": _ct}
    WM_LOAD += [
        wm_load("a", f"wmma.load.a.sync.aligned{_al}.shape{{.ss}}.atype r, [p] {{, stride}}", _sets),
        wm_load("b", f"wmma.load.b.sync.aligned{_bl}.shape{{.ss}}.btype r, [p] {{, stride}}", _sets),
        wm_load("c", "wmma.load.c.sync.aligned.layout.shape{.ss}.ctype r, [p] {, stride}", _sets)]
WM_STORE = [Block("wmma.store.d", "", "wmma.store.d.sync.aligned.layout.shape{.ss}.type [p], r {, stride}",
                  {".layout": [".row", ".col"], ".shape": sh, ".ss": WM_SS, ".type": ty}, reqs=wm_reqs,
                  kinds={"p": "addr", "r": "wmc", "stride": "r32"})
            for sh, ty in [(WM_F16_SHAPES, [".f16", ".f32", ".s32"]), ([".m8n8k32", ".m8n8k128"], [".s32"]),
                           ([".m16n16k8"], [".f32"]), ([".m8n8k4"], [".f64"])]]
WM_MMA_KINDS = {"d": "wmd", "a": "wma", "b": "wmb", "c": "wmc"}
WL = {".alayout": [".row", ".col"], ".blayout": [".row", ".col"]}
WM_MMA = [
    Block("wmma.mma", "f16", "wmma.mma.sync.aligned.alayout.blayout.shape.dtype.ctype d, a, b, c",
          dict(WL, **{".shape": WM_F16_SHAPES, ".dtype": [".f16", ".f32"], ".ctype": [".f16", ".f32"]}),
          reqs=wm_reqs, kinds=WM_MMA_KINDS),
    Block("wmma.mma", "int", "wmma.mma.sync.aligned.alayout.blayout.shape.s32.atype.btype.s32{.satfinite} d, a, b, c",
          dict(WL, **{".shape": WM_F16_SHAPES, ".atype": [".s8", ".u8"], ".btype": [".s8", ".u8"]}),
          rules=wm_same_type, reqs=wm_reqs, kinds=WM_MMA_KINDS),
    Block("wmma.mma", "bf16", "wmma.mma.sync.aligned.alayout.blayout.shape.f32.atype.btype.f32 d, a, b, c",
          dict(WL, **{".shape": WM_F16_SHAPES, ".atype": [".bf16"], ".btype": [".bf16"]}),
          reqs=wm_reqs, kinds=WM_MMA_KINDS),
    Block("wmma.mma", "tf32", "wmma.mma.sync.aligned.alayout.blayout.shape.f32.atype.btype.f32 d, a, b, c",
          dict(WL, **{".shape": [".m16n16k8"], ".atype": [".tf32"], ".btype": [".tf32"]}),
          reqs=wm_reqs, kinds=WM_MMA_KINDS),
    Block("wmma.mma", "f64", "wmma.mma.sync.aligned.alayout.blayout.shape{.rnd}.f64.f64.f64.f64 d, a, b, c",
          dict(WL, **{".shape": [".m8n8k4"], ".rnd": [".rn", ".rz", ".rm", ".rp"]}),
          reqs=wm_reqs, kinds=WM_MMA_KINDS),
    Block("wmma.mma", "sub-byte", "wmma.mma.sync.aligned.row.col.shape.s32.atype.btype.s32{.satfinite} d, a, b, c",
          {".shape": [".m8n8k32"], ".atype": [".s4", ".u4"], ".btype": [".s4", ".u4"]},
          rules=wm_same_type, reqs=wm_reqs, kinds=WM_MMA_KINDS),
    Block("wmma.mma", "single-bit", "wmma.mma.op.popc.sync.aligned.row.col.shape.s32.atype.btype.s32 d, a, b, c",
          {".shape": [".m8n8k128"], ".atype": [".b1"], ".btype": [".b1"], ".op": [".xor", ".and"]},
          reqs=wm_reqs, kinds=WM_MMA_KINDS),
]
WMMA_BLOCKS = WM_LOAD + WM_STORE + WM_MMA
