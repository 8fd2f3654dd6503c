"""Textures and surfaces (beside src/spec/texture_surface.cpp): 9.7.11
suld, sust, sured, suq, 9.7.10.5 txq, 9.7.10.6 istypep, 9.7.10.3 tex and
9.7.10.4 tld4."""
from ..model import A, Block, arith_reqs


# --- 9.7.11 surface instructions and 9.7.10.5 txq, 9.7.10.6 istypep. "Operand
# b is a scalar or singleton tuple for 1d surfaces; is a two-element vector
# for 2d surfaces; and is a four-element vector for 3d surfaces"; "For 1d
# surface arrays, operand b has type .v2.b32 ... For 2d surface arrays,
# operand b has type .v4.b32". The data type slot (.dtype, .ctype in the
# manual) is written .type here, so that the data operand takes its size.
SURF_COORDS = {".1d": 1, ".2d": 2, ".3d": 4, ".a1d": 2, ".a2d": 4}
# "For compatibility with prior versions of PTX ... .v4 coordinate vectors
# are allowed for any geometry" (9.7.10.3 Notes; ptxas applies it to surfaces).
SURF_COUNTS = {".1d": (1, 2, 4), ".2d": (2, 4), ".3d": (4,), ".a1d": (2, 4), ".a2d": (4,)}
SURF_TYPES = [".b8", ".b16", ".b32", ".b64"]
CLAMP = [".trap", ".clamp", ".zero"]


def surf_vec_rule(q, ops):
    if q.get(".vec") == ".v4" and q.get(".type") == ".b64":
        return [("reject", "Vectors cannot exceed 128-bits in length (5.4.2)")]
    return []


def sured_rule(q, ops):
    table = ({".add": {".u32", ".u64", ".s32"}, ".min": {".u32", ".s32", ".u64", ".s64"},
              ".max": {".u32", ".s32", ".u64", ".s64"}, ".and": {".b32"}, ".or": {".b32"}}
             if q.get(".b") else
             {".add": {".b32"}, ".min": {".b32", ".b64"}, ".max": {".b32", ".b64"}, ".and": {".b32"},
              ".or": {".b32"}})
    op, ty = q.get(".op"), q.get(".type")
    if op in table and ty and ty not in table[op]:
        return [("reject", "Operation add applies to .u32, .u64, and .s32 types; min and max apply to "
                           ".u32, .s32, .u64 and .s64 types; operations and and or apply to .b32 type; "
                           "The instruction type .b64 is restricted to min and max operations")]
    return []


def sured_reqs(q, ops):
    r = [A("sured", "2.0", 20)]
    if q.get(".op") in (".min", ".max") and q.get(".type") in (".u64", ".s64", ".b64"):
        r.append(A(".u64/.s64/.b64 with .min/.max", "8.1", 50))
    return r


