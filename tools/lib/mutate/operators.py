"""The mutation operators: one generator function per kind, and the registry.

A generator takes a ptx.Module and returns every candidate mutant of its kind
in that file, as a list of Cand (edits on the original text), in a fixed order:
a mutant's ID is FILE:KIND:INDEX, INDEX its place in that list, so the order
must not depend on seed or limits. A generator may emit candidates of another
kind (gen_bad_address_size emits the address-size-32 ones).

To add a mutation kind: write gen_<kind>(mod) below and add one Operator line
to OPERATORS (heavy=True when a file has many candidates of it: those are
reduced on big files). KINDS, HEAVY and GENERATORS are derived from OPERATORS,
whose order is the order of --list-kinds, of sampling and of the report: append
new kinds or keep the existing order, or every seeded sample changes.
"""
import re
from collections import namedtuple

from .ptx import split_target

# Every PTX ISA version, in order.
PTX_VERSIONS = (["1.%d" % i for i in range(6)] + ["2.%d" % i for i in range(4)]
                + ["3.%d" % i for i in range(3)] + ["4.%d" % i for i in range(4)]
                + ["5.0"] + ["6.%d" % i for i in range(6)] + ["7.%d" % i for i in range(9)]
                + ["8.%d" % i for i in range(9)] + ["9.0"])

# Architecture numbers of every .target sm_XX, in order; the 'a' and 'f' variants.
SM_NUMBERS = [10, 11, 12, 13, 20, 21, 30, 32, 35, 37, 50, 52, 53, 60, 61, 62, 70, 72,
              75, 80, 86, 87, 88, 89, 90, 100, 101, 103, 110, 120, 121]
SM_A = {90, 100, 101, 103, 110, 120, 121}
SM_F = {100, 101, 103, 110, 120, 121}
FAR_TARGETS = [70, 52]          # "much lower" targets tried below the file's

TYPE_ALTERNATIVES = {
    ".pred": [".b32", ".b16"],
    ".b8": [".b32"], ".u8": [".u32"], ".s8": [".s32"],
    ".b16": [".b32", ".pred"], ".u16": [".u32"], ".s16": [".s64"],
    ".f16": [".f32"], ".bf16": [".f32"], ".f16x2": [".b64"], ".bf16x2": [".b64"],
    ".b32": [".b64", ".b16", ".pred"], ".u32": [".f64", ".u64"], ".s32": [".s64", ".f32"],
    ".f32": [".f64", ".b32"],
    ".b64": [".b16", ".b32"], ".u64": [".u32", ".f64"], ".s64": [".s32"],
    ".f64": [".f32", ".b64"],
    ".b128": [".b64"],
}

# ---------------------------------------------------------------- edits

class Cand:
    """A candidate mutant: edits (start, end, replacement) on the original text."""
    __slots__ = ("kind", "group", "line", "desc", "edits")

    def __init__(self, kind, group, line, desc, edits):
        self.kind, self.group, self.line, self.desc, self.edits = kind, group, line, desc, edits


def apply_edits(text, edits):
    out, pos = [], 0
    for a, b, r in sorted(edits):
        out.append(text[pos:a])
        out.append(r)
        pos = b
    out.append(text[pos:])
    return "".join(out)


def short(s, n=70):
    s = " ".join(s.split())
    return s if len(s) <= n else s[:n - 3] + "..."


def delete_stmt_edit(mod, st):
    """Deletes a statement: its whole line (kept as an empty line, so line numbers
    stay) when nothing else but comments is on it, else only the statement."""
    a, b = mod.stmt_span(st)
    ls, le = mod.line_start(a), mod.line_end(b)
    rest = (mod.text[ls:a] + mod.text[b:le]).strip()
    if not rest or rest.startswith("//"):
        return (ls, le, "")
    return (a, b, "")


def indent_of(mod, offset):
    ls = mod.line_start(offset)
    m = re.match(r"[ \t]*", mod.text[ls:])
    return m.group()


def dup_stmt_edit(mod, st):
    """Inserts a copy of a statement on a new line after it."""
    a, b = mod.stmt_span(st)
    return (b, b, "\n" + indent_of(mod, a) + mod.text[a:b]), mod.line_of(b) + 1


