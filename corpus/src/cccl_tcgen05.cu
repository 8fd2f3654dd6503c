// Kernels that instantiate CCCL's cuda::ptx wrappers for the fifth-generation
// tensor core, tcgen05 (see cccl_wrappers.cu for the purpose): alloc, commit,
// cp, fence, ld, mma, mma_ws, shift, st, wait. Every tcgen05 form needs
// sm_100a (or sm_101a), so the kernels exist only where
// __CUDA_ARCH_FEAT_SM100_ALL is defined and tools/make-corpus builds this
// file for sm_100a alone. A kernel names one CTA group: the .cta_group::1
// and .cta_group::2 forms are in kernels of their own.
#include <cuda/ptx>
#include <cstdint>
#include <utility>

namespace ptx = cuda::ptx;

#if defined(__CUDA_ARCH_FEAT_SM100_ALL)

// tcgen05_alloc (alloc, dealloc, relinquish_alloc_permit), commit (plain
// and multicast), shift, fence, wait, and every tcgen05_cp shape and
// decompression, for one CTA group.
template <typename CtaGroup>
__device__ void tensor_memory_management(CtaGroup group, std::uint32_t* out, std::uint64_t desc, std::uint16_t mask) {
  __shared__ std::uint32_t taddr;
  __shared__ std::uint64_t bar;
  ptx::tcgen05_alloc(group, &taddr, 64);
  ptx::tcgen05_relinquish_alloc_permit(group);
  ptx::tcgen05_fence_before_thread_sync();
  __syncthreads();
  ptx::tcgen05_fence_after_thread_sync();
  const std::uint32_t t = taddr;
  ptx::tcgen05_cp_128x256b(group, t, desc);
  ptx::tcgen05_cp_128x256b_b8x16_b6x16_p32(group, t, desc);
  ptx::tcgen05_cp_128x256b_b8x16_b4x16_p64(group, t, desc);
  ptx::tcgen05_cp_4x256b(group, t, desc);
  ptx::tcgen05_cp_4x256b_b8x16_b6x16_p32(group, t, desc);
  ptx::tcgen05_cp_4x256b_b8x16_b4x16_p64(group, t, desc);
  ptx::tcgen05_cp_128x128b(group, t, desc);
  ptx::tcgen05_cp_128x128b_b8x16_b6x16_p32(group, t, desc);
  ptx::tcgen05_cp_128x128b_b8x16_b4x16_p64(group, t, desc);
  ptx::tcgen05_cp_64x128b_warpx2_02_13(group, t, desc);
  ptx::tcgen05_cp_64x128b_warpx2_02_13_b8x16_b6x16_p32(group, t, desc);
  ptx::tcgen05_cp_64x128b_warpx2_02_13_b8x16_b4x16_p64(group, t, desc);
  ptx::tcgen05_cp_64x128b_warpx2_01_23(group, t, desc);
  ptx::tcgen05_cp_64x128b_warpx2_01_23_b8x16_b6x16_p32(group, t, desc);
  ptx::tcgen05_cp_64x128b_warpx2_01_23_b8x16_b4x16_p64(group, t, desc);
  ptx::tcgen05_cp_32x128b_warpx4(group, t, desc);
  ptx::tcgen05_cp_32x128b_warpx4_b8x16_b6x16_p32(group, t, desc);
  ptx::tcgen05_cp_32x128b_warpx4_b8x16_b4x16_p64(group, t, desc);
  ptx::tcgen05_shift_down(group, t);
  ptx::tcgen05_commit(group, &bar);
  ptx::tcgen05_commit_multicast(group, &bar, mask);
  ptx::tcgen05_wait_ld();
  ptx::tcgen05_wait_st();
  ptx::tcgen05_dealloc(group, t, 64);
  out[threadIdx.x] = t;
}

__global__ void tensor_memory_cta1(std::uint32_t* out, std::uint64_t desc, std::uint16_t mask) {
  tensor_memory_management(ptx::cta_group_1, out, desc, mask);
}

__global__ void tensor_memory_cta2(std::uint32_t* out, std::uint64_t desc, std::uint16_t mask) {
  tensor_memory_management(ptx::cta_group_2, out, desc, mask);
}

