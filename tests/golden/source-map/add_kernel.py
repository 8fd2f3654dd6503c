# The Triton source of triton-kernel.ptx (made by hand; see README.md).
import triton
import triton.language as tl

@triton.jit
def add_kernel(x_ptr, out_ptr):
    pid = tl.program_id(axis=0)
    offsets = pid * 128 + tl.arange(0, 128)
    x = tl.load(x_ptr + offsets)
    y = tl.inline_asm_elementwise("cvt.rn.satfinite.e4m3x2.f32 $0, $1, $1;", "=h,r", [x],
                                  dtype=tl.int16, is_pure=True, pack=1)
    tl.store(out_ptr + offsets, y)
