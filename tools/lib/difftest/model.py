"""The shared model of difftest: PTX ISA versions and targets, target
predicates, the types and operand kinds the syntax blocks use, a syntax
block (Block) and its qualifier slots (Slot), the type agreement of 9.4
(Table 26) and the helpers the families' requirement and rule functions
are built from."""
import functools
import re


# --------------------------------------------------------------------------
# Versions and targets
# --------------------------------------------------------------------------

# Every PTX ISA version from 7.0 on (there is no 7.9); 6.5 only as "one step
# below 7.0".
VERSIONS = ["6.5", "7.0", "7.1", "7.2", "7.3", "7.4", "7.5", "7.6", "7.7", "7.8",
            "8.0", "8.1", "8.2", "8.3", "8.4", "8.5", "8.6", "8.7", "8.8", "9.0", "9.1"]
# The targets cases are spread over.
TARGETS = ["sm_80", "sm_86", "sm_89", "sm_90", "sm_90a", "sm_100", "sm_100a", "sm_100f",
           "sm_103a", "sm_110a", "sm_120a", "sm_121a"]
# Used only by mutations: a target below sm_80, and plain (non-a/f) targets.
EXTRA_TARGETS = ["sm_75", "sm_103", "sm_110", "sm_120"]
# The .version each target itself needs (checked against ptxas 13.0).
TARGET_NEEDS = {"sm_75": "6.3", "sm_80": "7.0", "sm_86": "7.1", "sm_89": "7.8", "sm_90": "7.8",
                "sm_90a": "8.0", "sm_100": "8.6", "sm_100a": "8.6", "sm_100f": "8.8",
                "sm_103": "8.8", "sm_103a": "8.8", "sm_110": "9.0", "sm_110a": "9.0",
                "sm_120": "8.7", "sm_120a": "8.7", "sm_121a": "8.8"}


@functools.lru_cache(maxsize=None)
def vt(v):
    major, minor = v.split(".")
    return (int(major), int(minor))


def version_below(v):
    below = [x for x in VERSIONS if vt(x) < vt(v)]
    return below[-1] if below else None


@functools.lru_cache(maxsize=None)
def target_parts(t):
    m = re.fullmatch(r"sm_(\d+)([af]?)", t)
    return int(m.group(1)), m.group(2)


def target_sort_key(t):
    n, s = target_parts(t)
    return (n, {"": 0, "f": 1, "a": 2}[s])


ALL_TARGETS = sorted(set(TARGETS + EXTRA_TARGETS), key=target_sort_key)

# Target requirements: ("min", N) is "sm_N or higher"; ("specific", names,
# families, version) is a list of arch-specific targets plus the family
# targets ("sm_100f or higher in the same family") allowed from `version`.
# A family is (lowest, end): sm_100f covers sm_100f/sm_103f and the a
# targets of the family, sm_100a and sm_103a.
SPECIFIC_FP8 = ("specific", frozenset({"sm_100a", "sm_101a", "sm_110a", "sm_120a", "sm_121a"}),
                ((100, 110), (110, 120)), "8.8")


def target_ok(target, pred, version):
    n, suffix = target_parts(target)
    if pred[0] == "min":
        return n >= pred[1]
    _, names, families, from_version = pred
    if target in names:
        return True
    if suffix in ("a", "f") and vt(version) >= vt(from_version):
        return any(lo <= n < hi for lo, hi in families)
    return False


def pred_text(pred):
    if pred[0] == "min":
        return f"sm_{pred[1]} or higher"
    return ("one of " + ", ".join(sorted(pred[1])) + " or (from PTX ISA " + pred[3] +
            ") sm_100f/sm_110f or higher in the same family")


# --------------------------------------------------------------------------
# Types, operand kinds, syntax blocks
# --------------------------------------------------------------------------

