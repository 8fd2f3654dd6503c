// async_pipeline.cu - Ampere-style asynchronous copies.
//
// Exercises: cp.async.ca / cp.async.cg (4/8/16 bytes, with src-size zero fill),
// cp.async.commit_group / wait_group / wait_all, cp.async.mbarrier.arrive(.noinc),
// cuda::memcpy_async with cuda::barrier<thread_scope_block> (mbarrier based),
// cuda::pipeline (multi-stage producer/consumer), the __pipeline_* primitives,
// cooperative_groups::memcpy_async + cg::wait, and the sm_80 mbarrier forms
// (mbarrier.init/arrive/arrive.noComplete/test_wait/inval via cuda::ptx and asm).
#include <cuda/barrier>
#include <cuda/pipeline>
#include <cuda/ptx>
#include <cuda_pipeline.h>
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cstdint>

// cuda::barrier / pipeline_shared_state have trivial-enough constructors for
// __shared__ use; this is the documented way to silence the warning.
#pragma nv_diag_suppress static_var_with_dynamic_init

namespace cg = cooperative_groups;
namespace ptx = cuda::ptx;

// Hand-written cp.async helpers (all sizes, both cache levels, zero fill).
__device__ __forceinline__ void cp_async_ca4(void* smem, const void* gmem)
{
  asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n" ::"r"((uint32_t) __cvta_generic_to_shared(smem)), "l"(gmem));
}
__device__ __forceinline__ void cp_async_ca8(void* smem, const void* gmem)
{
  asm volatile("cp.async.ca.shared.global.L2::128B [%0], [%1], 8;\n" ::"r"((uint32_t) __cvta_generic_to_shared(smem)),
               "l"(gmem));
}
__device__ __forceinline__ void cp_async_cg16_zfill(void* smem, const void* gmem, uint32_t src_bytes)
{
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" ::"r"((uint32_t) __cvta_generic_to_shared(smem)),
               "l"(gmem), "r"(src_bytes));
}
__device__ __forceinline__ void cp_async_commit() { asm volatile("cp.async.commit_group;\n" ::); }
template <int N>
__device__ __forceinline__ void cp_async_wait() { asm volatile("cp.async.wait_group %0;\n" ::"n"(N)); }
__device__ __forceinline__ void cp_async_wait_all() { asm volatile("cp.async.wait_all;\n" ::); }

