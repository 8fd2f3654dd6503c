"""The golden files: each kept statement a line that must get no diagnostic,
except where ptxas refuses it (a manual error, or one ptxas 13.0 cannot
judge): those lines carry what ptxas said and the diagnostics ptxlint gives,
and MANUAL-ERRATA.md lists them in one place."""
import collections
import json
import subprocess
import tempfile

from . import module


def lint_rejected(section, decisions, ptxlint, part="main"):
    """-> {output line: ["severity[@line]:column text", ...]}: ptxlint's
    diagnostics and notes on the module, by the line they are written on (a
    note elsewhere is written on its diagnostic's line, with @line)."""
    text, where = module.render(section, decisions, part=part)
    with tempfile.NamedTemporaryFile("w", suffix=".ptx") as f:
        f.write(text)
        f.flush()
        p = subprocess.run([ptxlint, "--format=json", f.name], capture_output=True, text=True)
    out = collections.defaultdict(list)
    try:
        files = json.loads(p.stdout)["files"]
    except (ValueError, KeyError):
        return {}
    for d in files[0]["diagnostics"]:
        line = d["line"]
        out[str(line)].append(f"{d['severity']}:{d['column']} {d['code']}: {d['message']}")
        for n in d["notes"]:
            if _laxer_deviation_note(n["message"]):
                continue
            at = f"@{n['line']}" if n["line"] != line else ""
            out[str(line)].append(f"note{at}:{n['column']} {n['message']}")
    return dict(out)


def _laxer_deviation_note(message):
    """The note a laxer deviation adds to a manual error ("ptxas 13.0 accepts
    this today (deviation ...)"), which the golden runner does not compare in
    a file without compat-verdicts (tests/tools/golden_runner.cpp)."""
    return message.startswith("ptxas ") and " accepts this today (deviation" in message


def _expectations(items):
    out = []
    for item in items:
        where, text = item.split(" ", 1)
        severity, column = where.split(":")
        text = text.split("}}")[0]
        out.append(f"expected-{severity}:{column} {{{{{text}}}}}")
    return " ".join(out)


def relint(section, decisions, ptxlint):
    """Lints the module; where ptxlint finds a syntax error in a statement, that
    statement moves to a module of its own (<stem>.syntax-errors.ptx) and both
    are linted again."""
    decisions.pop("syntax_split", None)
    decisions.pop("lint_syntax", None)
    lint = lint_rejected(section, decisions, ptxlint)
    _, where = module.render(section, decisions)
    split = sorted({module.key(where[int(n)][1]) for n, items in lint.items()
                    if int(n) in where and where[int(n)][0] == "stmt"
                    and any(" PL1" in " " + i.split(" ", 1)[1][:4] for i in items)})
    if split:
        decisions["syntax_split"] = split
        lint = lint_rejected(section, decisions, ptxlint)
        decisions["lint_syntax"] = lint_rejected(section, decisions, ptxlint, "syntax")
    decisions["lint"] = lint


def verdicts(section, decisions, part=None):
    """-> {statement key: (ptxas message or None, [ptxlint items], output line)}
    for the statements ptxas refuses or ptxlint flags."""
    if part is None:
        out = verdicts(section, decisions, "main")
        if decisions.get("syntax_split"):
            out.update(verdicts(section, decisions, "syntax"))
        return out
    rejected = decisions.get("rejected", {})
    lint = decisions.get("lint" if part == "main" else "lint_syntax", {})
    _, where = module.render(section, decisions, part=part)
    # ptxas's error for the whole module (no line: "Unresolved extern
    # function 'foo'") is its verdict on the statement ptxlint gives a
    # deviation's warning (PL5001) for: the manual allows it, ptxas does not.
    module_error = decisions.get("module_error", "")
    out = {}
    for n, (kind, what) in where.items():
        if kind != "stmt":
            continue
        k = module.key(what)
        if k in rejected or str(n) in lint:
            items = lint.get(str(n), [])
            ptxas = rejected.get(k)
            if ptxas is None and module_error and not module_error.startswith("line ") and deviation_only(items):
                ptxas = module_error
            out[k] = (ptxas, items, n)
    return out


