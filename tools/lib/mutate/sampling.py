"""Deterministic sampling of the candidate mutants.

sample: up to --limit candidates of one file and kind, drawn round-robin over
the candidates' groups (each group shuffled by a per-file, per-kind RNG).
choose: every (file, Cand, index) drawn from the good files, heavy kinds
reduced on big files. cap: --max-mutants, drawn round-robin over kinds.
Every RNG is seeded from --seed and names only (never from run order).
"""
import random

from .files import relpath
from .operators import GENERATORS, HEAVY
from .ptx import Module


def sample(cands, limit, rng):
    """Up to `limit` indices of cands, round-robin over groups, each group shuffled."""
    groups = {}
    order = []
    for i, c in enumerate(cands):
        if c.group not in groups:
            groups[c.group] = []
            order.append(c.group)
        groups[c.group].append(i)
    pools = []
    for g in order:
        lst = groups[g]
        rng.shuffle(lst)
        pools.append(lst)
    out = []
    while len(out) < limit and any(pools):
        for p in pools:
            if p and len(out) < limit:
                out.append(p.pop())
    return sorted(out)


def choose(files, texts, kind_list, limit, big_kb, seed):
    """The sampled mutants of `files` (texts: file -> text), as (file, Cand, index),
    file by file, kind by kind in kind_list order, indices ascending."""
    chosen = []     # (file, Cand, index)
    for f in files:
        mod = Module(texts[f])
        big = big_kb and len(texts[f]) > big_kb * 1024
        for kind in kind_list:
            cands = GENERATORS[kind](mod)
            lim = limit
            if big and kind in HEAVY:
                lim = max(1, limit // 3)
            rng = random.Random("%d|%s|%s" % (seed, relpath(f), kind))
            for i in sample(cands, lim, rng):
                chosen.append((f, cands[i], i))
    return chosen


def cap(chosen, max_mutants, kind_list, seed):
    """At most max_mutants of chosen (None: no cap), round-robin over the kinds of
    kind_list (each kind's mutants shuffled), kept in chosen's order."""
    if max_mutants is None or len(chosen) <= max_mutants:
        return chosen
    by_kind = {k: [] for k in kind_list}
    for c in chosen:
        # A generator may make mutants of a kind besides its own
        # (bad-address-size also makes address-size-32): they get a pool too.
        by_kind.setdefault(c[1].kind, []).append(c)
    pools = []
    for k in by_kind:
        lst = by_kind[k]
        random.Random("%d|max|%s" % (seed, k)).shuffle(lst)
        pools.append(lst)
    picked = []
    while len(picked) < max_mutants and any(pools):
        for p in pools:
            if p and len(picked) < max_mutants:
                picked.append(p.pop())
    order = {id(c): n for n, c in enumerate(chosen)}
    return sorted(picked, key=lambda c: order[id(c)])
