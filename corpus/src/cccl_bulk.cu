// Kernels that instantiate CCCL's cuda::ptx wrappers for the asynchronous
// bulk copies and the tensor maps (see cccl_wrappers.cu for the purpose):
// cp_async_bulk (+_multicast, _commit_group, _wait_group),
// cp_async_bulk_tensor (+_multicast, _gather_scatter), cp_reduce_async_bulk
// (+_bf16, _f16, _tensor), st_async, red_async, st_bulk,
// tensormap_cp_fenceproxy, tensormap_replace, clusterlaunchcontrol.
// Compiled for sm_90a and sm_100a; each form sits behind the guard of the
// target its header comment names (SM_90, SM_90a, SM_100, SM_100a).
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda/ptx>
#include <cstdint>

namespace ptx = cuda::ptx;

// The targets the headers' comments name, as 0/1 for #if.
#if defined(__CUDA_ARCH_FEAT_SM90_ALL) || defined(__CUDA_ARCH_FEAT_SM100_ALL)
#define CCCL_SM90A 1
#else
#define CCCL_SM90A 0
#endif
#if defined(__CUDA_ARCH_FEAT_SM100_ALL)
#define CCCL_SM100A 1
#else
#define CCCL_SM100A 0
#endif
#if __CUDA_ARCH__ >= 1000
#define CCCL_SM100 1
#else
#define CCCL_SM100 0
#endif

// cp_async_bulk: every direction, the multicast and cp_mask forms, and the
// bulk-group commit/wait (both wait forms, two group counts).
__global__ void bulk_copies(int* global, std::uint32_t bytes, std::uint16_t mask) {
  __shared__ alignas(128) int smem[256];
  __shared__ alignas(128) int smem2[256];
  __shared__ std::uint64_t bar;
  if (threadIdx.x == 0) ptx::mbarrier_init(&bar, 1);
  ptx::fence_proxy_async(ptx::space_shared);
  ptx::cp_async_bulk(ptx::space_shared, ptx::space_global, smem, global, bytes, &bar);
  ptx::cp_async_bulk(ptx::space_cluster, ptx::space_global, smem, global, bytes, &bar);
  ptx::cp_async_bulk(ptx::space_cluster, ptx::space_shared, smem2, smem, bytes, &bar);
  ptx::cp_async_bulk(ptx::space_global, ptx::space_shared, global, smem, bytes);
#if CCCL_SM90A
  ptx::cp_async_bulk(ptx::space_cluster, ptx::space_global, smem, global, bytes, &bar, mask);
#endif
#if CCCL_SM100
  ptx::cp_async_bulk_cp_mask(ptx::space_global, ptx::space_shared, global, smem, bytes, mask);
#endif
  ptx::cp_async_bulk_commit_group();
  ptx::cp_async_bulk_wait_group_read(ptx::n32_t<0>{});
  ptx::cp_async_bulk_wait_group_read(ptx::n32_t<3>{});
  ptx::cp_async_bulk_wait_group(ptx::n32_t<0>{});
  ptx::cp_async_bulk_wait_group(ptx::n32_t<7>{});
  ptx::fence_proxy_async();
}

// cp_async_bulk_tensor for one rank: the loads into shared::cluster and
// shared::cta, the store, and on sm_90a/sm_100a the multicast load; on sm_100a
// the .cta_group forms of both loads.
template <int Rank>
__device__ void tensor_copies_of_rank(const void* map, void* smem, std::uint64_t* bar, std::uint16_t mask) {
  std::int32_t coords[Rank];
  for (int i = 0; i < Rank; ++i) coords[i] = static_cast<std::int32_t>(threadIdx.x) * (i + 1);
  ptx::cp_async_bulk_tensor(ptx::space_cluster, ptx::space_global, smem, map, coords, bar);
  ptx::cp_async_bulk_tensor(ptx::space_shared, ptx::space_global, smem, map, coords, bar);
  ptx::cp_async_bulk_tensor(ptx::space_global, ptx::space_shared, map, coords, smem);
#if CCCL_SM90A
  ptx::cp_async_bulk_tensor(ptx::space_cluster, ptx::space_global, smem, map, coords, bar, mask);
#endif
#if CCCL_SM100A
  ptx::cp_async_bulk_tensor(ptx::space_shared, ptx::space_global, ptx::cta_group_1, smem, map, coords, bar);
  ptx::cp_async_bulk_tensor(ptx::space_cluster, ptx::space_global, ptx::cta_group_1, smem, map, coords, bar, mask);
#endif
}

