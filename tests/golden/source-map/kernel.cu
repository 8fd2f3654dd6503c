// The source of nvcc-kernel.ptx (tests/golden/source-map/README.md).
__device__ __forceinline__ void wait_on(unsigned id) {
  asm volatile("bar.sync %0;" :: "n"(17));
}

__global__ void scale(float* out, float s) {
  wait_on(0);
  float v = out[threadIdx.x];
  asm volatile("{\n\t"
               ".reg .b16 h;\n\t"
               "cvt.rn.satfinite.e4m3x2.f32 h, %1, %1;\n\t"
               "cvt.u32.u16 %0, h;\n\t"
               "}" : "=r"(*(unsigned*)&v) : "f"(s));
  out[threadIdx.x] = v * s;
}