SURFACE_BLOCKS = [
    # 9.7.11.1 "suld.b.geom{.cop}.vec.dtype.clamp d, [a, b]"; ".vec = { none, .v2, .v4 }"
    Block("suld", "", "suld.b.geom{.cop}{.vec}.type.clamp d, [a, b]",
          {".geom": list(SURF_COORDS), ".cop": [".ca", ".cg", ".cs", ".cv"], ".vec": [".v2", ".v4"],
           ".type": SURF_TYPES, ".clamp": CLAMP},
          rules=surf_vec_rule, reqs=arith_reqs(("suld.b", "1.5", 0)),
          kinds={"d": "wdata", "a, b": "surfaddr"}),
    # 9.7.11.2 "sust.b.{1d,2d,3d}{.cop}.vec.ctype.clamp [a, b], c"; "sust.b.{a1d,a2d}..."
    Block("sust", "b", "sust.b.geom{.cop}{.vec}.type.clamp [a, b], c",
          {".geom": list(SURF_COORDS), ".cop": [".wb", ".cg", ".cs", ".wt"], ".vec": [".v2", ".v4"],
           ".type": SURF_TYPES, ".clamp": CLAMP},
          rules=surf_vec_rule, reqs=arith_reqs(("sust.b", "1.5", 0)),
          kinds={"c": "wdata", "a, b": "surfaddr"}),
    # "sust.p.{1d,2d,3d}.vec.b32.clamp [a, b], c"
    Block("sust", "p", "sust.p.geom{.vec}.b32.clamp [a, b], c",
          {".geom": [".1d", ".2d", ".3d"], ".vec": [".v2", ".v4"], ".clamp": CLAMP},
          reqs=arith_reqs(("sust.p", "2.0", 20)), kinds={"c": "data", "a, b": "surfaddr"}),
    # 9.7.11.3 "sured.b.op.geom.ctype.clamp [a,b],c"; "sured.p.op.geom.ctype.clamp [a,b],c"
    Block("sured", "b", "sured.b.op.geom.type.clamp [a, b], c",
          {".op": [".add", ".min", ".max", ".and", ".or"], ".geom": [".1d", ".2d", ".3d"],
           ".type": [".u32", ".u64", ".s32", ".b32", ".s64"], ".clamp": CLAMP},
          rules=sured_rule, reqs=sured_reqs, kinds={"c": "t", "a, b": "surfaddr"}),
    Block("sured", "p", "sured.p.op.geom.type.clamp [a, b], c",
          {".op": [".add", ".min", ".max", ".and", ".or"], ".geom": [".1d", ".2d", ".3d"],
           ".type": [".b32", ".b64"], ".clamp": CLAMP},
          rules=sured_rule, reqs=sured_reqs, kinds={"c": "t", "a, b": "surfaddr"}),
    # 9.7.11.4 "suq.query.b32 d, [a]"
    Block("suq", "", "suq.query.b32 d, [a]",
          {".query": [".width", ".height", ".depth", ".channel_data_type", ".channel_order",
                      ".array_size", ".memory_layout"]},
          reqs=arith_reqs(("suq", "1.5", 0)), kinds={"d": "u32d", "a": "surfref"}),
    # 9.7.10.5 "txq.tquery.b32 d, [a]"; "txq.level.tlquery.b32 d, [a], lod"
    Block("txq", "", "txq.tquery.b32 d, [a]",
          {".tquery": [".width", ".height", ".depth", ".channel_data_type", ".channel_order",
                       ".normalized_coords", ".array_size", ".num_mipmap_levels", ".num_samples"]},
          reqs=arith_reqs(("txq", "1.5", 0)), kinds={"d": "u32d", "a": "texref"}),
    Block("txq", "level", "txq.level.tlquery.b32 d, [a], lod",
          {".tlquery": [".width", ".height", ".depth"]},
          reqs=arith_reqs(("txq.level", "4.3", 30)), kinds={"d": "u32d", "a": "texref", "lod": "s32"}),
    # 9.7.10.6 "istypep.type p, a"; "the source address operand must be of type .u64"
    Block("istypep", "", "istypep.type p, a", {".type": [".texref", ".samplerref", ".surfref"]},
          reqs=arith_reqs(("istypep", "4.0", 30)), kinds={"p": "pplain", "a": "r64"}),
]

# --- 9.7.10.3 tex, 9.7.10.4 tld4. "Operand c is a scalar or singleton tuple
# for 1d textures; is a two-element vector for 2d textures; and is a
# four-element vector for 3d textures"; a1d ".v2.b32", a2d, cube, acube, 2dms,
# a2dms ".v4" (the first element of an array's c is a .u32 index); "For
# compatibility with prior versions of PTX ... .v4 coordinate vectors are
# allowed for any geometry" (Notes). Offsets e: "a singleton tuple for 1d
# textures; is a two element vector 2d textures; and is four-element vector
# for 3d textures", ".v2.s32" for 2dms, a2dms. Gradients: "singletons for 1d
# and a1d textures; are two-element vectors for 2d and a2d textures; and are
# four-element vectors for 3d, cube and acube textures". The destination
# predicate d|p is not generated.
TEX_COORDS = {".1d": 1, ".2d": 2, ".3d": 4, ".a1d": 2, ".a2d": 4, ".cube": 4, ".acube": 4,
              ".2dms": 4, ".a2dms": 4}
TEX_COUNTS = {g: tuple(n for n in (1, 2, 4) if n >= c) for g, c in TEX_COORDS.items()}
TEX_ARRAYS = (".a1d", ".a2d", ".acube")
TEX_OFFSETS = {".1d": (1, 2, 4), ".a1d": (1, 2, 4), ".2d": (2, 4), ".a2d": (2, 4), ".2dms": (2, 4),
               ".a2dms": (2, 4), ".3d": (4,)}
TEX_GRADS = {".1d": (1,), ".a1d": (1,), ".2d": (2,), ".a2d": (2,), ".3d": (4,), ".cube": (4,),
             ".acube": (4,)}
TEX_GEOMS = list(TEX_COORDS)


def tex_mode(q):
    """The mipmap mode, written as the block's literal .base/.level/.grad."""
    return next((m for m in (".base", ".level", ".grad") if q.get(m)), None)