// cp_async_bulk_tensor (+_multicast) for ranks 1 to 5, and the sm_100
// gather4/scatter4 forms of cp_async_bulk_tensor_gather_scatter.
__global__ void tensor_copies(const void* map, std::uint16_t mask) {
  __shared__ alignas(128) int smem[1024];
  __shared__ std::uint64_t bar;
  if (threadIdx.x == 0) ptx::mbarrier_init(&bar, 1);
  __syncthreads();
  tensor_copies_of_rank<1>(map, smem, &bar, mask);
  tensor_copies_of_rank<2>(map, smem, &bar, mask);
  tensor_copies_of_rank<3>(map, smem, &bar, mask);
  tensor_copies_of_rank<4>(map, smem, &bar, mask);
  tensor_copies_of_rank<5>(map, smem, &bar, mask);
#if CCCL_SM100
  const std::int32_t rows[5] = {0, 1, 2, 3, static_cast<std::int32_t>(threadIdx.x)};
  ptx::cp_async_bulk_tensor_tile_gather4(ptx::space_shared, ptx::space_global, smem, map, rows, &bar);
#endif
#if CCCL_SM100A
  ptx::cp_async_bulk_tensor_tile_gather4(ptx::space_shared, ptx::space_global, ptx::cta_group_1, smem, map, rows,
                                         &bar);
  ptx::cp_async_bulk_tensor_tile_gather4(ptx::space_cluster, ptx::space_global, smem, map, rows, &bar, mask);
  ptx::cp_async_bulk_tensor_tile_gather4(ptx::space_cluster, ptx::space_global, ptx::cta_group_1, smem, map, rows,
                                         &bar, mask);
  ptx::cp_async_bulk_tensor_tile_scatter4(ptx::space_global, ptx::space_shared, map, rows, smem);
#endif
  ptx::cp_async_bulk_commit_group();
  ptx::cp_async_bulk_wait_group(ptx::n32_t<0>{});
}

#if CCCL_SM100A
// The .cta_group::2 forms, in a kernel of their own: a kernel's tcgen05-era
// instructions name one CTA group.
__global__ void tensor_copies_pair(const void* map, std::uint16_t mask) {
  __shared__ alignas(128) int smem[1024];
  __shared__ std::uint64_t bar;
  const std::int32_t coords[3] = {static_cast<std::int32_t>(threadIdx.x), 0, 1};
  const std::int32_t rows[5] = {0, 1, 2, 3, static_cast<std::int32_t>(threadIdx.x)};
  ptx::cp_async_bulk_tensor(ptx::space_shared, ptx::space_global, ptx::cta_group_2, smem, map, coords, &bar);
  ptx::cp_async_bulk_tensor(ptx::space_cluster, ptx::space_global, ptx::cta_group_2, smem, map, coords, &bar, mask);
  ptx::cp_async_bulk_tensor_tile_gather4(ptx::space_shared, ptx::space_global, ptx::cta_group_2, smem, map, rows,
                                         &bar);
  ptx::cp_async_bulk_tensor_tile_gather4(ptx::space_cluster, ptx::space_global, ptx::cta_group_2, smem, map, rows,
                                         &bar, mask);
}
#endif

