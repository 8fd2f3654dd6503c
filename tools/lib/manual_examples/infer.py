"""What the names of an example statement are, and the first guess at their
types: a register takes the size of the instruction's type qualifier (9.4:
a bit-size register fits every type of its size), a predicate position
(guard, '|p', '!p', setp's destination, selp's and the boolean operation's
last source) takes .pred, an address in brackets a .b64 register, the
texture, sampler and surface of the texture and surface instructions their
.global references (5.3), the target of bra a label and of call a function.
Where the guess is wrong ptxas decides (module.py tries the other types).
"""
import re

SIZES = {}
for _size, _names in ((8, "b8 u8 s8 e4m3 e5m2 e2m1 e2m3 e3m2 ue8m0"),
                      (16, "b16 u16 s16 f16 bf16 e4m3x2 e5m2x2 e2m3x2 e3m2x2 e2m1x2 ue8m0x2 u8x2 s8x2"),
                      (32, "b32 u32 s32 f32 f16x2 bf16x2 tf32 u16x2 s16x2 e4m3x4 e5m2x4 e2m1x4 s2f6x2"),
                      (64, "b64 u64 s64 f64 f32x2"), (128, "b128")):
    for _n in _names.split():
        SIZES[_n] = _size

REGISTER_TYPES = {8: "b16", 16: "b16", 32: "b32", 64: "b64", 128: "b128"}
CANDIDATES = ["b32", "b64", "pred", "b16", "b128", "f16", "f32", "f64", "u32", "s32", "u64", "b8",
              "f16x2"]

SPECIAL = re.compile(
    r"%(tid|ntid|laneid|warpid|nwarpid|ctaid|nctaid|smid|nsmid|gridid|lanemask_\w+|clock\w*|"
    r"pm\d\w*|envreg\d+|globaltimer\w*|reserved_smem_\w+|total_smem_size|aggr_smem_size|"
    r"dynamic_smem_size|current_graph_exec|is_explicit_cluster|clusterid|nclusterid|"
    r"cluster_ctaid|cluster_nctaid|cluster_ctarank|cluster_nctarank|WARP_SZ)\b")
IDENT = re.compile(r"(?<![\w.%$])([%$]?[A-Za-z_][\w$]*)")
NUMBER = re.compile(r"[-+]?(0[xX][0-9a-fA-F]+|0[fFdD][0-9a-fA-F]+|\d+\.?\d*([eE][-+]?\d+)?)U?")
KEYWORDS = {"WARP_SZ", "generic", "_"}
TEXTURE_OPS = ("tex", "tld4", "txq")
SURFACE_OPS = ("suld", "sust", "sured", "suq")


class Use:
    """One name of a statement: kind 'reg', 'label', 'func', 'texref',
    'samplerref', 'surfref'; guess the first type tried for a register."""

    def __init__(self, name, kind, guess=None):
        self.name, self.kind, self.guess = name, kind, guess


def split_operands(text):
    parts, depth, cur = [], 0, ""
    for c in text:
        if c in "[{(":
            depth += 1
        elif c in "]})":
            depth -= 1
        if c == "," and depth == 0:
            parts.append(cur.strip())
            cur = ""
        else:
            cur += c
    if cur.strip():
        parts.append(cur.strip())
    return parts


def parse(text):
    """-> (guard name or None, opcode, [operand text])."""
    body = text.rstrip(";").strip()
    guard = None
    if body.startswith("@"):
        g, body = body.split(None, 1)
        guard = g[1:].lstrip("!")
    m = re.match(r"([^\s{\[]+)\s*(.*)", body, re.S)
    return guard, m.group(1), split_operands(m.group(2))


def type_sizes(opcode):
    return [SIZES[p] for p in opcode.split(".") if p in SIZES] + \
        [0 for p in opcode.split(".") if p == "pred"]


def _names(operand):
    out = []
    for m in IDENT.finditer(operand):
        name = m.group(1)
        if SPECIAL.match(name) or name in KEYWORDS or NUMBER.fullmatch(name):
            continue
        if re.fullmatch(r"0[xXfFdD][0-9a-fA-F]+", name):
            continue
        out.append(name)
    return out


