"""atom and red (beside src/spec/atomics.cpp): 9.7.13.5 atom, 9.7.13.6
red, scalar and vector blocks."""
from ..model import A, Block, HINT, rules


# --------------------------------------------------------------------------
# 9.7.13.5 atom, 9.7.13.6 red. The scalar blocks have one .op set and one
# .type set; which operation takes which type is prose: "The bit-size
# operations are .and, .or, .xor, .cas (compare-and-swap), and .exch
# (exchange). The integer operations are .add, .inc, .dec, .min, .max."
# "The floating-point operation .add". Where the prose does not say which
# integer types an integer operation takes (.add.s64, .inc.s32), the manual's
# verdict is unclear.
# --------------------------------------------------------------------------

AT_SPACES = [".global", ".shared", ".shared::cta", ".shared::cluster"]
AT_SCOPES = [".cta", ".cluster", ".gpu", ".sys"]
AT_TYPES = [".b32", ".b64", ".u32", ".u64", ".s32", ".s64", ".f32", ".f64"]
AT_BITOPS = (".and", ".or", ".xor", ".cas", ".exch")
AT_INTOPS = (".add", ".inc", ".dec", ".min", ".max")
ATOM_SETS = {".sem": [".relaxed", ".acquire", ".release", ".acq_rel"], ".scope": AT_SCOPES,
             ".space": AT_SPACES, ".level::cache_hint": HINT, ".type": AT_TYPES,
             ".op": [".and", ".or", ".xor", ".cas", ".exch", ".add", ".inc", ".dec", ".min", ".max"],
             ".vec_32_bit": [".v2", ".v4"], ".vec_16_bit": [".v2", ".v4", ".v8"],
             ".half_word_type": [".f16", ".bf16"], ".packed_type": [".f16x2", ".bf16x2"]}
RED_SETS = dict(ATOM_SETS, **{".sem": [".relaxed", ".release"],
                              ".op": [".and", ".or", ".xor", ".add", ".inc", ".dec", ".min",
                                      ".max"]})
AT_VEC_SETS = {".op": [".add", ".min", ".max"]}
AT_KINDS = {"d": "td", "b": "t", "c": "t"}
AT_VKINDS = {"d": "data", "b": "data"}


def at_op_type_rule(q, ops):
    op, ty = q.get(".op"), q.get(".type")
    if op is None or ty is None:
        return []
    if op in AT_BITOPS and ty not in (".b32", ".b64"):
        return [("reject", f"{op} is a bit-size operation ('The bit-size operations are .and, "
                           ".or, .xor, .cas (compare-and-swap), and .exch (exchange).'); "
                           f"{ty} is no bit-size type")]
    if op in AT_INTOPS and ty in (".b32", ".b64"):
        return [("reject", f"{op} is an integer operation ('The integer operations are .add, "
                           f".inc, .dec, .min, .max.'); {ty} is a bit-size type")]
    if ty in (".f32", ".f64") and op != ".add":
        return [("reject", "'The floating-point operation .add': no other operation takes "
                           f"{ty}")]
    if (op == ".add" and ty == ".s64") or (op in (".inc", ".dec") and ty != ".u32" and
                                            ty not in (".f32", ".f64")):
        return [(None, f"the manual does not say which integer types {op} takes ({ty})")]
    return []


def at_cas_rule(q, ops):
    """"atom...op.type d, [a], b, c" (the second line) and the first line
    (no c): only .cas uses c ('cas(r,s,t) = (r == s) ? t : r')."""
    has_c = "c" in ops
    if (q.get(".op") == ".cas") != has_c:
        return [(None, "the syntax lines give every .op the form with and without c; the "
                       "Semantics use c only for .cas")]
    return []


def at_hint_rule(q, ops):
    if q.get(".level::cache_hint") and q.get(".space") not in (None, ".global"):
        return [("reject", "The qualifier .level::cache_hint is only supported for .global "
                           "state space and for generic addressing")]
    return []


def at_reqs(name):
    def reqs(q, ops):
        op, ty, sp = q.get(".op"), q.get(".type"), q.get(".space")
        r = [A(name, "1.1" if name == "atom" else "1.2", 11)]
        if sp == ".shared":
            r.append(A(f"{name}.shared", "1.2", 12))
        if sp == ".shared::cta":
            r.append(A("::cta", "7.8", 30))
        if sp == ".shared::cluster":
            r.append(A("::cluster", "7.8", 90))
        if ty in (".b64", ".u64", ".s64"):
            if op in (".add", ".cas", ".exch"):
                r.append(A("64-bit add/cas/exch", "1.2", 12))
                if sp and sp.startswith(".shared"):
                    r.append(A("64-bit .shared add/cas/exch", "2.0", 20))
            else:
                r.append(A("64-bit and/or/xor/min/max", "3.1", 32))
        if op == ".add" and ty == ".f32":
            r.append(A("add.f32", "2.0", 20))
        if op == ".add" and ty == ".f64":
            r.append(A("add.f64", "5.0", 60))
        if q.get(".scope"):
            r.append(A(".scope", "5.0", 60))
        if q.get(".scope") == ".cluster":
            r.append(A(".cluster scope", "7.8", 90))
        if q.get(".sem"):
            r.append(A(".sem", "6.0", 70))
        if q.get(".level::cache_hint"):
            r.append(A(".level::cache_hint", "7.4", 80))
        half = q.get(".f16") or q.get(".f16x2") or q.get(".bf16") or q.get(".bf16x2")
        half = half or q.get(".half_word_type") or q.get(".packed_type")
        if (q.get(".vec_32_bit") or q.get(".vec_16_bit")):
            r.append(A("vector types", "8.1", 90))
        elif half == ".f16x2":
            r.append(A("add.noftz.f16x2", "6.2", 60))
        elif half == ".f16" or q.get(".b16"):
            r.append(A("add.noftz.f16 / cas.b16", "6.3", 70))
        if half in (".bf16", ".bf16x2"):
            r.append(A("bf16, bf16x2", "7.8", 90))
        if q.get(".b128"):
            r.append(A(".b128", "8.3", 90))
            if q.get(".scope") == ".sys":
                r.append(A(".sys with .b128", "8.4", 0))
        return r
    return reqs


