"""Bulk tensor copies (beside src/spec/tensor_copy.cpp): 9.7.9.27.1.2
cp.async.bulk.tensor, 9.7.9.27.1.4 cp.async.bulk.prefetch.tensor and
9.7.9.27.2 cp.async.bulk.commit_group / wait_group."""
from ..model import Block, HINT, MBAR, R, base_reqs


# --- 9.7.9.27.1.2 cp.async.bulk.tensor, 9.7.9.27.1.4 cp.async.bulk.prefetch.tensor,
# 9.7.9.27.2 cp.async.bulk.commit_group / wait_group
def tcoords_count(q):
    """'.tile::scatter4 / .tile::gather4: {col_idx, row_idx0, row_idx1, row_idx2, row_idx3}
    Fixed length vector of size 5'; 'Rest all: {d0, .., dn} for n = .dim'."""
    if q.get(".load_mode") in (".tile::gather4", ".tile::scatter4"):
        return 5
    dim = q.get(".dim")
    return int(dim[1]) if dim else None


def i2c_count(q):
    """'.im2col: A vector of im2col offsets whose vector size is two less than number of
    dimensions .dim'; '.im2col::w, .im2col::w::128: A vector of 2 arguments'."""
    mode, dim = q.get(".load_mode"), q.get(".dim")
    if mode == ".im2col" and dim:
        return int(dim[1]) - 2 if int(dim[1]) > 2 else None
    if mode in (".im2col::w", ".im2col::w::128"):
        return 2
    return None


IM2COL_MODES = (".im2col", ".im2col::w", ".im2col::w::128", ".im2col_no_offs")
SPECIFIC_100_110 = ("specific", frozenset({"sm_100a", "sm_101a", "sm_110a"}), ((100, 110), (110, 120)), "8.8")
SPECIFIC_100 = ("specific", frozenset({"sm_100a"}), ((100, 110),), "8.8")


def tensor_rule(q, ops):
    out = []
    mode = q.get(".load_mode")
    if mode in IM2COL_MODES and q.get(".dim") in (".1d", ".2d"):
        out.append(("reject", "In .im2col and .im2col::* modes, the tensor has to be at least "
                              "3-dimensional."))
    if mode in (".tile::gather4", ".tile::scatter4") and q.get(".dim") != ".2d":
        out.append(("reject", "In .tile::gather4 mode, four rows in 2-dimnesional source tensor are "
                              "combined to form a single 2-dimensional destination tensor."))
    if "im2colInfo" in ops and mode not in IM2COL_MODES:
        out.append(("reject", "The vector operand im2colInfo can be specified only when .load_mode is "
                              ".im2col or .im2col::w or .im2col::w::128."))
    if "im2colInfo" not in ops and mode in (".im2col", ".im2col::w", ".im2col::w::128"):
        out.append((None, "the syntax writes {, im2colInfo} as optional, but gives its format for "
                          "every im2col mode"))
    return out


def tensor_reqs(q, ops):
    r = [R("cp.async.bulk.tensor", "8.0")]
    dst, mode = q.get(".dst"), q.get(".load_mode")
    if dst == ".shared::cta":
        r.append(R(".shared::cta as destination", "8.6"))
    if mode in (".tile::gather4", ".im2col::w"):
        r.append(R(mode, "8.6", ("min", 100) if dst == ".shared::cta" else SPECIFIC_100))
    if mode in (".tile::scatter4", ".im2col::w::128"):
        r.append(R(mode, "8.6", SPECIFIC_100_110))
    if q.get(".cta_group"):
        r.append(R(".cta_group", "8.6", SPECIFIC_100_110))
    return r


def prefetch_tensor_reqs(q, ops):
    r = [R("cp.async.bulk.prefetch.tensor", "8.0")]
    mode = q.get(".load_mode")
    if mode in (".tile::gather4", ".im2col::w", ".im2col::w::128"):
        r.append(R(mode, "8.6", SPECIFIC_100_110))
    return r


TENSOR_KINDS = {"tensorMap, tensorCoords": "tcoords", "im2colInfo": "i2c"}
TENSOR_DIMS = [".1d", ".2d", ".3d", ".4d", ".5d"]
LOAD_MODES = [".tile", ".tile::gather4", ".im2col", ".im2col::w", ".im2col::w::128"]
TENSOR_BLOCKS = [
    Block("cp.async.bulk.tensor", "global->shared::cta",
          "cp.async.bulk.tensor.dim.dst.src{.load_mode}.completion_mechanism{.cta_group}{.level::cache_hint} "
          "[dstMem], [tensorMap, tensorCoords], [mbar]{, im2colInfo} {, cache-policy}",
          {".dst": [".shared::cta"], ".src": [".global"], ".dim": TENSOR_DIMS, ".completion_mechanism": MBAR,
           ".cta_group": [".cta_group::1", ".cta_group::2"], ".load_mode": LOAD_MODES, ".level::cache_hint": HINT},
          rules=tensor_rule, reqs=tensor_reqs, kinds=TENSOR_KINDS),
    Block("cp.async.bulk.tensor", "global->shared::cluster",
          "cp.async.bulk.tensor.dim.dst.src{.load_mode}.completion_mechanism{.multicast}{.cta_group}"
          "{.level::cache_hint} [dstMem], [tensorMap, tensorCoords], [mbar]{, im2colInfo} {, ctaMask} "
          "{, cache-policy}",
          {".dst": [".shared::cluster"], ".src": [".global"], ".dim": TENSOR_DIMS, ".completion_mechanism": MBAR,
           ".cta_group": [".cta_group::1", ".cta_group::2"], ".load_mode": LOAD_MODES, ".level::cache_hint": HINT,
           ".multicast": [".multicast::cluster"]},
          rules=tensor_rule, reqs=tensor_reqs, kinds=TENSOR_KINDS),
    Block("cp.async.bulk.tensor", "shared::cta->global",
          "cp.async.bulk.tensor.dim.dst.src{.load_mode}.completion_mechanism{.level::cache_hint} "
          "[tensorMap, tensorCoords], [srcMem] {, cache-policy}",
          {".dst": [".global"], ".src": [".shared::cta"], ".dim": TENSOR_DIMS,
           ".completion_mechanism": [".bulk_group"], ".load_mode": [".tile", ".tile::scatter4", ".im2col_no_offs"],
           ".level::cache_hint": HINT},
          rules=tensor_rule, reqs=tensor_reqs, kinds=TENSOR_KINDS),
    Block("cp.async.bulk.prefetch.tensor", "",
          "cp.async.bulk.prefetch.tensor.dim.L2.src{.load_mode}{.level::cache_hint} [tensorMap, tensorCoords] "
          "{, im2colInfo } {, cache-policy}",
          {".src": [".global"], ".dim": TENSOR_DIMS, ".load_mode": LOAD_MODES, ".level::cache_hint": HINT},
          rules=tensor_rule, reqs=prefetch_tensor_reqs, kinds=TENSOR_KINDS),
    Block("cp.async.bulk.commit_group", "", "cp.async.bulk.commit_group",
          reqs=base_reqs("cp.async.bulk.commit_group", "8.0", 90)),
    Block("cp.async.bulk.wait_group", "", "cp.async.bulk.wait_group{.read} N", {"N": ["0", "1", "2", "7"]},
          reqs=base_reqs("cp.async.bulk.wait_group", "8.0", 90)),
]
