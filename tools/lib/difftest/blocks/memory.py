"""ld and st (beside src/spec/memory.cpp): 9.7.9.8 ld, 9.7.9.9
ld.global.nc, 9.7.9.11 st, with the prose of 9.7.9.2 on eviction
priorities."""
from ..model import Block, HINT, R, TYPE_BITS


# --- 9.7.9.8 ld, 9.7.9.9 ld.global.nc, 9.7.9.11 st. The address qualifier
# [a]{.unified} is left out of generation (difftest builds operands by kind).
LDST_TYPES = [".b8", ".b16", ".b32", ".b64", ".b128", ".u8", ".u16", ".u32", ".u64",
              ".s8", ".s16", ".s32", ".s64", ".f32", ".f64"]
LD_SS = [".const", ".global", ".local", ".param", ".param::entry", ".param::func",
         ".shared", ".shared::cta", ".shared::cluster"]
ST_SS = [".global", ".local", ".param", ".param::func", ".shared", ".shared::cta",
         ".shared::cluster"]
L1_EVICT = [".L1::evict_normal", ".L1::evict_unchanged", ".L1::evict_first", ".L1::evict_last",
            ".L1::no_allocate"]
L2_EVICT = [".L2::evict_normal", ".L2::evict_first", ".L2::evict_last"]
LDST_SETS = {".ss": LD_SS, ".level1::eviction_priority": L1_EVICT,
             ".level2::eviction_priority": L2_EVICT, ".level::cache_hint": HINT,
             ".level::prefetch_size": [".L2::64B", ".L2::128B", ".L2::256B"],
             ".scope": [".cta", ".cluster", ".gpu", ".sys"], ".vec": [".v2", ".v4", ".v8"],
             ".type": LDST_TYPES, ".cop": [".ca", ".cg", ".cs", ".lu", ".cv"]}
ST_SETS = dict(LDST_SETS, **{".ss": ST_SS, ".cop": [".wb", ".cg", ".cs", ".wt"]})
NC_SETS = dict(LDST_SETS, **{".cop": [".ca", ".cg", ".cs"]})
LDST_KINDS = {"d": "wdata", "b": "wdata"}
GLOBAL_OR_GENERIC = (None, ".global")
SHARED = (".shared", ".shared::cta", ".shared::cluster")


def ldst_rule(q, ops):
    """The prose of 9.7.9.8 / 9.7.9.11 (and 9.7.9.2 for eviction priorities)."""
    vec, ty, ss = q.get(".vec"), q.get(".type"), q.get(".ss")
    bits = TYPE_BITS.get(ty, 0)
    if vec == ".v8" and bits != 32:
        return [("reject", "The .v8 (.vec) qualifier is supported if .type is .b32, .s32, .u32, "
                           "or .f32")]
    if vec in (".v2", ".v4") and bits == 128:
        return [("reject", "Vectors cannot exceed 128-bits in length (5.4.2)")]
    if (vec == ".v8" or vec == ".v4" and bits == 64) and ss not in GLOBAL_OR_GENERIC:
        return [("reject", "The .v8 / .v4 with 64-bit types qualifier is supported if: State "
                           "space is .global or with generic addressing")]
    if q.get(".level2::eviction_priority") and not (vec == ".v8" and bits == 32
                                                     or vec == ".v4" and bits == 64):
        return [("reject", "Qualifier .level2::eviction_priority is supported if .vec is .v8 "
                           "and .type is .b32 ... OR .vec is .v4 and .type is .b64 ...")]
    for qual, words in ((".level1::eviction_priority", "Cache eviction priority (9.7.9.2)"),
                        (".level2::eviction_priority", "Cache eviction priority (9.7.9.2)"),
                        (".level::cache_hint", "The qualifier .level::cache_hint"),
                        (".level::prefetch_size", "The qualifier .level::prefetch_size")):
        if q.get(qual) and ss not in GLOBAL_OR_GENERIC:
            return [("reject", f"{words} is only supported for .global state space and for "
                               "generic addressing")]
    if (q.get(".relaxed") or q.get(".acquire") or q.get(".release")) and \
            ss not in GLOBAL_OR_GENERIC + SHARED:
        return [("reject", ".relaxed and .acquire: May be used with .global, .shared spaces, or "
                           "with generic addressing")]
    if q.get(".volatile") and ss not in GLOBAL_OR_GENERIC + SHARED + (".local",):
        return [("reject", ".volatile: May be used with .global, .shared, .local spaces, or with "
                           "generic addressing")]
    return []


def ldst_reqs(base_version, base_pred):
    def reqs(q, ops):
        r = [R("ld/st block", base_version, base_pred)]
        ty, vec, ss = q.get(".type"), q.get(".vec"), q.get(".ss")
        if q.get(".weak"):
            r.append(R(".weak", "6.0", ("min", 70)))
        if q.get(".mmio"):
            r.append(R(".mmio", "8.2", ("min", 70)))
        if q.get(".scope") == ".cluster":
            r.append(R(".cluster scope", "7.8", ("min", 90)))
        if q.get(".scope") == ".sys" and ty == ".b128":
            r.append(R(".sys scope with .b128", "8.4", ("min", 70)))
        if ss == ".shared::cta":
            r.append(R("::cta", "7.8", ("min", 30)))
        if ss == ".shared::cluster":
            r.append(R("::cluster", "7.8", ("min", 90)))
        if ss in (".param::entry", ".param::func"):
            r.append(R("::entry/::func", "8.3", ("min", 0)))
        if ss == ".local" and q.get(".volatile"):
            r.append(R(".volatile with .local", "9.1", ("min", 0)))
        if ty == ".b128":
            r.append(R(".b128", "8.3", ("min", 70)))
        if q.get(".level1::eviction_priority"):
            r.append(R(".level1::eviction_priority", "7.4", ("min", 70)))
        if q.get(".level2::eviction_priority") or vec == ".v8" or \
                (vec == ".v4" and TYPE_BITS.get(ty) == 64):
            r.append(R(".level2::eviction_priority, .v8.b32/.v4.b64", "8.8", ("min", 100)))
        if q.get(".level::prefetch_size"):
            r.append(R(".level::prefetch_size", "7.4", ("min", 75)))
        if q.get(".level::prefetch_size") == ".L2::256B":
            r.append(R(".L2::256B", "7.4", ("min", 80)))
        if q.get(".level::cache_hint"):
            r.append(R(".level::cache_hint", "7.4", ("min", 80)))
        return r
    return reqs


