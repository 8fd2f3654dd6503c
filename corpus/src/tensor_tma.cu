// tensor_tma.cu - tensor-memory-accelerator (TMA) copies through cuda::ptx.
//
// Exercises: cp.async.bulk.tensor.{1..5}d loads into shared::cluster with an
// mbarrier, tensor stores (shared::cta -> global, bulk_group),
// cp.reduce.async.bulk.tensor with several ops, cp.async.bulk.prefetch.tensor
// and the im2col load form (inline asm, no CCCL wrapper), __grid_constant__
// CUtensorMap kernel parameters (.param .align 64 .b8 x[128]), tensormap.replace
// + tensormap.cp_fenceproxy + fence.proxy.tensormap::generic (arch-specific
// targets), multicast tensor loads (sm_90a / sm_100a) and gather4 / cta_group
// forms (sm_100a).
#include <cuda/ptx>
#include <cuda.h>  // CUtensorMap
#include <cstdint>

#include "common.cuh"

namespace ptx = cuda::ptx;

#if CORPUS_SM90
__device__ __forceinline__ void spin_parity(uint64_t* bar, uint32_t parity)
{
  while (!ptx::mbarrier_try_wait_parity(ptx::sem_acquire, ptx::scope_cta, bar, parity)) {
  }
}
#endif

// 2-D tile load, element-wise update, store back and reduce into a second map.
__global__ void tma_tile_2d(const __grid_constant__ CUtensorMap src_map,
                            const __grid_constant__ CUtensorMap dst_map,
                            const __grid_constant__ CUtensorMap acc_map,
                            int tiles_x, int tiles_y)
{
#if CORPUS_SM90
  constexpr int TX = 32, TY = 16;
  __shared__ alignas(128) float tile[TY][TX];
  __shared__ uint64_t bar;
  if (threadIdx.x == 0) {
    ptx::mbarrier_init(&bar, 1);
    ptx::fence_proxy_async(ptx::space_shared);
  }
  __syncthreads();
  uint32_t phase = 0;
  for (int t = blockIdx.x; t < tiles_x * tiles_y; t += gridDim.x) {
    const int32_t coords[2] = {(t % tiles_x) * TX, (t / tiles_x) * TY};
    if (threadIdx.x == 0) {
      if (t + (int) gridDim.x < tiles_x * tiles_y) {
        const int nt = t + gridDim.x;
        asm volatile("cp.async.bulk.prefetch.tensor.2d.L2.global.tile [%0, {%1, %2}];"
                     ::"l"(&src_map), "r"((nt % tiles_x) * TX), "r"((nt / tiles_x) * TY) : "memory");
      }
      ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &bar, sizeof(tile));
      ptx::cp_async_bulk_tensor(ptx::space_cluster, ptx::space_global, &tile[0][0], &src_map, coords, &bar);
    }
    spin_parity(&bar, phase);
    phase ^= 1;
    for (int i = threadIdx.x; i < TX * TY; i += blockDim.x) {
      float& v = tile[i / TX][i % TX];
      v = v * v + 1.0f;
    }
    ptx::fence_proxy_async(ptx::space_shared);
    __syncthreads();
    if (threadIdx.x == 0) {
      ptx::cp_async_bulk_tensor(ptx::space_global, ptx::space_shared, &dst_map, coords, &tile[0][0]);
      ptx::cp_reduce_async_bulk_tensor(ptx::space_global, ptx::space_shared, ptx::op_add, &acc_map, coords, &tile[0][0]);
      ptx::cp_async_bulk_commit_group();
      ptx::cp_async_bulk_wait_group_read(ptx::n32_t<0>());
    }
    __syncthreads();
  }
#else
  (void) src_map; (void) dst_map; (void) acc_map; (void) tiles_x; (void) tiles_y;
#endif
}

