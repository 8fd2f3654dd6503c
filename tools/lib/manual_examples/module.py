"""One module per manual section: the header its ISA notes ask for, the
declarations its examples make or need, and each example block in a scope
of its own inside one kernel (so that two blocks may use one name with two
types and define one label twice)."""
import os
import re

from . import infer

# 11.1.2 / the release notes: the first PTX ISA version of each target.
TARGET_VERSION = {
    "sm_10": "1.0", "sm_11": "1.0", "sm_12": "1.2", "sm_13": "1.2", "sm_20": "2.0", "sm_30": "3.0",
    "sm_32": "4.0", "sm_35": "3.1", "sm_37": "4.1", "sm_50": "4.0", "sm_52": "4.1", "sm_53": "4.2",
    "sm_60": "5.0", "sm_61": "5.0", "sm_62": "5.0", "sm_70": "6.0", "sm_72": "6.1", "sm_75": "6.3",
    "sm_80": "7.0", "sm_86": "7.1", "sm_87": "7.4", "sm_88": "9.0", "sm_89": "7.8", "sm_90": "7.8",
    "sm_90a": "8.0", "sm_100": "8.6", "sm_100a": "8.6", "sm_101": "8.6", "sm_101a": "8.6",
    "sm_100f": "8.8", "sm_101f": "8.8", "sm_103": "8.8", "sm_103a": "8.8", "sm_103f": "8.8",
    "sm_110": "9.0", "sm_110a": "9.0", "sm_110f": "9.0", "sm_120": "8.7", "sm_120a": "8.7",
    "sm_120f": "8.8", "sm_121": "8.8", "sm_121a": "8.8", "sm_121f": "8.8",
}
PTXAS_TARGETS = {t for t, v in TARGET_VERSION.items() if int(t[3:].rstrip("af")) >= 75
                 and t not in ("sm_101", "sm_101a", "sm_101f")}


def _vkey(v):
    return tuple(int(x) for x in v.split("."))


def _notes(text, heading, until):
    m = re.search(heading + r"\n(.*?)(\n" + until + r"\n|\Z)", text, re.S)
    return m.group(1) if m else ""


def header_candidates(section_text):
    """-> [(version, target)] the section's ISA notes allow, preferred first:
    the newest version and target they name (9.1 only where a note needs it)."""
    ptx = _notes(section_text, "PTX ISA Notes", "Target ISA Notes")
    tgt = _notes(section_text, "Target ISA Notes", "Examples")
    versions = re.findall(r"PTX ISA (?:version )?(\d+\.\d+)", ptx)
    needed = max(versions, key=_vkey, default="6.3")
    targets = sorted({"sm_" + t for t in re.findall(r"sm_(\d+[af]?)\b", tgt)},
                     key=lambda t: (int(t[3:].rstrip("af")), t[-1] in "af"), reverse=True)
    targets = [t for t in targets if t in TARGET_VERSION] or ["sm_75"]
    out = []
    for t in targets[:4] + ["sm_90a", "sm_100a"]:
        v = max(needed, TARGET_VERSION[t], "2.3", key=_vkey)  # 11.1.3: .address_size needs 2.3
        if (v, t) not in out:
            out.append((v, t))
    return out


def ptxas_arch(target):
    """ptxas 13 takes an old .target only with an -arch it still has."""
    return target if target in PTXAS_TARGETS else "sm_75"


class Section:
    """A section's blocks and what ptxas decided for them."""

    def __init__(self, path, manual, blocks):
        self.path = path
        self.rel = os.path.relpath(path, manual)
        self.stem = os.path.splitext(os.path.basename(path))[0]
        if self.stem == "overview":
            self.stem = os.path.basename(os.path.dirname(path)) + "_overview"
        self.text = open(path, encoding="utf-8").read()
        self.title = self.text.split("\n", 1)[0].lstrip("# ").strip()
        self.blocks = [b for b in blocks if any(not s.skipped for s in b.statements)]
        self.version, self.target = header_candidates(self.text)[0]

    def kept(self, block):
        return [s for s in block.statements if not s.skipped]


def key(stmt):
    return f"{stmt.line} {stmt.text}"


def block_declared(section, block, only=None):
    names = set()
    for s in section.kept(block):
        if s.kind in ("function-decl", "module-decl", "label") and (only is None or s in only
                                                                     or s.kind == "label"):
            names.update(infer.declared_names(s.text))
    return names


def statement_names(section, block, stmt, types, only=None):
    """-> ({register: type} the statement's own scope declares, [labels it
    needs that its block does not define], {module-scope name: kind})."""
    declared = block_declared(section, block, only)
    regs, labels, module = {}, [], {}
    for u in infer.uses(stmt.text):
        if u.name in declared or u.name in regs or u.name in module:
            continue
        if u.kind == "reg":
            regs[u.name] = types.get(u.name, u.guess)
        elif u.kind == "label":
            labels.append(u.name)
        else:
            module[u.name] = u.kind
    return regs, labels, module