def deviation_only(items):
    """-> whether ptxlint's findings on a line are a known deviation's
    warning (PL5001: ptxas rejects what the manual allows) and its notes."""
    found = [i for i in items if not i.startswith("note")]
    return bool(found) and all(i.startswith("warning:") and " PL5001: " in i for i in found)


# Flags where ptxas accepts the wrapped statement that were looked at and found
# right (section file stem, manual line): why.
REVIEWED = {
    ("9714514_multiply_and_accumulate_instruction_mma", 416):
        "the example declares .reg .f16x2 %Ra<2>, %Rb<1> and uses %Ra0..%Ra3, %Rb0..%Rb1; ptxas "
        "takes this wrapper's mix of .f16x2 and inferred .b32 elements, but refuses .f16x2 for "
        "every element of a .bf16 mma (as ptxlint, 9.4 Table 26)",
}


def unjudged(decisions):
    """-> ptxas's error when it stopped at the module's own error, a wrapper
    line it cannot read (a parse error, a non-ASCII comment), before judging
    any statement: a statement ptxlint flags there is not one ptxas accepts.
    ("" when ptxas judged the statements.)"""
    error = decisions.get("module_error", "")
    return error if "Parsing error" in error or "non-ASCII" in error else ""


def render(section, decisions, part="main"):
    text, where = module.render(section, decisions, part=part)
    lines = text.split("\n")
    if part == "syntax":
        lines.insert(2, "// The statements of this section ptxlint finds a syntax error in: a module")
        lines.insert(3, "// of their own, so that the other module's statements are checked.")
        where = {n + 2 if n > 2 else n: w for n, w in where.items()}
    lint = dict(decisions.get("lint" if part == "main" else "lint_syntax", {}))
    shift = 2 if part == "syntax" else 0
    lint = {str(int(n) + shift): v for n, v in lint.items()}
    for k, (ptxas, items, n) in verdicts(section, decisions, part).items():
        n += shift
        lint.pop(str(n), None)
        if ptxas and decisions.get("judged_as_9_0"):
            note = f"ptxas-9.0: ptxas 13.0, as .version 9.0: {ptxas}; " + \
                (_expectations(items) if items else "ptxlint accepts")
        elif ptxas and deviation_only(items):
            note = f"ptxas-differs: ptxas: {ptxas}; a known deviation: " + _expectations(items)
        elif ptxas and items:
            note = f"manual-error: ptxas: {ptxas}; " + _expectations(items)
        elif ptxas:
            note = f"ptxas-differs: ptxas: {ptxas}; ptxlint accepts"
        elif (section.stem, int(k.split()[0])) in REVIEWED:
            note = "reviewed, ptxlint right: ptxas accepts this wrapper; " + _expectations(items)
        elif unjudged(decisions):
            note = f"ptxas-unjudged: ptxas stops first at the module's error ({unjudged(decisions)}); " + \
                _expectations(items)
        else:
            note = "known-false-positive: ptxas accepts; " + _expectations(items)
        lines[n - 1] += "  // " + note
    for n, items in lint.items():  # a line the tool wrote (a declaration it inferred)
        lines[int(n) - 1] += "  // wrapper: " + _expectations(items)
    if not any("expected-" in l for l in lines):
        lines.insert(2, "// expected-no-diagnostics")
    return "\n".join(lines)


def _missing_semicolons(section):
    return [s for b in section.blocks for s in section.kept(b) if s.note == "missing ';'"]