def ldst_blocks():
    ld, st = ldst_reqs("1.0", ("min", 0)), ldst_reqs("6.0", ("min", 70))
    ld_sync = ldst_reqs("6.0", ("min", 70))
    nc = ldst_reqs("3.1", ("min", 32))
    k = LDST_KINDS
    return [
        Block("ld", "weak, cop",
              "ld{.weak}{.ss}{.cop}{.level::cache_hint}{.level::prefetch_size}{.vec}.type "
              "d, [a]{, cache-policy}", LDST_SETS, rules=ldst_rule, reqs=ld, kinds=k),
        Block("ld", "weak, eviction priority",
              "ld{.weak}{.ss}{.level1::eviction_priority}{.level2::eviction_priority}"
              "{.level::cache_hint}{.level::prefetch_size}{.vec}.type d, [a]{, cache-policy}",
              LDST_SETS, rules=ldst_rule, reqs=ld, kinds=k),
        Block("ld", "volatile", "ld.volatile{.ss}{.level::prefetch_size}{.vec}.type d, [a]",
              LDST_SETS, rules=ldst_rule, reqs=ld, kinds=k),
        Block("ld", "relaxed",
              "ld.relaxed.scope{.ss}{.level1::eviction_priority}{.level2::eviction_priority}"
              "{.level::cache_hint}{.level::prefetch_size}{.vec}.type d, [a]{, cache-policy}",
              LDST_SETS, rules=ldst_rule, reqs=ld_sync, kinds=k),
        Block("ld", "acquire",
              "ld.acquire.scope{.ss}{.level1::eviction_priority}{.level2::eviction_priority}"
              "{.level::cache_hint}{.level::prefetch_size}{.vec}.type d, [a]{, cache-policy}",
              LDST_SETS, rules=ldst_rule, reqs=ld_sync, kinds=k),
        Block("ld", "mmio", "ld.mmio.relaxed.sys{.global}.type d, [a]",
              LDST_SETS, rules=ldst_rule, reqs=ld_sync, kinds=k),
        # 9.7.9.9 ld.global.nc
        Block("ld", "global.nc, cop",
              "ld.global{.cop}.nc{.level::cache_hint}{.level::prefetch_size}.type d, [a]{, cache-policy}",
              NC_SETS, rules=ldst_rule, reqs=nc, kinds=k),
        Block("ld", "global.nc, cop, vec",
              "ld.global{.cop}.nc{.level::cache_hint}{.level::prefetch_size}.vec.type d, [a]{, cache-policy}",
              NC_SETS, rules=ldst_rule, reqs=nc, kinds=k),
        Block("ld", "global.nc, eviction priority",
              "ld.global.nc{.level1::eviction_priority}{.level2::eviction_priority}"
              "{.level::cache_hint}{.level::prefetch_size}.type d, [a]{, cache-policy}",
              NC_SETS, rules=ldst_rule, reqs=nc, kinds=k),
        Block("ld", "global.nc, eviction priority, vec",
              "ld.global.nc{.level1::eviction_priority}{.level2::eviction_priority}"
              "{.level::cache_hint}{.level::prefetch_size}.vec.type d, [a]{, cache-policy}",
              NC_SETS, rules=ldst_rule, reqs=nc, kinds=k),
        # 9.7.9.11 st
        Block("st", "weak, cop",
              "st{.weak}{.ss}{.cop}{.level::cache_hint}{.vec}.type [a], b{, cache-policy}",
              ST_SETS, rules=ldst_rule, reqs=ld, kinds=k),
        Block("st", "weak, eviction priority",
              "st{.weak}{.ss}{.level1::eviction_priority}{.level2::eviction_priority}"
              "{.level::cache_hint}{.vec}.type [a], b{, cache-policy}",
              ST_SETS, rules=ldst_rule, reqs=ld, kinds=k),
        Block("st", "volatile", "st.volatile{.ss}{.vec}.type [a], b",
              ST_SETS, rules=ldst_rule, reqs=ld, kinds=k),
        Block("st", "relaxed",
              "st.relaxed.scope{.ss}{.level1::eviction_priority}{.level2::eviction_priority}"
              "{.level::cache_hint}{.vec}.type [a], b{, cache-policy}",
              ST_SETS, rules=ldst_rule, reqs=st, kinds=k),
        Block("st", "release",
              "st.release.scope{.ss}{.level1::eviction_priority}{.level2::eviction_priority}"
              "{.level::cache_hint}{.vec}.type [a], b{, cache-policy}",
              ST_SETS, rules=ldst_rule, reqs=st, kinds=k),
        Block("st", "mmio", "st.mmio.relaxed.sys{.global}.type [a], b",
              ST_SETS, rules=ldst_rule, reqs=st, kinds=k),
    ]


MEMORY_BLOCKS = ldst_blocks()