def tex_rule(q, ops):
    geom, ctype, mode = q.get(".geom"), q.get(".ctype"), tex_mode(q)
    r = []
    if geom in (".cube", ".acube") and ctype != ".f32":
        r.append(("reject", ".cube, .acube require .f32"))
    if geom in (".2dms", ".a2dms") and ctype != ".s32":
        r.append(("reject", ".2dms, .a2dms require .s32"))
    if "e" in ops and geom in (".cube", ".acube"):
        r.append(("reject", "Offset vector operand e is not supported for cubemap textures"))
    if "f" in ops and geom in (".3d", ".2dms", ".a2dms"):
        r.append(("reject", "Depth compare operand is not supported for 3d textures; ... not "
                            "supported for multi-sample textures"))
    if "f" in ops and ctype != ".f32":
        r.append(("reject", "When using depth compare operand, the elements in texture coordinate "
                            "vector c have .f32 type"))
    if mode in (".level", ".grad") and geom in (".2dms", ".a2dms"):
        r.append(("reject", "Geometries .2dms and .a2dms are not supported in this mode"))
    return r


def tex_reqs(q, ops):
    geom = q.get(".geom")
    r = [A("tex", "1.0")]
    if geom in (".a1d", ".a2d"):
        r.append(A("tex.{a1d,a2d}", "2.3"))
    if geom in (".cube", ".acube"):
        r.append(A("cubemaps", "3.0", 20 if geom == ".acube" else 0))
    if geom in (".2dms", ".a2dms"):
        r.append(A("multi-sample textures", "3.2", 30))
    if tex_mode(q):
        r.append(A("mipmaps", "3.1", 20))
    if tex_mode(q) == ".grad" and geom in (".cube", ".acube"):
        r.append(A("tex.grad.{cube, acube}", "4.3", 20))
    if q.get(".dtype") in (".f16", ".f16x2"):
        r.append(A(".f16 and .f16x2 data", "4.2", 53))
    if "e" in ops:
        r.append(A("offset vector operand", "4.3", 30))
    if "f" in ops:
        r.append(A("depth compare operand", "4.3", 30))
    return r


TEXK = {"d": "texdst", "a, c": "texaddr", "e": "texoff", "f": "depth", "lod": "tct",
        "dPdx": "texgrad", "dPdy": "texgrad"}
TEX_SETS = {".geom": TEX_GEOMS, ".dtype": [".u32", ".s32", ".f16", ".f32"], ".ctype": [".s32", ".f32"]}
TEXTURE_BLOCKS = [
    Block("tex", "v4", "tex.geom.v4.dtype.ctype d, [a, c] {, e} {, f}", TEX_SETS,
          rules=tex_rule, reqs=tex_reqs, kinds=TEXK),
    Block("tex", "v2 f16x2", "tex.geom.v2.f16x2.ctype d, [a, c] {, e} {, f}", TEX_SETS,
          rules=tex_rule, reqs=tex_reqs, kinds=TEXK),
    Block("tex", "base", "tex.base.geom.v4.dtype.ctype d, [a, c] {, e} {, f}", TEX_SETS,
          rules=tex_rule, reqs=tex_reqs, kinds=TEXK),
    Block("tex", "level", "tex.level.geom.v4.dtype.ctype d, [a, c], lod {, e} {, f}", TEX_SETS,
          rules=tex_rule, reqs=tex_reqs, kinds=TEXK),
    Block("tex", "grad", "tex.grad.geom.v4.dtype.ctype d, [a, c], dPdx, dPdy {, e} {, f}", TEX_SETS,
          rules=tex_rule, reqs=tex_reqs, kinds=TEXK),
    # 9.7.10.4 "tld4.comp.2d.v4.dtype.f32 d[|p], [a, c] {, e} {, f}"
    Block("tld4", "", "tld4.comp.geom.v4.dtype.ctype d, [a, c] {, e} {, f}",
          {".comp": [".r", ".g", ".b", ".a"], ".geom": [".2d", ".a2d", ".cube", ".acube"],
           ".dtype": [".u32", ".s32", ".f32"], ".ctype": [".f32"]},
          rules=tex_rule,
          reqs=lambda q, ops: ([A("tld4", "2.2", 20)]
                               + ([A("tld4.{a2d,cube,acube}", "4.3", 30)] if q.get(".geom") != ".2d" else [])
                               + ([A("offset vector operand", "4.3", 30)] if "e" in ops else [])
                               + ([A("depth compare operand", "4.3", 30)] if "f" in ops else [])),
          kinds=TEXK),
]
