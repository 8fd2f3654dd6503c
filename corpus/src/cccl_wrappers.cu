// Kernels that instantiate CCCL's cuda::ptx wrappers (the inline asm that
// ships with CUDA in cccl/cuda/__ptx/instructions/generated/), for
// tests/cli/ptxlint-cuda-cccl and the corpus (tools/make-corpus): compiled for sm_90a and sm_100a through
// ptxlint-cuda, every instruction must be checked and none reported.
#include <cuda/ptx>
#include <cstdint>

namespace ptx = cuda::ptx;

__global__ void barriers(std::uint64_t* out, std::uint32_t tx) {
  __shared__ std::uint64_t bar;
  if (threadIdx.x == 0) {
    ptx::mbarrier_init(&bar, blockDim.x);
    ptx::fence_mbarrier_init(ptx::sem_release, ptx::scope_cluster);
  }
  __syncthreads();
  std::uint64_t state = ptx::mbarrier_arrive(&bar);
  state ^= ptx::mbarrier_arrive(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &bar, 1);
  state ^= ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &bar, tx);
  while (!ptx::mbarrier_try_wait(&bar, state)) {
  }
  while (!ptx::mbarrier_try_wait_parity(&bar, 0)) {
  }
  bool done = ptx::mbarrier_test_wait(&bar, state);
  out[threadIdx.x] = state + done;
}

__global__ void bulk_copies(int* global, std::uint32_t bytes) {
  __shared__ alignas(128) int smem[256];
  __shared__ std::uint64_t bar;
  if (threadIdx.x == 0) ptx::mbarrier_init(&bar, 1);
  ptx::fence_proxy_async(ptx::space_shared);
  ptx::cp_async_bulk(ptx::space_shared, ptx::space_global, smem, global, bytes, &bar);
  ptx::cp_async_bulk(ptx::space_global, ptx::space_shared, global, smem, bytes);
  ptx::cp_async_bulk_commit_group();
  ptx::cp_async_bulk_wait_group_read(ptx::n32_t<0>{});
  ptx::cp_async_bulk_wait_group(ptx::n32_t<0>{});
  ptx::fence_proxy_async();
}

__global__ void cluster(std::uint32_t* out) {
  __shared__ std::uint32_t word;
  ptx::barrier_cluster_arrive();
  ptx::barrier_cluster_wait();
  ptx::barrier_cluster_arrive(ptx::sem_relaxed);
  ptx::barrier_cluster_wait(ptx::sem_acquire);
  std::uint32_t rank = ptx::getctarank(ptx::space_cluster, &word);
  ptx::fence(ptx::sem_sc, ptx::scope_cluster);
  ptx::fence(ptx::sem_acq_rel, ptx::scope_gpu);
  out[threadIdx.x] = rank + ptx::get_sreg_clusterid_x() + ptx::get_sreg_cluster_ctarank() +
                     ptx::get_sreg_nclusterid_x() + ptx::get_sreg_laneid() + ptx::get_sreg_warpid() +
                     static_cast<std::uint32_t>(ptx::get_sreg_is_explicit_cluster());
}

#if defined(__CUDA_ARCH_FEAT_SM100_ALL)
__global__ void tensor_memory(std::uint32_t* out) {
  __shared__ std::uint32_t taddr;
  __shared__ std::uint64_t bar;
  ptx::tcgen05_alloc(ptx::cta_group_1, &taddr, 32);
  ptx::tcgen05_relinquish_alloc_permit(ptx::cta_group_1);
  ptx::tcgen05_fence_before_thread_sync();
  __syncthreads();
  ptx::tcgen05_fence_after_thread_sync();
  ptx::tcgen05_commit(ptx::cta_group_1, &bar);
  ptx::tcgen05_wait_ld();
  ptx::tcgen05_wait_st();
  ptx::tcgen05_dealloc(ptx::cta_group_1, taddr, 32);
  out[threadIdx.x] = taddr;
}
#endif
