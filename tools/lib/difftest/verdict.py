"""The manual's verdict on a case: which syntax block its qualifiers and
operands fit (in the block's order, or in another one), the block's prose
rules, ties and typed-operand notes, and its PTX ISA and target notes
(manual_verdict)."""
from .blocks import BLOCKS
from .model import (STATE_SPACES, TARGET_NEEDS, TIES, agrees, imm_fits, pred_text, q_of, target_ok,
                    vt)
from .operands import TYPED_KINDS, operand_fits, operand_type


def match_slots(block, toks):
    """Order as in the syntax block: -> ({slot index: value}, notes) or None."""
    slots = block.slots

    def rec(i, j):
        if j == len(slots):
            return ({}, []) if i == len(toks) else None
        s = slots[j]
        if i < len(toks) and (toks[i] in s.values or toks[i] in s.prose):
            r = rec(i + 1, j + 1)
            if r is not None:
                a, notes = r
                a = dict(a)
                a[j] = toks[i]
                if toks[i] in s.prose:
                    notes = notes + [f"{toks[i]}: {s.prose_note}"]
                return a, notes
        if s.optional or s.prose_optional:
            r = rec(i, j + 1)
            if r is not None:
                a, notes = r
                if not s.optional:
                    notes = notes + [s.prose_optional]
                return a, notes
        return None
    return rec(0, 0)


def match_unordered(block, toks):
    """Any order, state spaces in the block's order: -> (assignment, score)."""
    used, assignment, score = set(), {}, 0
    for t in toks:
        for j, s in enumerate(block.slots):
            if j not in used and (t in s.values or t in s.prose):
                used.add(j)
                assignment[j] = t
                score += 1
                break
    complete = (score == len(toks) and
                all(j in used or s.optional or s.prose_optional
                    for j, s in enumerate(block.slots)))
    if complete:
        ss_in_case = [t for t in toks if t in STATE_SPACES]
        ss_in_block = [assignment[j] for j in sorted(assignment) if assignment[j] in STATE_SPACES]
        complete = ss_in_case == ss_in_block
    return (assignment if complete else None), score


def match_operands(block, ops, q):
    specs = block.operands

    def rec(i, j):
        if j == len(specs):
            return {} if i == len(ops) else None
        name, kind, optional = specs[j]
        if i < len(ops) and operand_fits(kind, name, ops[i], q):
            r = rec(i + 1, j + 1)
            if r is not None:
                r = dict(r)
                r[name] = ops[i]
                return r
        if optional:
            return rec(i, j + 1)
        return None
    return rec(0, 0)


def operand_problem(block, ops, q):
    """Why `ops` do not fit the block's operands, in the manual's words where it has some."""
    for op in ops:
        if op[0] == "tensor" and op[2] != 32:
            return "The individual tensor coordinates are of the type .s32."
        if op[0] == "tensor" and q.get(".dim") and op[1] != int(q[".dim"][1]):
            return ("The number of tensor coordinates in the vector argument tensorCoords should "
                    "be equal to the dimension specified by the modifier .dim.")
    return f"operands do not fit '{describe_operands(block)}'"


def describe_operands(block):
    return ", ".join(("{" + n + "}") if o else n for n, _, o in block.operands) or "none"


def judge_block(block, toks, ops):
    """-> (status, reason, reqs): status 'ok', 'unclear' or 'reject'."""
    m = match_slots(block, toks)
    notes = []
    if m is None:
        a, score = match_unordered(block, toks)
        if a is None:
            return "reject", ("qualifiers do not fit the syntax block "
                              f"'{block.syntax.split(' ')[0]}'"), None, score
        notes.append("qualifier order differs from the syntax block (the manual gives one "
                     "order and says nothing of others)")
    else:
        a, notes = m
    score = 100
    q = q_of(block, a)
    q["__immset"] = block.sets.get("cp-size", [])
    q["__sets"] = block.sets
    matched = match_operands(block, ops, q)
    if matched is None:
        return "reject", operand_problem(block, ops, q), None, score
    verdicts = []
    for name, (qual, without_qual, without_op) in TIES.items():
        # A tie is between an optional operand and its qualifier (createpolicy's
        # cache-policy is a mandatory destination, tied to nothing).
        if not any(n == name and o for n, _, o in block.operands):
            continue
        if name in matched and not q.get(qual):
            verdicts.append(without_qual)
        if name not in matched and q.get(qual):
            verdicts.append(without_op)
    verdicts += block.rules(q, matched)
    verdicts += typed_notes(block, q, matched)
    reqs = block.reqs(q, matched)
    rejects = [r for v, r in verdicts if v == "reject"]
    if rejects:
        return "reject", rejects[0], reqs, score
    notes += [r for v, r in verdicts if v is None]
    if notes:
        return "unclear", "; ".join(notes), reqs, score
    return "ok", "", reqs, score


def typed_notes(block, q, matched):
    """Operands whose agreement with the type the manual leaves open (Table 26
    covers neither packed types nor which constants a type takes)."""
    out = []
    for name, kind, _ in block.operands:
        op = matched.get(name)
        if kind not in TYPED_KINDS or op is None:
            continue
        t = operand_type(kind, q)
        if op[0] == "imm" and imm_fits(t, str(op[1])) is None:
            out.append((None, f"the manual does not say whether {t} takes the constant {op[1]}"))
        reg_type = op[1] if op[0] == "treg" else (f".b{op[1]}" if op[0] == "reg" and op[1] != "pred"
                                                  else None)
        if reg_type and agrees(t, reg_type) is None:
            out.append((None, f"Table 26 does not cover a {reg_type} register for {t}"))
    return out


def check_reqs(reqs, version, target):
    for feature, v, pred in reqs:
        if vt(version) < vt(v):
            return f"{feature}: introduced in PTX ISA version {v}"
        if not target_ok(target, pred, version):
            return f"{feature}: requires {pred_text(pred)}"
    return None


def manual_verdict(case):
    """-> (expect, why): expect 'accept', 'reject' or None (the manual is unclear)."""
    version, target = case["version"], case["target"]
    if vt(version) < vt(TARGET_NEEDS[target]):
        return "reject", f".target {target} needs .version {TARGET_NEEDS[target]}"
    results = [judge_block(b, case["toks"], case["ops"])
               for b in BLOCKS if b.opcode == case["opcode"] and not b.gen_only]
    fitting = [r for r in results if r[0] in ("ok", "unclear")]
    if fitting:
        for status, why, reqs, _ in sorted(fitting, key=lambda r: r[0] != "ok"):
            if check_reqs(reqs, version, target) is None:
                return ("accept", "") if status == "ok" else (None, why)
        return "reject", check_reqs(fitting[0][2], version, target)
    best = max(results, key=lambda r: r[3])
    return "reject", best[1]
