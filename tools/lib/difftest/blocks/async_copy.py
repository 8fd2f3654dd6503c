"""The async-copy family (beside src/spec/async_copy.cpp): 9.7.9.25.3
cp.async, cp.async.commit_group, cp.async.wait_group / wait_all, 9.7.9.25.4.1
cp.async.bulk, 9.7.9.25.4.2 cp.reduce.async.bulk (with its table of valid
.redOp/type combinations) and 9.7.9.25.4.3 cp.async.bulk.prefetch."""
from ..model import Block, HINT, MBAR, R, base_reqs, rules


# --- 9.7.9.25.3.1 cp.async
CP_ASYNC_SETS = {".level::cache_hint": [".L2::cache_hint"],
                 ".level::prefetch_size": [".L2::64B", ".L2::128B", ".L2::256B"],
                 "cp-size": ["4", "8", "16"]}


def cp_async_reqs(q, ops):
    r = [R("cp.async", "7.0", ("min", 80))]
    if q.get(".level::cache_hint") or q.get(".level::prefetch_size"):
        r.append(R(".level::cache_hint/.level::prefetch_size", "7.4", ("min", 80)))
    if "ignore-src" in ops:
        r.append(R("ignore-src", "7.5", ("min", 80)))
    if q.get("::cta"):
        r.append(R("::cta", "7.8", ("min", 80)))
    return r


# --- 9.7.9.25.4.1 cp.async.bulk
def bulk_reqs(q, ops):
    r = [R("cp.async.bulk", "8.0")]
    if q.get(".dst") == ".shared::cta":
        r.append(R(".shared::cta as destination", "8.6"))
    if q.get(".cp_mask"):
        r.append(R(".cp_mask", "8.6", ("min", 100)))
    return r


REDOPS = [".and", ".or", ".xor", ".add", ".inc", ".dec", ".min", ".max"]

# --- 9.7.9.25.4.2 cp.reduce.async.bulk: the table of valid .redOp/type
CPRED_CLUSTER = {".add": {".u32", ".s32", ".u64"}, ".min": {".u32", ".s32"},
                 ".max": {".u32", ".s32"}, ".inc": {".u32"}, ".dec": {".u32"},
                 ".and": {".b32"}, ".or": {".b32"}, ".xor": {".b32"}}
CPRED_GLOBAL = {".add": {".u32", ".s32", ".u64", ".f32", ".f64", ".f16", ".bf16"},
                ".min": {".u32", ".s32", ".u64", ".s64", ".f16", ".bf16"},
                ".max": {".u32", ".s32", ".u64", ".s64", ".f16", ".bf16"},
                ".inc": {".u32"}, ".dec": {".u32"},
                ".and": {".b32", ".b64"}, ".or": {".b32", ".b64"}, ".xor": {".b32", ".b64"}}
ALL_RED_TYPES = [".f16", ".bf16", ".b32", ".u32", ".s32", ".b64", ".u64", ".s64", ".f32", ".f64"]


def noftz_rule(name):
    def rule(q, ops):
        if q.get(".redOp") == ".add" and q.get(".type") in (".f16", ".bf16"):
            return [("reject", f"The {name}.add.f16 and {name}.add.bf16 operations require "
                               ".noftz qualifier.")]
        return []
    return rule


def table_rule(table, opslot, typeslot, where):
    def rule(q, ops):
        op, ty = q.get(opslot), q.get(typeslot)
        if op is None or ty is None or op not in table:
            return []
        if ty not in table[op]:
            return [("reject", f"{op}{ty} is not in the table of valid .redOp/type "
                               f"combinations{where} ({op}: {', '.join(sorted(table[op]))})")]
        return []
    return rule


