"""tensormap and clusterlaunchcontrol (beside
src/spec/tensormap_cluster.cpp): 9.7.9.28 tensormap.replace (Table 33),
9.7.13.16 tensormap.cp_fenceproxy and 9.7.13.17/18
clusterlaunchcontrol.try_cancel / query_cancel."""
import re

from ..model import Block, MBAR, R, base_reqs


# --- 9.7.9.28 tensormap.replace, 9.7.13.16 tensormap.cp_fenceproxy,
# 9.7.13.17/18 clusterlaunchcontrol.try_cancel / query_cancel
TMR_FAMILIES = ((100, 110), (110, 120), (120, 130))
TMR_TARGETS = ("specific", frozenset({"sm_90a", "sm_100a", "sm_101a", "sm_110a", "sm_120a"}), TMR_FAMILIES, "8.8")
TMR_NEW = ("specific", frozenset({"sm_100a", "sm_101a", "sm_110a", "sm_120a"}), TMR_FAMILIES, "8.8")
# Table 33: the new_val each .field3 takes.
TMR_FIELD3 = {".elemtype": 15, ".interleave_layout": 2, ".swizzle_mode": 4, ".swizzle_atomicity": 3,
              ".fill_mode": 1}


def tmr_rule(q, ops):
    out = []
    field = q.get(".field1") or q.get(".field2") or q.get(".field3")
    want = ".b64" if field in (".global_address", ".global_stride") else ".b32"
    if q.get(".type") and q[".type"] != want:
        out.append(("reject", "When .field is specified as .global_address or .global_stride, .type must be "
                              ".b64. Otherwise, .type must be .b32."))
    ord_ = ops.get("ord")
    if ord_ and ord_[0] == "imm" and re.fullmatch(r"-?\d+", str(ord_[1])) and not 0 <= int(ord_[1]) <= 4:
        out.append((None, "the manual does not give the range of ord ('the ordinal of the field across the "
                          "rank of the tensor'; a tensor has 1 to 5 dimensions)"))
    new = ops.get("new_val")
    if q.get(".field3") and new:
        if new[0] != "imm":
            out.append(("reject", "When .field3 is specified, the operand new_val must be an immediate"))
        elif re.fullmatch(r"-?\d+", str(new[1])) and not 0 <= int(new[1]) <= TMR_FIELD3[q[".field3"]]:
            out.append(("reject", f"Table 33: {q['.field3']} takes new_val 0 to {TMR_FIELD3[q['.field3']]}"))
    return out


def tmr_reqs(q, ops):
    r = [R("tensormap.replace", "8.3", TMR_TARGETS)]
    new = ops.get("new_val")
    value = int(new[1]) if new and new[0] == "imm" and re.fullmatch(r"\d+", str(new[1])) else None
    if q.get(".field3") == ".swizzle_atomicity":
        r.append(R(".swizzle_atomicity", "8.6", TMR_NEW))
    if q.get(".field3") == ".elemtype" and value is not None and value >= 13:
        r.append(R(".elemtype 13 to 15", "8.7", TMR_NEW))
    if q.get(".field3") == ".swizzle_mode" and value == 4:
        r.append(R(".swizzle_mode 4", "8.8", ("specific", frozenset({"sm_103a"}), (), "8.8")))
    return r


def fenceproxy_rule(q, ops):
    size = ops.get("size")
    if size and size[0] == "imm" and str(size[1]) != "128":
        return [("reject", "The valid value of immediate operand size is 128.")]
    return []


TMR_SETS = {".mode": [".tile"], ".ss": [".global", ".shared::cta"], ".type": [".b32", ".b64"]}
TMR_KINDS = {"addr": "addr", "ord": "count", "new_val": "t"}
CLC_RESP = {"try_cancel_response": "r128"}
TENSORMAP_CLUSTER_BLOCKS = [
    Block("tensormap.replace", "field1", "tensormap.replace.mode.field1{.ss}.b1024.type [addr], new_val",
          dict(TMR_SETS, **{".field1": [".global_address", ".rank"]}), rules=tmr_rule, reqs=tmr_reqs,
          kinds=TMR_KINDS),
    Block("tensormap.replace", "field2", "tensormap.replace.mode.field2{.ss}.b1024.type [addr], ord, new_val",
          dict(TMR_SETS, **{".field2": [".box_dim", ".global_dim", ".global_stride", ".element_stride"],
                            "ord": ["0", "3", "4"]}), rules=tmr_rule, reqs=tmr_reqs, kinds=TMR_KINDS),
    Block("tensormap.replace", "field3", "tensormap.replace.mode.field3{.ss}.b1024.type [addr], new_val",
          dict(TMR_SETS, **{".field3": sorted(TMR_FIELD3), "new_val": ["0", "1", "3", "4", "13"]}),
          rules=tmr_rule, reqs=tmr_reqs, kinds=dict(TMR_KINDS, new_val="count")),
    Block("tensormap.cp_fenceproxy", "",
          "tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.scope.sync.aligned "
          "[dst], [src], size",
          {".scope": [".cta", ".cluster", ".gpu", ".sys"], "size": ["128"]}, rules=fenceproxy_rule,
          reqs=base_reqs("tensormap.cp_fenceproxy", "8.3", 90), kinds={"size": "count"}),
    Block("clusterlaunchcontrol.try_cancel", "",
          "clusterlaunchcontrol.try_cancel.async{.space}.completion_mechanism{.multicast::cluster::all}.b128 "
          "[addr], [mbar]",
          {".space": [".shared::cta"], ".completion_mechanism": MBAR},
          reqs=lambda q, ops: [R("clusterlaunchcontrol.try_cancel", "8.6", ("min", 100))] + (
              [R(".multicast::cluster::all", "8.6", TMR_NEW)] if q.get(".multicast::cluster::all") else []),
          kinds={"addr": "addr"}),
    Block("clusterlaunchcontrol.query_cancel", "is_canceled",
          "clusterlaunchcontrol.query_cancel.is_canceled.pred.b128 pred, try_cancel_response",
          reqs=base_reqs("clusterlaunchcontrol.query_cancel", "8.6", 100),
          kinds=dict(CLC_RESP, pred="pplain")),
    Block("clusterlaunchcontrol.query_cancel", "get_first_ctaid.v4",
          "clusterlaunchcontrol.query_cancel.get_first_ctaid.vec.type.b128 d, try_cancel_response",
          {".vec": [".v4"], ".type": [".b32"]},
          reqs=base_reqs("clusterlaunchcontrol.query_cancel", "8.6", 100), kinds=CLC_RESP),
    Block("clusterlaunchcontrol.query_cancel", "get_first_ctaid::dimension",
          "clusterlaunchcontrol.query_cancel.get_first_ctaid{::dimension}.b32.b128 reg, try_cancel_response",
          {"::dimension": ["::x", "::y", "::z"]},
          reqs=base_reqs("clusterlaunchcontrol.query_cancel", "8.6", 100), kinds=dict(CLC_RESP, reg="r32")),
]