// Every tensor rank once, plus reductions with different operators.
__global__ void tma_all_ranks(const __grid_constant__ CUtensorMap m1,
                              const __grid_constant__ CUtensorMap m3,
                              const __grid_constant__ CUtensorMap m4,
                              const __grid_constant__ CUtensorMap m5,
                              int base)
{
#if CORPUS_SM90
  __shared__ alignas(128) uint32_t buf[4096];
  __shared__ uint64_t bar;
  if (threadIdx.x == 0) {
    ptx::mbarrier_init(&bar, 1);
    ptx::fence_mbarrier_init(ptx::sem_release, ptx::scope_cluster);
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    const int32_t c1[1] = {base};
    const int32_t c3[3] = {base, 1, 2};
    const int32_t c4[4] = {base, 0, 1, 2};
    const int32_t c5[5] = {base, 0, 0, 1, 3};
    ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &bar, 4 * 4096);
    ptx::cp_async_bulk_tensor(ptx::space_cluster, ptx::space_global, &buf[0], &m1, c1, &bar);
    ptx::cp_async_bulk_tensor(ptx::space_cluster, ptx::space_global, &buf[1024], &m3, c3, &bar);
    ptx::cp_async_bulk_tensor(ptx::space_cluster, ptx::space_global, &buf[2048], &m4, c4, &bar);
    ptx::cp_async_bulk_tensor(ptx::space_shared, ptx::space_global, &buf[3072], &m5, c5, &bar);
    spin_parity(&bar, 0);
    ptx::cp_reduce_async_bulk_tensor(ptx::space_global, ptx::space_shared, ptx::op_min, &m1, c1, &buf[0]);
    ptx::cp_reduce_async_bulk_tensor(ptx::space_global, ptx::space_shared, ptx::op_max, &m3, c3, &buf[1024]);
    ptx::cp_reduce_async_bulk_tensor(ptx::space_global, ptx::space_shared, ptx::op_and_op, &m4, c4, &buf[2048]);
    ptx::cp_reduce_async_bulk_tensor(ptx::space_global, ptx::space_shared, ptx::op_inc, &m5, c5, &buf[3072]);
    ptx::cp_async_bulk_tensor(ptx::space_global, ptx::space_shared, &m5, c5, &buf[3072]);
    ptx::cp_async_bulk_commit_group();
    ptx::cp_async_bulk_wait_group(ptx::n32_t<0>());
  }
#else
  (void) m1; (void) m3; (void) m4; (void) m5; (void) base;
#endif
}

// im2col-mode load (3-D, one offset) expressed with inline asm.
__global__ void tma_im2col(const __grid_constant__ CUtensorMap conv_map, float* out, int n, int h)
{
#if CORPUS_SM90
  __shared__ alignas(128) float buf[512];
  __shared__ uint64_t bar;
  if (threadIdx.x == 0) {
    ptx::mbarrier_init(&bar, 1);
    ptx::fence_proxy_async(ptx::space_shared);
    ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &bar, sizeof(buf));
    const uint16_t off = 1;
    asm volatile(
      "cp.async.bulk.tensor.3d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes"
      " [%0], [%1, {%2, %3, %4}], [%5], {%6};"
      ::"r"((uint32_t) __cvta_generic_to_shared(buf)), "l"(&conv_map), "r"(0), "r"(h), "r"(n),
        "r"((uint32_t) __cvta_generic_to_shared(&bar)), "h"(off)
      : "memory");
  }
  __syncthreads();
  spin_parity(&bar, 0);
  for (int i = threadIdx.x; i < 512; i += blockDim.x) {
    out[blockIdx.x * 512 + i] = buf[i];
  }
#else
  (void) conv_map;
  if (threadIdx.x < 512) {
    out[blockIdx.x * 512 + threadIdx.x] = float(n + h);
  }
#endif
}