def fresh_name(name, taken, suffix="_undecl"):
    """A replacement for `name` that is no token of the file (`taken`: the set of
    identifier texts): %r5 -> %q5 for a register where that is free, else
    name + suffix (+ a number)."""
    if suffix == "_undecl" and name.startswith("%") and len(name) > 2 and name[1] != "q":
        cand = "%q" + name[2:]
        if cand not in taken:
            return cand
    base = name + suffix
    cand, n = base, 1
    while cand in taken:
        cand, n = "%s%d" % (base, n), n + 1
    return cand


def shadows(mod, outer, item):
    """Whether every use of item would still name a register of an enclosing scope."""
    toks = mod.toks
    return outer is not None and all(mod.resolve_reg(outer, toks[k].text)[0] is not None
                                     for k, _ in item.uses)


# ---------------------------------------------------------------- operators

def gen_drop_reg_decl(mod):
    out = []
    toks = mod.toks
    for st, items, _ in mod.reg_stmts:
        used = [it for it in items if it.uses]
        if not used:
            continue
        text = short(mod.stmt_text(st), 60)
        nuses = sum(len(it.uses) for it in items)
        grp = "range" if any(it.count is not None for it in items) else (
            "single" if len(items) == 1 else "multi")
        outer = mod.blocks[st.block].parent
        note = ""
        if all(shadows(mod, outer, it) for it in used):
            grp, note = "shadowing", "; every use still resolves to an outer declaration"
        out.append(Cand("drop-reg-decl", grp, mod.line_of(toks[st.toks[0]].start),
                        "delete `%s` (%d uses%s)" % (text, nuses, note), [delete_stmt_edit(mod, st)]))
        if len(items) > 1:
            for n, it in enumerate(items):
                if not it.uses:
                    continue
                note = "; every use still resolves to an outer declaration" if shadows(mod, outer, it) else ""
                if n + 1 < len(items):
                    a, b = toks[it.first].start, toks[items[n + 1].first].start
                else:
                    a, b = toks[items[n - 1].last].end, toks[it.last].end
                out.append(Cand("drop-reg-decl", "one-of-many", mod.line_of(a),
                                "remove `%s` from `%s` (%d uses%s)" % (it.name, text, len(it.uses), note),
                                [(a, b, "")]))
    return out


def gen_retype_reg(mod):
    out = []
    toks = mod.toks
    for st, items, tt in mod.reg_stmts:
        if tt is None or not any(it.uses for it in items):
            continue
        old = toks[tt].text
        for new in TYPE_ALTERNATIVES.get(old, []):
            out.append(Cand("retype-reg", old, mod.line_of(toks[tt].start),
                            "`%s`: %s -> %s" % (short(mod.stmt_text(st), 60), old, new),
                            [(toks[tt].start, toks[tt].end, new)]))
    return out


def gen_shrink_reg_range(mod):
    out = []
    toks = mod.toks
    for it in mod.reg_items:
        if it.count is None:
            continue
        used = [ri for _, ri in it.uses if ri is not None]
        if not used:
            continue
        top = max(used)
        if top >= it.count:
            continue
        ct = toks[it.count_tok]
        out.append(Cand("shrink-reg-range", "range", mod.line_of(ct.start),
                        "`%s<%d>` -> `%s<%d>` (highest used %s%d)" % (it.name, it.count, it.name, top,
                                                                     it.name, top),
                        [(ct.start, ct.end, str(top))]))
    return out


def gen_lower_version(mod):
    st = mod.header("version")
    if st is None or len(st.toks) < 2:
        return []
    t = mod.toks[st.toks[1]]
    if t.text not in PTX_VERSIONS:
        return []
    pos = PTX_VERSIONS.index(t.text)
    wanted = []
    if pos > 0:
        wanted.append(("step", PTX_VERSIONS[pos - 1]))
    for v in ("7.0", "6.0"):
        if PTX_VERSIONS.index(v) < pos - 1:
            wanted.append(("far", v))
    return [Cand("lower-version", g, mod.line_of(t.start), ".version %s -> %s" % (t.text, v),
                 [(t.start, t.end, v)]) for g, v in wanted]


