"""Conversions and address spaces (beside src/spec/conversion.cpp):
9.7.9.19 isspacep, 9.7.9.20 cvta, 9.7.9.21 cvt, 9.7.9.22 cvt.pack, 9.7.9.23
mapa, 9.7.9.24 getctarank."""
from ..model import A, Block, R


# --------------------------------------------------------------------------
# 9.7.9.19-9.7.9.24: isspacep, cvta, cvt, cvt.pack, mapa, getctarank.
# Transcribed from the manual's syntax blocks and prose. cvt's d and a take
# .dtype and .atype ("tdd", "tat"); the packed formats' operands are the
# bit-size registers the prose names ("d has .b16 type": "rr16"); {a, b, e,
# f} is written "abef" (four .f32, "v4f32").
# --------------------------------------------------------------------------

CVT_INTS = [".u8", ".u16", ".u32", ".u64", ".s8", ".s16", ".s32", ".s64"]
CVT_FLOATS = [".bf16", ".f16", ".f32", ".f64"]
CVT_BITS = {".u8": 8, ".u16": 16, ".u32": 32, ".u64": 64, ".s8": 8, ".s16": 16, ".s32": 32,
            ".s64": 64, ".bf16": 16, ".f16": 16, ".f32": 32, ".f64": 64}
# "cvt.rn.satfinite{.relu}.{e2m1x2/e2m3x2/e3m2x2/ue8m0x2}.f32 ... is supported on
# following architectures: sm_100a, sm_101a (sm_110a), sm_120a ... family-specific
# architectures from PTX ISA version 8.8: sm_100f, sm_101f (sm_110f), sm_120f".
CVT_FP4_TARGETS = ("specific", frozenset({"sm_100a", "sm_101a", "sm_110a", "sm_120a"}),
                   ((100, 110), (110, 120), (120, 130)), "8.8")
# ".rs rounding mode is supported on following architectures: sm_100a, sm_103a".
CVT_RS_TARGETS = ("specific", frozenset({"sm_100a", "sm_103a"}), (), "99.0")
# "cvt with .s2f6x2 instruction type is supported on ... sm_100a, sm_103a, sm_110a,
# sm_120a, sm_121a".
CVT_S2F6_TARGETS = ("specific", frozenset({"sm_100a", "sm_103a", "sm_110a", "sm_120a", "sm_121a"}),
                    (), "99.0")
# "... {.f16x2/.bf16x2} ... is supported on following family-specific architectures:
# sm_100f, sm_110f, sm_120f" (PTX ISA 9.1).
CVT_FAMILY_TARGETS = ("specific", frozenset(), ((100, 110), (110, 120), (120, 130)), "9.1")


def int_range(t):
    n = CVT_BITS[t]
    return (0, 2 ** n - 1) if t[1] == "u" else (-2 ** (n - 1), 2 ** (n - 1) - 1)


def cvt_scalar_rules(q, ops):
    d, a = q.get(".dtype"), q.get(".atype")
    if d is None or a is None:
        return []
    irnd, frnd = q.get(".irnd"), q.get(".frnd")
    di, ai = d in CVT_INTS, a in CVT_INTS
    out = []
    # Integer Notes: "Integer rounding is required for float-to-integer conversions,
    # and for same-size float-to-float conversions where the value is rounded to an
    # integer. Integer rounding is illegal in all other instances."
    if irnd:
        if di and ai or ai:
            out.append(("reject", "Integer rounding is illegal in all other instances."))
        elif not di and CVT_BITS[d] != CVT_BITS[a]:
            out.append(("reject", "Integer rounding ... for same-size float-to-float conversions"))
        elif not di and d != a:
            out.append((None, "same-size float-to-float of two types (.f16/.bf16) with integer "
                              "rounding: the manual allows it, ptxas 13.0 does not"))
    elif di and not ai:
        out.append(("reject", "Integer rounding is required for float-to-integer conversions"))
    # Floating Point Notes: "Floating-point rounding is required for float-to-float
    # conversions that result in loss of precision, and for integer-to-float
    # conversions. Floating-point rounding is illegal in all other instances."
    loss = not di and not ai and (CVT_BITS[d] < CVT_BITS[a] or (d, a) in ((".bf16", ".f16"),
                                                                         (".f16", ".bf16")))
    if frnd:
        if di:
            out.append(("reject", "Floating-point rounding is illegal in all other instances."))
        elif not ai and not loss:
            if a == ".bf16":
                out.append((None, "floating-point rounding on a widening conversion from .bf16: "
                                  "illegal by the prose, but the manual's example "
                                  "'cvt.f64.bf16.rp f, b;' uses one"))
            else:
                out.append(("reject", "Floating-point rounding is illegal in all other instances."))
    elif not di and (ai or (loss and CVT_BITS[d] < CVT_BITS[a])):
        out.append(("reject", "Floating-point rounding is required for float-to-float "
                              "conversions that result in loss of precision, and for "
                              "integer-to-float conversions."))
    elif not di and loss:
        out.append((None, ".f16 <-> .bf16 without rounding: 'Rounding modifier is mandatory "
                          "... when destination type is smaller than source type'; the sizes "
                          "are equal"))
    # "Modifier .ftz can only be specified when either .dtype or .atype is .f32"
    if q.get(".ftz") and ".f32" not in (d, a):
        out.append(("reject", "Modifier .ftz can only be specified when either .dtype or "
                              ".atype is .f32"))
    if q.get(".sat"):
        if di and ai:
            lo_d, hi_d = int_range(d)
            lo_a, hi_a = int_range(a)
            if lo_d <= lo_a and hi_a <= hi_d:
                out.append(("reject", "the .sat modifier is illegal in cases where saturation "
                                      "is not possible based on the source and destination types"))
        elif not di and d == ".bf16":
            out.append(("reject", "[.sat] Applies to .f16, .f32, and .f64 types."))
        elif a == ".bf16":
            out.append((None, ".sat with a .bf16 source: the manual does not say"))
    return out