def uses(text):
    """-> [Use] for the statement's names, first use first."""
    guard, opcode, operands = parse(text)
    root = opcode.split(".")[0]
    parts = opcode.split(".")
    sizes = type_sizes(opcode)
    last = REGISTER_TYPES.get(sizes[-1], "pred") if sizes else "b32"
    first = REGISTER_TYPES.get(sizes[0], "pred") if sizes else "b32"
    found = []
    if guard:
        found.append(Use(guard, "reg", "pred"))
    for i, op in enumerate(operands):
        found.extend(_operand_uses(root, parts, i, op, operands, first, last))
    seen, out = set(), []
    for u in found:
        if u.name not in seen:
            seen.add(u.name)
            out.append(u)
    return out


def _operand_uses(root, parts, i, op, operands, first, last):
    if root in ("bra", "brx") and i == len(operands) - 1 and not op.startswith("["):
        return [Use(n, "label") for n in _names(op)]
    if root == "call":
        return _call_uses(op, i, operands)
    out = []
    if op.startswith("["):
        inner = split_operands(op[1:-1])
        for j, piece in enumerate(inner):
            names = _names(piece)
            if j == 0 and root in TEXTURE_OPS and names:
                kind = "samplerref" if "addr_mode" in ".".join(parts) or "filter_mode" in \
                    ".".join(parts) and names[0].lower().startswith("s") else "texref"
                out.append(Use(names[0], kind))
                names = names[1:]
            elif j == 0 and root in SURFACE_OPS and names:
                out.append(Use(names[0], "surfref"))
                names = names[1:]
            elif j == 1 and root in TEXTURE_OPS and not piece.startswith("{") and names:
                out.append(Use(names[0], "samplerref"))
                names = names[1:]
            guess = "b64" if j == 0 and not piece.startswith("{") else \
                ("f32" if root in TEXTURE_OPS and parts[-1] == "f32" else "b32")
            out.extend(Use(n, "reg", guess) for n in names)
        return out
    for k, piece in enumerate(op.split("|")):
        for n in _names(piece):
            out.append(Use(n, "reg", _register_guess(root, i, k, piece, operands, first, last)))
    return out


def _register_guess(root, i, k, piece, operands, first, last):
    if k > 0 or piece.startswith("!"):
        return "pred"
    if root == "setp" and i == 0:
        return "pred"
    if root in ("setp", "set") and i == 3:
        return "pred"
    if root == "selp" and i == 3:
        return "pred"
    if root in ("cvt", "set") and i == 0:
        return first
    if root in ("cvt", "set", "setp") and i > 0:
        return last
    return last


def _call_uses(op, i, operands):
    # call (ret), f, (args), [proto-or-targets]: the function is the first
    # operand that is not a parenthesized list.
    names = _names(op)
    if op.startswith("("):
        return [Use(n, "reg", "b32") for n in names]
    plain = [j for j, o in enumerate(operands) if not o.startswith("(")]
    if i == plain[0]:
        return [Use(n, "func" if not n.startswith("%") else "reg", "b64") for n in names]
    return [Use(n, "label") for n in names]


def declared_names(text):
    """-> the names a declaration or label statement declares."""
    if text.endswith(":"):
        return [text[:-1].strip()]
    body = re.sub(r"=.*", "", text.rstrip(";"))
    body = re.sub(r"\.(reg|local|shared|global|const|param|tex|extern|visible|weak|common|"
                  r"align\s+\d+|v\d|ptr|attribute\([^)]*\)|[a-z0-9:]+)\b", " ", body)
    out = []
    for piece in body.split(","):
        m = re.match(r"\s*([%$]?[A-Za-z_][\w$]*)(<(\d+)>)?", piece)
        if not m:
            continue
        if m.group(3):
            out.extend(f"{m.group(1)}{n}" for n in range(int(m.group(3))))
        out.append(m.group(1))
    return out