def gen_lower_target(mod):
    st = mod.header("target")
    if st is None or len(st.toks) < 2:
        return []
    t = mod.toks[st.toks[1]]
    num, suf = split_target(t.text)
    if num is None:
        return []
    wanted = []
    if suf:
        wanted.append(("variant", "sm_%d" % num))
        if suf == "a" and num in SM_F:
            wanted.append(("variant", "sm_%df" % num))
    lower = [n for n in SM_NUMBERS if n < num]
    if lower:
        prev = lower[-1]
        if suf == "a" and prev in SM_A:
            wanted.append(("previous", "sm_%da" % prev))
        wanted.append(("previous", "sm_%d" % prev))
    for far in FAR_TARGETS:
        name = "sm_%d" % far
        if far < num and all(w[1] != name for w in wanted):
            wanted.append(("far", name))
    return [Cand("lower-target", g, mod.line_of(t.start), ".target %s -> %s" % (t.text, new),
                 [(t.start, t.end, new)]) for g, new in wanted]


def gen_bad_address_size(mod):
    st = mod.header("address_size")
    if st is None or len(st.toks) < 2:
        return []
    t = mod.toks[st.toks[1]]
    line = mod.line_of(t.start)
    # `.address_size 32` is valid PTX (11.1.3) that ptxas 13 refuses to
    # compile ("32-Bit compilation is no longer supported"): its own kind, so
    # that a toolchain policy is not counted as a module-semantics finding.
    out = [Cand("address-size-32" if v == "32" else "bad-address-size", v, line,
                ".address_size %s -> %s" % (t.text, v), [(t.start, t.end, v)])
           for v in ("32", "48") if v != t.text]
    # "Redefinition of this directive within a module is not allowed."
    out.append(Cand("bad-address-size", "duplicate", line, "repeat `.address_size %s`" % t.text,
                    [(t.end, t.end, "\n.address_size %s" % t.text)]))
    out.append(Cand("bad-address-size", "remove", line, "remove `.address_size %s`" % t.text,
                    [delete_stmt_edit(mod, st)]))
    return out


def gen_drop_header(mod, kind, which):
    st = mod.header(which)
    if st is None:
        return []
    return [Cand(kind, which, mod.line_of(mod.toks[st.toks[0]].start),
                 "remove `%s`" % short(mod.stmt_text(st)), [delete_stmt_edit(mod, st)])]


def gen_dup_label(mod):
    out = []
    for tok, blk in mod.labels:
        if mod.blocks[blk].kind not in ("body", "nested"):
            continue
        t = mod.toks[tok]
        colon = mod.toks[tok + 1]
        out.append(Cand("dup-label", "label", mod.line_of(colon.end) + 1,
                        "define label `%s` twice (copy on the next line)" % t.text,
                        [(colon.end, colon.end, "\n" + indent_of(mod, t.start) + t.text + ":")]))
    return out


def gen_rename_label_use(mod):
    out = []
    for k, st in mod.bra_targets:
        t = mod.toks[k]
        body = mod._body_of(st.block)
        if (body, t.text) not in mod.label_defs:
            continue
        new = fresh_name(t.text, mod.names, "_missing")
        out.append(Cand("rename-label-use", "bra", mod.line_of(t.start),
                        "`%s`: branch target %s -> %s (no such label)"
                        % (short(mod.stmt_text(st), 50), t.text, new), [(t.start, t.end, new)]))
    return out


def gen_undeclared_symbol(mod):
    out = []
    for k, item in mod.reg_uses:
        t = mod.toks[k]
        new = fresh_name(t.text, mod.names)
        out.append(Cand("undeclared-symbol", "register", mod.line_of(t.start),
                        "register use %s -> %s (undeclared)" % (t.text, new), [(t.start, t.end, new)]))
    for k, sym in mod.sym_uses:
        t = mod.toks[k]
        new = fresh_name(t.text, mod.names)
        out.append(Cand("undeclared-symbol", sym.kind, mod.line_of(t.start),
                        "%s use %s -> %s (undeclared)" % (sym.kind, short(t.text, 40), short(new, 48)),
                        [(t.start, t.end, new)]))
    return out