TYPE_BITS = {".b8": 8, ".u8": 8, ".s8": 8, ".b16": 16, ".u16": 16, ".s16": 16, ".f16": 16,
             ".bf16": 16, ".b32": 32, ".u32": 32, ".s32": 32, ".f32": 32, ".f16x2": 32,
             ".bf16x2": 32, ".b64": 64, ".u64": 64, ".s64": 64, ".f64": 64, ".e5m2": 8,
             ".e4m3": 8, ".e5m2x2": 16, ".e4m3x2": 16, ".e5m2x4": 32, ".e4m3x4": 32, ".b128": 128,
             # the packed and predicate types of the arithmetic blocks (9.7.1-9.7.8)
             ".f32x2": 64, ".u16x2": 32, ".s16x2": 32, ".pred": "pred"}
FP8_TYPES = {".e5m2", ".e5m2x2", ".e5m2x4", ".e4m3", ".e4m3x2", ".e4m3x4"}

# Operand kinds, by the manual's operand names.
OPERAND_KINDS = {
    "dst": "addr", "src": "addr", "dstMem": "addr", "srcMem": "addr", "mbar": "addr", "a": "addr",
    "cp-size": "immset", "16": "imm", "N": "count",
    "src-size": "r32",        # "a 32-bit integer operand src-size"
    "ignore-src": "pred",     # "The optional and non-immediate predicate argument ignore-src"
    "cache-policy": "r64",    # "The 64-bit operand cache-policy"
    "size": "r32",            # "The 32-bit operand size"
    "ctaMask": "r16",         # "the 16-bit ctaMask operand"
    "byteMask": "r16",        # "the 16-bit wide byteMask operand"
    "tensorMap, tensorCoords": "tensor",  # coordinates "are of the type .s32"
    "d": "data", "b": "data",  # of the instruction's .type (and .vec)
}

# An optional operand tied to a qualifier, and what the manual says when one
# comes without the other: (operand without qualifier, qualifier without operand).
TIES = {
    "cache-policy": (".level::cache_hint",
                     ("reject", "When the optional argument cache-policy is specified, the "
                                "qualifier .level::cache_hint is required."),
                     (None, "the manual does not say whether .level::cache_hint needs the "
                            "cache-policy operand")),
    "ctaMask": (".multicast",
                (None, "the manual does not say whether ctaMask may come without "
                       ".multicast::cluster"),
                (None, "the manual does not say whether .multicast::cluster needs ctaMask")),
    "scale-factor": (".scaled::n2::ue8m0",
                     ("reject", "Operand scale-factor and qualifier .scaled::n2::ue8m0 must be "
                                "used together."),
                     ("reject", "Operand scale-factor and qualifier .scaled::n2::ue8m0 must be "
                                "used together.")),
    "byteMask": (".cp_mask",
                 (None, "the manual does not say whether byteMask may come without .cp_mask"),
                 ("reject", "When the optional qualifier .cp_mask is specified, the argument "
                            "byteMask is required.")),
}

STATE_SPACES = {".shared", ".global", ".shared::cta", ".shared::cluster", "::cta", "::cluster",
                ".const", ".param", ".local"}


class Slot:
    def __init__(self, name, values, optional, sub=False, prose=((), None), prose_optional=None):
        self.name = name
        self.values = list(values)
        self.optional = optional
        self.sub = sub                    # "{::cta}": glued to the previous qualifier
        self.prose = list(prose[0])       # values only the prose or an example allows,
        self.prose_note = prose[1]        # and the manual's words on them
        self.prose_optional = prose_optional  # reason, when only the prose makes it optional