def atomic_blocks():
    out = []
    for name, sets in (("atom", ATOM_SETS), ("red", RED_SETS)):
        d = "d, " if name == "atom" else ""
        reqs = at_reqs(name)
        scalar = rules(at_op_type_rule, at_hint_rule)
        kinds = AT_KINDS
        out.append(Block(name, "scalar",
                         f"{name}{{.sem}}{{.scope}}{{.space}}.op{{.level::cache_hint}}.type "
                         f"{d}[a], b{{, cache-policy}}", sets,
                         rules=rules(scalar, at_cas_rule) if name == "atom" else scalar,
                         reqs=reqs, kinds=kinds))
        if name == "atom":
            out.append(Block(name, "scalar, c", "atom{.sem}{.scope}{.space}.op.type d, [a], b, c",
                             sets, rules=rules(at_op_type_rule, at_cas_rule), reqs=reqs,
                             kinds=kinds))
            out.append(Block(name, "cas.b16", "atom{.sem}{.scope}{.space}.cas.b16 d, [a], b, c",
                             sets, reqs=reqs, kinds=kinds))
            out.append(Block(name, "cas.b128", "atom{.sem}{.scope}{.space}.cas.b128 d, [a], b, c",
                             sets, reqs=reqs, kinds=kinds))
            out.append(Block(name, "exch.b128",
                             "atom{.sem}{.scope}{.space}.exch{.level::cache_hint}.b128 "
                             "d, [a], b {, cache-policy}", sets, rules=at_hint_rule, reqs=reqs,
                             kinds=kinds))
        for half in (".f16", ".f16x2", ".bf16", ".bf16x2"):
            out.append(Block(name, f"add.noftz{half}",
                             f"{name}{{.sem}}{{.scope}}{{.space}}.add.noftz{{.level::cache_hint}}"
                             f"{half} {d}[a], b{{, cache-policy}}", sets, rules=at_hint_rule,
                             reqs=reqs, kinds=kinds))
        # Vector blocks (red's second line has a stray space, ". vec_16_bit",
        # left out here).
        vsets = dict(sets, **AT_VEC_SETS)
        vd = "d, " if name == "atom" else ""
        out.append(Block(name, "vector f32",
                         f"{name}{{.sem}}{{.scope}}{{.global}}.add{{.level::cache_hint}}"
                         f".vec_32_bit.f32 {vd}[a], b{{, cache-policy}}", vsets, reqs=reqs,
                         kinds=AT_VKINDS))
        out.append(Block(name, "vector half",
                         f"{name}{{.sem}}{{.scope}}{{.global}}.op.noftz{{.level::cache_hint}}"
                         f".vec_16_bit.half_word_type {vd}[a], b{{, cache-policy}}", vsets,
                         reqs=reqs, kinds=AT_VKINDS))
        out.append(Block(name, "vector packed",
                         f"{name}{{.sem}}{{.scope}}{{.global}}.op.noftz{{.level::cache_hint}}"
                         f".vec_32_bit.packed_type {vd}[a], b{{, cache-policy}}", vsets,
                         reqs=reqs, kinds=AT_VKINDS))
        # generation aids: every operation with every type, .noftz and .vec
        # anywhere, every state space with vectors.
        out.append(Block(name, "gen: scalar, all types",
                         f"{name}{{.sem}}{{.scope}}{{.space}}.op{{.noftz}}{{.level::cache_hint}}"
                         f".type {d}[a], b{{, cache-policy}}",
                         dict(sets, **{".op": ATOM_SETS[".op"], ".sem": ATOM_SETS[".sem"],
                                       ".type": AT_TYPES + [".b16", ".b128", ".f16", ".f16x2",
                                                            ".bf16", ".bf16x2", ".u16"]}),
                         reqs=reqs, kinds=AT_VKINDS, gen_only=True))
        out.append(Block(name, "gen: vector, all types",
                         f"{name}{{.sem}}{{.scope}}{{.space}}.op{{.noftz}}{{.level::cache_hint}}"
                         f".vec.type {vd}[a], b{{, cache-policy}}",
                         dict(sets, **{".vec": [".v2", ".v4", ".v8"],
                                       ".op": [".add", ".min", ".max", ".and", ".exch"],
                                       ".type": [".f16", ".bf16", ".f16x2", ".bf16x2", ".f32",
                                                 ".f64", ".u32", ".b16"]}),
                         reqs=reqs, kinds=AT_VKINDS, gen_only=True))
    return out


ATOMIC_BLOCKS = atomic_blocks()