def gen_dup_decl(mod):
    out = []
    toks = mod.toks
    for st, _, _ in mod.reg_stmts:
        edit, line = dup_stmt_edit(mod, st)
        out.append(Cand("dup-decl", "reg", line, "declare `%s` twice" % short(mod.stmt_text(st), 60),
                        [edit]))
    for st in mod.stmts:
        if st.kind != "var" or mod.blocks[st.block].kind not in ("module", "body", "nested"):
            continue
        edit, line = dup_stmt_edit(mod, st)
        grp = "module-var" if st.block == 0 else "local-var"
        out.append(Cand("dup-decl", grp, line, "declare `%s` twice" % short(mod.stmt_text(st), 60),
                        [edit]))
    for func in mod.funcs:
        if func.body is None:
            continue
        for p in func.params:
            if p.kind != "param":
                continue
            a, b = toks[p.entry[0]].start, toks[p.entry[-1]].end
            text = mod.text[a:b]
            out.append(Cand("dup-decl", "param", mod.line_of(b) + 1,
                            "parameter `%s` declared twice in %s" % (short(p.name, 50), short(func.name, 40)),
                            [(b, b, ",\n" + indent_of(mod, a) + text)]))
    return out



# ---------------------------------------------------------------- operand kinds (#22, #30)

INT_TYPES = {".b8", ".b16", ".b32", ".b64", ".b128", ".u8", ".u16", ".u32", ".u64",
             ".s8", ".s16", ".s32", ".s64"}
FLOAT_TYPES = {".f32", ".f64"}
SPACES = (".global", ".shared", ".const", ".local", ".param")


class Instr:
    """An instruction statement split into its parts: the opcode token, the
    qualifier tokens, and each operand as a list of token indices (top-level
    commas split them)."""
    __slots__ = ("st", "opcode", "quals", "operands")

    def __init__(self, st, opcode, quals, operands):
        self.st, self.opcode, self.quals, self.operands = st, opcode, quals, operands


def instructions(mod):
    """Every instruction of a function body, as Instr."""
    toks = mod.toks
    out = []
    for st in mod.stmts:
        if st.kind != "instr" or mod.blocks[st.block].kind not in ("body", "nested"):
            continue
        idx = [k for k in st.toks if toks[k].text != ";"]
        n = 0
        if idx and toks[idx[0]].text == "@":
            n = 2 if len(idx) > 1 and toks[idx[1]].text != "!" else 3
        if n >= len(idx) or toks[idx[n]].kind != "ident":
            continue
        opcode = idx[n]
        n += 1
        quals = []
        while n < len(idx) and toks[idx[n]].kind == "dir":
            quals.append(idx[n])
            n += 1
        operands, cur, depth = [], [], 0
        for k in idx[n:]:
            x = toks[k].text
            if x in "[{(":
                depth += 1
            elif x in "]})":
                depth -= 1
            if x == "," and depth == 0:
                operands.append(cur)
                cur = []
            else:
                cur.append(k)
        if cur:
            operands.append(cur)
        out.append(Instr(st, opcode, quals, operands))
    return out


def instr_name(mod, ins):
    return mod.toks[ins.opcode].text + "".join(mod.toks[q].text for q in ins.quals)


def instr_type(mod, ins):
    """The instruction's last type qualifier (.u32, .f64, ...), or None."""
    types = [mod.toks[q].text for q in ins.quals if mod.toks[q].text in INT_TYPES | FLOAT_TYPES
             or mod.toks[q].text in (".f16", ".bf16", ".f16x2", ".bf16x2", ".pred")]
    return types[-1] if types else None


def constant_for(type_):
    if type_ in FLOAT_TYPES:
        return "0f3F800000" if type_ == ".f32" else "0d3FF0000000000000"
    return "1"


