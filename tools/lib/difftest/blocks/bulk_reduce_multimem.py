"""Bulk tensor reductions and multimem (beside
src/spec/bulk_reduce_multimem.cpp): 9.7.9.27.1.3 cp.reduce.async.bulk.tensor,
9.7.9.14 multimem.ld_reduce / multimem.st / multimem.red (the tables of valid
.op/type, .vec/type and .acc_prec/type combinations), 9.7.9.27
multimem.cp.reduce.async.bulk and 9.7.13.7 red.async."""
from ..model import Block, FP8_TYPES, HINT, MBAR, R, SPECIFIC_FP8, TYPE_BITS, base_reqs, rules
from .async_copy import ALL_RED_TYPES, CPRED_GLOBAL, REDOPS, noftz_rule, table_rule


# --- 9.7.9.27.1.3 cp.reduce.async.bulk.tensor
def im2col_rule(q, ops):
    if q.get(".load_mode") in (".im2col_no_offs", ".im2col") and q.get(".dim") in (".1d", ".2d"):
        return [("reject", "In .im2col mode, the tensor has to be at least 3-dimensional.")]
    return []


# --- 9.7.9.14 multimem.ld_reduce, multimem.st, multimem.red
MM_OP = {".add": {".u32", ".u64", ".s32", ".f16", ".f16x2", ".bf16", ".bf16x2", ".f32", ".f64",
                  ".e5m2", ".e5m2x2", ".e5m2x4", ".e4m3", ".e4m3x2", ".e4m3x4"},
         ".and": {".b32", ".b64"}, ".or": {".b32", ".b64"}, ".xor": {".b32", ".b64"},
         ".min": {".u32", ".s32", ".u64", ".s64", ".f16", ".f16x2", ".bf16", ".bf16x2",
                  ".e5m2", ".e5m2x2", ".e5m2x4", ".e4m3", ".e4m3x2", ".e4m3x4"}}
MM_OP[".max"] = MM_OP[".min"]
MM_VEC = {None: {".f16x2", ".bf16x2", ".f32", ".f64", ".e5m2x4", ".e4m3x4"},
          ".v2": {".f16", ".f16x2", ".bf16", ".bf16x2", ".f32", ".e5m2x2", ".e5m2x4", ".e4m3x2",
                  ".e4m3x4"},
          ".v4": {".f16", ".f16x2", ".bf16", ".bf16x2", ".f32", ".e5m2", ".e5m2x2", ".e5m2x4",
                  ".e4m3", ".e4m3x2", ".e4m3x4"},
          ".v8": {".f16", ".bf16", ".e5m2", ".e4m3", ".e5m2x2", ".e4m3x2"}}
MM_ACC = {".acc::f32": {".f16", ".f16x2", ".bf16", ".bf16x2"},
          ".acc::f16": {".e5m2", ".e4m3", ".e5m2x2", ".e4m3x2", ".e4m3x4", ".e5m2x4"}}
MM_INT_SETS = {".ss": [".global"], ".ldsem": [".relaxed", ".acquire"],
               ".stsem": [".relaxed", ".release"], ".redsem": [".relaxed", ".release"],
               ".scope": [".cta", ".cluster", ".gpu", ".sys"],
               ".op": [".min", ".max", ".add", ".and", ".or", ".xor"],
               ".type": [".b32", ".b64", ".u32", ".u64", ".s32", ".s64"]}
MM_FP_SETS = dict(MM_INT_SETS)
MM_FP_SETS.update({".op": [".min", ".max", ".add"], ".redop": [".add"],
                   ".acc_prec": [".acc::f32", ".acc::f16"], ".vec": [".v2", ".v4", ".v8"],
                   ".type": [".f16", ".f16x2", ".bf16", ".bf16x2", ".f32", ".f64", ".e5m2",
                             ".e5m2x2", ".e5m2x4", ".e4m3", ".e4m3x2", ".e4m3x4"],
                   ".redtype": [".f16", ".f16x2", ".bf16", ".bf16x2", ".f32", ".f64"]})


