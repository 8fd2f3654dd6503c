// launch_config.cu - per-kernel performance directives and code-shape knobs.
//
// Exercises: __launch_bounds__ (.maxntid with one argument, plus
// .minnctapersm with two), __maxnreg__ (.maxnreg), #pragma unroll N and
// #pragma unroll 1 (.pragma "nounroll"), large local arrays indexed dynamically
// (.local __local_depot, ld.local/st.local), __restrict__ / const pointers
// (ld.global.nc), __ldg/__ldcs/__ldlu/__stcg/__stwt cache-operator loads and
// stores, vector loads/stores (v2/v4, f64 and b8), predicated execution,
// a switch (NVVM emits a compare chain, not a jump table) and an inline-asm
// brx.idx with a .branchtargets table and labels inside a { } scope, deep loop nests,
// __builtin_assume / __builtin_expect / __builtin_unreachable, L2 prefetch
// and eviction-priority hints, programmatic dependent launch
// (griddepcontrol.wait / .launch_dependents, sm_90+), and warp-specialised
// register reallocation (setmaxnreg.inc/.dec, sm_90a / sm_100a).
#include <cstdint>

#include "common.cuh"

// One-argument launch bounds: .maxntid only.
__global__ void __launch_bounds__(1024) bounds_one(float* out)
{
  out[blockIdx.x * blockDim.x + threadIdx.x] = threadIdx.x * 0.5f;
}

// Two-argument launch bounds: .maxntid + .minnctapersm.
__global__ void __launch_bounds__(256, 4) bounds_two(const float* __restrict__ a, const float* __restrict__ b,
                                                     float* __restrict__ c, int n)
{
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] * b[i] + __ldg(&a[(i + 1) % n]);
}

// Register cap (.maxnreg) on a kernel with lots of live values.
__global__ void __maxnreg__(40) capped_registers(const float4* __restrict__ in, float4* __restrict__ out, int n)
{
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float4 acc[8];
#pragma unroll
  for (int k = 0; k < 8; ++k) acc[k] = __ldcs(&in[(i + k * 97) % n]);
#pragma unroll 4
  for (int r = 0; r < 16; ++r) {
#pragma unroll
    for (int k = 0; k < 8; ++k) {
      acc[k].x = fmaf(acc[k].x, acc[(k + 1) & 7].y, acc[k].z);
      acc[k].y = fmaf(acc[k].y, acc[(k + 3) & 7].w, acc[k].x);
      acc[k].z += acc[k].w * r;
      acc[k].w -= acc[(k + 5) & 7].x;
    }
  }
  float4 s = make_float4(0, 0, 0, 0);
#pragma unroll
  for (int k = 0; k < 8; ++k) {
    s.x += acc[k].x;
    s.y += acc[k].y;
    s.z += acc[k].z;
    s.w += acc[k].w;
  }
  __stcg(&out[i], s);
}

// Dynamically indexed local array -> local memory; a non-unrolled loop.
__global__ void local_memory(const int* idx, const double* vals, double* out, int n)
{
  double hist[64];
  int order[32];
#pragma unroll 1
  for (int k = 0; k < 64; ++k) hist[k] = 0.0;
#pragma unroll 1
  for (int k = 0; k < 32; ++k) order[k] = (k * 7 + threadIdx.x) & 31;
  for (int i = threadIdx.x; i < n; i += blockDim.x) {
    hist[__ldlu(&idx[i]) & 63] += vals[i];
  }
  double acc = 0.0;
#pragma unroll 1
  for (int k = 0; k < 32; ++k) acc += hist[order[k]] * hist[63 - order[k]];
  __stwt(&out[blockIdx.x * blockDim.x + threadIdx.x], acc);
}

// Dense switch -> jump table (brx.idx) on recent compilers.
__device__ __noinline__ int dispatch(int op, int a, int b)
{
  switch (op) {
    case 0: return a + b;
    case 1: return a - b;
    case 2: return a * b;
    case 3: return b ? a / b : 0;
    case 4: return a & b;
    case 5: return a | b;
    case 6: return a ^ b;
    case 7: return a << (b & 31);
    case 8: return a >> (b & 31);
    case 9: return min(a, b);
    case 10: return max(a, b);
    case 11: return abs(a - b);
    default: __builtin_unreachable();
  }
}

