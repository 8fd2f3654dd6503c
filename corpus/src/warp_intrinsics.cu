// warp_intrinsics.cu - warp-level and bit-manipulation intrinsics.
//
// Exercises: shfl.sync (idx/up/down/bfly, with widths -> clamp/segment masks,
// on 32/64-bit and float data), vote.sync (any/all/uni/ballot), activemask,
// match.any / match.all (b32 and b64), redux.sync (add/min/max/and/or/xor,
// and the f32 forms on sm_100a), bar.warp.sync, special registers (%laneid,
// %lanemask_lt, %clock64, %globaltimer, %smid, %warpid, %nsmid, %dynamic_smem_size),
// bit ops (popc, clz, brev, bfind, bfe/bfi, prmt, fns, shf funnel shifts),
// integer helpers (mul.hi, mul24, sad, dp4a, dp2a, SIMD video ops vadd2/vabsdiffu4),
// nanosleep, pmevent, trap/brkpt guarded by runtime conditions; block votes
// (bar.red.popc / .and / .or), named barriers (bar.sync / bar.arrive with a
// thread count, barrier.sync.aligned), isspacep, testp, membar/fence variants,
// ld.global.ca / .cv and st.global.cs.
#include <cuda/ptx>
#include <cstdint>

#include "common.cuh"

namespace ptx = cuda::ptx;

__global__ void shuffles(const float* in, float* out, const long long* lin, long long* lout, const double* din,
                         double* dout)
{
  const unsigned full = 0xffffffffu;
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  // butterfly all-reduce
  for (int off = 16; off > 0; off >>= 1) {
    v += __shfl_xor_sync(full, v, off);
  }
  // inclusive scan in segments of 8 lanes
  float s = in[i];
  for (int off = 1; off < 8; off <<= 1) {
    const float n = __shfl_up_sync(full, s, off, 8);
    if ((threadIdx.x & 7) >= off) s += n;
  }
  const float down = __shfl_down_sync(full, s, 3, 16);
  const float bcast = __shfl_sync(full, s, 5);
  const long long l = __shfl_sync(full, lin[i], (threadIdx.x + 1) & 31);
  const double d = __shfl_xor_sync(full, din[i], 4);
  out[i] = v + s + down + bcast;
  lout[i] = l;
  dout[i] = d;
}

__global__ void votes_and_matches(const int* keys, const long long* keys64, unsigned* out)
{
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int k = keys[i];
  unsigned r = 0;
  if (k != 0) {
    const unsigned active = __activemask();
    r += __popc(active);
    r += __any_sync(active, k < 0) + 2 * __all_sync(active, k > 0) + 4 * __uni_sync(active, k & 1);
    r += __popc(__ballot_sync(active, k > 100));
    r += __popc(__match_any_sync(active, k));
    int pred = 0;
    const unsigned m = __match_all_sync(active, keys64[i], &pred);
    r += pred ? __ffs(m) : 0;
    r += __popc(__match_any_sync(active, keys64[i]));
  }
  __syncwarp();
  const unsigned uk = (unsigned) k;
  r += __reduce_add_sync(0xffffffffu, uk);
  r += __reduce_min_sync(0xffffffffu, uk) ^ (unsigned) __reduce_max_sync(0xffffffffu, k);
  r += __reduce_and_sync(0xffffffffu, uk) | __reduce_or_sync(0xffffffffu, uk);
  r += __reduce_xor_sync(0x0000ffffu, uk);
  out[i] = r;
}

#if CORPUS_SM100A
__device__ float warp_fmax(float v)
{
  float r;
  asm volatile("redux.sync.max.NaN.f32 %0, %1, %2;" : "=f"(r) : "f"(v), "r"(0xffffffffu));
  return r;
}
__device__ float warp_fmin_abs(float v)
{
  float r;
  asm volatile("redux.sync.min.abs.f32 %0, %1, %2;" : "=f"(r) : "f"(v), "r"(0xffffffffu));
  return r;
}
#endif