def mm_op_rule(q, ops):
    op = q.get(".op") or q.get(".redop")
    ty = q.get(".type") or q.get(".redtype")
    if op in MM_OP and ty in TYPE_BITS and ty not in MM_OP[op]:
        return [("reject", f"{op}{ty} is not in the table of valid combinations of .op and base "
                           f"type ({op}: {', '.join(sorted(MM_OP[op]))})")]
    return []


def mm_vec_rule(q, ops):
    ty = q.get(".type") or q.get(".redtype")
    vec = q.get(".vec")
    if ty == ".f64" and vec:
        return [("reject", "Type .f64 cannot be used with .vec qualifier.")]
    if ty in TYPE_BITS and ty not in MM_VEC[vec]:
        return [("reject", f"{vec or 'no .vec'} with {ty} is not in the table of valid usage of "
                           ".vec and base floating-point type (the size of the type along with "
                           ".vec must equal either 32-bits or 64-bits or 128-bits)")]
    return []


def mm_acc_rule(q, ops):
    acc, ty = q.get(".acc_prec"), q.get(".type")
    if acc and ty in TYPE_BITS and ty not in MM_ACC[acc]:
        return [("reject", f"{acc} with {ty} is not in the .acc_prec table ({acc}: "
                           f"{', '.join(sorted(MM_ACC[acc]))})")]
    return []


def mm_sem_scope_rule(q, ops):
    """.ldsem/.stsem and .scope are separately optional in the syntax; what
    one without the other means, the manual says for multimem.red only."""
    sem = q.get(".ldsem") or q.get(".stsem")
    if q.get(".scope") and not sem:
        return [(None, "a .scope without .ldsem/.stsem: the syntax makes both optional, but 'If "
                       "explicit semantics qualifiers are not specified, then multimem.ld_reduce "
                       "and multimem.st default to .weak', and the .weak form takes no .scope")]
    if sem and not q.get(".scope"):
        return [(None, ".ldsem/.stsem without .scope: the syntax makes .scope optional, but the "
                       "manual gives a default scope for multimem.red only ('If the .scope "
                       "qualifier is not specified for multimem.red then .sys scope is assumed "
                       "by default')")]
    return []


def mm_reqs(q, ops):
    r = [R("multimem", "8.1")]
    if q.get(".acc_prec") == ".acc::f32":
        r.append(R(".acc::f32", "8.2"))
    if q.get(".acc_prec") == ".acc::f16":
        r.append(R(".acc::f16", "8.6", SPECIFIC_FP8))
    if (q.get(".type") or q.get(".redtype")) in FP8_TYPES:
        r.append(R("types .e5m2/.e4m3 (x2, x4)", "8.6", SPECIFIC_FP8))
    return r


# --- 9.7.13.7 red.async
RA_SETS = {".sem": [".relaxed"], ".scope": [".cluster"], ".ss": [".shared::cluster"],
           ".completion_mechanism": MBAR}
RA_PROSE_OPTIONAL = {".completion_mechanism":
                     "the syntax block makes .completion_mechanism mandatory, the prose says "
                     "'If .completion_mechanism is not specified, it defaults to "
                     ".mbarrier::complete_tx::bytes.'"}


def ra_relaxed_reqs(q, ops):
    return [R("red.async", "8.1")]


def ra_release_reqs(q, ops):
    r = [R("red.async", "8.1"),
         R(".release/.global/.gpu/.sys (red.async)", "8.7", ("min", 100))]
    if q.get(".mmio"):
        r.append(R(".mmio", "8.7", ("min", 100)))
    return r


def ra_release_rule(q, ops):
    if q.get(".mmio") and q.get(".scope") != ".sys":
        return [("reject", "If .mmio is specified, .scope must be .sys.")]
    if q.get(".scope") == ".cluster":
        return [(None, ".release with .cluster: the syntax block has .scope = { .gpu, .cluster }, "
                       "but the ISA notes introduce with .release only '.gpu and .sys scopes'")]
    return []


RA_SYS = {".scope": ([".sys"], "the syntax block's .scope = { .gpu, .cluster }, but the prose "
                               "says 'If .mmio is specified, .scope must be .sys' and the ISA "
                               "notes introduce '.gpu and .sys scopes' in PTX ISA 8.7")}

