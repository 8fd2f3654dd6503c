"""ptxas decides what the extractor could not: the header among those the
ISA notes allow, and each register's type where the first guess fails (every
variant in one module, one scope per line, so one ptxas run judges them
all). What ptxas still refuses is recorded with its message."""
import collections
import json
import os
import re
import subprocess
import tempfile

from . import infer, module

ERROR = re.compile(r", line (\d+); (error|fatal)\s*:\s*(.*)")
# ptxas 13.0 warns of a 32-bit address on its line, then refuses the whole
# module without a line ("32-Bit compilation is no longer supported"): the warning's line
# is the one it refuses.
ADDRESS_32 = re.compile(r"warning\s*:\s*(Program uses 32-bit address on line '(\d+)'.*)")


def run_ptxas(ptxas, text, target):
    """-> {line: message} of ptxas's errors, {0: message} for one without a line."""
    with tempfile.NamedTemporaryFile("w", suffix=".ptx", delete=False) as f:
        f.write(text)
    try:
        p = subprocess.run([ptxas, f"-arch={module.ptxas_arch(target)}", "-o", "/dev/null", f.name],
                           capture_output=True, text=True, timeout=120)
    finally:
        os.unlink(f.name)
    errors = {}
    for line in (p.stdout + p.stderr).splitlines():
        m = ERROR.search(line)
        if m:
            errors.setdefault(int(m.group(1)), m.group(3).strip())
        elif "fatal" in line and "aborted due to errors" not in line:
            errors.setdefault(0, line.split(":", 1)[-1].strip())
    if p.returncode != 0 and "32-Bit" in errors.get(0, ""):
        for line in (p.stdout + p.stderr).splitlines():
            m = ADDRESS_32.search(line)
            if m:
                errors.setdefault(int(m.group(2)), m.group(1).strip())
        if len(errors) > 1:
            del errors[0]
    if p.returncode != 0 and not errors:
        errors[0] = (p.stdout + p.stderr).strip()[:200]
    return errors


def _failing(errors, where):
    return {where[n][1]: msg for n, msg in errors.items() if n in where and where[n][0] == "stmt"}


def judge(ptxas, text, target):
    """ptxas 13.0 knows PTX ISA 9.0 at most: a 9.1 module is judged as 9.0 (a
    statement that needs 9.1 is then refused, and recorded as such)."""
    return run_ptxas(ptxas, text.replace("\n.version 9.1\n", "\n.version 9.0\n"), target)


def decide(section, ptxas, ptxlint=None):
    """-> decisions: {"header": [version, target], "types": {statement key:
    {name: type}}, "rejected": {statement key: ptxas message}}."""
    best = None
    for version, target in module.header_candidates(section.text):
        trial = {"header": [version, target]}
        errors = judge(ptxas, module.render(section, trial)[0], target)
        if best is None or len(errors) < best[0]:
            best = (len(errors), trial)
        if not errors:
            break
    decisions = best[1]
    decisions["types"] = {}
    target = decisions["header"][1]
    # Repair what fails: one name's type at a time first, then two; a
    # statement no typing saves (or not an instruction) is left out, so that
    # ptxas, which stops at some errors, shows the next.
    kept = {s for b in section.blocks for s in section.kept(b)}
    attempts, given_up = collections.Counter(), set()
    for _ in range(40):
        text, where = module.render(section, decisions, only=kept - given_up)
        failing = _failing(judge(ptxas, text, target), where)
        if not failing:
            break
        instr = [s for s in failing if s.kind == "instruction" and attempts[s] < 2]
        given_up |= {s for s in failing if s not in instr}
        if instr:
            hints = ptxlint_hints(section, decisions, ptxlint)
            _repair(section, decisions, instr, ptxas, target, pairs=attempts[instr[0]] > 0,
                    hints=hints)
        for s in instr:
            attempts[s] += 1
    decisions["rejected"] = _rejected(section, decisions, ptxas, target)
    if decisions["header"][0] == "9.1":
        if decisions["rejected"]:
            decisions["judged_as_9_0"] = True
        else:
            decisions["header"][0] = "9.0"  # 9.1 only where a statement needs it
    return decisions


def _rejected(section, decisions, ptxas, target):
    """ptxas stops at a syntax error: the statements it refuses are taken out
    and the rest assembled again, until it refuses none."""
    all_kept = {s for b in section.blocks for s in section.kept(b)}
    rejected = {}
    for _ in range(80):
        text, where = module.render(section, decisions, only=all_kept - set(rejected))
        errors = judge(ptxas, text, target)
        failing = _failing(errors, where)
        if not failing:
            if 0 in errors:
                decisions["module_error"] = errors[0]
            elif any(n not in where or where[n][0] != "stmt" for n in errors):
                decisions["module_error"] = "; ".join(f"line {n}: {m}" for n, m in errors.items())
            break
        rejected.update(failing)
    return {module.key(s): msg for s, msg in rejected.items()}


