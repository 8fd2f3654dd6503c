"""Generation of the cases: every combination of each block's qualifier
values (a seeded sample where the cross product is large), valid ones and
those outside the block's tables, the mutations of valid ones (qualifiers,
operands, .version and .target), and the stratified sample of --max-cases."""
import functools
import itertools
import random

from .blocks import ARITH_OPCODES, BLOCKS, FAMILY_OF, CONTROL_OPCODES, MBARRIER_OPCODES, SYNC_OPCODES
from .blocks.control_flow import CONTROL_NAMES
from .model import (ALL_TARGETS, STATE_SPACES, TARGETS, TARGET_NEEDS, TIES, VERSIONS, pred_text,
                    q_of, target_ok, target_parts, tokens_of, version_below, vt)
from .kinds import model_knows, slot_kinds
from .operands import DEST_KINDS, TYPED_KINDS, build_operands, operand_fits
from .render import render
from .verdict import manual_verdict, match_operands, match_slots


FOREIGN_QUALS = [".L2::cache_hint", ".multicast::cluster", ".cp_mask", ".noftz", ".mmio",
                 ".weak", ".acc::f32", ".acc::f16", ".v2", ".v4", ".tile", ".im2col_no_offs",
                 ".release", ".acquire", ".relaxed", ".sys", ".cta", ".L2::128B", ".bulk_group",
                 ".mbarrier::complete_tx::bytes", ".global", ".shared::cta", ".ca", ".f32",
                 ".u32", ".ftz", ".sat", ".L2::evict_last", ".L1::no_allocate"]
FOREIGN_TYPES = [".b16", ".u16", ".s16", ".b8", ".u8", ".f16", ".bf16", ".f16x2", ".f32", ".f64",
                 ".b32", ".u32", ".s32", ".b64", ".u64", ".s64", ".e4m3", ".e5m2x4", ".tf32"]
EXTRA_POOL = {".scope": [".cta", ".cluster", ".gpu", ".sys"],
              ".sem": [".relaxed", ".release", ".acquire"],
              ".ldsem": [".release", ".weak"], ".stsem": [".acquire", ".weak"],
              ".redsem": [".acquire", ".weak"],
              ".completion_mechanism": [".bulk_group", ".mbarrier::complete_tx::bytes"],
              ".dst": [".global", ".shared::cta", ".shared::cluster", ".shared"],
              ".src": [".global", ".shared::cta", ".shared::cluster"],
              ".ss": [".global", ".shared::cluster", ".shared::cta", ".shared"],
              ".level::prefetch_size": [".L2::32B", ".L2::512B"],
              ".dim": [".6d", ".0d"], ".load_mode": [".im2col", ".im2col::w", ".tile::gather4"],
              ".vec": [".v3", ".v16"], ".acc_prec": [".acc::f64", ".acc::bf16"],
              ".multicast": [".multicast::cta"], ".level::cache_hint": [".L2::evict_first"]}
SLOT_POOL, ARITH_SLOT_POOL, SYNC_SLOT_POOL = {}, {}, {}
for _b in BLOCKS:
    for _s in _b.slots:
        (ARITH_SLOT_POOL if _b.opcode in ARITH_OPCODES else SYNC_SLOT_POOL if _b.opcode in SYNC_OPCODES
         else SLOT_POOL).setdefault(_s.name, set()).update(_s.values)
# (The synchronization blocks' values stay out: they would change the other
# families' misspellings.)
ALL_TOKENS = {v for b in BLOCKS if b.opcode not in SYNC_OPCODES for v in b.all_values()} | set(FOREIGN_QUALS)


def misspell(tok):
    body = tok.lstrip(".:")
    lead = tok[: len(tok) - len(body)]
    out = lead + (body + body[-1] if len(body) <= 3 else body[:-2] + body[-1])
    return out if out not in ALL_TOKENS else out + "x"


@functools.lru_cache(maxsize=None)
def target_version_candidates(reqs):
    vmin = max([v for _, v, _ in reqs] or ["7.0"], key=vt)
    cands = []
    for t in TARGETS:
        vs = [v for v in VERSIONS if vt(v) >= max(vt(vmin), vt(TARGET_NEEDS[t]))
              and all(target_ok(t, p, v) for _, _, p in reqs)]
        if vs:
            cands.append((t, vs))
    return cands