// tcgen05_ld and tcgen05_st of one shape for each register count Ns (one per
// repetition count .x1 ... .x128), with and without (un)packing; the
// 16x32bx2 shape takes its half-split offset.
#define CCCL_TCGEN05_LD_ST(shape)                                                             \
  template <int... Ns>                                                                        \
  __device__ std::uint32_t ld_st_##shape(std::uint32_t taddr, std::integer_sequence<int, Ns...>) { \
    std::uint32_t sum = 0;                                                                    \
    (                                                                                         \
      [&] {                                                                                   \
        std::uint32_t regs[Ns];                                                               \
        ptx::tcgen05_ld_##shape(regs, taddr);                                                 \
        ptx::tcgen05_wait_ld();                                                               \
        ptx::tcgen05_st_##shape(taddr, regs);                                                 \
        ptx::tcgen05_ld_##shape##_pack_16b(regs, taddr);                                      \
        ptx::tcgen05_wait_ld();                                                               \
        ptx::tcgen05_st_##shape##_unpack_16b(taddr, regs);                                    \
        sum += regs[0] + regs[Ns - 1];                                                        \
      }(),                                                                                    \
      ...);                                                                                   \
    return sum;                                                                               \
  }
CCCL_TCGEN05_LD_ST(32x32b)
CCCL_TCGEN05_LD_ST(16x64b)
CCCL_TCGEN05_LD_ST(16x128b)
CCCL_TCGEN05_LD_ST(16x256b)

template <int... Ns>
__device__ std::uint32_t ld_st_16x32bx2(std::uint32_t taddr, std::integer_sequence<int, Ns...>) {
  std::uint32_t sum = 0;
  (
    [&] {
      std::uint32_t regs[Ns];
      ptx::tcgen05_ld_16x32bx2(regs, taddr, ptx::n32_t<Ns>{});
      ptx::tcgen05_wait_ld();
      ptx::tcgen05_st_16x32bx2(taddr, ptx::n32_t<Ns>{}, regs);
      ptx::tcgen05_ld_16x32bx2_pack_16b(regs, taddr, ptx::n32_t<0>{});
      ptx::tcgen05_wait_ld();
      ptx::tcgen05_st_16x32bx2_unpack_16b(taddr, ptx::n32_t<0>{}, regs);
      sum += regs[0] + regs[Ns - 1];
    }(),
    ...);
  return sum;
}

// tcgen05_ld / tcgen05_st: every shape, repetition count and packing the
// headers offer (74 loads, 74 stores).
__global__ void tensor_memory_loads_stores(std::uint32_t taddr, std::uint32_t* out) {
  std::uint32_t sum = 0;
  sum += ld_st_32x32b(taddr, std::integer_sequence<int, 1, 2, 4, 8, 16, 32, 64, 128>{});
  sum += ld_st_16x64b(taddr, std::integer_sequence<int, 1, 2, 4, 8, 16, 32, 64, 128>{});
  sum += ld_st_16x128b(taddr, std::integer_sequence<int, 2, 4, 8, 16, 32, 64, 128>{});
  sum += ld_st_16x256b(taddr, std::integer_sequence<int, 4, 8, 16, 32, 64, 128>{});
  sum += ld_st_16x32bx2(taddr, std::integer_sequence<int, 1, 2, 4, 8, 16, 32, 64, 128>{});
  ptx::tcgen05_wait_st();
  out[threadIdx.x] = sum;
}

// tcgen05_mma and tcgen05_mma_tmem_a at one kind: with enable_input_d, with
// the disabled output lanes, and (kind::f16 and kind::tf32 only) with
// scale_input_d, for .cta_group::1.
template <typename Kind>
__device__ void mma_kind_cta1(Kind kind, std::uint32_t d, std::uint32_t a, std::uint64_t adesc, std::uint64_t bdesc,
                              std::uint32_t idesc, const std::uint32_t (&lanes)[4], bool accumulate) {
  ptx::tcgen05_mma(kind, ptx::cta_group_1, d, adesc, bdesc, idesc, accumulate);
  ptx::tcgen05_mma(kind, ptx::cta_group_1, d, adesc, bdesc, idesc, lanes, accumulate);
  ptx::tcgen05_mma_tmem_a(kind, ptx::cta_group_1, d, a, bdesc, idesc, accumulate);
  ptx::tcgen05_mma_tmem_a(kind, ptx::cta_group_1, d, a, bdesc, idesc, lanes, accumulate);
}

