// bulk_copy.cu - async bulk-copy family through CCCL's cuda::ptx wrappers.
//
// Exercises: mbarrier.init / arrive / arrive.expect_tx / try_wait.parity,
// fence.mbarrier_init, fence.proxy.async, cp.async.bulk (global->shared::cta,
// global->shared::cluster, shared::cta->global, shared::cta->shared::cluster),
// cp.async.bulk.commit_group / wait_group(.read), cp.reduce.async.bulk
// (global and shared::cluster destinations, integer / f16 / bf16 / f32 ops),
// cp.async.bulk.prefetch.L2 (inline asm, no CCCL wrapper), elect.sync (inline
// asm), and the multicast form on arch-specific targets.
//
// Everything that needs sm_90 is guarded; for sm_80 the kernels fall back to a
// plain cooperative copy so the file compiles for all targets.
#include <cuda/ptx>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cstdint>

#include "common.cuh"

namespace ptx = cuda::ptx;

constexpr int kTile = 1024;  // bytes per stage

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
__device__ __forceinline__ bool elect_one()
{
  uint32_t pred = 0;
  uint32_t lane = 0;
  asm volatile(
    "{\n\t"
    ".reg .pred P1;\n\t"
    "elect.sync %1|P1, %2;\n\t"
    "selp.b32 %0, 1, 0, P1;\n\t"
    "}\n"
    : "+r"(pred), "+r"(lane)
    : "r"(0xffffffffu));
  return pred != 0;
}

__device__ __forceinline__ void prefetch_l2(const void* p, uint32_t bytes)
{
  asm volatile("cp.async.bulk.prefetch.L2.global [%0], %1;" ::"l"(p), "r"(bytes) : "memory");
}

__device__ __forceinline__ void wait_parity(uint64_t* bar, uint32_t parity)
{
  while (!ptx::mbarrier_try_wait_parity(bar, parity)) {
  }
}
#endif

// Double-buffered global -> shared -> global streaming copy with a bulk-copy
// producer (one elected thread) and consumer threads that transform the data.
__global__ void bulk_stream(const float4* __restrict__ in, float4* __restrict__ out, int n_tiles, float scale)
{
  __shared__ alignas(128) float4 stage[2][kTile / sizeof(float4)];
  constexpr int kVec = kTile / sizeof(float4);

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  __shared__ alignas(128) float4 result[kTile / sizeof(float4)];
  __shared__ uint64_t full[2];
  if (threadIdx.x == 0) {
    ptx::mbarrier_init(&full[0], 1);
    ptx::mbarrier_init(&full[1], 1);
    ptx::fence_mbarrier_init(ptx::sem_release, ptx::scope_cluster);
  }
  __syncthreads();

  const bool leader = (threadIdx.x < 32) && elect_one();
  if (leader && n_tiles > 0) {
    prefetch_l2(in, kTile * (n_tiles < 4 ? n_tiles : 4));
    ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &full[0], kTile);
    ptx::cp_async_bulk(ptx::space_shared, ptx::space_global, &stage[0][0], in, kTile, &full[0]);
  }
  for (int t = 0; t < n_tiles; ++t) {
    const int buf = t & 1;
    if (leader && t + 1 < n_tiles) {
      const int nb = (t + 1) & 1;
      ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &full[nb], kTile);
      ptx::cp_async_bulk(ptx::space_cluster, ptx::space_global, &stage[nb][0], in + (t + 1) * kVec, kTile, &full[nb]);
    }
    wait_parity(&full[buf], (t >> 1) & 1);
    // make sure the previous bulk store has finished reading `result`
    if (threadIdx.x == 0) {
      ptx::cp_async_bulk_wait_group_read(ptx::n32_t<0>());
    }
    __syncthreads();
    for (int i = threadIdx.x; i < kVec; i += blockDim.x) {
      float4 v = stage[buf][i];
      v.x *= scale; v.y *= scale; v.z *= scale; v.w *= scale;
      result[i] = v;
    }
    ptx::fence_proxy_async(ptx::space_shared);
    __syncthreads();
    if (threadIdx.x == 0) {
      ptx::cp_async_bulk(ptx::space_global, ptx::space_shared, out + t * kVec, &result[0], kTile);
      ptx::cp_async_bulk_commit_group();
    }
  }
  if (threadIdx.x == 0) {
    ptx::cp_async_bulk_wait_group(ptx::n32_t<0>());
  }
