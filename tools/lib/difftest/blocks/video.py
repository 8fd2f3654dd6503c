"""Video instructions (beside src/spec/video.cpp): 9.7.18.1 scalar
(vadd ... vmax, vshl, vshr, vmad, vset) and 9.7.18.2 SIMD (vadd2 ... vmax4,
vset2, vset4)."""
from ..model import Block, arith_reqs


# --- 9.7.18 video instructions. "The source and destination operands are all
# 32-bit registers. The type of each operand (.u32 or .s32) is specified in
# the instruction type". The selectors written on operands (a{.asel},
# d.dsel, d{.mask}) are not generated: the cases use plain registers.
VTYPES = [".u32", ".s32"]
VCMP = [".eq", ".ne", ".lt", ".le", ".gt", ".ge"]
VK3 = {"d": "tdd", "a": "tat", "b": "tbt"}
VK4 = {"d": "tdd", "a": "tat", "b": "tbt", "c": "tdt"}
VSET3 = {"d": "u32d", "a": "tat", "b": "tbt"}
VSET4 = {"d": "u32d", "a": "tat", "b": "tbt", "c": "u32"}
VIDEO_BLOCKS = []
for _op in ["vadd", "vsub", "vabsdiff", "vmin", "vmax"]:
    # 9.7.18.1.1 "vop.dtype.atype.btype{.sat} d, a{.asel}, b{.bsel};
    # vop.dtype.atype.btype{.sat}.op2 d, a{.asel}, b{.bsel}, c"
    _sets = {".dtype": VTYPES, ".atype": VTYPES, ".btype": VTYPES, ".op2": [".add", ".min", ".max"]}
    VIDEO_BLOCKS += [
        Block(_op, "", f"{_op}.dtype.atype.btype{{.sat}} d, a, b", _sets,
              reqs=arith_reqs((_op, "2.0", 20)), kinds=VK3),
        Block(_op, "op2", f"{_op}.dtype.atype.btype{{.sat}}.op2 d, a, b, c", _sets,
              reqs=arith_reqs((_op, "2.0", 20)), kinds=VK4),
    ]
for _op in ["vshl", "vshr"]:
    # 9.7.18.1.2 "vop.dtype.atype.u32{.sat}.mode d, a{.asel}, b{.bsel}"
    _sets = {".dtype": VTYPES, ".atype": VTYPES, ".mode": [".clamp", ".wrap"], ".op2": [".add", ".min", ".max"]}
    VIDEO_BLOCKS += [
        Block(_op, "", f"{_op}.dtype.atype.u32{{.sat}}.mode d, a, b", _sets,
              reqs=arith_reqs((_op, "2.0", 20)), kinds={"d": "tdd", "a": "tat", "b": "u32"}),
        Block(_op, "op2", f"{_op}.dtype.atype.u32{{.sat}}.mode.op2 d, a, b, c", _sets,
              reqs=arith_reqs((_op, "2.0", 20)), kinds={"d": "tdd", "a": "tat", "b": "u32", "c": "tdt"}),
    ]
VIDEO_BLOCKS += [
    # 9.7.18.1.3 "vmad.dtype.atype.btype{.sat}{.scale} d, {-}a{.asel}, {-}b{.bsel}, {-}c"
    Block("vmad", "", "vmad.dtype.atype.btype{.sat}{.scale} d, a, b, c",
          {".dtype": VTYPES, ".atype": VTYPES, ".btype": VTYPES, ".scale": [".shr7", ".shr15"]},
          reqs=arith_reqs(("vmad", "2.0", 20)), kinds=VK4),
    Block("vmad", "po", "vmad.dtype.atype.btype.po{.sat}{.scale} d, a, b, c",
          {".dtype": VTYPES, ".atype": VTYPES, ".btype": VTYPES, ".scale": [".shr7", ".shr15"]},
          reqs=arith_reqs(("vmad", "2.0", 20)), kinds=VK4),
    # 9.7.18.1.4 "vset.atype.btype.cmp d, a{.asel}, b{.bsel}"; ".op2 d, a, b, c"
    Block("vset", "", "vset.atype.btype.cmp d, a, b", {".atype": VTYPES, ".btype": VTYPES, ".cmp": VCMP},
          reqs=arith_reqs(("vset", "2.0", 20)), kinds=VSET3),
    Block("vset", "op2", "vset.atype.btype.cmp.op2 d, a, b, c",
          {".atype": VTYPES, ".btype": VTYPES, ".cmp": VCMP, ".op2": [".add", ".min", ".max"]},
          reqs=arith_reqs(("vset", "2.0", 20)), kinds=VSET4),
]
for _op in ["vadd2", "vsub2", "vavrg2", "vabsdiff2", "vmin2", "vmax2",
            "vadd4", "vsub4", "vavrg4", "vabsdiff4", "vmin4", "vmax4"]:
    # 9.7.18.2.1 / 9.7.18.2.3 "vop2.dtype.atype.btype{.sat} d{.mask}, a{.asel}, b{.bsel}, c;
    # vop2.dtype.atype.btype.add d{.mask}, a{.asel}, b{.bsel}, c"
    _sets = {".dtype": VTYPES, ".atype": VTYPES, ".btype": VTYPES}
    VIDEO_BLOCKS += [
        Block(_op, "merge", f"{_op}.dtype.atype.btype{{.sat}} d, a, b, c", _sets,
              reqs=arith_reqs((_op, "3.0", 30)), kinds=VK4),
        Block(_op, "add", f"{_op}.dtype.atype.btype.add d, a, b, c", _sets,
              reqs=arith_reqs((_op, "3.0", 30)), kinds=VK4),
    ]
for _op in ["vset2", "vset4"]:
    # 9.7.18.2.2 / 9.7.18.2.4 "vset2.atype.btype.cmp d{.mask}, a{.asel}, b{.bsel}, c"
    _sets = {".atype": VTYPES, ".btype": VTYPES, ".cmp": VCMP}
    VIDEO_BLOCKS += [
        Block(_op, "merge", f"{_op}.atype.btype.cmp d, a, b, c", _sets,
              reqs=arith_reqs((_op, "3.0", 30)), kinds=VSET4),
        Block(_op, "add", f"{_op}.atype.btype.cmp.add d, a, b, c", _sets,
              reqs=arith_reqs((_op, "3.0", 30)), kinds=VSET4),
    ]