// cp_reduce_async_bulk into shared::cluster (mbarrier completion): every
// operation and type of form 1 and 2.
__global__ void bulk_reductions_cluster(std::uint32_t bytes) {
  __shared__ alignas(128) std::uint32_t u32[64];
  __shared__ alignas(128) std::int32_t s32[64];
  __shared__ alignas(128) std::uint64_t u64[64];
  __shared__ alignas(128) std::int64_t s64[64];
  __shared__ alignas(128) float f32[64];
  __shared__ std::uint64_t bar;
  ptx::cp_reduce_async_bulk(ptx::space_cluster, ptx::space_shared, ptx::op_and_op, u32, u32, bytes, &bar);
  ptx::cp_reduce_async_bulk(ptx::space_cluster, ptx::space_shared, ptx::op_or_op, u32, u32, bytes, &bar);
  ptx::cp_reduce_async_bulk(ptx::space_cluster, ptx::space_shared, ptx::op_xor_op, f32, f32, bytes, &bar);
  ptx::cp_reduce_async_bulk(ptx::space_cluster, ptx::space_shared, ptx::op_min, u32, u32, bytes, &bar);
  ptx::cp_reduce_async_bulk(ptx::space_cluster, ptx::space_shared, ptx::op_max, u32, u32, bytes, &bar);
  ptx::cp_reduce_async_bulk(ptx::space_cluster, ptx::space_shared, ptx::op_add, u32, u32, bytes, &bar);
  ptx::cp_reduce_async_bulk(ptx::space_cluster, ptx::space_shared, ptx::op_inc, u32, u32, bytes, &bar);
  ptx::cp_reduce_async_bulk(ptx::space_cluster, ptx::space_shared, ptx::op_dec, u32, u32, bytes, &bar);
  ptx::cp_reduce_async_bulk(ptx::space_cluster, ptx::space_shared, ptx::op_min, s32, s32, bytes, &bar);
  ptx::cp_reduce_async_bulk(ptx::space_cluster, ptx::space_shared, ptx::op_max, s32, s32, bytes, &bar);
  ptx::cp_reduce_async_bulk(ptx::space_cluster, ptx::space_shared, ptx::op_add, s32, s32, bytes, &bar);
  ptx::cp_reduce_async_bulk(ptx::space_cluster, ptx::space_shared, ptx::op_add, u64, u64, bytes, &bar);
  ptx::cp_reduce_async_bulk(ptx::space_cluster, ptx::space_shared, ptx::op_add, s64, s64, bytes, &bar);
}