class Block:
    """One syntax block of the manual: `syntax` is the manual's line, `sets`
    the value sets under it; `rules(q, ops)` the prose and tables (a list of
    (verdict, sentence)); `reqs(q, ops)` the PTX ISA and target notes (a list
    of (feature, version, target predicate))."""

    def __init__(self, opcode, label, syntax, sets=None, rules=None, reqs=None, prose=None,
                 prose_optional=None, gen_only=False, kinds=None):
        self.opcode = opcode
        self.label = label
        self.syntax = syntax
        self.sets = sets or {}
        self.rules = rules or (lambda q, ops: [])
        self.reqs = reqs or (lambda q, ops: [])
        self.gen_only = gen_only          # a generation aid (union of sets), no manual block
        head, _, operand_text = syntax.strip().rstrip(";").strip().partition(" ")
        assert head.startswith(opcode), (head, opcode)
        self.slots = []
        for m in re.finditer(r"\{([^}]*)\}|(\.[A-Za-z0-9_:]+)", head[len(opcode):]):
            optional = m.group(1) is not None
            name = m.group(1) if optional else m.group(2)
            sub = name.startswith("::")
            values = self.sets.get(name, [name])
            self.slots.append(Slot(name, values, optional, sub,
                                   (prose or {}).get(name, ((), None)),
                                   (prose_optional or {}).get(name)))
        self.operands = []                # (name, kind, optional)
        for name, optional in split_operands(operand_text):
            kind = (kinds or {}).get(name) or OPERAND_KINDS[name]
            self.operands.append((name, kind, optional))

    def all_values(self):
        return {v for s in self.slots for v in s.values + s.prose}


def split_operands(text):
    """'[a], b{, c}' -> [('a', False), ('b', False), ('c', True)]."""
    out, depth, cur, optional = [], 0, "", False

    def flush():
        name = cur.strip().strip(",").strip()
        if name:
            if name.startswith("[") and name.endswith("]"):
                name = name[1:-1].strip()
            out.append((name, optional))

    for ch in text:
        if ch == "[":
            depth += 1
        elif ch == "]":
            depth -= 1
        if depth == 0 and ch == "{":
            flush()
            cur, optional = "", True
            continue
        if depth == 0 and ch == "}":
            flush()
            cur, optional = "", False
            continue
        if depth == 0 and ch == ",":
            flush()
            cur = ""
            continue
        cur += ch
    flush()
    return out


def tokens_of(block, assignment):
    """Qualifier tokens in the block's order for {slot index: value}."""
    return [assignment[i] for i in range(len(block.slots)) if assignment.get(i)]


def q_of(block, assignment):
    return {block.slots[i].name: v for i, v in assignment.items() if v}


# --------------------------------------------------------------------------
# Type agreement (9.4, Table 26)
# --------------------------------------------------------------------------


def wide_of(t):
    return t[:2] + str(2 * int(t[2:])) if t[2:].isdigit() else t


def type_class(t):
    """9.4 Table 26 classes: b (bit size), i (signed/unsigned), f (float); None otherwise."""
    if t in (".u16x2", ".s16x2", ".f16x2", ".bf16x2", ".f32x2", ".pred"):
        return None
    if t.startswith((".f", ".bf")):
        return "f"
    return {"b": "b", "u": "i", "s": "i"}.get(t[1])


def agrees(instr, reg):
    """Table 26: -> True, False or None (the table does not cover the pair)."""
    if instr == reg:
        return True
    if TYPE_BITS.get(instr) != TYPE_BITS.get(reg):
        return False
    ci, cr = type_class(instr), type_class(reg)
    if ci is None or cr is None:
        return None
    if "b" in (ci, cr):
        return True
    return ci == cr == "i"


def imm_fits(t, text):
    """-> True, or None: the manual does not say which constants each type takes."""
    is_float = "." in text or text.lower().startswith(("0f", "0d"))
    if not is_float and type_class(t) in ("b", "i") or t == ".pred":
        return True
    if is_float and t in (".f32", ".f64"):
        return True
    return None


# --------------------------------------------------------------------------
# Helpers of the families' requirement and rule functions
# --------------------------------------------------------------------------


# A requirement is (feature, version, target predicate); a rule returns a list
# of (verdict, sentence), verdict "reject" or None (the manual is unclear).
def R(feature, version, pred=("min", 90)):
    return (feature, version, pred)


def A(feature, version, sm=None):
    return R(feature, version, ("min", sm or 0))


def arith_reqs(*pairs):
    return lambda q, ops: [A(f, v, sm) for f, v, sm in pairs]


def base_reqs(feature, version, sm):
    return lambda q, ops: [R(feature, version, ("min", sm))]


def rules(*fs):
    return lambda q, ops: [r for f in fs for r in f(q, ops)]


# Value sets several families share.
MBAR = [".mbarrier::complete_tx::bytes"]
HINT = [".L2::cache_hint"]
