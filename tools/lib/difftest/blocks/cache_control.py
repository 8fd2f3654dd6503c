"""Cache control and ldu (beside src/spec/cache_control.cpp): 9.7.9.15
prefetch / prefetchu, 9.7.9.16 applypriority, 9.7.9.17 discard, 9.7.9.18
createpolicy and 9.7.9.10 ldu."""
import re

from ..model import Block, R, TYPE_BITS, base_reqs


# --- 9.7.9.15 prefetch/prefetchu, 9.7.9.16 applypriority, 9.7.9.17 discard, 9.7.9.18 createpolicy
def size_128_rule(q, ops):
    size = ops.get("size")
    if size and size[0] == "imm" and str(size[1]) != "128":
        return [("reject", "The only supported value for the size operand is 128.")]
    return []


def fraction_rule(q, ops):
    f = ops.get("fraction")
    if f and f[0] == "imm" and re.fullmatch(r"-?\d+\.\d*", str(f[1])) and not 0.0 < float(f[1]) <= 1.0:
        return [("reject", "The valid range of values for the operand fraction is (0.0,.., 1.0].")]
    return []


CP_PRIORITY = {".level::primary_priority": [".L2::evict_last", ".L2::evict_normal", ".L2::evict_first",
                                            ".L2::evict_unchanged"],
               ".level::secondary_priority": [".L2::evict_first", ".L2::evict_unchanged"]}
CACHE_CONTROL_BLOCKS = [
    Block("prefetch", "data cache", "prefetch{.space}.level [a]",
          {".space": [".global", ".local"], ".level": [".L1", ".L2"]}, reqs=base_reqs("prefetch", "2.0", 20)),
    Block("prefetch", "eviction priority", "prefetch.global.level::eviction_priority [a]",
          {".level::eviction_priority": [".L2::evict_last", ".L2::evict_normal"]},
          reqs=base_reqs("prefetch .level::eviction_priority", "7.4", 80)),
    Block("prefetch", "tensormap", "prefetch{.tensormap_space}.tensormap [a]",
          {".tensormap_space": [".const", ".param"]}, reqs=base_reqs("prefetch .tensormap", "8.0", 90)),
    Block("prefetchu", "", "prefetchu.L1 [a]", reqs=base_reqs("prefetchu", "2.0", 20)),
    Block("applypriority", "", "applypriority{.global}.level::eviction_priority [a], size",
          {".level::eviction_priority": [".L2::evict_normal"], "size": ["128"]}, rules=size_128_rule,
          reqs=base_reqs("applypriority", "7.4", 80), kinds={"size": "count"}),
    Block("discard", "", "discard{.global}.level [a], size", {".level": [".L2"], "size": ["128"]},
          rules=size_128_rule, reqs=base_reqs("discard", "7.4", 80), kinds={"size": "count"}),
    Block("createpolicy.range", "",
          "createpolicy.range{.global}.level::primary_priority{.level::secondary_priority}.b64 "
          "cache-policy, [a], primary-size, total-size",
          CP_PRIORITY, reqs=base_reqs("createpolicy", "7.4", 80),
          kinds={"cache-policy": "u64d", "primary-size": "u32", "total-size": "u32"}),
    Block("createpolicy.fractional", "",
          "createpolicy.fractional.level::primary_priority{.level::secondary_priority}.b64 cache-policy{, fraction}",
          CP_PRIORITY, rules=fraction_rule, reqs=base_reqs("createpolicy", "7.4", 80),
          kinds={"cache-policy": "u64d", "fraction": "f32"}),
    Block("createpolicy.cvt", "", "createpolicy.cvt.L2.b64 cache-policy, access-property",
          reqs=base_reqs("createpolicy", "7.4", 80), kinds={"cache-policy": "u64d", "access-property": "r64"}),
]

# --- 9.7.9.10 ldu
LDU_TYPES = [".b8", ".b16", ".b32", ".b64", ".b128", ".u8", ".u16", ".u32", ".u64", ".s8", ".s16", ".s32", ".s64",
             ".f32", ".f64"]


def ldu_rule(q, ops):
    vec, ty = q.get(".vec"), q.get(".type")
    if vec and ty in TYPE_BITS and TYPE_BITS[ty] * int(vec[2:]) > 128:
        return [("reject", "5.4.2: vectors cannot exceed 128 bits in length")]
    return []


def ldu_reqs(q, ops):
    r = [R("ldu", "2.0", ("min", 20))]
    if q.get(".type") == ".b128":
        r.append(R(".b128", "8.3", ("min", 70)))
    return r


LDU_BLOCKS = [
    Block("ldu", "", "ldu{.ss}.type d, [a]", {".ss": [".global"], ".type": LDU_TYPES}, rules=ldu_rule,
          reqs=ldu_reqs, kinds={"d": "wdata"}),
    Block("ldu", "vec", "ldu{.ss}.vec.type d, [a]", {".ss": [".global"], ".vec": [".v2", ".v4"], ".type": LDU_TYPES},
          rules=ldu_rule, reqs=ldu_reqs, kinds={"d": "wdata"}),
]