// Three-stage ring of 16-byte cp.async with a tail handled by zero-fill.
__global__ void cp_async_ring(const float4* __restrict__ in, float* __restrict__ out, int n_vec)
{
  constexpr int kStages = 3;
  constexpr int kBlock = 128;
  __shared__ alignas(16) float4 ring[kStages][kBlock];
  float acc = 0.0f;
  const int chunks = (n_vec + kBlock - 1) / kBlock;
  auto issue = [&](int c) {
    if (c < chunks) {
      const int idx = c * kBlock + threadIdx.x;
      const int valid = idx < n_vec ? 16 : 0;
      cp_async_cg16_zfill(&ring[c % kStages][threadIdx.x], in + (valid ? idx : 0), valid);
    }
    cp_async_commit();
  };
  issue(0);
  issue(1);
  for (int c = 0; c < chunks; ++c) {
    issue(c + 2);
    cp_async_wait<kStages - 1>();
    __syncthreads();
    const float4 v = ring[c % kStages][threadIdx.x];
    acc += v.x + v.y + v.z + v.w;
    __syncthreads();
  }
  cp_async_wait_all();
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

// Scalar cp.async.ca variants plus the mbarrier-tracked completion.
__global__ void cp_async_small(const int* __restrict__ a, const long long* __restrict__ b, long long* out)
{
  __shared__ int sa[256];
  __shared__ long long sb[256];
  __shared__ uint64_t bar;
  if (threadIdx.x == 0) {
    ptx::mbarrier_init(&bar, blockDim.x);
  }
  __syncthreads();
  cp_async_ca4(&sa[threadIdx.x], a + threadIdx.x);
  cp_async_ca8(&sb[threadIdx.x], b + threadIdx.x);
  // the cp.async completion counts as this thread's arrival (noinc form) ...
  ptx::cp_async_mbarrier_arrive_noinc(&bar);
  // ... wait for the phase with test_wait.parity
  uint32_t done = 0;
  while (!done) {
    asm volatile("{\n\t.reg .pred p;\n\t"
                 "mbarrier.test_wait.parity.shared::cta.b64 p, [%1], %2;\n\t"
                 "selp.u32 %0, 1, 0, p;\n\t}"
                 : "=r"(done)
                 : "r"((uint32_t) __cvta_generic_to_shared(&bar)), "r"(0u)
                 : "memory");
  }
  // second phase: normal arrive + noComplete arrive, then wait on the token
  if (threadIdx.x == 0) {
    ptx::mbarrier_arrive_no_complete(&bar, blockDim.x - 1);
  }
  __syncthreads();
  uint64_t token = 0;
  if (threadIdx.x == 0) {
    token = ptx::mbarrier_arrive(&bar);
    while (!ptx::mbarrier_test_wait(&bar, token)) {
    }
  }
  __syncthreads();
  out[threadIdx.x] = sa[(threadIdx.x + 1) % blockDim.x] + sb[threadIdx.x];
  if (threadIdx.x == 0) {
    asm volatile("mbarrier.inval.shared.b64 [%0];" ::"r"((uint32_t) __cvta_generic_to_shared(&bar)) : "memory");
    uint32_t pending;
    asm volatile("mbarrier.pending_count.b64 %0, %1;" : "=r"(pending) : "l"(token));
    out[blockDim.x] = pending;
  }
}

// cuda::memcpy_async with a block-scoped cuda::barrier.
__global__ void memcpy_async_barrier(const double* in, double* out, int n)
{
  using barrier_t = cuda::barrier<cuda::thread_scope_block>;
  __shared__ alignas(16) double tile[512];
  __shared__ barrier_t bar;
  auto block = cg::this_thread_block();
  if (block.thread_rank() == 0) {
    init(&bar, block.size());
  }
  block.sync();
  for (int base = blockIdx.x * 512; base < n; base += gridDim.x * 512) {
    const int count = min(512, n - base);
    cuda::memcpy_async(block, tile, in + base, cuda::aligned_size_t<16>(sizeof(double) * (count & ~1)), bar);
    bar.arrive_and_wait();
    for (int i = block.thread_rank(); i < count; i += block.size()) {
      out[base + i] = tile[i] * 2.0 + (i ? tile[i - 1] : 0.0);
    }
    block.sync();
  }
}

// cuda::pipeline with two stages shared by the whole block.
__global__ void pipeline_stages(const int4* in, int* out, int n_chunks)
{
  constexpr int kStages = 2;
  constexpr int kChunk = 256;
  __shared__ alignas(16) int4 buf[kStages][kChunk];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, kStages> state;
  auto block = cg::this_thread_block();
  auto pipe = cuda::make_pipeline(block, &state);
  int sum = 0;
  for (int fetch = 0, use = 0; use < n_chunks; ++use) {
    for (; fetch < n_chunks && fetch < use + kStages; ++fetch) {
      pipe.producer_acquire();
      cuda::memcpy_async(block, buf[fetch % kStages], in + fetch * kChunk, cuda::aligned_size_t<16>(sizeof(int4) * kChunk),
                         pipe);
      pipe.producer_commit();
    }
    pipe.consumer_wait();
    const int4 v = buf[use % kStages][threadIdx.x % kChunk];
    sum += v.x ^ v.y ^ v.z ^ v.w;
    pipe.consumer_release();
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = sum;
}

// The C-style primitives from cuda_pipeline.h and cooperative_groups::memcpy_async.
__global__ void pipeline_primitives(const float* in, float* out)
{
  __shared__ alignas(16) float a[256];
  __shared__ alignas(16) float b[256];
  __pipeline_memcpy_async(&a[threadIdx.x], &in[threadIdx.x], sizeof(float));
  __pipeline_commit();
  __pipeline_wait_prior(0);
  auto block = cg::this_thread_block();
  cg::memcpy_async(block, b, in + 256, sizeof(float) * 256);
  cg::wait(block);
  out[threadIdx.x] = a[threadIdx.x] * b[255 - threadIdx.x];
}