// cp_reduce_async_bulk into global (bulk group): every operation and type
// of forms 3 to 6, with the bf16 and f16 headers.
__global__ void bulk_reductions_global(std::uint32_t* gu32, std::int32_t* gs32, std::uint64_t* gu64,
                                       std::int64_t* gs64, float* gf32, double* gf64, __half* gf16,
                                       __nv_bfloat16* gbf16, std::uint32_t bytes) {
  __shared__ alignas(128) std::uint32_t u32[64];
  __shared__ alignas(128) std::int32_t s32[64];
  __shared__ alignas(128) std::uint64_t u64[64];
  __shared__ alignas(128) std::int64_t s64[64];
  __shared__ alignas(128) float f32[64];
  __shared__ alignas(128) double f64[64];
  __shared__ alignas(128) __half f16[64];
  __shared__ alignas(128) __nv_bfloat16 bf16[64];
  ptx::cp_reduce_async_bulk(ptx::space_global, ptx::space_shared, ptx::op_and_op, gu32, u32, bytes);
  ptx::cp_reduce_async_bulk(ptx::space_global, ptx::space_shared, ptx::op_or_op, gu64, u64, bytes);
  ptx::cp_reduce_async_bulk(ptx::space_global, ptx::space_shared, ptx::op_xor_op, gs32, s32, bytes);
  ptx::cp_reduce_async_bulk(ptx::space_global, ptx::space_shared, ptx::op_and_op, gs64, s64, bytes);
  ptx::cp_reduce_async_bulk(ptx::space_global, ptx::space_shared, ptx::op_min, gu32, u32, bytes);
  ptx::cp_reduce_async_bulk(ptx::space_global, ptx::space_shared, ptx::op_max, gu32, u32, bytes);
  ptx::cp_reduce_async_bulk(ptx::space_global, ptx::space_shared, ptx::op_add, gu32, u32, bytes);
  ptx::cp_reduce_async_bulk(ptx::space_global, ptx::space_shared, ptx::op_inc, gu32, u32, bytes);
  ptx::cp_reduce_async_bulk(ptx::space_global, ptx::space_shared, ptx::op_dec, gu32, u32, bytes);
  ptx::cp_reduce_async_bulk(ptx::space_global, ptx::space_shared, ptx::op_min, gs32, s32, bytes);
  ptx::cp_reduce_async_bulk(ptx::space_global, ptx::space_shared, ptx::op_max, gs32, s32, bytes);
  ptx::cp_reduce_async_bulk(ptx::space_global, ptx::space_shared, ptx::op_add, gs32, s32, bytes);
  ptx::cp_reduce_async_bulk(ptx::space_global, ptx::space_shared, ptx::op_min, gu64, u64, bytes);
  ptx::cp_reduce_async_bulk(ptx::space_global, ptx::space_shared, ptx::op_max, gu64, u64, bytes);
  ptx::cp_reduce_async_bulk(ptx::space_global, ptx::space_shared, ptx::op_add, gu64, u64, bytes);
  ptx::cp_reduce_async_bulk(ptx::space_global, ptx::space_shared, ptx::op_min, gs64, s64, bytes);
  ptx::cp_reduce_async_bulk(ptx::space_global, ptx::space_shared, ptx::op_max, gs64, s64, bytes);
  ptx::cp_reduce_async_bulk(ptx::space_global, ptx::space_shared, ptx::op_add, gs64, s64, bytes);
  ptx::cp_reduce_async_bulk(ptx::space_global, ptx::space_shared, ptx::op_add, gf32, f32, bytes);
  ptx::cp_reduce_async_bulk(ptx::space_global, ptx::space_shared, ptx::op_add, gf64, f64, bytes);
  ptx::cp_reduce_async_bulk(ptx::space_global, ptx::space_shared, ptx::op_min, gf16, f16, bytes);
  ptx::cp_reduce_async_bulk(ptx::space_global, ptx::space_shared, ptx::op_max, gf16, f16, bytes);
  ptx::cp_reduce_async_bulk(ptx::space_global, ptx::space_shared, ptx::op_add, gf16, f16, bytes);
  ptx::cp_reduce_async_bulk(ptx::space_global, ptx::space_shared, ptx::op_min, gbf16, bf16, bytes);
  ptx::cp_reduce_async_bulk(ptx::space_global, ptx::space_shared, ptx::op_max, gbf16, bf16, bytes);
  ptx::cp_reduce_async_bulk(ptx::space_global, ptx::space_shared, ptx::op_add, gbf16, bf16, bytes);
  ptx::cp_async_bulk_commit_group();
  ptx::cp_async_bulk_wait_group_read(ptx::n32_t<0>{});
}

// cp_reduce_async_bulk_tensor: every operation for one rank, every rank for
// one operation.
template <int Rank, typename Op>
__device__ void tensor_reduction(const void* map, const void* smem, Op op) {
  std::int32_t coords[Rank];
  for (int i = 0; i < Rank; ++i) coords[i] = static_cast<std::int32_t>(threadIdx.x) + i;
  ptx::cp_reduce_async_bulk_tensor(ptx::space_global, ptx::space_shared, op, map, coords, smem);
}