def cvt_scalar_reqs(q, ops):
    d, a = q.get(".dtype"), q.get(".atype")
    r = [A("cvt", "1.0")]
    if ".f64" in (d, a):
        r.append(A("cvt .f64", "1.0", 13))
    if d == ".bf16" and a == ".f32":
        r.append(A(".bf16 destination", "7.0", 80))
    elif d == ".bf16":
        r.append(A("cvt.bf16.{ints/f16/f64/bf16}", "7.8", 90))
    if a == ".bf16" and d == ".f32":
        r.append(A("cvt.f32.bf16", "7.1", 80))
        if q.get(".ftz"):
            r.append(A(".ftz for cvt.f32.bf16", "7.8", 90))
    elif a == ".bf16" and d != ".bf16":
        r.append(A("cvt.{ints/f16/f64}.bf16", "7.8", 90))
    return r


def cvt_reqs(*items):
    """items: (feature, version, pred) or a function of q."""
    def reqs(q, ops):
        out = [A("cvt", "1.0")]
        for it in items:
            out += it(q) if callable(it) else [it]
        return out
    return reqs


CVT_SCALAR_SETS = {".irnd": [".rni", ".rzi", ".rmi", ".rpi"], ".frnd": [".rn", ".rz", ".rm", ".rp"],
                   ".dtype": CVT_INTS + CVT_FLOATS, ".atype": CVT_INTS + CVT_FLOATS}
CVT_DA = {"d": "cvtd", "a": "cvta"}
SATF_81 = lambda q: [A(".satfinite", "8.1", 0)] if q.get(".satfinite") else []
RELU_70 = lambda q: [A(".relu", "7.0", 80)] if q.get(".relu") else []
SPACES = [".const", ".global", ".local", ".shared", ".shared::cta", ".shared::cluster", ".param",
          ".param::entry"]


def space_reqs(base):
    # "isspacep.const / cvta.const introduced in PTX ISA version 3.1"; ".param ... 7.7"
    # (sm_70); "::cta and ::cluster ... 7.8" (::cta sm_30, ::cluster sm_90); "::entry ... 8.3".
    def reqs(q, ops):
        sp = q.get(".space")
        r = [A(base, "2.0", 20)]
        if sp == ".const":
            r.append(A(".const", "3.1"))
        if sp in (".param", ".param::entry"):
            r.append(A(".param", "7.7", 70))
        if sp == ".param::entry":
            r.append(A("::entry", "8.3"))
        if sp == ".shared::cta":
            r.append(A("::cta", "7.8", 30))
        if sp == ".shared::cluster":
            r.append(A("::cluster", "7.8", 90))
        return r
    return reqs