__global__ void bit_tricks(const unsigned* a, const unsigned long long* b, unsigned* out, unsigned long long* out64,
                           float* fout)
{
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned x = a[i];
  const unsigned long long y = b[i];
  unsigned r = __popc(x) + __clz(x) + __ffs(x) + __brev(x) + __popcll(y) + __clzll(y) + __ffsll(y);
  r ^= __byte_perm(x, r, 0x3210 ^ (i & 0x7777));
  r += __funnelshift_l(x, r, 7) + __funnelshift_rc(x, r, i);
  r += __fns(x, 0, i & 31);
  r += __mulhi(int(x), int(r)) + __umulhi(x, r) + __mul24(int(x), 5) + __umul24(x, r);
  r += __sad(int(x), int(r), 3u) + __usad(x, r, 1u);
  r += __dp4a(x, r, 7u) + __dp2a_lo(int(x), int(r), 11) + __dp2a_hi(x, r, 13u);
  r += __vadd2(x, r) ^ __vabsdiffu4(x, r) ^ __vmaxu4(x, r) ^ __vcmpgts2(x, r) ^ __vsetgtu4(x, r);
  r += __hadd(int(x), int(r)) + __rhadd(int(x), 1) + __uhadd(x, r) + __urhadd(x, 3u);
  unsigned bf;
  asm("bfe.u32 %0, %1, %2, %3;" : "=r"(bf) : "r"(x), "r"(3), "r"(9));
  asm("bfi.b32 %0, %1, %2, %3, %4;" : "=r"(r) : "r"(bf), "r"(r), "r"(4), "r"(6));
  unsigned hi;
  asm("bfind.shiftamt.u32 %0, %1;" : "=r"(hi) : "r"(x | 1));
  out64[i] = __brevll(y) + __umul64hi(y, (unsigned long long) x) + (unsigned long long) __mul64hi((long long) y, 3ll) +
             (y >> (hi & 63)) + (unsigned long long) ptx::bmsk_clamp(hi, 5u);
  out[i] = r;
#if CORPUS_SM100A
  fout[i] = warp_fmax(__uint_as_float(x)) + warp_fmin_abs(__uint_as_float(r));
#else
  fout[i] = __uint_as_float(x);
#endif
}

__global__ void special_registers(unsigned long long* out)
{
  extern __shared__ unsigned char dyn_smem[];
  unsigned laneid, warpid, smid, nsmid, lanemask_lt, dyn;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(laneid));
  asm volatile("mov.u32 %0, %%warpid;" : "=r"(warpid));
  asm volatile("mov.u32 %0, %%smid;" : "=r"(smid));
  asm volatile("mov.u32 %0, %%nsmid;" : "=r"(nsmid));
  asm volatile("mov.u32 %0, %%lanemask_lt;" : "=r"(lanemask_lt));
  dyn = ptx::get_sreg_dynamic_smem_size();
  const unsigned long long t0 = clock64();
  const unsigned long long gt = ptx::get_sreg_globaltimer();
  const unsigned clk = clock();
  __nanosleep(100 + laneid);
  dyn_smem[threadIdx.x] = (unsigned char) laneid;
  __syncwarp(0xffffffffu);
  const unsigned long long t1 = clock64();
  const unsigned long long v = (t1 - t0) + gt + clk + laneid + warpid + smid + nsmid + lanemask_lt + dyn +
                               dyn_smem[(threadIdx.x + 1) % blockDim.x] + ptx::get_sreg_gridid();
  out[blockIdx.x * blockDim.x + threadIdx.x] = v;
  if (v == 0x0123456789abcdefull) {
    __prof_trigger(3);
    __brkpt();
  }
  if (v == 42) {
    __trap();
  }
}

// Block-wide votes, named barriers, address-space predicates, fences and
// cache-operator loads/stores.
__global__ void block_sync_variants(const float* data, int* out, float* fout)
{
  __shared__ float sbuf[256];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const float v = __ldca(&data[i]) + __ldcv(&data[(i + 1) & 1023]);
  sbuf[threadIdx.x & 255] = v;
  const int n_pos = __syncthreads_count(v > 0.0f);
  const int all_small = __syncthreads_and(fabsf(v) < 100.0f);
  const int any_nan = __syncthreads_or(v != v);
  // named barriers: warps 0-1 sync on barrier 1; the others only arrive
  if (threadIdx.x < 64) {
    asm volatile("bar.sync 1, 64;" ::: "memory");
  } else if (threadIdx.x < 128) {
    asm volatile("bar.arrive 1, 64;" ::: "memory");
  }
  asm volatile("barrier.sync.aligned 2;" ::: "memory");
  int space = __isGlobal(data) + 2 * __isShared(&sbuf[0]) + 4 * __isConstant(data) + 8 * __isLocal(&space);
  unsigned finite;
  asm("{\n\t.reg .pred p;\n\ttestp.finite.f32 p, %1;\n\tselp.u32 %0, 1, 0, p;\n\t}" : "=r"(finite) : "f"(v));
  __threadfence_block();
  __threadfence();
  __threadfence_system();
  out[i] = n_pos + 2 * all_small + 4 * any_nan + 8 * space + 16 * (int) finite;
  __stcs(&fout[i], sbuf[(threadIdx.x + 1) & 255]);
}