// Device-side tensor-map modification: copy a map into shared memory, patch
// fields with tensormap.replace, publish it to global with cp_fenceproxy.
__global__ void tma_patch_map(const __grid_constant__ CUtensorMap proto, CUtensorMap* out_maps, const float* new_base,
                              uint32_t new_dim)
{
#if CORPUS_SM90A || CORPUS_SM100A
  __shared__ alignas(128) CUtensorMap smap;
  if (threadIdx.x < 32) {
    const uint32_t* src = reinterpret_cast<const uint32_t*>(&proto);
    reinterpret_cast<uint32_t*>(&smap)[threadIdx.x] = src[threadIdx.x];
  }
  __syncwarp();
  if (threadIdx.x == 0) {
    ptx::tensormap_replace_global_address(ptx::space_shared, &smap, new_base + blockIdx.x * 1024);
    ptx::tensormap_replace_rank(ptx::space_shared, &smap, 1u);
    ptx::tensormap_replace_box_dim(ptx::space_shared, &smap, ptx::n32_t<0>(), 32u);
    ptx::tensormap_replace_global_dim(ptx::space_shared, &smap, ptx::n32_t<0>(), new_dim);
    ptx::tensormap_replace_global_stride(ptx::space_shared, &smap, ptx::n32_t<0>(), uint64_t(new_dim) * 4);
    ptx::tensormap_replace_element_size(ptx::space_shared, &smap, ptx::n32_t<0>(), 1u);
    ptx::tensormap_replace_elemtype(ptx::space_shared, &smap, ptx::n32_t<7>());
    ptx::tensormap_replace_swizzle_mode(ptx::space_shared, &smap, ptx::n32_t<0>());
  }
  __syncwarp();
  if (threadIdx.x < 32) {
    ptx::tensormap_cp_fenceproxy(ptx::sem_release, ptx::scope_gpu, &out_maps[blockIdx.x], &smap, ptx::n32_t<128>());
  }
  if (threadIdx.x == 0) {
    ptx::fence_proxy_tensormap_generic(ptx::sem_acquire, ptx::scope_gpu, &out_maps[blockIdx.x], ptx::n32_t<128>());
  }
#else
  (void) proto; (void) new_base; (void) new_dim;
  if (threadIdx.x == 0) {
    out_maps[blockIdx.x] = CUtensorMap{};
  }
#endif
}

// Multicast tensor loads across a cluster of 2 (sm_90a / sm_100a only); the
// sm_100a target additionally uses the cta_group and gather4 forms.
__global__ void CORPUS_CLUSTER_DIMS(2, 1, 1) tma_multicast(const __grid_constant__ CUtensorMap map, float* out)
{
#if CORPUS_SM90A || CORPUS_SM100A
  __shared__ alignas(1024) float buf[64 * 32];
  __shared__ uint64_t bar;
  const uint32_t rank = ptx::get_sreg_cluster_ctarank();
  if (threadIdx.x == 0) {
    ptx::mbarrier_init(&bar, 1);
    ptx::fence_mbarrier_init(ptx::sem_release, ptx::scope_cluster);
  }
  ptx::barrier_cluster_arrive();
  ptx::barrier_cluster_wait();
  if (threadIdx.x == 0) {
    ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cluster, ptx::space_shared, &bar, sizeof(buf));
    const int32_t c[2] = {0, int32_t(rank * 32)};
    const uint16_t mask = 0x3;
#  if CORPUS_SM100A
    ptx::cp_async_bulk_tensor(ptx::space_cluster, ptx::space_global, ptx::cta_group_1, &buf[rank * 1024], &map, c, &bar, mask);
    const int32_t g[5] = {0, 1, 5, 9, 13};
    ptx::cp_async_bulk_tensor_tile_gather4(ptx::space_shared, ptx::space_global, &buf[0], &map, g, &bar);
#  else
    ptx::cp_async_bulk_tensor(ptx::space_cluster, ptx::space_global, &buf[rank * 1024], &map, c, &bar, mask);
#  endif
  }
  while (!ptx::mbarrier_try_wait_parity(ptx::sem_acquire, ptx::scope_cluster, &bar, 0)) {
  }
  for (int i = threadIdx.x; i < 64 * 32; i += blockDim.x) {
    out[blockIdx.x * 2048 + i] = buf[i];
  }
  ptx::barrier_cluster_arrive();
  ptx::barrier_cluster_wait();
#else
  (void) map;
  out[blockIdx.x * blockDim.x + threadIdx.x] = 0.0f;
#endif
}
