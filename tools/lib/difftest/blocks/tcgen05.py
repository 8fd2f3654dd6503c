"""tcgen05 (beside src/spec/tcgen05.cpp): the 9.7.16 blocks whose operands
the generic kinds cover: tcgen05.alloc, dealloc, relinquish_alloc_permit and
commit."""
from ..model import Block, R


# --- 9.7.16 tcgen05 (the blocks whose operands the generic kinds cover:
# allocation, wait, fence, commit): "Introduced in PTX ISA version 8.6";
# "Supported on following architectures: sm_100a, sm_101a (Renamed to
# sm_110a from PTX ISA version 9.0), And is supported on following
# family-specific architectures from PTX ISA version 8.8: sm_100f or higher
# in the same family, sm_101f or higher in the same family".
TC_SM100 = ("specific", frozenset({"sm_100a", "sm_101a", "sm_110a"}), ((100, 110), (110, 120)), "8.8")


def tc_reqs(feature):
    return lambda q, ops: [R(feature, "8.6", TC_SM100)]


TC_CTA = {".cta_group": [".cta_group::1", ".cta_group::2"]}
TCGEN05_BLOCKS = [
    Block("tcgen05.alloc", "", "tcgen05.alloc.cta_group.sync.aligned{.shared::cta}.b32 [dst], nCols",
          dict(TC_CTA, nCols=["32", "64", "512"]), reqs=tc_reqs("tcgen05.alloc"), kinds={"nCols": "immset"}),
    Block("tcgen05.dealloc", "", "tcgen05.dealloc.cta_group.sync.aligned.b32 taddr, nCols",
          dict(TC_CTA, nCols=["32", "128"]), reqs=tc_reqs("tcgen05.dealloc"),
          kinds={"taddr": "r32", "nCols": "immset"}),
    Block("tcgen05.relinquish_alloc_permit", "", "tcgen05.relinquish_alloc_permit.cta_group.sync.aligned", TC_CTA,
          reqs=tc_reqs("tcgen05.relinquish_alloc_permit")),
    Block("tcgen05.commit", "",
          "tcgen05.commit.cta_group.completion_mechanism{.shared::cluster}{.multicast}.b64 [mbar]{, ctaMask}",
          dict(TC_CTA, **{".completion_mechanism": [".mbarrier::arrive::one"],
                          ".multicast": [".multicast::cluster"]}),
          reqs=tc_reqs("tcgen05.commit")),
]
