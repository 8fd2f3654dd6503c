// atomics.cu - atomic read-modify-write operations of many types and scopes.
//
// Exercises: atom/red .global/.shared/generic with .add (u32, u64, f32, f64,
// f16x2 / bf16x2 vectors, f16, bf16), .min/.max (s32, u32, s64, u64), .inc/.dec,
// .and/.or/.xor (b32/b64), .exch, .cas (b16, b32, b64; a CAS loop for custom ops),
// the _block / _system scope variants (atom.cta / atom.sys), cuda::atomic_ref
// with memory orders and thread scopes (ld.acquire / st.release / atom.acq_rel /
// fence.sc / fence.acq_rel), cuda::std::atomic_thread_fence, plus 128-bit
// atomicExch / atomicCAS and vector atomicAdd (float2/float4) on sm_90+, and
// multimem.ld_reduce / multimem.red / multimem.st (NVLink multicast objects,
// sm_90+) via cuda::ptx.
#include <cuda/atomic>
#include <cuda/std/atomic>
#include <cuda/ptx>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cstdint>

#include "common.cuh"

struct Counters {
  unsigned int u32;
  int s32;
  unsigned long long u64;
  long long s64;
  float f32;
  double f64;
  __half2 h2;
  __nv_bfloat162 b2;
  __half h;
  __nv_bfloat16 b;
  unsigned short u16;
};

__device__ Counters g_counters;
__device__ unsigned int g_ticket;
__shared__ unsigned int g_shared_sink;  // file-scope __shared__ variable

// Arithmetic / bitwise atomics on a global struct, with and without use of the
// return value (the latter lets the compiler pick red.* instead of atom.*).
__global__ void atomic_mix(const int* in, int* old_out)
{
  const int v = in[blockIdx.x * blockDim.x + threadIdx.x];
  Counters& c = g_counters;
  atomicAdd(&c.u32, 1u);
  atomicAdd(&c.u64, (unsigned long long) v);
  atomicAdd(&c.f32, v * 0.5f);
  atomicAdd(&c.f64, v * 0.25);
  atomicAdd(&c.h2, __halves2half2(__int2half_rn(v), __int2half_rn(-v)));
  atomicAdd(&c.b2, __floats2bfloat162_rn(float(v), 1.0f));
  atomicAdd(&c.h, __int2half_rn(v));
  atomicAdd(&c.b, __int2bfloat16_rn(v));
  atomicMax(&c.s32, v);
  atomicMin(&c.u32, unsigned(v));
  atomicMax(&c.u64, (unsigned long long) v);
  atomicMin(&c.s64, (long long) -v);
  atomicAnd(&c.u32, ~1u);
  atomicOr(&c.u64, 1ull << (v & 63));
  atomicXor(&c.s32, v);
  int old = atomicSub(&c.s32, 3);
  old += atomicInc(&g_ticket, 1023u);
  old += atomicDec(&g_ticket, 1023u);
  old += atomicExch(&c.s32, v);
  old += (int) atomicExch(&c.f32, 1.0f);
  old += atomicCAS(&c.s32, v, v + 1);
  old += (int) atomicCAS(&c.u64, 0ull, (unsigned long long) v);
  old += atomicCAS(&c.u16, (unsigned short) v, (unsigned short) (v + 1));
  old_out[blockIdx.x * blockDim.x + threadIdx.x] = old;
}

// Scoped variants (CTA and system) on global and shared memory.
__global__ void atomic_scopes(unsigned int* g, float* gf, double* gd, unsigned long long* out)
{
  __shared__ unsigned int s_u[32];
  __shared__ float s_f[32];
  __shared__ unsigned long long s_u64;
  if (threadIdx.x < 32) {
    s_u[threadIdx.x] = 0;
    s_f[threadIdx.x] = 0.0f;
  }
  if (threadIdx.x == 0) s_u64 = 0;
  __syncthreads();
  const unsigned lane = threadIdx.x & 31;
  atomicAdd_block(&s_u[lane], 1u);
  atomicAdd_block(&s_f[lane], 1.5f);
  atomicMax_block(&s_u[(lane + 1) & 31], threadIdx.x);
  atomicOr_block(&s_u64, 1ull << lane);
  atomicAdd_system(&g[0], 1u);
  atomicAdd_system(&gf[0], 0.125f);
  atomicAdd_system(gd, 2.0);
  atomicCAS_system(&g[1], 0u, threadIdx.x);
  atomicExch_block(&g[2], threadIdx.x);
  atomicInc_system(&g[3], 100u);
  __syncthreads();
  if (threadIdx.x < 32) {
    out[threadIdx.x] = s_u[threadIdx.x] + (unsigned long long) s_f[threadIdx.x] + s_u64;
  }
}

// Fire-and-forget reductions written directly as red.* (nvcc itself emits
// atom.* even when the result is unused).
__global__ void explicit_red(unsigned* gu, float* gf, __half2* gh, unsigned long long* g64)
{
  asm volatile("red.global.add.u32 [%0], %1;" ::"l"(gu), "r"(threadIdx.x) : "memory");
  asm volatile("red.relaxed.gpu.global.add.f32 [%0], %1;" ::"l"(gf), "f"(1.0f) : "memory");
  asm volatile("red.release.sys.global.max.u64 [%0], %1;" ::"l"(g64), "l"((unsigned long long) threadIdx.x) : "memory");
  asm volatile("red.global.add.noftz.f16x2 [%0], %1;" ::"l"(gh), "r"(0x3c003c00u) : "memory");
  asm volatile("red.shared.cta.xor.b32 [%0], %1;" ::"r"((unsigned) __cvta_generic_to_shared(&g_shared_sink)),
               "r"(threadIdx.x) : "memory");
}

