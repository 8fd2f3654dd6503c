"""Operands: making an operand of each kind the blocks name (gen_operand,
build_operands) and whether an operand fits a kind (operand_fits), with the
types an operand takes from the instruction (9.4)."""
import re

from .blocks.mma import mma_frag
from .blocks.tensor_copy import i2c_count, tcoords_count
from .blocks.texture_surface import (SURF_COORDS, SURF_COUNTS, TEX_ARRAYS, TEX_COORDS, TEX_COUNTS,
                                     TEX_GRADS, TEX_OFFSETS)
from .blocks.warp_matrix import mx_count, wm_frag
from .blocks.warpgroup_matrix import wg_accumulator
from .model import TIES, TYPE_BITS, agrees, imm_fits, wide_of


# Operands: ("addr",) ("reg", bits) with bits 8/16/32/64/"pred", ("imm", value),
# ("vec", bits, count), ("tensor", coordinates, bits).


def is_integer_text(text):
    """An integer constant as PTX writes it (4.5.1): 42, -1, 0x10, 0b101, 017, 5U."""
    t = text.lstrip("-").rstrip("Uu")
    try:
        int(t, 0)
        return True
    except ValueError:
        return t.isdigit()


def gen_operand(kind, name, q, imm=None):
    """An operand of `kind` for the manual's operand `name`, qualifier values q
    (imm: the value an immset operand takes)."""
    if kind == "addr":
        return ("addr",)
    if kind in ("r16", "r32", "r64", "r128"):
        return ("reg", int(kind[1:]))
    if kind in ("rr8", "rr16", "rr32"):
        return ("reg", int(kind[2:]))
    if kind in ("w16d", "w32d", "w32"):
        return ("reg", int(kind[1:3]))
    if kind in ("cvtd", "cvta"):
        return ("reg", TYPE_BITS.get(q.get(".dtype" if kind == "cvtd" else ".atype"), 32))
    if kind == "v4f32":
        return ("vec", 32, 4)
    if kind == "pred":
        return ("reg", "pred")
    if kind == "imm":
        return ("imm", name)
    if kind == "immset":
        return ("imm", imm)
    if kind == "count":
        return ("imm", imm or "1")
    if kind == "sink":
        return ("sink",)
    if kind == "r3264":
        return ("reg", 64)
    if kind in ("data", "wdata"):
        ty = data_type(q)
        bits = TYPE_BITS.get(ty, 32)
        vec = data_vec(q)
        return ("vec", bits, int(vec[2:])) if vec else ("reg", bits)
    if kind in TYPED_KINDS:
        return ("reg", TYPE_BITS.get(operand_type(kind, q), 32))
    if kind in ("pd", "pc", "pplain"):
        return ("reg", "pred")
    if kind == "pdpair":
        return ("ppair",)
    if kind == "lut":
        return ("imm", "0x80")
    if kind == "rpair":
        return ("rpair", TYPE_BITS.get(instr_type(q), 32))
    if kind in ("rmaybe", "rmaybes", "relect"):
        return ("rpair", 32) if kind == "relect" else ("reg", 32)
    if kind == "i128":
        return ("imm", "128")
    if kind in ("pack", "unpack"):
        bits = TYPE_BITS.get(instr_type(q), 32)
        return ("vec", max(8, bits // 2) if isinstance(bits, int) else 32, 2)
    if kind.startswith("sym:"):
        return ("sym", kind[4:].split("|")[0])
    if kind.startswith("list:"):
        return ("list", int(kind[5:]))
    if kind == "fptr":
        return ("reg", 64)
    if kind.startswith("immr:"):
        return ("imm", kind.split(":")[2])
    if kind.startswith("immp2:"):
        return ("imm", "16")
    return family_operand(kind, q)


def family_operand(kind, q):
    """The operand kinds of single families: tensor coordinates (9.7.9.27),
    surfaces and textures (9.7.10, 9.7.11), matrix fragments (9.7.14, 9.7.15)."""
    if kind == "tensor":
        dim = q.get(".dim") or ".1d"
        return ("tensor", int(dim[1]), 32)
    if kind == "tcoords":
        return ("tensor", tcoords_count(q) or 1, 32)
    if kind == "i2c":
        return ("vec", 16, i2c_count(q) or 1)
    if kind == "surfaddr":
        return ("surf", SURF_COORDS.get(q.get(".geom"), 1))
    if kind == "texdst":
        return ("texd", q.get(".dtype") or ".f32", 2 if q.get(".vec") == ".v2" else 4)
    if kind == "texaddr":
        geom = q.get(".geom")
        return ("texc", TEX_COORDS.get(geom, 1), q.get(".ctype") or ".f32", geom in TEX_ARRAYS)
    if kind == "texoff":
        return ("tvec", ".s32", TEX_OFFSETS.get(q.get(".geom"), (1,))[0])
    if kind == "texgrad":
        return ("tvec", ".f32", TEX_GRADS.get(q.get(".geom"), (1,))[0])
    if kind == "depth":
        return ("treg", ".f32")
    if kind == "texref":
        return ("texh",)
    if kind == "surfref":
        return ("surfh",)
    if kind == "mfrag":
        return ("vec", 32, mx_count(q) or 1)
    if kind == "mreg":
        return ("reg", 32)
    if kind == "wacc":
        return ("vec", 32, wg_accumulator(q) or 4)
    if kind == "wafrag":
        return ("vec", 32, 4)
    if kind == "desc":
        return ("reg", 64)
    if kind == "scaled":
        return ("reg", "pred")
    if kind == "imms":
        return ("imm", "-1")
    if kind == "immt":
        return ("imm", "1")
    if kind in ("wma", "wmb", "wmc", "wmd"):
        bits, n = wm_frag(kind[2], q) or (32, 1)
        return ("vec", bits, n)
    if kind == "spsel":
        return ("imm", "0")
    if kind.startswith("mmx:"):
        cls, which = kind[4:].rsplit(":", 1)
        bits, n = mma_frag(cls, which, q) or (32, 1)
        return ("vec", bits, n)
    if kind == "mmsel":
        return ("vec", 16, 2)
    raise ValueError(kind)


TYPED_KINDS = ("t", "td", "ta", "w", "wd", "u32", "u32d", "b32", "b32d", "tat", "tad", "tbt", "tbd", "tdd", "tst",
               "tdt", "tct", "s32", "s32d", "tsz", "tszd", "u64", "u64d", "u64ds", "f32")
DEST_KINDS = ("td", "wd", "u32d", "b32d", "tad", "tbd", "tdd", "s32d", "tszd", "u64d", "u64ds")


def data_type(q):
    """The type of a data operand: .type, .redtype, atom/red's .half_word_type or
    .packed_type, or a type written in the block itself (.f32)."""
    return (q.get(".type") or q.get(".redtype") or q.get(".half_word_type")
            or q.get(".packed_type") or instr_type(q))


def data_vec(q):
    return q.get(".vec") or q.get(".vec_32_bit") or q.get(".vec_16_bit")


def instr_type(q):
    """The instruction type: .type, or a type written in the block itself (.f32)."""
    if q.get(".type"):
        return q[".type"]
    for slot, value in q.items():
        if slot in TYPE_BITS and slot != ".atype" and value == slot:
            return value
    return None


def operand_type(kind, q):
    if kind in ("u32", "u32d"):
        return ".u32"
    if kind in ("b32", "b32d"):
        return ".b32"
    if kind in ("u64", "u64d", "u64ds"):
        return ".u64"
    if kind == "f32":
        return ".f32"
    if kind in ("s32", "s32d"):
        return ".s32"
    if kind == "tdt":
        return q.get(".dtype")
    if kind in ("tsz", "tszd"):
        return q.get(".size")
    if kind == "tct":
        return q.get(".ctype")
    if kind in ("tat", "tad"):
        return q.get(".atype")
    if kind in ("tbt", "tbd"):
        return q.get(".btype")
    if kind == "tdd":
        return q.get(".dtype")
    if kind == "tst":
        return q.get(".stype")
    if kind == "ta":
        return q.get(".atype")
    t = instr_type(q)
    return wide_of(t) if kind in ("w", "wd") and t else t


def build_operands(block, q, present=None, imms=None, force=None):
    """Operands of `block` for qualifier values q. present: untied optional
    operand name -> bool; imms: immset name -> value; force: tied operand
    name -> bool (overrides the tie)."""
    ops = []
    for name, kind, optional in block.operands:
        if optional:
            if force and name in force:
                include = force[name]
            elif name in TIES:
                include = bool(q.get(TIES[name][0]))
            else:
                include = bool(present and present.get(name))
            if not include:
                continue
        ops.append(gen_operand(kind, name, q, (imms or {}).get(name)))
    return ops


def operand_fits(kind, name, op, q):
    """Whether operand `op` fits the manual's operand `name` of `kind` for the
    qualifier values q."""
    if kind == "addr":
        return op == ("addr",)
    if kind == "r32":
        return op == ("reg", 32) or op[0] == "imm"
    if kind == "r64":
        return op == ("reg", 64)
    if kind == "r16":
        return op == ("reg", 16)
    if kind in ("rr8", "rr16", "rr32"):
        # "d has .b16 type", "rbits is a .b32 type register operand": a register.
        return op == ("reg", int(kind[2:]))
    if kind in ("w16d", "w32d", "w32"):
        # cvt, Notes: "A source register wider than the specified type may be used ...
        # A destination register wider than the specified type may be used" (9.4.1)
        if op[0] == "imm":
            return kind == "w32"
        return op[0] == "reg" and op[1] != "pred" and op[1] >= int(kind[1:3])
    if kind in ("cvtd", "cvta"):
        # the same for .dtype/.atype, "except when the ... operand has .bf16 ... format"
        t = q.get(".dtype" if kind == "cvtd" else ".atype")
        if t not in TYPE_BITS:
            return False
        if op[0] == "imm":
            return kind == "cvta" and imm_fits(t, str(op[1])) is not False
        if op[0] != "reg" or op[1] == "pred":
            return False
        return op[1] == TYPE_BITS[t] if t == ".bf16" else op[1] >= TYPE_BITS[t]
    if kind == "v4f32":
        # "{a, b, e, f}": four .f32 inputs
        return op[0] == "vec" and op[1] == 32 and op[2] == 4
    if kind == "r128":
        return op == ("reg", 128)
    if kind == "r3264":
        return op in (("reg", 32), ("reg", 64)) or op[0] == "imm"
    if kind == "pred":
        return op == ("reg", "pred")
    if kind == "imm":
        return op == ("imm", name)
    if kind == "immset":
        # The operand's own set (tcgen05.alloc's nCols), else cp.async's cp-size.
        values = q.get("__sets", {}).get(name) or q.get("__immset", [])
        return op[0] == "imm" and str(op[1]) in [str(v) for v in values]
    if kind == "count":
        return op[0] == "imm"
    if kind == "sink":
        return op == ("sink",)
    if kind.startswith("sym:"):
        return op[0] == "sym" and op[1] in kind[4:].split("|")
    if kind.startswith("list:"):
        return op == ("list", int(kind[5:]))
    if kind == "fptr":
        # "an address of a function held in a register": any register.
        return op[0] == "reg" and op[1] != "pred"
    if kind.startswith("immr:") or kind.startswith("immp2:"):
        if op[0] != "imm" or re.fullmatch(r"-?(0x[0-9a-fA-F]+|\d+)", str(op[1])) is None:
            return False
        v = int(str(op[1]), 0)
        parts = [int(x) for x in kind.split(":")[1:]]
        if kind.startswith("immp2:"):
            return 0 < v <= parts[0] and v & (v - 1) == 0
        return parts[0] <= v <= parts[1] and (len(parts) < 3 or v % parts[2] == 0)
    return typed_operand_fits(kind, op, q)


def typed_operand_fits(kind, op, q):
    """The kinds whose operand takes its type from the instruction: the data
    operands (of .type and .vec), the typed kinds (9.4, Table 26), and the
    predicate kinds."""
    if kind == "wdata":
        # 9.4.1: ld/st take a (bit-size) register at least as wide as the type.
        ty = q.get(".type")
        if ty not in TYPE_BITS:
            return False
        # "... .level2::eviction_priority is supported if ... Operand d is vector of
        # 8 registers with type specified with .type": then no wider ones.
        fits = ((lambda b: b == TYPE_BITS[ty]) if q.get(".level2::eviction_priority")
                else (lambda b: b >= TYPE_BITS[ty]))
        vec = q.get(".vec")
        if vec:
            return op[0] == "vec" and op[2] == int(vec[2:]) and op[1] != "pred" and fits(op[1])
        return op[0] == "reg" and op[1] != "pred" and fits(op[1])
    if kind == "data":
        ty = data_type(q)
        if ty not in TYPE_BITS:
            return False
        vec = data_vec(q)
        if vec:
            return op == ("vec", TYPE_BITS[ty], int(vec[2:]))
        return op == ("reg", TYPE_BITS[ty])
    if kind == "u64ds" and op == ("sink",):
        return True
    if kind in TYPED_KINDS:
        t = operand_type(kind, q)
        if t is None:
            return False
        if op[0] == "imm":
            return kind not in DEST_KINDS
        if op[0] == "reg":
            return (t == ".pred") if op[1] == "pred" else agrees(t, f".b{op[1]}") is not False
        if op[0] == "treg":
            return agrees(t, op[1]) is not False
        return False
    if kind == "pd":
        return op in (("reg", "pred"), ("ppair",))
    if kind == "pdpair":
        return op == ("ppair",)
    if kind == "lut":
        return op[0] == "imm" and re.fullmatch(r"-?(0x[0-9a-fA-F]+|\d+)", str(op[1])) is not None
    if kind == "rpair":
        # "d|p"; "the sink symbol '_' may be used in place of the destination operand d"
        return op in (("rpair", TYPE_BITS.get(instr_type(q))), ("spair",))
    if kind in ("rmaybe", "rmaybes"):
        # d[|p]: a register of the type (.b32), alone or paired with a predicate.
        t = instr_type(q) if kind == "rmaybe" else ".b32"
        if op[0] == "reg" and op[1] != "pred":
            return agrees(t, f".b{op[1]}") is not False
        if op[0] == "treg":
            return agrees(t, op[1]) is not False
        if op[0] == "rpair":
            return op[1] == TYPE_BITS.get(t)
        return kind == "rmaybes" and op in (("spair",), ("sink",))
    if kind == "relect":
        return op in (("rpair", 32), ("spair",))
    if kind == "i128":
        return op[0] == "imm" and str(op[1]) == "128"
    # {!}c; 4.5.3: "In PTX, integer constants may be used as predicates. For
    # predicate-type data initializers and instruction operands, integer
    # constants are interpreted as in C" (bar.cta.red.popc.u32 r3,1,p writes
    # one for a; barrier.red.popc.u32 d, a, 1 one for c).
    if kind == "pc":
        return op in (("reg", "pred"), ("negpred",)) or (op[0] == "imm" and is_integer_text(str(op[1])))
    if kind == "pplain":
        return op == ("reg", "pred")
    if kind in ("pack", "unpack"):
        bits = TYPE_BITS.get(instr_type(q))
        return (op[0] == "vec" and op[2] in (2, 4) and isinstance(bits, int)
                and op[1] * op[2] == bits)
    return family_operand_fits(kind, op, q)


def family_operand_fits(kind, op, q):
    """The operand kinds of single families: tensor coordinates (9.7.9.27),
    surfaces and textures (9.7.10, 9.7.11), matrix fragments (9.7.14, 9.7.15)."""
    if kind == "tensor":
        dim = q.get(".dim")
        return op[0] == "tensor" and dim is not None and op[1] == int(dim[1]) and op[2] == 32
    if kind == "surfaddr":
        return op[0] == "surf" and op[1] in SURF_COUNTS.get(q.get(".geom"), ())
    if kind == "texdst":
        return op == ("texd", q.get(".dtype"), 2 if q.get(".vec") == ".v2" else 4)
    if kind == "texaddr":
        geom = q.get(".geom")
        return (op[0] == "texc" and op[1] in TEX_COUNTS.get(geom, ()) and op[2] == q.get(".ctype")
                and op[3] == (geom in TEX_ARRAYS))
    if kind == "texoff":
        return op[0] == "tvec" and op[1] == ".s32" and op[2] in TEX_OFFSETS.get(q.get(".geom"), ())
    if kind == "texgrad":
        return op[0] == "tvec" and op[1] == ".f32" and op[2] in TEX_GRADS.get(q.get(".geom"), ())
    if kind == "depth":
        # "Operand f is .f32 scalar value" (a .b32 register agrees, Table 26).
        return op in (("treg", ".f32"), ("reg", 32))
    if kind == "texref":
        return op == ("texh",)
    if kind == "surfref":
        return op == ("surfh",)
    if kind == "tcoords":
        return op[0] == "tensor" and op[2] == 32 and tcoords_count(q) is not None and op[1] == tcoords_count(q)
    if kind == "i2c":
        return op[0] == "vec" and op[1] == 16 and i2c_count(q) is not None and op[2] == i2c_count(q)
    # 9.7.14.5.15-17: vectors of 32-bit registers, as many as .shape x .num say.
    if kind == "mfrag":
        return op == ("vec", 32, mx_count(q))
    if kind == "mreg":
        return op == ("reg", 32)
    # 9.7.15.5.1.1: the accumulator (N/2 or N/4 registers), four registers for a.
    if kind == "wacc":
        return op == ("vec", 32, wg_accumulator(q))
    if kind == "wafrag":
        return op == ("vec", 32, 4)
    # "The 64-bit register operands a-desc and b-desc"
    if kind == "desc":
        return op == ("reg", 64) or op[0] == "imm"
    # "the input predicate argument scale-d"; the examples also write 0 and 1.
    if kind == "scaled":
        return op in (("reg", "pred"), ("negpred",)) or (op[0] == "imm" and str(op[1]) in ("0", "1"))
    # "The valid values of imm-scale-a and imm-scale-b are -1 and 1."
    if kind == "imms":
        return op[0] == "imm" and str(op[1]) in ("-1", "1")
    # "The valid values of imm-trans-a and imm-trans-b are 0 and 1."
    if kind == "immt":
        return op[0] == "imm" and str(op[1]) in ("0", "1")
    if kind == "spsel":
        return op[0] == "imm" and str(op[1]) in ("0", "1", "2", "3")
    # 9.7.14.4.1: each fragment is a vector of as many registers as its table says.
    if kind in ("wma", "wmb", "wmc", "wmd"):
        f = wm_frag(kind[2], q)
        return f is not None and op == ("vec",) + f
    # 9.7.14.5.x, 9.7.14.6.2.x: each mma fragment a vector of as many registers as its table says.
    if kind.startswith("mmx:"):
        cls, which = kind[4:].rsplit(":", 1)
        f = mma_frag(cls, which, q)
        return f is not None and op == ("vec",) + f
    # "{byte-id-a, thread-id-a}": two unsigned 16-bit values.
    if kind == "mmsel":
        return op == ("vec", 16, 2)
    return False