#else
  for (int t = 0; t < n_tiles; ++t) {
    for (int i = threadIdx.x; i < kVec; i += blockDim.x) {
      float4 v = in[t * kVec + i];
      v.x *= scale; v.y *= scale; v.z *= scale; v.w *= scale;
      stage[0][i] = v;
    }
    __syncthreads();
    for (int i = threadIdx.x; i < kVec; i += blockDim.x) {
      out[t * kVec + i] = stage[0][i];
    }
    __syncthreads();
  }
#endif
}

// Bulk reductions from shared memory into global memory, several types/ops.
__global__ void bulk_reduce(uint32_t* gu32, int32_t* gs32, uint64_t* gu64, float* gf32, double* gf64,
                            __half* gf16, __nv_bfloat16* gbf16, int n)
{
  constexpr int N = 256;
  __shared__ alignas(128) uint32_t su32[N];
  __shared__ alignas(128) int32_t ss32[N];
  __shared__ alignas(128) uint64_t su64[N];
  __shared__ alignas(128) float sf32[N];
  __shared__ alignas(128) double sf64[N];
  __shared__ alignas(128) __half sf16[N];
  __shared__ alignas(128) __nv_bfloat16 sbf16[N];
  for (int i = threadIdx.x; i < N; i += blockDim.x) {
    su32[i] = i * 3u + n;
    ss32[i] = i - n;
    su64[i] = (uint64_t) i << 33;
    sf32[i] = 0.5f * i;
    sf64[i] = 0.25 * i;
    sf16[i] = __float2half(0.125f * i);
    sbf16[i] = __float2bfloat16(0.0625f * i);
  }
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  ptx::fence_proxy_async(ptx::space_shared);
  __syncthreads();
  if (threadIdx.x == 0) {
    ptx::cp_reduce_async_bulk(ptx::space_global, ptx::space_shared, ptx::op_add, gu32, su32, N * 4);
    ptx::cp_reduce_async_bulk(ptx::space_global, ptx::space_shared, ptx::op_min, gu32 + N, su32, N * 4);
    ptx::cp_reduce_async_bulk(ptx::space_global, ptx::space_shared, ptx::op_max, gs32, ss32, N * 4);
    ptx::cp_reduce_async_bulk(ptx::space_global, ptx::space_shared, ptx::op_inc, gu32 + 2 * N, su32, N * 4);
    ptx::cp_reduce_async_bulk(ptx::space_global, ptx::space_shared, ptx::op_and_op, gu32 + 3 * N, su32, N * 4);
    ptx::cp_reduce_async_bulk(ptx::space_global, ptx::space_shared, ptx::op_xor_op, gu64, su64, N * 8);
    ptx::cp_reduce_async_bulk(ptx::space_global, ptx::space_shared, ptx::op_add, gu64 + N, su64, N * 8);
    ptx::cp_reduce_async_bulk(ptx::space_global, ptx::space_shared, ptx::op_add, gf32, sf32, N * 4);
    ptx::cp_reduce_async_bulk(ptx::space_global, ptx::space_shared, ptx::op_add, gf64, sf64, N * 8);
    ptx::cp_reduce_async_bulk(ptx::space_global, ptx::space_shared, ptx::op_add, gf16, sf16, N * 2);
    ptx::cp_reduce_async_bulk(ptx::space_global, ptx::space_shared, ptx::op_max, gbf16, sbf16, N * 2);
    ptx::cp_async_bulk_commit_group();
    ptx::cp_async_bulk_wait_group_read(ptx::n32_t<0>());
  }
  __syncthreads();
#else
  __syncthreads();
  for (int i = threadIdx.x; i < N; i += blockDim.x) {
    atomicAdd(&gu32[i], su32[i]);
    atomicMin(&gu32[N + i], su32[i]);
    atomicMax(&gs32[i], ss32[i]);
    atomicInc(&gu32[2 * N + i], su32[i]);
    atomicAnd(&gu32[3 * N + i], su32[i]);
    atomicXor((unsigned long long*) &gu64[i], su64[i]);
    atomicAdd((unsigned long long*) &gu64[N + i], su64[i]);
    atomicAdd(&gf32[i], sf32[i]);
    atomicAdd(&gf64[i], sf64[i]);
    atomicAdd(&gf16[i], sf16[i]);
    gbf16[i] = __hmax(gbf16[i], sbf16[i]);
  }
#endif
}