def is_register(mod, ins, k):
    return mod.toks[k].kind == "ident" and mod.resolve_reg(ins.st.block, mod.toks[k].text)[0] is not None


def gen_reg_to_constant(mod):
    """Every register source operand (a lone register after the first
    operand) replaced by a constant of the instruction's type."""
    out = []
    toks = mod.toks
    for ins in instructions(mod):
        name = instr_name(mod, ins)
        const = constant_for(instr_type(mod, ins))
        for i, opnd in enumerate(ins.operands):
            if i == 0 or len(opnd) != 1 or not is_register(mod, ins, opnd[0]):
                continue
            t = toks[opnd[0]]
            out.append(Cand("reg-to-constant", toks[ins.opcode].text, mod.line_of(t.start),
                            "`%s`: operand %d %s -> %s" % (short(name, 40), i, t.text, const),
                            [(t.start, t.end, const)]))
    return out


def address_operands(mod, ins):
    """(operand index, token list) of every bracketed operand."""
    return [(i, o) for i, o in enumerate(ins.operands) if o and mod.toks[o[0]].text == "[" and
            mod.toks[o[-1]].text == "]"]


def gen_address_to_immediate(mod):
    """Every address operand [..] replaced by the immediate address [4096]."""
    out = []
    toks = mod.toks
    for ins in instructions(mod):
        name = instr_name(mod, ins)
        spaces = [toks[q].text for q in ins.quals if toks[q].text.split("::")[0] in SPACES]
        group = spaces[0].split("::")[0] if len(spaces) == 1 else ("generic" if not spaces else "two-spaces")
        for i, opnd in address_operands(mod, ins):
            a, b = toks[opnd[0]].start, toks[opnd[-1]].end
            out.append(Cand("address-to-immediate", group, mod.line_of(a),
                            "`%s`: %s -> [4096]" % (short(name, 40), short(mod.text[a:b], 40)),
                            [(a, b, "[4096]")]))
    return out


def gen_retype_address_reg(mod):
    """The register of an address [r] or [r+imm] replaced by a fresh one of
    type .f64, .pred or .b32, declared just before the instruction."""
    out = []
    toks = mod.toks
    for ins in instructions(mod):
        name = instr_name(mod, ins)
        for i, opnd in address_operands(mod, ins):
            if len(opnd) < 3 or not is_register(mod, ins, opnd[1]):
                continue
            t = toks[opnd[1]]
            a = mod.stmt_span(ins.st)[0]
            for new_type in (".f64", ".pred", ".b32"):
                reg = fresh_name("%mut_addr", mod.names, "")
                decl = ".reg %s %s; " % (new_type, reg)
                out.append(Cand("retype-address-reg", new_type, mod.line_of(a),
                                "`%s`: address register %s -> %s %s" % (short(name, 40), t.text, new_type, reg),
                                [(a, a, decl), (t.start, t.end, reg)]))
    return out


def gen_swap_named_space(mod):
    """An instruction whose address names a variable or parameter, its state
    space qualifier swapped for each other space (or dropped: generic)."""
    out = []
    toks = mod.toks
    for ins in instructions(mod):
        spaces = [q for q in ins.quals if toks[q].text.split("::")[0] in SPACES]
        if len(spaces) != 1:
            continue
        named = any(len(o) >= 3 and toks[o[1]].kind == "ident" and not is_register(mod, ins, o[1])
                    and mod.resolve_sym(ins.st.block, toks[o[1]].text) is not None
                    for _, o in address_operands(mod, ins))
        if not named:
            continue
        q = toks[spaces[0]]
        for new in [s for s in SPACES if s != q.text.split("::")[0]] + [""]:
            out.append(Cand("swap-named-space", toks[ins.opcode].text, mod.line_of(q.start),
                            "`%s`: %s -> %s" % (short(instr_name(mod, ins), 40), q.text, new or "(generic)"),
                            [(q.start, q.end, new)]))
    return out