CONVERSION_BLOCKS = [
    # 9.7.9.21 cvt: the scalar lines
    Block("cvt", "irnd", "cvt{.irnd}{.ftz}{.sat}.dtype.atype d, a", CVT_SCALAR_SETS,
          rules=cvt_scalar_rules, reqs=cvt_scalar_reqs, kinds=CVT_DA),
    Block("cvt", "frnd", "cvt{.frnd}{.ftz}{.sat}.dtype.atype d, a", CVT_SCALAR_SETS,
          rules=cvt_scalar_rules, reqs=cvt_scalar_reqs, kinds=CVT_DA),
    # .f16 / .f16x2 / .bf16 / .bf16x2 from .f32
    Block("cvt", "f16", "cvt.frnd2{.relu}{.satfinite}.f16.f32 d, a", {".frnd2": [".rn", ".rz"]},
          reqs=cvt_reqs(RELU_70, SATF_81), kinds={"d": "w16d", "a": "w32"}),
    Block("cvt", "f16x2", "cvt.frnd2{.relu}{.satfinite}.f16x2.f32 d, a, b", {".frnd2": [".rn", ".rz"]},
          reqs=cvt_reqs(A(".f16x2", "7.0", 80), SATF_81), kinds={"d": "w32d", "a": "w32", "b": "w32"}),
    Block("cvt", "rs f16x2", "cvt.rs{.relu}{.satfinite}.f16x2.f32 d, a, b, rbits",
          reqs=cvt_reqs(R(".rs", "8.7", CVT_RS_TARGETS)),
          kinds={"d": "w32d", "a": "w32", "b": "w32", "rbits": "rr32"}),
    Block("cvt", "bf16", "cvt.frnd2{.relu}{.satfinite}.bf16.f32 d, a", {".frnd2": [".rn", ".rz"]},
          reqs=cvt_reqs(A(".bf16", "7.0", 80), SATF_81), kinds={"d": "rr16", "a": "r32"}),
    Block("cvt", "bf16x2", "cvt.frnd2{.relu}{.satfinite}.bf16x2.f32 d, a, b", {".frnd2": [".rn", ".rz"]},
          reqs=cvt_reqs(A(".bf16x2", "7.0", 80), SATF_81), kinds={"d": "rr32", "a": "r32", "b": "r32"}),
    Block("cvt", "rs bf16x2", "cvt.rs{.relu}{.satfinite}.bf16x2.f32 d, a, b, rbits",
          reqs=cvt_reqs(R(".rs", "8.7", CVT_RS_TARGETS)),
          kinds={"d": "rr32", "a": "r32", "b": "r32", "rbits": "rr32"}),
    # .tf32: "cvt.tf32.f32.{relu}.{rn/rz} introduced in PTX ISA version 7.8" (sm_90);
    # "cvt.{rn/rz}.satfinite.tf32.f32 introduced in PTX ISA version 8.6" (sm_100)
    Block("cvt", "tf32 rna", "cvt.rna{.satfinite}.tf32.f32 d, a",
          reqs=cvt_reqs(A(".tf32", "7.0", 80), SATF_81), kinds={"d": "rr32", "a": "r32"}),
    Block("cvt", "tf32", "cvt.frnd2{.satfinite}{.relu}.tf32.f32 d, a", {".frnd2": [".rn", ".rz"]},
          reqs=cvt_reqs(A("cvt.tf32.f32.{relu}.{rn/rz}", "7.8", 90),
                        lambda q: [A("cvt.{rn/rz}.satfinite.tf32.f32", "8.6", 100)]
                        if q.get(".satfinite") else []),
          kinds={"d": "rr32", "a": "r32"}),
    # fp8: "cvt with .e4m3x2/.e5m2x2 for sm_90 or higher introduced in PTX ISA version
    # 7.8" ("for sm_89 introduced in PTX ISA version 8.1"); "requires sm89 or higher"
    Block("cvt", "f8x2 from f32", "cvt.rn.satfinite{.relu}.f8x2type.f32 d, a, b",
          {".f8x2type": [".e4m3x2", ".e5m2x2"]},
          reqs=cvt_reqs(A("cvt .e4m3x2/.e5m2x2", "7.8", 89)),
          kinds={"d": "rr16", "a": "r32", "b": "r32"}),
    Block("cvt", "f8x2 from fp16x2", "cvt.rn.satfinite{.relu}.f8x2type.fp16x2 d, a",
          {".f8x2type": [".e4m3x2", ".e5m2x2"], ".fp16x2": [".f16x2", ".bf16x2"]},
          reqs=cvt_reqs(A("cvt .e4m3x2/.e5m2x2", "7.8", 89),
                        lambda q: [R("cvt.rn.satfinite{.relu}{.e5m2x2/.e4m3x2}{.bf16x2}", "9.1",
                                     CVT_FAMILY_TARGETS)] if q.get(".fp16x2") == ".bf16x2" else []),
          kinds={"d": "rr16", "a": "rr32"}),
    Block("cvt", "f16x2 from f8x2", "cvt.rn{.relu}.f16x2.f8x2type d, a",
          {".f8x2type": [".e4m3x2", ".e5m2x2"]},
          reqs=cvt_reqs(A("cvt .e4m3x2/.e5m2x2", "7.8", 89)), kinds={"d": "rr32", "a": "rr16"}),
    Block("cvt", "rs f8x4", "cvt.rs{.relu}.satfinite.f8x4type.f32 d, abef, rbits",
          {".f8x4type": [".e4m3x4", ".e5m2x4"]},
          reqs=cvt_reqs(R("cvt.rs .f8x4type", "8.7", CVT_RS_TARGETS)),
          kinds={"d": "rr32", "abef": "v4f32", "rbits": "rr32"}),
    # fp4 / fp6
    Block("cvt", "f4x2 from f32", "cvt.rn.satfinite{.relu}.f4x2type.f32 d, a, b",
          {".f4x2type": [".e2m1x2"]}, reqs=cvt_reqs(R(".e2m1x2", "8.6", CVT_FP4_TARGETS)),
          kinds={"d": "rr8", "a": "r32", "b": "r32"}),
    Block("cvt", "f4x2 from fp16x2", "cvt.rn.satfinite{.relu}.f4x2type.fp16x2type d, a",
          {".f4x2type": [".e2m1x2"], ".fp16x2type": [".f16x2", ".bf16x2"]},
          reqs=cvt_reqs(R("cvt.rn.satfinite{.relu}{.e2m1x2}{.f16x2/.bf16x2}", "9.1",
                          CVT_FAMILY_TARGETS)),
          kinds={"d": "rr8", "a": "rr32"}),
    Block("cvt", "f16x2 from f4x2", "cvt.rn{.relu}.f16x2.f4x2type d, a", {".f4x2type": [".e2m1x2"]},
          reqs=cvt_reqs(R(".e2m1x2", "8.6", CVT_FP4_TARGETS)), kinds={"d": "rr32", "a": "rr8"}),
    Block("cvt", "rs f4x4", "cvt.rs{.relu}.satfinite.f4x4type.f32 d, abef, rbits",
          {".f4x4type": [".e2m1x4"]}, reqs=cvt_reqs(R("cvt.rs .e2m1x4", "8.7", CVT_RS_TARGETS)),
          kinds={"d": "rr16", "abef": "v4f32", "rbits": "rr32"}),
    Block("cvt", "f6x2 from f32", "cvt.rn.satfinite{.relu}.f6x2type.f32 d, a, b",
          {".f6x2type": [".e2m3x2", ".e3m2x2"]}, reqs=cvt_reqs(R(".f6x2type", "8.6", CVT_FP4_TARGETS)),
          kinds={"d": "rr16", "a": "r32", "b": "r32"}),
    Block("cvt", "f6x2 from fp16x2", "cvt.rn.satfinite{.relu}.f6x2type.fp16x2type d, a",
          {".f6x2type": [".e2m3x2", ".e3m2x2"], ".fp16x2type": [".f16x2", ".bf16x2"]},
          reqs=cvt_reqs(R("cvt.rn.satfinite{.relu}{.e2m3x2/.e3m2x2}{.f16x2/.bf16x2}", "9.1",
                          CVT_FAMILY_TARGETS)),
          kinds={"d": "rr16", "a": "rr32"}),
    Block("cvt", "f16x2 from f6x2", "cvt.rn{.relu}.f16x2.f6x2type d, a",
          {".f6x2type": [".e2m3x2", ".e3m2x2"]},
          reqs=cvt_reqs(R(".f6x2type", "8.6", CVT_FP4_TARGETS)), kinds={"d": "rr32", "a": "rr16"}),
    Block("cvt", "rs f6x4", "cvt.rs{.relu}.satfinite.f6x4type.f32 d, abef, rbits",
          {".f6x4type": [".e2m3x4", ".e3m2x4"]},
          reqs=cvt_reqs(R("cvt.rs .f6x4type", "8.7", CVT_RS_TARGETS)),
          kinds={"d": "rr32", "abef": "v4f32", "rbits": "rr32"}),
    # .ue8m0x2: ".frnd3 = { .rz, .rp }"
    Block("cvt", "ue8m0x2 from f32", "cvt.frnd3{.satfinite}.ue8m0x2.f32 d, a, b",
          {".frnd3": [".rz", ".rp"]}, reqs=cvt_reqs(R(".ue8m0x2", "8.6", CVT_FP4_TARGETS)),
          kinds={"d": "rr16", "a": "r32", "b": "r32"}),
    Block("cvt", "ue8m0x2 from bf16x2", "cvt.frnd3{.satfinite}.ue8m0x2.bf16x2 d, a",
          {".frnd3": [".rz", ".rp"]}, reqs=cvt_reqs(R(".ue8m0x2", "8.6", CVT_FP4_TARGETS)),
          kinds={"d": "rr16", "a": "rr32"}),
    Block("cvt", "bf16x2 from ue8m0x2", "cvt.rn.bf16x2.ue8m0x2 d, a",
          reqs=cvt_reqs(R(".ue8m0x2", "8.6", CVT_FP4_TARGETS)), kinds={"d": "rr32", "a": "rr16"}),
    # .s2f6x2 (PTX ISA 9.1); scale-factor only with .scaled::n2::ue8m0 ("must be used together")
    Block("cvt", "s2f6x2 from f32",
          "cvt.rn.satfinite{.relu}{.scaled::n2::ue8m0}.s2f6x2.f32 d, a, b{, scale-factor}",
          reqs=cvt_reqs(R(".s2f6x2", "9.1", CVT_S2F6_TARGETS)),
          kinds={"d": "rr16", "a": "r32", "b": "r32", "scale-factor": "rr16"}),
    Block("cvt", "bf16x2 from s2f6x2",
          "cvt.rn{.satfinite}{.relu}{.scaled::n2::ue8m0}.bf16x2.s2f6x2 d, a{, scale-factor}",
          reqs=cvt_reqs(R(".s2f6x2", "9.1", CVT_S2F6_TARGETS)),
          kinds={"d": "rr32", "a": "rr16", "scale-factor": "rr16"}),
    # 9.7.9.22 cvt.pack
    Block("cvt.pack", "", "cvt.pack.sat.convertType.abType d, a, b",
          {".convertType": [".u16", ".s16"], ".abType": [".s32"]},
          reqs=lambda q, ops: [A("cvt.pack", "6.5", 72)], kinds={"d": "r32", "a": "r32", "b": "r32"}),
    Block("cvt.pack", "cType", "cvt.pack.sat.convertType.abType.cType d, a, b, c",
          {".convertType": [".u2", ".s2", ".u4", ".s4", ".u8", ".s8"], ".abType": [".s32"],
           ".cType": [".b32"]},
          reqs=lambda q, ops: [A("cvt.pack", "6.5", 72)] + (
              [A("sub-byte types", "6.5", 75)] if q.get(".convertType") in (".u2", ".s2", ".u4", ".s4")
              else []),
          kinds={"d": "r32", "a": "r32", "b": "r32", "c": "r32"}),
    # 9.7.9.19 isspacep, 9.7.9.20 cvta
    Block("isspacep", "", "isspacep.space p, a", {".space": SPACES}, reqs=space_reqs("isspacep"),
          kinds={"p": "pplain", "a": "r64"}),
    Block("cvta", "", "cvta.space.size p, a", {".space": SPACES, ".size": [".u32", ".u64"]},
          reqs=space_reqs("cvta"), kinds={"p": "tszd", "a": "tsz"}),
    Block("cvta", "to", "cvta.to.space.size p, a", {".space": SPACES, ".size": [".u32", ".u64"]},
          reqs=space_reqs("cvta.to"), kinds={"p": "tszd", "a": "tsz"}),
    # 9.7.9.23 mapa, 9.7.9.24 getctarank: PTX ISA 7.8, sm_90
    Block("mapa", "", "mapa{.space}.type d, a, b", {".space": [".shared::cluster"],
                                                    ".type": [".u32", ".u64"]},
          reqs=lambda q, ops: [A("mapa", "7.8", 90)], kinds={"d": "td", "a": "t", "b": "u32"}),
    Block("getctarank", "", "getctarank{.space}.type d, a", {".space": [".shared::cluster"],
                                                             ".type": [".u32", ".u64"]},
          reqs=lambda q, ops: [A("getctarank", "7.8", 90)], kinds={"d": "u32d", "a": "t"}),
]