__global__ void tensor_reductions(const void* map) {
  __shared__ alignas(128) int smem[1024];
  tensor_reduction<1>(map, smem, ptx::op_add);
  tensor_reduction<2>(map, smem, ptx::op_min);
  tensor_reduction<3>(map, smem, ptx::op_max);
  tensor_reduction<4>(map, smem, ptx::op_inc);
  tensor_reduction<5>(map, smem, ptx::op_dec);
  tensor_reduction<2>(map, smem, ptx::op_and_op);
  tensor_reduction<3>(map, smem, ptx::op_or_op);
  tensor_reduction<4>(map, smem, ptx::op_xor_op);
  ptx::cp_async_bulk_commit_group();
  ptx::cp_async_bulk_wait_group_read(ptx::n32_t<0>{});
}

// st_async (every width and vector), red_async (every operation and type),
// st_bulk on sm_100.
__global__ void remote_stores(std::uint32_t word, std::uint64_t dword) {
  __shared__ std::uint32_t u32[4];
  __shared__ std::int32_t s32[4];
  __shared__ std::uint64_t u64[2];
  __shared__ std::int64_t s64[2];
  __shared__ float f32[4];
  __shared__ std::uint64_t bar;
  const std::uint32_t w2[2] = {word, word + 1};
  const std::uint32_t w4[4] = {word, word + 1, word + 2, word + 3};
  const std::uint64_t d2[2] = {dword, dword + 1};
  const float f4[4] = {1.0f, 2.0f, 3.0f, static_cast<float>(word)};
  ptx::st_async(u32, word, &bar);
  ptx::st_async(u64, dword, &bar);
  ptx::st_async(u32, w2, &bar);
  ptx::st_async(u64, d2, &bar);
  ptx::st_async(u32, w4, &bar);
  ptx::st_async(f32, f4, &bar);
  ptx::red_async(ptx::op_inc, u32, word, &bar);
  ptx::red_async(ptx::op_dec, u32, word, &bar);
  ptx::red_async(ptx::op_min, u32, word, &bar);
  ptx::red_async(ptx::op_max, u32, word, &bar);
  ptx::red_async(ptx::op_add, u32, word, &bar);
  ptx::red_async(ptx::op_min, s32, static_cast<std::int32_t>(word), &bar);
  ptx::red_async(ptx::op_max, s32, static_cast<std::int32_t>(word), &bar);
  ptx::red_async(ptx::op_add, s32, static_cast<std::int32_t>(word), &bar);
  ptx::red_async(ptx::op_and_op, u32, word, &bar);
  ptx::red_async(ptx::op_or_op, s32, static_cast<std::int32_t>(word), &bar);
  ptx::red_async(ptx::op_xor_op, f32, 1.0f, &bar);
  ptx::red_async(ptx::op_add, u64, dword, &bar);
  ptx::red_async(ptx::op_add, s64, static_cast<std::int64_t>(dword), reinterpret_cast<std::int64_t*>(&bar));
#if CCCL_SM100
  __shared__ alignas(128) int block[256];
  ptx::st_bulk(block, 1024, ptx::n32_t<0>{});
#endif
}