// Cluster variant: every CTA pushes its slice into rank 0's shared memory with
// cp.async.bulk shared::cta -> shared::cluster and a bulk reduce with an
// mbarrier completion in the remote CTA.
__global__ void CORPUS_CLUSTER_DIMS(2, 1, 1) bulk_cluster_gather(const uint32_t* in, uint32_t* out)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  constexpr int N = 128;
  __shared__ alignas(128) uint32_t mine[N];
  __shared__ alignas(128) uint32_t gathered[2][N];
  __shared__ alignas(128) uint32_t summed[N];
  __shared__ uint64_t bar;
  const uint32_t rank = ptx::get_sreg_cluster_ctarank();
  for (int i = threadIdx.x; i < N; i += blockDim.x) {
    mine[i] = in[rank * N + i];
    summed[i] = 0;
  }
  if (threadIdx.x == 0) {
    ptx::mbarrier_init(&bar, 1);
    ptx::fence_mbarrier_init(ptx::sem_release, ptx::scope_cluster);
  }
  ptx::fence_proxy_async(ptx::space_shared);
  ptx::barrier_cluster_arrive(ptx::sem_release);
  ptx::barrier_cluster_wait(ptx::sem_acquire);

  if (rank == 0 && threadIdx.x == 0) {
    ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cluster, ptx::space_shared, &bar, 3 * N * 4);
  }
  ptx::barrier_cluster_arrive(ptx::sem_release);
  ptx::barrier_cluster_wait(ptx::sem_acquire);
  if (threadIdx.x == 0) {
    // map rank 0's buffers into the cluster window
    uint32_t* remote_slot = static_cast<uint32_t*>(__cluster_map_shared_rank(&gathered[rank][0], 0));
    uint32_t* remote_sum = static_cast<uint32_t*>(__cluster_map_shared_rank(&summed[0], 0));
    uint64_t* remote_bar = static_cast<uint64_t*>(__cluster_map_shared_rank(&bar, 0));
    ptx::cp_async_bulk(ptx::space_cluster, ptx::space_shared, remote_slot, mine, N * 4, remote_bar);
    if (rank == 1) {
      ptx::cp_reduce_async_bulk(ptx::space_cluster, ptx::space_shared, ptx::op_add, remote_sum, mine, N * 4, remote_bar);
    }
  }
  if (rank == 0) {
    while (!ptx::mbarrier_try_wait_parity(ptx::sem_acquire, ptx::scope_cluster, &bar, 0)) {
    }
    for (int i = threadIdx.x; i < N; i += blockDim.x) {
      out[i] = gathered[0][i] + gathered[1][i] + summed[i];
    }
  }
  ptx::barrier_cluster_arrive();
  ptx::barrier_cluster_wait();
#else
  (void) in;
  (void) out;
#endif
}

// Multicast variant: only for the architecture-specific targets (sm_90a, sm_100a).
__global__ void CORPUS_CLUSTER_DIMS(4, 1, 1) bulk_multicast(const uint8_t* in, uint8_t* out)
{
#if defined(__CUDA_ARCH_FEAT_SM90_ALL) || defined(__CUDA_ARCH_FEAT_SM100_ALL)
  __shared__ alignas(128) uint8_t buf[kTile];
  __shared__ uint64_t bar;
  const uint32_t rank = ptx::get_sreg_cluster_ctarank();
  if (threadIdx.x == 0) {
    ptx::mbarrier_init(&bar, 1);
    ptx::fence_mbarrier_init(ptx::sem_release, ptx::scope_cluster);
  }
  ptx::barrier_cluster_arrive();
  ptx::barrier_cluster_wait();
  if (threadIdx.x == 0) {
    ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cluster, ptx::space_shared, &bar, kTile);
    if (rank == 0) {
      ptx::cp_async_bulk(ptx::space_cluster, ptx::space_global, buf, in, kTile, &bar, uint16_t(0xf));
    }
  }
  while (!ptx::mbarrier_try_wait_parity(&bar, 0)) {
  }
  for (int i = threadIdx.x; i < kTile; i += blockDim.x) {
    out[rank * kTile + i] = buf[i] ^ uint8_t(rank);
  }
#else
  if (threadIdx.x < kTile) {
    out[blockIdx.x * kTile + threadIdx.x] = in[threadIdx.x];
  }
#endif
}