template <typename Kind>
__device__ void mma_scaled_kind_cta1(Kind kind, std::uint32_t d, std::uint32_t a, std::uint64_t adesc,
                                     std::uint64_t bdesc, std::uint32_t idesc, const std::uint32_t (&lanes)[4],
                                     bool accumulate) {
  ptx::tcgen05_mma(kind, ptx::cta_group_1, d, adesc, bdesc, idesc, accumulate, ptx::n32_t<3>{});
  ptx::tcgen05_mma(kind, ptx::cta_group_1, d, adesc, bdesc, idesc, lanes, accumulate, ptx::n32_t<0>{});
  ptx::tcgen05_mma_tmem_a(kind, ptx::cta_group_1, d, a, bdesc, idesc, accumulate, ptx::n32_t<15>{});
  ptx::tcgen05_mma_tmem_a(kind, ptx::cta_group_1, d, a, bdesc, idesc, lanes, accumulate, ptx::n32_t<1>{});
}

// The block-scaled tcgen05_mma wrappers (scale_vec::1X/2X/4X, A from a
// descriptor or tensor memory, every collector usage) at one CTA group.
template <typename CtaGroup>
__device__ void mma_block_scaled(CtaGroup group, std::uint32_t d, std::uint32_t a, std::uint64_t adesc,
                                 std::uint64_t bdesc, std::uint32_t idesc, std::uint32_t sa, std::uint32_t sb,
                                 bool accumulate) {
  const auto mx8 = ptx::kind_mxf8f6f4;
  ptx::tcgen05_mma_block_scale_vec_1x(mx8, group, d, adesc, bdesc, idesc, sa, sb, accumulate);
  ptx::tcgen05_mma_block_scale_vec_1x_collector_a_fill(mx8, group, d, adesc, bdesc, idesc, sa, sb, accumulate);
  ptx::tcgen05_mma_block_scale_vec_1x_collector_a_use(mx8, group, d, adesc, bdesc, idesc, sa, sb, accumulate);
  ptx::tcgen05_mma_block_scale_vec_1x_collector_a_lastuse(mx8, group, d, adesc, bdesc, idesc, sa, sb, accumulate);
  ptx::tcgen05_mma_block_scale_vec_1x_collector_a_discard(mx8, group, d, adesc, bdesc, idesc, sa, sb, accumulate);
  ptx::tcgen05_mma_block_scale_vec_1x_tmem_a(mx8, group, d, a, bdesc, idesc, sa, sb, accumulate);
  ptx::tcgen05_mma_block_scale_vec_1x_tmem_a_collector_a_fill(mx8, group, d, a, bdesc, idesc, sa, sb, accumulate);
  ptx::tcgen05_mma_block_scale_vec_1x_tmem_a_collector_a_use(mx8, group, d, a, bdesc, idesc, sa, sb, accumulate);
  ptx::tcgen05_mma_block_scale_vec_1x_tmem_a_collector_a_lastuse(mx8, group, d, a, bdesc, idesc, sa, sb, accumulate);
  ptx::tcgen05_mma_block_scale_vec_1x_tmem_a_collector_a_discard(mx8, group, d, a, bdesc, idesc, sa, sb, accumulate);
  const auto mx4 = ptx::kind_mxf4;
  const auto nv4 = ptx::kind_mxf4nvf4;
  ptx::tcgen05_mma_block_scale_vec_2x(mx4, group, d, adesc, bdesc, idesc, sa, sb, accumulate);
  ptx::tcgen05_mma_block_scale_vec_2x(nv4, group, d, adesc, bdesc, idesc, sa, sb, accumulate);
  ptx::tcgen05_mma_block_scale_vec_2x_collector_a_fill(mx4, group, d, adesc, bdesc, idesc, sa, sb, accumulate);
  ptx::tcgen05_mma_block_scale_vec_2x_collector_a_use(nv4, group, d, adesc, bdesc, idesc, sa, sb, accumulate);
  ptx::tcgen05_mma_block_scale_vec_2x_collector_a_lastuse(mx4, group, d, adesc, bdesc, idesc, sa, sb, accumulate);
  ptx::tcgen05_mma_block_scale_vec_2x_collector_a_discard(nv4, group, d, adesc, bdesc, idesc, sa, sb, accumulate);
  ptx::tcgen05_mma_block_scale_vec_2_tmem_a(mx4, group, d, a, bdesc, idesc, sa, sb, accumulate);
  ptx::tcgen05_mma_block_scale_vec_2_tmem_a(nv4, group, d, a, bdesc, idesc, sa, sb, accumulate);
  ptx::tcgen05_mma_block_scale_vec_2_tmem_a_collector_a_fill(nv4, group, d, a, bdesc, idesc, sa, sb, accumulate);
  ptx::tcgen05_mma_block_scale_vec_2_tmem_a_collector_a_use(mx4, group, d, a, bdesc, idesc, sa, sb, accumulate);
  ptx::tcgen05_mma_block_scale_vec_2_tmem_a_collector_a_lastuse(nv4, group, d, a, bdesc, idesc, sa, sb, accumulate);
  ptx::tcgen05_mma_block_scale_vec_2_tmem_a_collector_a_discard(mx4, group, d, a, bdesc, idesc, sa, sb, accumulate);
  ptx::tcgen05_mma_block_scale_vec_4x(nv4, group, d, adesc, bdesc, idesc, sa, sb, accumulate);
  ptx::tcgen05_mma_block_scale_vec_4x_collector_a_fill(nv4, group, d, adesc, bdesc, idesc, sa, sb, accumulate);
  ptx::tcgen05_mma_block_scale_vec_4x_collector_a_use(nv4, group, d, adesc, bdesc, idesc, sa, sb, accumulate);
  ptx::tcgen05_mma_block_scale_vec_4x_collector_a_lastuse(nv4, group, d, adesc, bdesc, idesc, sa, sb, accumulate);
  ptx::tcgen05_mma_block_scale_vec_4x_collector_a_discard(nv4, group, d, adesc, bdesc, idesc, sa, sb, accumulate);
  ptx::tcgen05_mma_block_scale_vec_4x_tmem_a(nv4, group, d, a, bdesc, idesc, sa, sb, accumulate);
  ptx::tcgen05_mma_block_scale_vec_4x_tmem_a_collector_a_fill(nv4, group, d, a, bdesc, idesc, sa, sb, accumulate);
  ptx::tcgen05_mma_block_scale_vec_4x_tmem_a_collector_a_use(nv4, group, d, a, bdesc, idesc, sa, sb, accumulate);
  ptx::tcgen05_mma_block_scale_vec_4x_tmem_a_collector_a_lastuse(nv4, group, d, a, bdesc, idesc, sa, sb, accumulate);
  ptx::tcgen05_mma_block_scale_vec_4x_tmem_a_collector_a_discard(nv4, group, d, a, bdesc, idesc, sa, sb, accumulate);
}