def errata(found, state):
    out = ["# The PTX ISA 9.1 manual's examples that are not valid PTX",
           "",
           "Generated by tools/manual-examples --refresh from tests/golden/manual/ptxas.json:",
           "every kept example statement that ptxas 13.0 refuses in its generated module,",
           "what ptxas says, and what ptxlint says (`ptxlint accepts` is a disagreement).",
           "A statement the manual wrote without its ';' is listed under 'missing ;'.", ""]
    rows, missing, fps, reviewed, unjudged_rows = [], [], [], [], []
    for sec, _ in found:
        d = state.get(sec.stem, {})
        for key, (ptxas, lint, _) in sorted(verdicts(sec, d).items(), key=lambda kv: int(kv[0].split()[0])):
            line, text = key.split(" ", 1)
            lint_text = "; ".join(i.split(" ", 1)[1] for i in lint if not i.startswith("note")) \
                or "ptxlint accepts"
            if ptxas:
                as90 = " (as .version 9.0; the module is 9.1)" if d.get("judged_as_9_0") else ""
                rows.append(f"| {sec.rel}:{line} | `{text}` | {ptxas}{as90} | {lint_text} |")
            elif (sec.stem, int(line)) in REVIEWED:
                reviewed.append(f"| {sec.rel}:{line} | `{text}` | {lint_text} | "
                                f"{REVIEWED[(sec.stem, int(line))]} |")
            elif unjudged(d):
                unjudged_rows.append(f"| {sec.rel}:{line} | `{text}` | {lint_text} | {unjudged(d)} |")
            else:
                fps.append(f"| {sec.rel}:{line} | `{text}` | {lint_text} |")
        for s in _missing_semicolons(sec):
            missing.append(f"- {sec.rel}:{s.line}: `{s.text}`")
    out += ["## ptxas refuses", "", "| section:line | statement | ptxas | ptxlint |",
            "|---|---|---|---|"] + rows + [""]
    out += ["## ptxlint flags, ptxas accepts (false positives still open)", "",
            "| section:line | statement | ptxlint |", "|---|---|---|"] + fps + [""]
    out += ["## ptxlint flags, ptxas stops first at the module's own error (not judged)", "",
            "| section:line | statement | ptxlint | ptxas |", "|---|---|---|---|"] + unjudged_rows + [""]
    out += ["## ptxlint flags, ptxas accepts the wrapper, ptxlint is right (reviewed)", "",
            "| section:line | statement | ptxlint | why |", "|---|---|---|---|"] + reviewed + [""]
    out += ["## missing ';' (the tool adds it)", ""] + missing + [""]
    return "\n".join(l.replace("\n", " ") for l in out)


def summary(found, state):
    blocks = len({id(b.text) for _, bs in found for b in bs})  # a cut block counts once
    stmts = [s for _, bs in found for b in bs for s in b.statements]
    kept = [s for s in stmts if not s.skipped]
    rejected = sum(len(state.get(sec.stem, {}).get("rejected", {})) for sec, _ in found)
    as90 = sum(len(state.get(sec.stem, {}).get("rejected", {})) for sec, _ in found
               if state.get(sec.stem, {}).get("judged_as_9_0"))
    judged = [v for sec, _ in found if sec.blocks for v in verdicts(sec, state.get(sec.stem, {})).values()]
    agree = sum(1 for p, l, _ in judged if p and l)
    flags = [(sec, state.get(sec.stem, {})) for sec, _ in found if sec.blocks
             for k, (p, l, _) in verdicts(sec, state.get(sec.stem, {})).items()
             if not p and l and (sec.stem, int(k.split()[0])) not in REVIEWED]
    not_judged = sum(1 for _, d in flags if unjudged(d))
    fps = len(flags) - not_judged
    why = collections.Counter(s.skipped for s in stmts if s.skipped)
    lines = [f"{blocks} example code blocks, {len(stmts)} statements, {len(kept)} kept "
             f"({len([s for s in kept if s.kind == 'instruction'])} instructions), "
             f"{rejected} refused by ptxas ({as90} of them in 9.1 modules judged as 9.0; "
             f"ptxlint flags {agree} of them), {fps} flagged by ptxlint where ptxas accepts "
             f"(and {len(REVIEWED)} reviewed: ptxlint right), {not_judged} where ptxas stops "
             f"first at the module's own error"]
    lines += [f"  skipped: {n} {w}" for w, n in why.most_common()]
    return "\n".join(lines)
