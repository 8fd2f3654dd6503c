"""Asynchronous and bulk stores (beside src/spec/async_store.cpp):
9.7.9.12 st.async, 9.7.9.13 st.bulk and 9.7.9.26 multimem.cp.async.bulk."""
import re

from ..model import Block, MBAR, R, TYPE_BITS, base_reqs


# --- 9.7.9.12 st.async, 9.7.9.13 st.bulk
SA_TYPES = [".b32", ".b64", ".u32", ".u64", ".s32", ".s64", ".f32", ".f64"]


def sa_vec_rule(q, ops):
    if q.get(".vec") == ".v4" and TYPE_BITS.get(q.get(".type")) == 64:
        return [(None, "the manual does not limit st.async's vector size (.v4 of a 64-bit type is 256 bits)")]
    return []


def sa_release_rule(q, ops):
    if q.get(".mmio") and q.get(".scope") != ".sys":
        return [("reject", "If .mmio is specified, .scope must be .sys.")]
    return []


def st_bulk_rule(q, ops):
    out = []
    init = ops.get("initval")
    if init and init[0] == "imm" and str(init[1]) != "0":
        out.append(("reject", "The only numeric value allowed for operand initval is 0."))
    size = ops.get("size")
    if size and size[0] == "imm" and re.fullmatch(r"\d+", str(size[1])):
        if int(size[1]) > 16777216:
            out.append(("reject", "The maximum value of size operand can be 16777216."))
        elif int(size[1]) % 8:
            out.append((None, "size must be a multiple of 8. If the value is not a multiple of 8, then the "
                              "behavior is undefined."))
    return out


def st_bulk_reqs(q, ops):
    r = [R("st.bulk", "8.6", ("min", 100))]
    if ops.get("size") == ("reg", 32):
        r.append(R("size operand with 32-bit length", "9.0", ("min", 100)))
    return r


ASYNC_STORE_BLOCKS = [
    Block("st.async", "weak", "st.async{.weak}{.ss}.completion_mechanism{.vec}.type [a], b, [mbar]",
          {".ss": [".shared::cluster"], ".completion_mechanism": MBAR, ".vec": [".v2", ".v4"], ".type": SA_TYPES},
          rules=sa_vec_rule, reqs=base_reqs("st.async", "8.1", 90)),
    Block("st.async", "scope", "st.async{.scope}{.ss}.completion_mechanism{.vec}.type [a], b, [mbar]",
          {".scope": [".cluster"], ".ss": [".shared::cluster"], ".completion_mechanism": MBAR,
           ".vec": [".v2", ".v4"], ".type": SA_TYPES},
          rules=sa_vec_rule, reqs=base_reqs("st.async", "8.1", 90)),
    Block("st.async", "release", "st.async{.mmio}.sem.scope{.ss}.type [a], b",
          {".sem": [".release"], ".scope": [".gpu", ".sys"], ".ss": [".global"],
           ".type": [".b8", ".b16", ".b32", ".b64", ".u8", ".u16", ".u32", ".u64", ".s8", ".s16", ".s32", ".s64",
                     ".f32", ".f64"]},
          rules=sa_release_rule, reqs=base_reqs("st.async .release", "8.7", 100), kinds={"b": "t"}),
    Block("st.bulk", "", "st.bulk{.weak}{.shared::cta} [a], size, initval", {"initval": ["0"]},
          rules=st_bulk_rule, reqs=st_bulk_reqs, kinds={"size": "r3264", "initval": "count"}),
]
# 9.7.9.26 multimem.cp.async.bulk (PTX ISA 9.1: manual-only cases for ptxas 13.0)
ASYNC_STORE_BLOCKS.append(
    Block("multimem.cp.async.bulk", "",
          "multimem.cp.async.bulk.dst.src.completion_mechanism{.cp_mask} [dstMem], [srcMem], size{, byteMask}",
          {".dst": [".global"], ".src": [".shared::cta"], ".completion_mechanism": [".bulk_group"]},
          reqs=lambda q, ops: [R("multimem.cp.async.bulk", "9.1", ("min", 90))] + (
              [R(".cp_mask", "9.1", ("min", 100))] if q.get(".cp_mask") else [])))