// tensormap_cp_fenceproxy (every scope), tensormap_replace (every field, both
// spaces; swizzle_atomicity on sm_100a).
__global__ void tensor_maps(void* global_map, std::uint64_t address, std::uint32_t value, std::uint64_t stride) {
  __shared__ alignas(128) std::uint8_t map[128];
#if CCCL_SM90A
  ptx::tensormap_replace_global_address(ptx::space_global, global_map, address);
  ptx::tensormap_replace_global_address(ptx::space_shared, map, address);
  ptx::tensormap_replace_rank(ptx::space_global, global_map, value);
  ptx::tensormap_replace_rank(ptx::space_shared, map, value);
  ptx::tensormap_replace_box_dim(ptx::space_global, global_map, ptx::n32_t<0>{}, value);
  ptx::tensormap_replace_box_dim(ptx::space_shared, map, ptx::n32_t<4>{}, value);
  ptx::tensormap_replace_global_dim(ptx::space_global, global_map, ptx::n32_t<1>{}, value);
  ptx::tensormap_replace_global_dim(ptx::space_shared, map, ptx::n32_t<2>{}, value);
  ptx::tensormap_replace_global_stride(ptx::space_global, global_map, ptx::n32_t<0>{}, stride);
  ptx::tensormap_replace_global_stride(ptx::space_shared, map, ptx::n32_t<3>{}, stride);
  ptx::tensormap_replace_element_stride(ptx::space_global, global_map, ptx::n32_t<1>{}, value);
  ptx::tensormap_replace_element_stride(ptx::space_shared, map, ptx::n32_t<2>{}, value);
  ptx::tensormap_replace_element_size(ptx::space_global, global_map, ptx::n32_t<3>{}, value);
  ptx::tensormap_replace_element_size(ptx::space_shared, map, ptx::n32_t<4>{}, value);
  ptx::tensormap_replace_elemtype(ptx::space_global, global_map, ptx::n32_t<7>{});
  ptx::tensormap_replace_elemtype(ptx::space_shared, map, ptx::n32_t<12>{});
  ptx::tensormap_replace_interleave_layout(ptx::space_global, global_map, ptx::n32_t<0>{});
  ptx::tensormap_replace_interleave_layout(ptx::space_shared, map, ptx::n32_t<2>{});
  ptx::tensormap_replace_swizzle_mode(ptx::space_global, global_map, ptx::n32_t<3>{});
  ptx::tensormap_replace_swizzle_mode(ptx::space_shared, map, ptx::n32_t<1>{});
  ptx::tensormap_replace_fill_mode(ptx::space_global, global_map, ptx::n32_t<0>{});
  ptx::tensormap_replace_fill_mode(ptx::space_shared, map, ptx::n32_t<1>{});
#endif
#if CCCL_SM100A
  ptx::tensormap_replace_swizzle_atomicity(ptx::space_global, global_map, ptx::n32_t<1>{});
  ptx::tensormap_replace_swizzle_atomicity(ptx::space_shared, map, ptx::n32_t<2>{});
#endif
  ptx::tensormap_cp_fenceproxy(ptx::sem_release, ptx::scope_cta, global_map, map, ptx::n32_t<128>{});
  ptx::tensormap_cp_fenceproxy(ptx::sem_release, ptx::scope_cluster, global_map, map, ptx::n32_t<128>{});
  ptx::tensormap_cp_fenceproxy(ptx::sem_release, ptx::scope_gpu, global_map, map, ptx::n32_t<128>{});
  ptx::tensormap_cp_fenceproxy(ptx::sem_release, ptx::scope_sys, global_map, map, ptx::n32_t<128>{});
}

#if CCCL_SM100
// clusterlaunchcontrol: try_cancel (and its sm_100a multicast), and every
// query of the response.
__global__ void cluster_launch_control(std::uint32_t* out) {
  __shared__ alignas(16) uint4 response;
  __shared__ std::uint64_t bar;
  if (threadIdx.x == 0) {
    ptx::mbarrier_init(&bar, 1);
    ptx::clusterlaunchcontrol_try_cancel(&response, &bar);
#if CCCL_SM100A
    ptx::clusterlaunchcontrol_try_cancel_multicast(&response, &bar);
#endif
  }
  __syncthreads();
  const uint4 r = response;
  std::uint32_t dims[4];
  ptx::clusterlaunchcontrol_query_cancel_get_first_ctaid(dims, r);
  out[threadIdx.x] = ptx::clusterlaunchcontrol_query_cancel_is_canceled(r) +
                     ptx::clusterlaunchcontrol_query_cancel_get_first_ctaid_x<std::uint32_t>(r) +
                     ptx::clusterlaunchcontrol_query_cancel_get_first_ctaid_y<std::uint32_t>(r) +
                     ptx::clusterlaunchcontrol_query_cancel_get_first_ctaid_z<std::uint32_t>(r) + dims[0] + dims[3];
}
#endif