def _vkey(v):
    return tuple(int(x) for x in v.split("."))


HINT_PATTERNS = (
    (re.compile(r"takes \.(\w+) registers"), lambda m: m.group(1)),
    (re.compile(r"\(\.\w+ \.(\w+)\) operand"), lambda m: m.group(1)),
    (re.compile(r"must be a \.pred register"), lambda m: "pred"),
    (re.compile(r"(\d+)-bit (?:register|operand)"), lambda m: "b" + m.group(1)),
    (re.compile(r"takes (\d+)-bit registers"), lambda m: "b" + m.group(1)),
)
DECLARED = re.compile(r"'([^']+)' is declared")


def ptxlint_hints(section, decisions, ptxlint):
    """-> {statement key: {name: type}}: the types ptxlint's operand-type
    findings (PL3009) ask for; a hint for ptxas to try first, nothing more."""
    if not ptxlint or not os.access(ptxlint, os.X_OK):
        return {}
    text, where = module.render(section, decisions)
    with tempfile.NamedTemporaryFile("w", suffix=".ptx", delete=False) as f:
        f.write(text)
    try:
        p = subprocess.run([ptxlint, "--format=json", f.name], capture_output=True, text=True)
        diags = json.loads(p.stdout)["files"][0]["diagnostics"]
    except (ValueError, KeyError, IndexError):
        return {}
    finally:
        os.unlink(f.name)
    hints = collections.defaultdict(dict)
    for d in diags:
        what = where.get(d["line"])
        m = DECLARED.search(d["message"])
        if d["code"] != "PL3009" or not what or what[0] != "stmt" or not m:
            continue
        for pattern, typ in HINT_PATTERNS:
            found = pattern.search(d["message"])
            if found:
                hints[module.key(what[1])][m.group(1)] = typ(found)
                break
    return hints


def _repair(section, decisions, stmts, ptxas, target, pairs, hints=None):
    variants = []
    for s in stmts:
        regs, _, _ = module.statement_names(section, s.block, s, decisions["types"].get(module.key(s), {}))
        names = list(regs)
        options = []
        hint = {n: t for n, t in (hints or {}).get(module.key(s), {}).items() if n in regs}
        _, _, operands = infer.parse(s.text)
        for op in operands:  # ptxlint names a vector's first element only
            group = [n for n in infer._names(op) if n in regs] if "{" in op else []
            typed = [hint[n] for n in group if n in hint]
            for n in group:
                if typed and n not in hint:
                    hint[n] = typed[0]
        if hint:
            options.append(hint)
        _, _, operands = infer.parse(s.text)
        groups = [[n for n in infer._names(op) if n in regs] for op in operands if "{" in op]
        groups += [[n for n in names if regs[n] == t] for t in sorted(set(regs.values()))]
        for group in groups:  # a vector's elements change together
            if len(group) > 1:
                options += [{n: c for n in group} for c in infer.CANDIDATES]
        for n in names:
            options += [{n: c} for c in infer.CANDIDATES if c != regs[n]]
        if pairs:
            for i, a in enumerate(names):
                for b in names[i + 1:]:
                    options += [{a: x, b: y} for x in infer.CANDIDATES[:5] for y in infer.CANDIDATES[:5]
                                if (x, y) != (regs[a], regs[b])]
            if len(names) <= 4:
                options += [{n: t for n in names} for t in infer.CANDIDATES]
        variants += [(s.block, s, {**regs, **o}) for o in options[:600]]
    if not variants:
        return False
    return _first_accepted(section, decisions, variants, ptxas, target)


def _first_accepted(section, decisions, variants, ptxas, target):
    """Adopts, for each statement, its first variant ptxas accepts. ptxas stops
    at the first error of its later phases, so only the lines before the first
    error reported are known good: refused variants are dropped, a statement's
    other variants too once one is known good, and the rest tried again."""
    bad, adopted = set(), {}
    for _ in range(40):
        live = [i for i, v in enumerate(variants) if i not in bad and v[1] not in adopted]
        if not live:
            break
        text, where = module.render(section, decisions, variants=[variants[i] for i in live])
        lines = sorted(n for n, (kind, st) in where.items()
                       if kind == "stmt" and st.kind == "instruction")
        errors = judge(ptxas, text, target)
        first_error = min(errors, default=max(lines) + 1)
        if first_error == 0:
            break
        for n, i in zip(lines, live):
            stmt = variants[i][1]
            if n in errors:
                bad.add(i)
            elif n < first_error and stmt not in adopted:
                adopted[stmt] = variants[i][2]
        if not errors:
            break
    for stmt, types in adopted.items():
        decisions["types"][module.key(stmt)] = dict(types)
    return bool(adopted)