// A CAS loop implementing an atomic multiply on double.
__device__ double atomic_mul(double* addr, double factor)
{
  unsigned long long* p = reinterpret_cast<unsigned long long*>(addr);
  unsigned long long old = *p, assumed;
  do {
    assumed = old;
    old = atomicCAS(p, assumed, __double_as_longlong(__longlong_as_double(assumed) * factor));
  } while (assumed != old);
  return __longlong_as_double(old);
}

// A CAS loop on 16-bit storage (atom.cas.b16).
__device__ __half atomic_hmax(__half* addr, __half v)
{
  unsigned short* p = reinterpret_cast<unsigned short*>(addr);
  unsigned short old = *p, assumed;
  do {
    assumed = old;
    const __half cur = __ushort_as_half(assumed);
    if (!(v > cur)) break;
    old = atomicCAS(p, assumed, __half_as_ushort(v));
  } while (assumed != old);
  return __ushort_as_half(old);
}

__global__ void atomic_cas_loops(double* d, __half* h, const double* f)
{
  const double r = atomic_mul(d, f[threadIdx.x]);
  const __half m = atomic_hmax(h, __double2half(r));
  if (threadIdx.x == 0) {
    d[1] = r + __half2float(m);
  }
}

// cuda::atomic_ref with explicit orders and scopes, and standalone fences.
__global__ void atomic_ref_orders(int* flags, long long* data, float* fdata, unsigned* counter)
{
  cuda::atomic_ref<int, cuda::thread_scope_device> flag(flags[blockIdx.x]);
  cuda::atomic_ref<long long, cuda::thread_scope_system> sys_data(data[0]);
  cuda::atomic_ref<float, cuda::thread_scope_block> blk(fdata[blockIdx.x]);
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> ctr(*counter);

  if (threadIdx.x == 0) {
    sys_data.store(42, cuda::std::memory_order_relaxed);
    cuda::std::atomic_thread_fence(cuda::std::memory_order_release);
    flag.store(1, cuda::std::memory_order_release);
  }
  while (flag.load(cuda::std::memory_order_acquire) == 0) {
  }
  const long long seen = sys_data.load(cuda::std::memory_order_seq_cst);
  blk.fetch_add(1.0f, cuda::std::memory_order_relaxed);
  blk.fetch_max(float(threadIdx.x));
  int expected = 1;
  flag.compare_exchange_strong(expected, 2, cuda::std::memory_order_acq_rel, cuda::std::memory_order_acquire);
  const unsigned t = ctr.fetch_add(1u, cuda::std::memory_order_seq_cst);
  ctr.fetch_or(1u << (threadIdx.x & 31), cuda::std::memory_order_acq_rel);
  ctr.fetch_sub(1u, cuda::std::memory_order_release);
  sys_data.exchange(seen + t, cuda::std::memory_order_acq_rel);
  cuda::std::atomic_thread_fence(cuda::std::memory_order_seq_cst);
  cuda::atomic_thread_fence(cuda::std::memory_order_acq_rel, cuda::thread_scope_block);
  cuda::atomic_ref<int, cuda::thread_scope_device>(flags[gridDim.x]).fetch_min(int(t), cuda::std::memory_order_relaxed);
  if (flag.load(cuda::std::memory_order_relaxed) == 2) {
    flag.wait(2, cuda::std::memory_order_acquire);
  }
}

// 128-bit and vector atomics are sm_90 features.
__global__ void atomic_wide(float2* f2, float4* f4, __int128* w, const float* src)
{
#if CORPUS_SM90
  atomicAdd(&f2[threadIdx.x & 7], make_float2(src[0], src[1]));
  atomicAdd(&f4[threadIdx.x & 7], make_float4(src[0], src[1], src[2], src[3]));
  const __int128 old = atomicExch(&w[0], (__int128) threadIdx.x << 70);
  const __int128 cas = atomicCAS(&w[1], old, old + 1);
  if (threadIdx.x == 0) {
    w[2] = cas;
  }
#else
  if (threadIdx.x == 0) {
    f2[0].x += src[0];
    f4[0].y += src[1];
    w[2] = (__int128) src[2];
  }
#endif
}

// Multicast-object memory operations (the pointer must refer to a multicast
// mapping at run time; here we only need the instructions).
__global__ void multimem_ops(uint32_t* mc_u32, uint64_t* mc_u64, int32_t* mc_s32, uint32_t* out)
{
#if CORPUS_SM90
  namespace ptx = cuda::ptx;
  const uint32_t a = ptx::multimem_ld_reduce(ptx::sem_relaxed, ptx::scope_sys, ptx::op_add, mc_u32);
  const uint32_t b = ptx::multimem_ld_reduce(ptx::sem_weak, ptx::op_min, mc_u32 + 1);
  const uint64_t c = ptx::multimem_ld_reduce(ptx::sem_acquire, ptx::scope_gpu, ptx::op_max, mc_u64);
  const int32_t d = ptx::multimem_ld_reduce(ptx::sem_weak, ptx::op_xor_op, mc_s32);
  ptx::multimem_red(ptx::sem_release, ptx::scope_sys, ptx::op_add, mc_u32 + 2, a);
  ptx::multimem_red(ptx::sem_relaxed, ptx::scope_gpu, ptx::op_min, mc_u64 + 1, c);
  ptx::multimem_st(ptx::sem_weak, mc_u32 + 3, b);
  ptx::multimem_st(ptx::sem_release, ptx::scope_cluster, mc_s32 + 1, d);
  out[threadIdx.x] = a + b + (uint32_t) c + (uint32_t) d;
#else
  out[threadIdx.x] = mc_u32[0] + (uint32_t) mc_u64[0] + (uint32_t) mc_s32[0];
#endif
}