def pick_target_version(reqs, rng):
    cands = target_version_candidates(tuple(reqs))
    if not cands:
        return "sm_90", "9.0"
    weights = [4 if i == 0 else 2 if i == 1 else 1 for i in range(len(cands))]
    t, vs = rng.choices(cands, weights)[0]
    if vs == ["9.1"]:
        return t, "9.1"
    below = [v for v in vs if v != "9.1"]
    x = rng.random()
    if x < 0.06:
        v = "9.1"
    elif x < 0.40:
        v = below[0]
    elif x < 0.85:
        v = rng.choice(below[:4])
    else:
        v = rng.choice(below)
    return t, v


ENUMERATION_LIMIT = 6000


class Gen:
    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.cases = []
        self.seen = set()

    def add(self, block, kind, what, toks, ops, target, version):
        case = {"opcode": block.opcode, "block": block.label, "kind": kind, "what": what,
                "toks": list(toks), "ops": list(ops), "target": target, "version": version}
        case["instruction"] = render(case)[0]
        key = (case["instruction"], target, version)
        if key in self.seen:
            return None
        self.seen.add(key)
        case["expect"], case["expect_why"] = manual_verdict(case)
        self.cases.append(case)
        return case

    def enumerate_block(self, block):
        """Every combination of the block's qualifier values and optional
        operands: -> list of (assignment, ops, reqs)."""
        choices = []
        for s in block.slots:
            vals = s.values + s.prose
            choices.append(([None] + vals) if s.optional else vals)
        untied = [n for n, _, o in block.operands if o and n not in TIES]
        immsets = [n for n, k, _ in block.operands if k in ("immset", "count")]
        out = []
        total = 1
        for c in choices:
            total *= len(c)
        if total > ENUMERATION_LIMIT:
            # ld/st blocks have millions of combinations: a seeded sample.
            combos = [tuple(self.rng.choice(c) for c in choices) for _ in range(ENUMERATION_LIMIT)]
        else:
            combos = itertools.product(*choices)
        for combo in combos:
            a = {i: v for i, v in enumerate(combo) if v}
            q = q_of(block, a)
            for present in itertools.product([False, True], repeat=len(untied)):
                for imm in itertools.product(*[block.sets[n] for n in immsets]):
                    ops = build_operands(block, q, dict(zip(untied, present)),
                                         dict(zip(immsets, imm)))
                    matched = {n: True for n, p in zip(untied, present) if p}
                    out.append((a, ops, block.reqs(q, matched)))
        return out

    def generate(self, valid_cap, invalid_cap, mutation_bases):
        rng = self.rng
        for block in BLOCKS:
            combos = self.enumerate_block(block)
            rng.shuffle(combos)
            pools = {"valid": [], "table": [], "unclear": []}
            caps = {"valid": valid_cap, "table": invalid_cap, "unclear": invalid_cap // 2}
            for a, ops, reqs in combos:
                if len(pools["valid"]) >= caps["valid"] and len(pools["table"]) >= caps["table"]:
                    break
                t, v = pick_target_version(reqs, rng)
                case = {"opcode": block.opcode, "toks": tokens_of(block, a), "ops": ops,
                        "target": t, "version": v}
                expect, _ = manual_verdict(case)
                kind = {"accept": "valid", "reject": "table", None: "unclear"}[expect]
                pools[kind].append((a, ops, reqs, t, v))
            # Few valid combinations: each one again on other targets and versions.
            valid = list(pools["valid"])
            reps = max(1, min(8, valid_cap // max(1, len(valid))))
            for _ in range(reps - 1):
                for a, ops, reqs, _, _ in valid:
                    t, v = pick_target_version(reqs, rng)
                    pools["valid"].append((a, ops, reqs, t, v))
            for kind, pool in pools.items():
                for a, ops, reqs, t, v in pool[: caps[kind]]:
                    self.add(block, kind, "", tokens_of(block, a), ops, t, v)
            if not block.gen_only:
                for a, ops, reqs, t, v in pools["valid"][:mutation_bases]:
                    self.mutate(block, a, ops, reqs, t, v)
                # .version/.target mutations once for every set of ISA notes a
                # valid combination meets (::cta, .cp_mask, .acc::f16, ...).
                seen = set()
                for a, ops, reqs, t, v in pools["valid"]:
                    sig = tuple(sorted(f for f, _, _ in reqs))
                    if sig not in seen:
                        seen.add(sig)
                        self.mutate_target_version(block, a, ops, reqs, t, v)

    def mutate(self, block, a, ops, reqs, t, v):
        """Mutations of a valid combination: its qualifiers, its operands, an
        operand without its qualifier and the reverse."""
        toks = tokens_of(block, a)
        q = q_of(block, a)

        def add(kind, what, toks2=None, ops2=None, t2=None, v2=None):
            self.add(block, kind, what, toks if toks2 is None else toks2,
                     ops if ops2 is None else ops2, t2 or t, v2 or v)

        self.mutate_qualifiers(block, a, toks, q, ops, add)
        self.mutate_operands(block, q, ops, add)
        self.mutate_ties(block, a, q, ops, add)

    def mutate_qualifiers(self, block, a, toks, q, ops, add):
        """A qualifier missing, misspelt, from elsewhere or added; state spaces
        and other qualifiers in another order."""
        rng = self.rng
        idx = [i for i in range(len(block.slots)) if a.get(i)]   # slot index per token
        # A missing mandatory qualifier (with its glued sub-qualifier).
        for k, i in enumerate(idx):
            s = block.slots[i]
            if s.optional or s.sub:
                continue
            drop = {k}
            if k + 1 < len(idx) and block.slots[idx[k + 1]].sub:
                drop.add(k + 1)
            add("missing-qualifier", f"without {toks[k]}",
                [x for j, x in enumerate(toks) if j not in drop])
        # A misspelt qualifier.
        for k in rng.sample(range(len(toks)), min(2, len(toks))):
            add("misspelt-qualifier", f"{toks[k]} -> {misspell(toks[k])}",
                toks[:k] + [misspell(toks[k])] + toks[k + 1:])
        # State spaces in the wrong order.
        groups = []
        for k, tok in enumerate(toks):
            if tok in STATE_SPACES:
                if block.slots[idx[k]].sub and groups:
                    groups[-1].append(k)
                else:
                    groups.append([k])
        if len(groups) >= 2:
            g1, g2 = groups[0], groups[1]
            seq = list(range(len(toks)))
            new = seq[: g1[0]] + g2 + seq[g1[-1] + 1: g2[0]] + g1 + seq[g2[-1] + 1:]
            add("state-space-order", "state spaces swapped", [toks[j] for j in new])
        # A value from another block or another instruction in a slot.
        for k, i in enumerate(idx):
            s = block.slots[i]
            slot_pool = (ARITH_SLOT_POOL if block.opcode in ARITH_OPCODES else SYNC_SLOT_POOL
                         if block.opcode in SYNC_OPCODES else SLOT_POOL)
            pool = (slot_pool.get(s.name, set()) | set(EXTRA_POOL.get(s.name, []))) - set(s.values)
            if s.name in (".type", ".redtype"):
                pool |= set(FOREIGN_TYPES) - set(s.values)
            pool = sorted(pool)
            for alt in rng.sample(pool, min(2, len(pool))):
                toks2 = toks[:k] + [alt] + toks[k + 1:]
                ops2 = ops
                if s.name in (".type", ".redtype"):
                    q2 = dict(q)
                    q2[s.name] = alt
                    ops2 = build_operands(block, q2, {n: True for n in self.untied_present(
                        block, ops, q)}, self.imms(block, ops))
                add("other-value", f"{s.name} {toks[k]} -> {alt}", toks2, ops2)
        # A qualifier the block does not have.
        pool = sorted(set(FOREIGN_QUALS) - block.all_values() - set(toks))
        for extra in rng.sample(pool, 2):
            pos = max(0, len(toks) - 1)
            add("extra-qualifier", f"+{extra}", toks[:pos] + [extra] + toks[pos:])
        # Qualifiers (not state spaces) in another order.
        movable = [k for k in range(len(toks) - 1)
                   if toks[k] not in STATE_SPACES and toks[k + 1] not in STATE_SPACES
                   and not block.slots[idx[k + 1]].sub]
        if movable:
            k = rng.choice(movable)
            add("qualifier-order", f"{toks[k]} <-> {toks[k + 1]}",
                toks[:k] + [toks[k + 1], toks[k]] + toks[k + 2:])

    def mutate_operands(self, block, q, ops, add):
        """Operand count, vector length, immediates, typed and control operands,
        register size."""
        # Operand count.
        if ops:
            add("operand-count", "last operand dropped", ops2=ops[:-1])
        add("operand-count", "extra operand", ops2=ops + [("reg", 32)])
        # Vector length, tensor coordinates.
        for j, op in enumerate(ops):
            if op[0] == "vec":
                for n in (op[2] - 1, op[2] + 1):
                    add("vector-length", f"{op[2]} -> {n} elements",
                        ops2=ops[:j] + [("vec", op[1], n)] + ops[j + 1:])
            if op[0] in ("texc", "tvec", "texd"):
                k = 1 if op[0] == "texc" else 2
                for n in (op[k] - 1, op[k] + 1):
                    if n >= 1:
                        bad = list(op)
                        bad[k] = n
                        add("vector-length", f"{op[k]} -> {n} elements",
                            ops2=ops[:j] + [tuple(bad)] + ops[j + 1:])
            if op[0] == "surf":
                for n in (op[1] - 1, op[1] + 1):
                    if n >= 1:
                        add("vector-length", f"{op[1]} -> {n} coordinates",
                            ops2=ops[:j] + [("surf", n)] + ops[j + 1:])
            if op[0] == "tensor":
                for n in (op[1] - 1, op[1] + 1):
                    if n >= 1:
                        add("vector-length", f"{op[1]} -> {n} coordinates",
                            ops2=ops[:j] + [("tensor", n, op[2])] + ops[j + 1:])
        # Immediates out of range; a register where a constant is required.
        for j, (name, kind, _) in enumerate(self.op_specs(block, ops, q)):
            if kind == "immset":
                for bad in ("2", "12", "32"):
                    add("immediate", f"{name} {bad}", ops2=ops[:j] + [("imm", bad)] + ops[j + 1:])
            if kind == "imm":
                for bad in ("8", "4"):
                    add("immediate", f"{name} {bad}", ops2=ops[:j] + [("imm", bad)] + ops[j + 1:])
            if kind == "count":
                add("immediate", "N as a register", ops2=ops[:j] + [("reg", 32)] + ops[j + 1:])
                add("immediate", "N = 7", ops2=ops[:j] + [("imm", "7")] + ops[j + 1:])
            if name == "size":
                add("immediate", "size as an immediate 256",
                    ops2=ops[:j] + [("imm", "256")] + ops[j + 1:])
        if (block.opcode in ARITH_OPCODES or block.opcode in CONTROL_OPCODES or block.opcode in SYNC_OPCODES
                or block.opcode in MBARRIER_OPCODES or block.opcode.startswith("createpolicy")):
            self.mutate_typed(block, q, ops, add)
        if block.opcode in CONTROL_OPCODES:
            self.mutate_control(block, q, ops, add)
        # Registers of the wrong size.
        resize = {8: 16, 16: 32, 32: 64, 64: 32, 128: 64, "pred": 32}
        for j, op in enumerate(ops):
            if op[0] == "reg":
                add("register-size", f"operand {j + 1}: {op[1]} -> {resize[op[1]]} bits",
                    ops2=ops[:j] + [("reg", resize[op[1]])] + ops[j + 1:])
            elif op[0] == "vec":
                add("register-size", f"operand {j + 1}: elements {op[1]} -> {resize[op[1]]} bits",
                    ops2=ops[:j] + [("vec", resize[op[1]], op[2])] + ops[j + 1:])
            elif op[0] == "tensor":
                for bits in (16, 64):
                    add("register-size", f"coordinates {bits}-bit",
                        ops2=ops[:j] + [("tensor", op[1], bits)] + ops[j + 1:])

    def mutate_ties(self, block, a, q, ops, add):
        """An operand without its qualifier, a qualifier without its operand."""
        for name, (qual, _, _) in TIES.items():
            if not any(n == name for n, _, _ in block.operands):
                continue
            slot = next((i for i, s in enumerate(block.slots) if s.name == qual), None)
            if slot is None:
                continue
            a2 = dict(a)
            present = self.untied_present(block, ops, q)
            if a.get(slot):
                del a2[slot]
                ops2 = build_operands(block, q, {n: True for n in present}, self.imms(block, ops),
                                      force={name: True})
                add("operand-without-qualifier", f"{name} without {qual}",
                    tokens_of(block, a2), ops2)
                ops3 = build_operands(block, q, {n: True for n in present}, self.imms(block, ops),
                                      force={name: False})
                add("qualifier-without-operand", f"{a[slot]} without {name}", ops2=ops3)
            else:
                ops2 = build_operands(block, q, {n: True for n in present}, self.imms(block, ops),
                                      force={name: True})
                add("operand-without-qualifier", f"{name} without {qual}", ops2=ops2)

    def mutate_target_version(self, block, a, ops, reqs, t, v):
        rng = self.rng
        toks = tokens_of(block, a)

        def add(kind, what, t2, v2):
            self.add(block, kind, what, toks, ops, t2, v2)

        # .version one step below the ISA note that needs the most.
        feature, need, _ = max(reqs, key=lambda r: vt(r[1]))
        below = version_below(need)
        if below:
            ts = [x for x in TARGETS if all(target_ok(x, p, below) for _, _, p in reqs)]
            fits = [x for x in ts if vt(TARGET_NEEDS[x]) <= vt(below)]
            t2 = rng.choice(fits) if fits else (ts[0] if ts else t)
            add("version-below", f".version {below}: {feature} needs {need}", t2, below)
        # .target one below a target note.
        for feature, need, pred in reqs:
            if pred[0] != "min":
                continue
            lower = [x for x in ALL_TARGETS if target_parts(x)[0] < pred[1]]
            if not lower:
                continue
            t2 = lower[-1]
            v2 = max([need, TARGET_NEEDS[t2]] + [r[1] for r in reqs], key=vt)
            add("target-below", f"{t2}: {feature} needs {pred_text(pred)}", t2, v2)
        # A plain target for an a/f feature.
        for feature, need, pred in reqs:
            if pred[0] != "specific":
                continue
            for t2 in ("sm_100", "sm_90a", "sm_120", "sm_110", "sm_103"):
                v2 = max([need, TARGET_NEEDS[t2]] + [r[1] for r in reqs], key=vt)
                if v2 == "9.1":
                    v2 = "9.0"
                add("non-af-target", f"{t2}: {feature} needs {pred_text(pred)}", t2, v2)

    def mutate_typed(self, block, q, ops, add):
        """9.4: registers of another type class of the operand's size,
        constants of another kind, predicates negated or paired."""
        rng = self.rng
        classes = {16: [".u16", ".s16", ".f16"], 32: [".u32", ".s32", ".f32", ".f16x2"],
                   64: [".u64", ".s64", ".f64"]}
        specs = [(n, k) for n, k, _ in block.operands]
        for j, (name, kind) in enumerate(specs[: len(ops)]):
            op = ops[j]
            if kind in TYPED_KINDS and op[0] == "reg" and op[1] in classes:
                for t in rng.sample(classes[op[1]], 2):
                    add("register-type", f"{name} as {t}", ops2=ops[:j] + [("treg", t)] + ops[j + 1:])
            if kind in TYPED_KINDS and kind not in DEST_KINDS and j > 0:
                for imm in rng.sample(["1", "-1", "1.5", "0f3F800000", "0d3FF0000000000000"], 2):
                    add("immediate-kind", f"{name} = {imm}", ops2=ops[:j] + [("imm", imm)] + ops[j + 1:])
            if kind in DEST_KINDS:
                add("immediate-kind", f"{name} = 1", ops2=ops[:j] + [("imm", "1")] + ops[j + 1:])
            if kind == "lut":
                for bad in ("256", "-1"):
                    add("immediate", f"{name} = {bad}", ops2=ops[:j] + [("imm", bad)] + ops[j + 1:])
                add("immediate", f"{name} as a register", ops2=ops[:j] + [("reg", 32)] + ops[j + 1:])
            if kind in ("rmaybe", "rmaybes", "relect"):
                for form in (("spair",), ("sink",), ("reg", 32), ("rpair", 32), ("rpair", 64), ("reg", 64)):
                    if form != op:
                        add("predicate-form", f"{name} as {form}", ops2=ops[:j] + [form] + ops[j + 1:])
            if kind == "u64ds" and op != ("sink",):
                add("sink", f"{name} as _", ops2=ops[:j] + [("sink",)] + ops[j + 1:])
            if kind == "sink":
                add("sink", f"{name} as a register", ops2=ops[:j] + [("reg", 64)] + ops[j + 1:])
            if kind in ("pplain",):
                add("sink", f"{name} as _", ops2=ops[:j] + [("sink",)] + ops[j + 1:])
            if kind == "rpair":
                for form in (("spair",), ("reg", 32), ("rpair", 64)):
                    add("predicate-form", f"{name} as {form}", ops2=ops[:j] + [form] + ops[j + 1:])
            if kind in ("pd", "pc", "pplain", "pdpair"):
                for form in (("negpred",), ("ppair",), ("reg", "pred")):
                    if form != op:
                        add("predicate-form", f"{name} as {form[0]}",
                            ops2=ops[:j] + [form] + ops[j + 1:])

    def mutate_control(self, block, q, ops, add):
        """9.7.12: names of another kind where a label, function, target list or
        prototype goes; values where a name goes; lists of another length;
        constants outside their range."""
        specs = [(n, k) for n, k, _ in block.operands]
        for j, (name, kind) in enumerate(specs[: len(ops)]):
            def put(what, op2):
                add("operand-kind", f"{name} as {what}", ops2=ops[:j] + [op2] + ops[j + 1:])
            if kind.startswith("sym:") or kind == "fptr":
                for other in CONTROL_NAMES:
                    if not operand_fits(kind, name, ("sym", other), q):
                        put(other, ("sym", other))
                put("a register", ("reg", 64)) if kind != "fptr" else None
                put("a constant", ("imm", "1"))
                put("a list", ("list", 1))
            if kind.startswith("list:"):
                n = int(kind[5:])
                put(f"a list of {n + 1}", ("list", n + 1))
                put("an empty list", ("list", 0))
                put("a register", ("reg", 32))
            if kind.startswith("immr:") or kind.startswith("immp2:"):
                for bad in ("-1", "0", "3", "15", "16", "23", "100", "264", "65535", "65536", "8388608",
                            "16777216", "1.5"):
                    put(bad, ("imm", bad))
                put("a register", ("reg", 32))

    @staticmethod
    def op_specs(block, ops, q):
        """The block's operand specs matched to `ops` (a valid operand list)."""
        qq = dict(q)
        qq["__immset"] = block.sets.get("cp-size", [])
        qq["__sets"] = block.sets
        m = match_operands(block, ops, qq) or {}
        return [(n, k, o) for n, k, o in block.operands if n in m]

    def untied_present(self, block, ops, q):
        return [n for n, k, o in self.op_specs(block, ops, q) if o and n not in TIES]

    def imms(self, block, ops):
        out = {}
        for name, kind, _ in block.operands:
            if kind in ("immset", "count"):
                for op in ops:
                    if op[0] == "imm":
                        out[name] = op[1]
                        break
        return out

    def commit_extras(self):
        """A few cases outside the blocks: the nullary instructions with an operand."""
        by = {b.opcode: b for b in BLOCKS}
        for name in ("cp.async.commit_group", "cp.async.wait_all"):
            b = by[name]
            self.add(b, "operand-count", "an operand", [], [("imm", "0")], "sm_80", "7.0")
            self.add(b, "operand-count", "an operand", [], [("imm", "1")], "sm_90", "8.0")


def round_robin(queues):
    """Interleave lists: first elements of each, then second elements, ..."""
    out = []
    for layer in itertools.zip_longest(*queues):
        out.extend(x for x in layer if x is not None)
    return out


def stratified(cases, n, rng):
    """n cases spread evenly over instructions, and within each over kinds."""
    by_opcode = {}
    for c in cases:
        by_opcode.setdefault(c["opcode"], {}).setdefault(c["kind"], []).append(c)
    queues = []
    for op in sorted(by_opcode):
        kinds = by_opcode[op]
        for k in sorted(kinds):
            rng.shuffle(kinds[k])
        queues.append(round_robin([kinds[k] for k in sorted(kinds)]))
    out = round_robin(queues)[:n]
    out.sort(key=lambda c: c["id"])
    return out


def sweep_bases(gen, block, count):
    """Up to `count` valid instructions of `block` (by the manual's reading)
    on a .version ptxas 13.0 knows: -> [(toks, ops, target, version)]."""
    combos = gen.enumerate_block(block)
    gen.rng.shuffle(combos)
    bases = []
    for a, ops, reqs in combos[:400]:
        t, v = pick_target_version(reqs, gen.rng)
        if v == "9.1":   # newer than ptxas 13.0 knows: a target and version it judges
            known = [(x, [w for w in vs if w != "9.1"]) for x, vs in target_version_candidates(tuple(reqs))]
            known = [(x, vs) for x, vs in known if vs]
            if not known:
                continue
            t, v = known[0][0], known[0][1][-1]
        case = {"opcode": block.opcode, "toks": tokens_of(block, a), "ops": ops, "target": t,
                "version": v}
        if manual_verdict(case)[0] == "accept":
            bases.append((tokens_of(block, a), ops, t, v))
            if len(bases) >= count:
                break
    return bases


def generate_operand_kinds(seed, only=None, bases_per_block=1):
    """The operand-kind sweep (kinds.py): for each block a valid instruction
    (bases_per_block of them), each operand in turn replaced by each kind."""
    g = Gen(seed)
    for block in BLOCKS:
        if block.gen_only or (only and block.opcode not in only):
            continue
        for toks, ops, t, v in sweep_bases(g, block, bases_per_block):
            base = g.add(block, "slot-kind-base", "the valid instruction", toks, ops, t, v)
            if base is not None:
                base["family"] = FAMILY_OF[id(block)]
            names = slot_names(block, ops, toks)
            for j, op in enumerate(ops):
                for label, op2 in slot_kinds(op):
                    if op2 == op:
                        continue
                    c = g.add(block, "slot-kind", f"{names[j]} as {label}", toks,
                              ops[:j] + [op2] + ops[j + 1:], t, v)
                    if c is None:
                        continue
                    c["family"] = FAMILY_OF[id(block)]
                    c["slot"] = f"{block.label}:{names[j]}"
                    c["slot_kind"] = label
                    if not model_knows(op2):
                        c["expect"], c["expect_why"] = None, "the model has no reading of this kind"
    cases = g.cases
    for i, c in enumerate(cases, 1):
        c["id"] = i
    return cases


def slot_names(block, ops, toks):
    """The manual's name of each operand of the valid `ops`."""
    m = match_slots(block, toks)
    q = q_of(block, m[0]) if m else {}
    q["__immset"] = block.sets.get("cp-size", [])
    q["__sets"] = block.sets
    m = match_operands(block, ops, q) or {}
    by_op = [n for n, _, _ in block.operands if n in m]
    return by_op if len(by_op) == len(ops) else [f"operand {j + 1}" for j in range(len(ops))]


def generate(seed, only=None):
    g = Gen(seed)
    g.generate(valid_cap=160, invalid_cap=120, mutation_bases=3)
    g.commit_extras()
    cases = [c for c in g.cases if not only or c["opcode"] in only]
    for i, c in enumerate(cases, 1):
        c["id"] = i
    return cases