def _call_prototypes(section, types_of, only):
    """-> {function name: definition} for the functions the examples call."""
    out = {}
    for block in section.blocks:
        for s in section.kept(block):
            regs = types_of(s) if s.kind == "instruction" and _wanted(s, only) else {}
            if s.kind != "instruction" or not _wanted(s, only) or infer.parse(s.text)[1].split(".")[0] != "call":
                continue
            _, _, ops = infer.parse(s.text)
            plain = [o for o in ops if not o.startswith("(")]
            if not plain or not re.fullmatch(r"[A-Za-z_$][\w$]*", plain[0]):
                continue
            name, pos = plain[0], ops.index(plain[0])
            rets = infer.split_operands(ops[0][1:-1]) if pos == 1 else []
            args = infer.split_operands(ops[pos + 1][1:-1]) if len(ops) > pos + 1 and \
                ops[pos + 1].startswith("(") else []

            def params(values, prefix):
                return ", ".join(f".reg .{regs.get(v, 'b32')} {prefix}{i}" for i, v in enumerate(values))
            ret = f"({params(rets, 'r')}) " if rets else ""
            arg = f" ({params(args, 'a')})" if args else ""
            out.setdefault(name, f".func {ret}{name}{arg}\n{{\n    ret;\n}}")
    return out


def render(section, decisions, only=None, variants=None, part="main"):
    """-> (text, {output line: ('stmt', Statement) | ('decl', block) | ('module', x)}).
    only: the statements to keep (None: all not rejected by a syntax error);
    variants: [(block, statement, {name: type})] renders one scope per variant
    instead of the blocks; part: "main", or "syntax" for the statements
    ptxlint finds a syntax error in (decisions["syntax_split"]), a module of
    their own so that ptxlint's semantic checks judge the rest."""
    split = set(decisions.get("syntax_split", []))
    if only is None and variants is None and split:
        kept = {s for b in section.blocks for s in section.kept(b)}
        only = {s for s in kept if (key(s) in split) == (part == "syntax")}
    version, target = decisions.get("header", (section.version, section.target))
    types = decisions.get("types", {})
    lines, where = [], {}

    def emit(text, what=None):
        lines.append(text)
        if what is not None:
            where[len(lines)] = what

    def types_of(stmt):
        return statement_names(section, stmt.block, stmt, types.get(key(stmt), {}))[0]
    emit(f"// Generated by tools/manual-examples from {section.rel}")
    emit(f"// ({section.title}); do not edit: tools/manual-examples --refresh rewrites it.")
    emit(f".version {version}")
    emit(f".target {target}")
    emit(".address_size 64")
    emit("")
    module_uses = {}
    for block in section.blocks:
        for s in section.kept(block):
            if s.kind == "instruction" and _wanted(s, only):
                module_uses.update(statement_names(section, block, s, {}, only)[2])
            if s.kind == "module-decl" and _wanted(s, only):
                emit(s.text, ("stmt", s))
    for name, kind in module_uses.items():
        emit(f".global .{kind} {name};", ("module", name))
    for name, text in _call_prototypes(section, types_of, only).items():
        for i, part in enumerate(text.split("\n")):
            emit(part, ("module", name) if i == 0 else None)
    emit("")
    emit(".visible .entry manual_examples()")
    emit("{")
    if variants is None:
        for block in section.blocks:
            _emit_block(section, block, types, only, emit)
    else:
        for block, stmt, override in variants:
            declare = {s for s in section.kept(block) if s.kind == "function-decl"
                       and (only is None or s in only)} | {stmt}
            _emit_block(section, block, {key(stmt): override}, {stmt}, emit, label=False,
                        declare=declare)
    emit("    ret;")
    emit("}")
    return "\n".join(lines) + "\n", where


def _wanted(s, only):
    return only is None or s in only


def _emit_block(section, block, types, only, emit, label=True, declare=None):
    if label:
        emit(f"    // {block.label[:70]} (line {block.line})")
    emit("    {")
    needed = []
    for s in section.kept(block):
        if s.kind == "module-decl" or not (s.kind == "label" or _wanted(s, declare or only)):
            continue
        if s.kind != "instruction":
            if s.kind == "label" or _wanted(s, declare or only):
                emit(("    " if s.kind == "label" else "        ") + s.text, ("stmt", s))
            continue
        if s.kind == "instruction" and not _wanted(s, only):
            continue
        regs, labels, _ = statement_names(section, block, s, types.get(key(s), {}), declare or only)
        needed += [n for n in labels if n not in needed]
        decls = "".join(f".reg .{t} {n}; " for n, t in regs.items())
        emit(f"        {{ {decls}{s.text} }}" if decls else f"        {s.text}", ("stmt", s))
    defined = block_declared(section, block, declare or only)
    for name in needed:
        if name not in defined:
            emit(f"    {name}:")
    emit("    }")