ASYNC_COPY_BLOCKS = [
    # 9.7.9.25.3.1 cp.async
    Block("cp.async", "ca, src-size",
          "cp.async.ca.shared{::cta}.global{.level::cache_hint}{.level::prefetch_size} "
          "[dst], [src], cp-size{, src-size}{, cache-policy}", CP_ASYNC_SETS, reqs=cp_async_reqs),
    Block("cp.async", "cg, src-size",
          "cp.async.cg.shared{::cta}.global{.level::cache_hint}{.level::prefetch_size} "
          "[dst], [src], 16{, src-size}{, cache-policy}", CP_ASYNC_SETS, reqs=cp_async_reqs),
    Block("cp.async", "ca, ignore-src",
          "cp.async.ca.shared{::cta}.global{.level::cache_hint}{.level::prefetch_size} "
          "[dst], [src], cp-size{, ignore-src}{, cache-policy}", CP_ASYNC_SETS, reqs=cp_async_reqs),
    Block("cp.async", "cg, ignore-src",
          "cp.async.cg.shared{::cta}.global{.level::cache_hint}{.level::prefetch_size} "
          "[dst], [src], 16{, ignore-src}{, cache-policy}", CP_ASYNC_SETS, reqs=cp_async_reqs),
    # 9.7.9.25.3.2, .3
    Block("cp.async.commit_group", "", "cp.async.commit_group",
          reqs=base_reqs("cp.async.commit_group", "7.0", 80)),
    Block("cp.async.wait_group", "", "cp.async.wait_group N", {"N": ["0", "1", "2", "7"]},
          reqs=base_reqs("cp.async.wait_group", "7.0", 80)),
    Block("cp.async.wait_all", "", "cp.async.wait_all",
          reqs=base_reqs("cp.async.wait_all", "7.0", 80)),
    # 9.7.9.25.4.1 cp.async.bulk
    Block("cp.async.bulk", "global->shared::cta",
          "cp.async.bulk.dst.src.completion_mechanism{.level::cache_hint} "
          "[dstMem], [srcMem], size, [mbar] {, cache-policy}",
          {".dst": [".shared::cta"], ".src": [".global"], ".completion_mechanism": MBAR,
           ".level::cache_hint": HINT}, reqs=bulk_reqs),
    Block("cp.async.bulk", "global->shared::cluster",
          "cp.async.bulk.dst.src.completion_mechanism{.multicast}{.level::cache_hint} "
          "[dstMem], [srcMem], size, [mbar] {, ctaMask} {, cache-policy}",
          {".dst": [".shared::cluster"], ".src": [".global"], ".completion_mechanism": MBAR,
           ".level::cache_hint": HINT, ".multicast": [".multicast::cluster"]}, reqs=bulk_reqs),
    Block("cp.async.bulk", "shared::cta->shared::cluster",
          "cp.async.bulk.dst.src.completion_mechanism [dstMem], [srcMem], size, [mbar]",
          {".dst": [".shared::cluster"], ".src": [".shared::cta"], ".completion_mechanism": MBAR},
          reqs=bulk_reqs),
    Block("cp.async.bulk", "shared::cta->global",
          "cp.async.bulk.dst.src.completion_mechanism{.level::cache_hint}{.cp_mask} "
          "[dstMem], [srcMem], size {, cache-policy} {, byteMask}",
          {".dst": [".global"], ".src": [".shared::cta"], ".completion_mechanism": [".bulk_group"],
           ".level::cache_hint": HINT}, reqs=bulk_reqs),
    # 9.7.9.25.4.2 cp.reduce.async.bulk
    Block("cp.reduce.async.bulk", "shared::cluster, mbarrier",
          "cp.reduce.async.bulk.dst.src.completion_mechanism.redOp.type "
          "[dstMem], [srcMem], size, [mbar]",
          {".dst": [".shared::cluster"], ".src": [".shared::cta"], ".completion_mechanism": MBAR,
           ".redOp": REDOPS, ".type": [".b32", ".u32", ".s32", ".b64", ".u64"]},
          rules=table_rule(CPRED_CLUSTER, ".redOp", ".type", " for .dst .shared::cluster"),
          reqs=base_reqs("cp.reduce.async.bulk", "8.0", 90),
          prose={".src": ([".global"], "the syntax block's .src = { .shared::cta }, but the "
                          "completion-mechanism table lists .dst .shared::cluster with .src "
                          ".global (mbarrier based)")}),
    Block("cp.reduce.async.bulk", "global, bulk_group",
          "cp.reduce.async.bulk.dst.src.completion_mechanism{.level::cache_hint}.redOp.type "
          "[dstMem], [srcMem], size{, cache-policy}",
          {".dst": [".global"], ".src": [".shared::cta"], ".completion_mechanism": [".bulk_group"],
           ".level::cache_hint": HINT, ".redOp": REDOPS, ".type": ALL_RED_TYPES},
          rules=rules(table_rule(CPRED_GLOBAL, ".redOp", ".type", " for .dst .global"),
                      noftz_rule("cp.reduce.async.bulk")),
          reqs=base_reqs("cp.reduce.async.bulk", "8.0", 90)),
    Block("cp.reduce.async.bulk", "global, add.noftz",
          "cp.reduce.async.bulk.dst.src.completion_mechanism{.level::cache_hint}.add.noftz.type "
          "[dstMem], [srcMem], size{, cache-policy}",
          {".dst": [".global"], ".src": [".shared::cta"], ".completion_mechanism": [".bulk_group"],
           ".level::cache_hint": HINT, ".type": [".f16", ".bf16"]},
          reqs=base_reqs("cp.reduce.async.bulk", "8.0", 90)),
    # generation aids: every type on .shared::cluster, .noftz with every type, the
    # completion-mechanism table's .shared::cluster <- .global row
    Block("cp.reduce.async.bulk", "gen: shared::cluster, all types",
          "cp.reduce.async.bulk.dst.src.completion_mechanism.redOp.type "
          "[dstMem], [srcMem], size, [mbar]",
          {".dst": [".shared::cluster"], ".src": [".shared::cta", ".global"],
           ".completion_mechanism": MBAR, ".redOp": REDOPS, ".type": ALL_RED_TYPES},
          reqs=base_reqs("cp.reduce.async.bulk", "8.0", 90), gen_only=True),
    Block("cp.reduce.async.bulk", "gen: add.noftz, all types",
          "cp.reduce.async.bulk.dst.src.completion_mechanism{.level::cache_hint}.redOp.noftz.type "
          "[dstMem], [srcMem], size{, cache-policy}",
          {".dst": [".global"], ".src": [".shared::cta"], ".completion_mechanism": [".bulk_group"],
           ".level::cache_hint": HINT, ".redOp": [".add", ".min"], ".type": ALL_RED_TYPES},
          reqs=base_reqs("cp.reduce.async.bulk", "8.0", 90), gen_only=True),
    # 9.7.9.25.4.3 cp.async.bulk.prefetch
    Block("cp.async.bulk.prefetch", "",
          "cp.async.bulk.prefetch.L2.src{.level::cache_hint}   [srcMem], size {, cache-policy}",
          {".src": [".global"], ".level::cache_hint": HINT},
          reqs=base_reqs("cp.async.bulk.prefetch", "8.0", 90)),
]