def gen_immediate_off_range(mod):
    """Every integer constant operand moved off its value: +1 (off a
    multiple), -1 - v (negative), and 4096 + v (off a range)."""
    out = []
    toks = mod.toks
    for ins in instructions(mod):
        name = instr_name(mod, ins)
        for i, opnd in enumerate(ins.operands):
            if len(opnd) != 1 or toks[opnd[0]].kind != "num" or not re.fullmatch(r"[0-9]+", toks[opnd[0]].text):
                continue
            t = toks[opnd[0]]
            v = int(t.text)
            for grp, new in (("plus-one", v + 1), ("negative", -1 - v), ("large", 4096 + v)):
                out.append(Cand("immediate-off-range", grp, mod.line_of(t.start),
                                "`%s`: operand %d %s -> %d" % (short(name, 40), i, t.text, new),
                                [(t.start, t.end, str(new))]))
    return out


def misspell(word):
    """A word with two adjacent letters swapped (the first pair that differs),
    or a letter doubled."""
    body = word.lstrip(".")
    lead = word[:len(word) - len(body)]
    for j in range(len(body) - 1):
        if body[j] != body[j + 1] and body[j].isalpha() and body[j + 1].isalpha():
            return lead + body[:j] + body[j + 1] + body[j] + body[j + 2:]
    return lead + body[:1] + body[:1] + body[1:]


def gen_opcode_word(mod):
    """Each word of the instruction's name (the opcode and every qualifier)
    misspelt, and each qualifier dropped."""
    out = []
    toks = mod.toks
    for ins in instructions(mod):
        name = instr_name(mod, ins)
        for pos, k in enumerate([ins.opcode] + ins.quals):
            t = toks[k]
            bad = misspell(t.text)
            out.append(Cand("opcode-word", "misspelt", mod.line_of(t.start),
                            "`%s`: word %d %s -> %s" % (short(name, 40), pos, t.text, bad),
                            [(t.start, t.end, bad)]))
            if pos > 0:
                out.append(Cand("opcode-word", "dropped", mod.line_of(t.start),
                                "`%s`: word %d %s dropped" % (short(name, 40), pos, t.text),
                                [(t.start, t.end, "")]))
    return out


def gen_no_candidates(mod):
    """address-size-32: its candidates come from gen_bad_address_size."""
    return []


def gen_drop_version(mod):
    return gen_drop_header(mod, "drop-version", "version")


def gen_drop_target(mod):
    return gen_drop_header(mod, "drop-target", "target")


# ---------------------------------------------------------------- registry

Operator = namedtuple("Operator", "kind generate heavy")

# In the order of --list-kinds; sampling and the report follow it (see the top).
OPERATORS = [
    Operator("drop-reg-decl", gen_drop_reg_decl, heavy=True),
    Operator("retype-reg", gen_retype_reg, heavy=True),
    Operator("shrink-reg-range", gen_shrink_reg_range, heavy=True),
    Operator("lower-version", gen_lower_version, heavy=False),
    Operator("lower-target", gen_lower_target, heavy=False),
    Operator("bad-address-size", gen_bad_address_size, heavy=False),
    Operator("address-size-32", gen_no_candidates, heavy=False),
    Operator("dup-label", gen_dup_label, heavy=True),
    Operator("rename-label-use", gen_rename_label_use, heavy=True),
    Operator("undeclared-symbol", gen_undeclared_symbol, heavy=True),
    Operator("dup-decl", gen_dup_decl, heavy=True),
    Operator("drop-version", gen_drop_version, heavy=False),
    Operator("drop-target", gen_drop_target, heavy=False),
    Operator("reg-to-constant", gen_reg_to_constant, heavy=True),
    Operator("address-to-immediate", gen_address_to_immediate, heavy=True),
    Operator("retype-address-reg", gen_retype_address_reg, heavy=True),
    Operator("swap-named-space", gen_swap_named_space, heavy=True),
    Operator("immediate-off-range", gen_immediate_off_range, heavy=True),
    Operator("opcode-word", gen_opcode_word, heavy=True),
]

KINDS = [op.kind for op in OPERATORS]
# Kinds with many candidates per file: sampled with --limit, reduced on big files.
HEAVY = {op.kind for op in OPERATORS if op.heavy}
GENERATORS = {op.kind: op.generate for op in OPERATORS}