// tcgen05_mma (every kind, every operand form) and the block-scaled forms,
// .cta_group::1.
__global__ void mma_cta1(std::uint32_t d, std::uint32_t a, std::uint64_t adesc, std::uint64_t bdesc,
                         std::uint32_t idesc, std::uint32_t sa, std::uint32_t sb, const std::uint32_t* mask) {
  const bool accumulate = threadIdx.x != 0;
  const std::uint32_t lanes[4] = {mask[0], mask[1], mask[2], mask[3]};
  mma_kind_cta1(ptx::kind_f16, d, a, adesc, bdesc, idesc, lanes, accumulate);
  mma_kind_cta1(ptx::kind_tf32, d, a, adesc, bdesc, idesc, lanes, accumulate);
  mma_kind_cta1(ptx::kind_f8f6f4, d, a, adesc, bdesc, idesc, lanes, accumulate);
  mma_kind_cta1(ptx::kind_i8, d, a, adesc, bdesc, idesc, lanes, accumulate);
  mma_scaled_kind_cta1(ptx::kind_f16, d, a, adesc, bdesc, idesc, lanes, accumulate);
  mma_scaled_kind_cta1(ptx::kind_tf32, d, a, adesc, bdesc, idesc, lanes, accumulate);
  mma_block_scaled(ptx::cta_group_1, d, a, adesc, bdesc, idesc, sa, sb, accumulate);
}