__global__ void interpreter(const int* ops, const int* args, int* out, int n)
{
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  __builtin_assume(n > 0);
  if (__builtin_expect(i >= n, 0)) return;
  int acc = args[i];
  for (int k = 0; k < 16; ++k) {
    acc = dispatch(ops[(i + k) % n] % 12, acc, args[(i * 3 + k) % n]);
  }
  out[i] = acc;
}

// An explicit jump table: nvcc's NVVM does not form brx.idx from switches, so
// spell it in inline asm (labels live in the asm's own { } scope; the function
// is __noinline__ so the asm is emitted exactly once).
__device__ __noinline__ int jump_table(unsigned sel, int x)
{
  int r;
  asm volatile(
    "{\n\t"
    ".reg .u32 %%jt_idx;\n\t"
    "rem.u32 %%jt_idx, %1, 3;\n\t"
    "corpus_jt: .branchtargets corpus_case0, corpus_case1, corpus_case2;\n\t"
    "brx.idx %%jt_idx, corpus_jt;\n"
    "corpus_case0:\n\t"
    "add.s32 %0, %2, 1;\n\t"
    "bra.uni corpus_done;\n"
    "corpus_case1:\n\t"
    "mul.lo.s32 %0, %2, 3;\n\t"
    "bra.uni corpus_done;\n"
    "corpus_case2:\n\t"
    "neg.s32 %0, %2;\n"
    "corpus_done:\n\t"
    "}"
    : "=r"(r)
    : "r"(sel), "r"(x));
  return r;
}

__global__ void jump_table_kernel(const unsigned* sel, int* data)
{
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  data[i] = jump_table(sel[i], data[i]);
}

// Vector memory operations and cache hints via inline asm.
__global__ void vector_memory(const double2* in2, const uchar4* in4, const longlong2* inl, double2* out2, uchar4* out4,
                              int n)
{
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  asm volatile("prefetch.global.L2 [%0];" ::"l"(in2 + i + 64));
  asm volatile("prefetch.global.L2::evict_last [%0];" ::"l"(inl + i + 64));
  uint64_t policy;
  asm volatile("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;" : "=l"(policy));
  double2 d;
  asm volatile("ld.global.L1::no_allocate.L2::cache_hint.v2.f64 {%0, %1}, [%2], %3;"
               : "=d"(d.x), "=d"(d.y)
               : "l"(in2 + i), "l"(policy));
  const uchar4 c = in4[i];
  const longlong2 l = __ldg(&inl[i]);
  d.x += c.x + l.x;
  d.y += c.w + l.y;
  out2[i] = d;
  out4[i] = make_uchar4(c.w, c.z, c.y, c.x);
  asm volatile("discard.global.L2 [%0], 128;" ::"l"(reinterpret_cast<uintptr_t>(in2 + (i & ~7)) & ~uintptr_t(127)));
}

// Programmatic dependent launch: wait for the previous kernel in the stream,
// then let the next one start early.
__global__ void dependent_launch(const float* prev_out, float* out, int n)
{
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
#if CORPUS_SM90
  cudaGridDependencySynchronize();
#endif
  if (i < n) out[i] = prev_out[i] * 2.0f;
#if CORPUS_SM90
  cudaTriggerProgrammaticLaunchCompletion();
#endif
}

// Producer / consumer warp groups that trade registers with setmaxnreg.
__global__ void __launch_bounds__(384, 1) warp_specialized(const float* in, float* out)
{
  const int warp_group = threadIdx.x / 128;
#if CORPUS_SM90A || CORPUS_SM100A
  if (warp_group == 0) {
    asm volatile("setmaxnreg.dec.sync.aligned.u32 40;");
  } else {
    asm volatile("setmaxnreg.inc.sync.aligned.u32 232;");
  }
#endif
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = warp_group == 0 ? in[i] : in[i] * in[i];
}