BULK_REDUCE_MULTIMEM_BLOCKS = [
    # 9.7.9.27.1.3 cp.reduce.async.bulk.tensor
    Block("cp.reduce.async.bulk.tensor", "",
          "cp.reduce.async.bulk.tensor.dim.dst.src.redOp{.load_mode}.completion_mechanism"
          "{.level::cache_hint} [tensorMap, tensorCoords], [srcMem] {,cache-policy}",
          {".dst": [".global"], ".src": [".shared::cta"], ".dim": [".1d", ".2d", ".3d", ".4d", ".5d"],
           ".completion_mechanism": [".bulk_group"], ".load_mode": [".tile", ".im2col_no_offs"],
           ".redOp": [".add", ".min", ".max", ".inc", ".dec", ".and", ".or", ".xor"],
           ".level::cache_hint": HINT},
          rules=im2col_rule, reqs=base_reqs("cp.reduce.async.bulk.tensor", "8.0", 90),
          prose={".load_mode": ([".im2col"], "not in .load_mode = { .tile, .im2col_no_offs }, "
                                "but the manual's own example uses .im2col and the prose "
                                "speaks of '.im2col mode'")}),
    # 9.7.9.14 multimem: integer blocks
    Block("multimem.ld_reduce", "integer", "multimem.ld_reduce{.ldsem}{.scope}{.ss}.op.type d, [a]",
          MM_INT_SETS, rules=rules(mm_op_rule, mm_sem_scope_rule), reqs=mm_reqs),
    Block("multimem.ld_reduce", "integer, weak", "multimem.ld_reduce.weak{.ss}.op.type d, [a]",
          MM_INT_SETS, rules=mm_op_rule, reqs=mm_reqs),
    Block("multimem.st", "integer", "multimem.st{.stsem}{.scope}{.ss}.type [a], b",
          MM_INT_SETS, rules=mm_sem_scope_rule, reqs=mm_reqs),
    Block("multimem.st", "integer, weak", "multimem.st.weak{.ss}.type [a], b",
          MM_INT_SETS, reqs=mm_reqs),
    Block("multimem.red", "integer", "multimem.red{.redsem}{.scope}{.ss}.op.type [a], b",
          MM_INT_SETS, rules=mm_op_rule, reqs=mm_reqs),
    # 9.7.9.14 multimem: floating-point blocks
    Block("multimem.ld_reduce", "float",
          "multimem.ld_reduce{.ldsem}{.scope}{.ss}.op{.acc_prec}{.vec}.type d, [a]",
          MM_FP_SETS, rules=rules(mm_op_rule, mm_vec_rule, mm_acc_rule, mm_sem_scope_rule),
          reqs=mm_reqs),
    Block("multimem.ld_reduce", "float, weak",
          "multimem.ld_reduce.weak{.ss}.op{.acc_prec}{.vec}.type d, [a]",
          MM_FP_SETS, rules=rules(mm_op_rule, mm_vec_rule, mm_acc_rule), reqs=mm_reqs),
    Block("multimem.st", "float", "multimem.st{.stsem}{.scope}{.ss}{.vec}.type [a], b",
          MM_FP_SETS, rules=rules(mm_vec_rule, mm_sem_scope_rule), reqs=mm_reqs),
    Block("multimem.st", "float, weak", "multimem.st.weak{.ss}{.vec}.type [a], b",
          MM_FP_SETS, rules=mm_vec_rule, reqs=mm_reqs),
    Block("multimem.red", "float", "multimem.red{.redsem}{.scope}{.ss}.redop{.vec}.redtype [a], b",
          MM_FP_SETS, rules=rules(mm_op_rule, mm_vec_rule), reqs=mm_reqs),
    # generation aid: multimem.red with every op and every float type
    Block("multimem.red", "gen: float, all ops", "multimem.red{.redsem}{.ss}.op{.vec}.type [a], b",
          dict(MM_FP_SETS, **{".op": [".min", ".max", ".add", ".and"]}), reqs=mm_reqs,
          gen_only=True),
    # 9.7.9.27 multimem.cp.reduce.async.bulk (PTX ISA 9.1)
    Block("multimem.cp.reduce.async.bulk", "",
          "multimem.cp.reduce.async.bulk.dst.src.completion_mechanism.redOp.type "
          "[dstMem], [srcMem], size",
          {".dst": [".global"], ".src": [".shared::cta"], ".completion_mechanism": [".bulk_group"],
           ".redOp": REDOPS, ".type": ALL_RED_TYPES},
          rules=rules(table_rule(CPRED_GLOBAL, ".redOp", ".type", ""),
                      noftz_rule("multimem.cp.reduce.async.bulk")),
          reqs=base_reqs("multimem.cp.reduce.async.bulk", "9.1", 90)),
    Block("multimem.cp.reduce.async.bulk", "add.noftz",
          "multimem.cp.reduce.async.bulk.dst.src.completion_mechanism.add.noftz.type "
          "[dstMem], [srcMem], size",
          {".dst": [".global"], ".src": [".shared::cta"], ".completion_mechanism": [".bulk_group"],
           ".type": [".f16", ".bf16"]},
          reqs=base_reqs("multimem.cp.reduce.async.bulk", "9.1", 90)),
    Block("multimem.cp.reduce.async.bulk", "gen: noftz, all types",
          "multimem.cp.reduce.async.bulk.dst.src.completion_mechanism.redOp.noftz.type "
          "[dstMem], [srcMem], size",
          {".dst": [".global"], ".src": [".shared::cta"], ".completion_mechanism": [".bulk_group"],
           ".redOp": [".add", ".max"], ".type": ALL_RED_TYPES},
          reqs=base_reqs("multimem.cp.reduce.async.bulk", "9.1", 90), gen_only=True),
    # 9.7.13.7 red.async
    Block("red.async", "relaxed, inc/dec",
          "red.async.sem.scope{.ss}.completion_mechanism.op.type [a], b, [mbar]",
          dict(RA_SETS, **{".op": [".inc", ".dec"], ".type": [".u32"]}),
          reqs=ra_relaxed_reqs, prose_optional=RA_PROSE_OPTIONAL),
    Block("red.async", "relaxed, min/max",
          "red.async.sem.scope{.ss}.completion_mechanism.op.type [a], b, [mbar]",
          dict(RA_SETS, **{".op": [".min", ".max"], ".type": [".u32", ".s32"]}),
          reqs=ra_relaxed_reqs, prose_optional=RA_PROSE_OPTIONAL),
    Block("red.async", "relaxed, and/or/xor",
          "red.async.sem.scope{.ss}.completion_mechanism.op.type [a], b, [mbar]",
          dict(RA_SETS, **{".op": [".and", ".or", ".xor"], ".type": [".b32"]}),
          reqs=ra_relaxed_reqs, prose_optional=RA_PROSE_OPTIONAL),
    Block("red.async", "relaxed, add",
          "red.async.sem.scope{.ss}.completion_mechanism.add.type [a], b, [mbar]",
          dict(RA_SETS, **{".type": [".u32", ".s32", ".u64"]}),
          reqs=ra_relaxed_reqs, prose_optional=RA_PROSE_OPTIONAL),
    Block("red.async", "release, add",
          "red.async{.mmio}.sem.scope{.ss}.add.type [a], b",
          {".sem": [".release"], ".scope": [".gpu", ".cluster"], ".ss": [".global"],
           ".type": [".u32", ".s32", ".u64", ".s64"]},
          rules=ra_release_rule, reqs=ra_release_reqs, prose=RA_SYS),
    # generation aids: every op and type, both semantics
    Block("red.async", "gen: relaxed, all ops and types",
          "red.async.sem.scope{.ss}.completion_mechanism.op.type [a], b, [mbar]",
          dict(RA_SETS, **{".op": REDOPS, ".type": [".u32", ".s32", ".b32", ".u64", ".s64",
                                                    ".b64", ".f32"]}),
          reqs=ra_relaxed_reqs, gen_only=True),
    Block("red.async", "gen: release, all ops and types",
          "red.async{.mmio}.sem.scope{.ss}.op.type [a], b",
          {".sem": [".release", ".relaxed"], ".scope": [".gpu", ".cluster", ".sys", ".cta"],
           ".ss": [".global", ".shared::cluster"], ".op": REDOPS,
           ".type": [".u32", ".s32", ".b32", ".u64", ".s64", ".b64"]},
          reqs=ra_release_reqs, gen_only=True),
]