// tcgen05_mma and the block-scaled forms, .cta_group::2 (eight disabled
// output lane words).
__global__ void mma_cta2(std::uint32_t d, std::uint32_t a, std::uint64_t adesc, std::uint64_t bdesc,
                         std::uint32_t idesc, std::uint32_t sa, std::uint32_t sb, const std::uint32_t* mask) {
  const bool accumulate = threadIdx.x != 0;
  std::uint32_t lanes[8];
  for (int i = 0; i < 8; ++i) lanes[i] = mask[i];
  const auto group = ptx::cta_group_2;
  ptx::tcgen05_mma(ptx::kind_f16, group, d, adesc, bdesc, idesc, accumulate);
  ptx::tcgen05_mma(ptx::kind_i8, group, d, adesc, bdesc, idesc, lanes, accumulate);
  ptx::tcgen05_mma(ptx::kind_tf32, group, d, adesc, bdesc, idesc, accumulate, ptx::n32_t<2>{});
  ptx::tcgen05_mma(ptx::kind_f16, group, d, adesc, bdesc, idesc, lanes, accumulate, ptx::n32_t<4>{});
  ptx::tcgen05_mma_tmem_a(ptx::kind_f8f6f4, group, d, a, bdesc, idesc, accumulate);
  ptx::tcgen05_mma_tmem_a(ptx::kind_tf32, group, d, a, bdesc, idesc, lanes, accumulate);
  ptx::tcgen05_mma_tmem_a(ptx::kind_f16, group, d, a, bdesc, idesc, accumulate, ptx::n32_t<5>{});
  ptx::tcgen05_mma_tmem_a(ptx::kind_tf32, group, d, a, bdesc, idesc, lanes, accumulate, ptx::n32_t<6>{});
  mma_block_scaled(group, d, a, adesc, bdesc, idesc, sa, sb, accumulate);
}

// tcgen05_mma_ws for one collector buffer and usage: A from a descriptor or
// tensor memory, with and without the zero-column mask.
#define CCCL_MMA_WS(kind, suffix)                                                                          \
  ptx::tcgen05_mma_ws_##suffix(ptx::cta_group_1, kind, d, adesc, bdesc, idesc, accumulate);               \
  ptx::tcgen05_mma_ws_##suffix(ptx::cta_group_1, kind, d, adesc, bdesc, idesc, accumulate, zero_columns); \
  ptx::tcgen05_mma_ws_tmem_a_##suffix(ptx::cta_group_1, kind, d, a, bdesc, idesc, accumulate);            \
  ptx::tcgen05_mma_ws_tmem_a_##suffix(ptx::cta_group_1, kind, d, a, bdesc, idesc, accumulate, zero_columns);

// tcgen05_mma_ws: every collector buffer b0-b3 and usage, the four kinds
// spread over them.
__global__ void mma_weight_stationary(std::uint32_t d, std::uint32_t a, std::uint64_t adesc, std::uint64_t bdesc,
                                      std::uint32_t idesc, std::uint64_t zero_columns) {
  const bool accumulate = threadIdx.x != 0;
  CCCL_MMA_WS(ptx::kind_f16, collector_b0_fill)
  CCCL_MMA_WS(ptx::kind_tf32, collector_b0_use)
  CCCL_MMA_WS(ptx::kind_f8f6f4, collector_b0_lastuse)
  CCCL_MMA_WS(ptx::kind_i8, collector_b0_discard)
  CCCL_MMA_WS(ptx::kind_tf32, collector_b1_fill)
  CCCL_MMA_WS(ptx::kind_f8f6f4, collector_b1_use)
  CCCL_MMA_WS(ptx::kind_i8, collector_b1_lastuse)
  CCCL_MMA_WS(ptx::kind_f16, collector_b1_discard)
  CCCL_MMA_WS(ptx::kind_f8f6f4, collector_b2_fill)
  CCCL_MMA_WS(ptx::kind_i8, collector_b2_use)
  CCCL_MMA_WS(ptx::kind_f16, collector_b2_lastuse)
  CCCL_MMA_WS(ptx::kind_tf32, collector_b2_discard)
  CCCL_MMA_WS(ptx::kind_i8, collector_b3_fill)
  CCCL_MMA_WS(ptx::kind_f16, collector_b3_use)
  CCCL_MMA_WS(ptx::kind_tf32, collector_b3_lastuse)
  CCCL_MMA_WS(ptx::kind_f8f6f4, collector_b3_discard)
}

#endif  // __CUDA_ARCH_FEAT_SM100_ALL
