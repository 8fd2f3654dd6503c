// Kernels that instantiate CCCL's cuda::ptx wrappers (the inline asm that
// ships with CUDA in cccl/cuda/__ptx/instructions/generated/), for
// tests/cli/ptxlint-cuda-cccl and the corpus (tools/make-corpus): compiled for
// sm_90a and sm_100a through ptxlint-cuda, every instruction must be checked
// and none reported.
//
// This file holds the sm_90 forms of the synchronisation and scalar headers:
// mbarrier_*, fence*, barrier_cluster, getctarank, get_sreg, bfind, bmsk,
// prmt, shl, shr, shfl_sync, exit, trap, cp_async_mbarrier_arrive(_noinc)
// (every overload each header offers). The bulk copies are in
// cccl_bulk.cu, ld/st/multimem in cccl_memory.cu, tcgen05 in cccl_tcgen05.cu.
#include <cuda/ptx>
#include <cstdint>

namespace ptx = cuda::ptx;

// mbarrier_init, mbarrier_arrive (every overload), mbarrier_arrive_no_complete,
// mbarrier_arrive_expect_tx, mbarrier_expect_tx, fence_mbarrier_init,
// cp_async_mbarrier_arrive(_noinc).
__global__ void barriers(std::uint64_t* out, std::uint32_t tx) {
  __shared__ std::uint64_t bar;
  if (threadIdx.x == 0) {
    ptx::mbarrier_init(&bar, blockDim.x);
    ptx::fence_mbarrier_init(ptx::sem_release, ptx::scope_cluster);
  }
  __syncthreads();
  std::uint64_t state = ptx::mbarrier_arrive(&bar);
  state ^= ptx::mbarrier_arrive(&bar, 2);
  state ^= ptx::mbarrier_arrive(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &bar);
  state ^= ptx::mbarrier_arrive(ptx::sem_release, ptx::scope_cluster, ptx::space_shared, &bar);
  state ^= ptx::mbarrier_arrive(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &bar, 1);
  state ^= ptx::mbarrier_arrive(ptx::sem_release, ptx::scope_cluster, ptx::space_shared, &bar, tx);
  ptx::mbarrier_arrive(ptx::sem_release, ptx::scope_cluster, ptx::space_cluster, &bar);
  ptx::mbarrier_arrive(ptx::sem_release, ptx::scope_cluster, ptx::space_cluster, &bar, 3);
  state ^= ptx::mbarrier_arrive(ptx::sem_relaxed, ptx::scope_cta, ptx::space_shared, &bar);
  state ^= ptx::mbarrier_arrive(ptx::sem_relaxed, ptx::scope_cluster, ptx::space_shared, &bar, 4);
  ptx::mbarrier_arrive(ptx::sem_relaxed, ptx::scope_cluster, ptx::space_cluster, &bar);
  ptx::mbarrier_arrive(ptx::sem_relaxed, ptx::scope_cluster, ptx::space_cluster, &bar, tx);
  state ^= ptx::mbarrier_arrive_no_complete(&bar, 1);
  state ^= ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &bar, tx);
  state ^= ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cluster, ptx::space_shared, &bar, 64);
  ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cluster, ptx::space_cluster, &bar, tx);
  state ^= ptx::mbarrier_arrive_expect_tx(ptx::sem_relaxed, ptx::scope_cta, ptx::space_shared, &bar, tx);
  ptx::mbarrier_arrive_expect_tx(ptx::sem_relaxed, ptx::scope_cluster, ptx::space_cluster, &bar, 128);
  ptx::mbarrier_expect_tx(ptx::sem_relaxed, ptx::scope_cta, ptx::space_shared, &bar, tx);
  ptx::mbarrier_expect_tx(ptx::sem_relaxed, ptx::scope_cluster, ptx::space_shared, &bar, 16);
  ptx::mbarrier_expect_tx(ptx::sem_relaxed, ptx::scope_cta, ptx::space_cluster, &bar, 32);
  ptx::mbarrier_expect_tx(ptx::sem_relaxed, ptx::scope_cluster, ptx::space_cluster, &bar, tx);
  ptx::cp_async_mbarrier_arrive(&bar);
  ptx::cp_async_mbarrier_arrive_noinc(&bar);
  out[threadIdx.x] = state;
}

// mbarrier_test_wait(_parity), mbarrier_try_wait(_parity): every overload
// (plain, .acquire and .relaxed at .cta and .cluster, with and without the
// suspend-time hint).
__global__ void barrier_waits(std::uint64_t* out, std::uint32_t hint) {
  __shared__ std::uint64_t bar;
  if (threadIdx.x == 0) ptx::mbarrier_init(&bar, blockDim.x);
  __syncthreads();
  const std::uint64_t state = ptx::mbarrier_arrive(&bar);
  std::uint32_t done = 0;
  done += ptx::mbarrier_test_wait(&bar, state);
  done += ptx::mbarrier_test_wait(ptx::sem_acquire, ptx::scope_cta, &bar, state);
  done += ptx::mbarrier_test_wait(ptx::sem_acquire, ptx::scope_cluster, &bar, state);
  done += ptx::mbarrier_test_wait(ptx::sem_relaxed, ptx::scope_cta, &bar, state);
  done += ptx::mbarrier_test_wait(ptx::sem_relaxed, ptx::scope_cluster, &bar, state);
  done += ptx::mbarrier_test_wait_parity(&bar, 0);
  done += ptx::mbarrier_test_wait_parity(ptx::sem_acquire, ptx::scope_cta, &bar, 1);
  done += ptx::mbarrier_test_wait_parity(ptx::sem_acquire, ptx::scope_cluster, &bar, 0);
  done += ptx::mbarrier_test_wait_parity(ptx::sem_relaxed, ptx::scope_cta, &bar, 1);
  done += ptx::mbarrier_test_wait_parity(ptx::sem_relaxed, ptx::scope_cluster, &bar, 0);
  while (!ptx::mbarrier_try_wait(&bar, state)) {
  }
  while (!ptx::mbarrier_try_wait(&bar, state, hint)) {
  }
  while (!ptx::mbarrier_try_wait(ptx::sem_acquire, ptx::scope_cta, &bar, state)) {
  }
  while (!ptx::mbarrier_try_wait(ptx::sem_acquire, ptx::scope_cluster, &bar, state, hint)) {
  }
  while (!ptx::mbarrier_try_wait(ptx::sem_relaxed, ptx::scope_cta, &bar, state, 1000)) {
  }
  while (!ptx::mbarrier_try_wait(ptx::sem_relaxed, ptx::scope_cluster, &bar, state)) {
  }
  while (!ptx::mbarrier_try_wait_parity(&bar, 0)) {
  }
  while (!ptx::mbarrier_try_wait_parity(&bar, 1, hint)) {
  }
  while (!ptx::mbarrier_try_wait_parity(ptx::sem_acquire, ptx::scope_cta, &bar, 0)) {
  }
  while (!ptx::mbarrier_try_wait_parity(ptx::sem_acquire, ptx::scope_cluster, &bar, 1, hint)) {
  }
  while (!ptx::mbarrier_try_wait_parity(ptx::sem_relaxed, ptx::scope_cta, &bar, 0, 1000)) {
  }
  while (!ptx::mbarrier_try_wait_parity(ptx::sem_relaxed, ptx::scope_cluster, &bar, 1)) {
  }
  out[threadIdx.x] = state + done;
}

// fence, fence_proxy_alias, fence_proxy_async, fence_proxy_tensormap_generic,
// fence_proxy_async_generic_sync_restrict, fence_sync_restrict: every
// semantics x scope (x space) the headers offer.
__global__ void fences(const int* tensormap) {
  ptx::fence(ptx::sem_sc, ptx::scope_cta);
  ptx::fence(ptx::sem_sc, ptx::scope_gpu);
  ptx::fence(ptx::sem_sc, ptx::scope_sys);
  ptx::fence(ptx::sem_sc, ptx::scope_cluster);
  ptx::fence(ptx::sem_acq_rel, ptx::scope_cta);
  ptx::fence(ptx::sem_acq_rel, ptx::scope_gpu);
  ptx::fence(ptx::sem_acq_rel, ptx::scope_sys);
  ptx::fence(ptx::sem_acq_rel, ptx::scope_cluster);
  ptx::fence(ptx::sem_acquire, ptx::scope_cta);
  ptx::fence(ptx::sem_acquire, ptx::scope_cluster);
  ptx::fence(ptx::sem_acquire, ptx::scope_gpu);
  ptx::fence(ptx::sem_acquire, ptx::scope_sys);
  ptx::fence(ptx::sem_release, ptx::scope_cta);
  ptx::fence(ptx::sem_release, ptx::scope_cluster);
  ptx::fence(ptx::sem_release, ptx::scope_gpu);
  ptx::fence(ptx::sem_release, ptx::scope_sys);
  ptx::fence_proxy_alias();
  ptx::fence_proxy_async();
  ptx::fence_proxy_async(ptx::space_global);
  ptx::fence_proxy_async(ptx::space_cluster);
  ptx::fence_proxy_async(ptx::space_shared);
  ptx::fence_proxy_tensormap_generic(ptx::sem_release, ptx::scope_cta);
  ptx::fence_proxy_tensormap_generic(ptx::sem_release, ptx::scope_cluster);
  ptx::fence_proxy_tensormap_generic(ptx::sem_release, ptx::scope_gpu);
  ptx::fence_proxy_tensormap_generic(ptx::sem_release, ptx::scope_sys);
  ptx::fence_proxy_tensormap_generic(ptx::sem_acquire, ptx::scope_cta, tensormap, ptx::n32_t<128>{});
  ptx::fence_proxy_tensormap_generic(ptx::sem_acquire, ptx::scope_cluster, tensormap, ptx::n32_t<128>{});
  ptx::fence_proxy_tensormap_generic(ptx::sem_acquire, ptx::scope_gpu, tensormap, ptx::n32_t<128>{});
  ptx::fence_proxy_tensormap_generic(ptx::sem_acquire, ptx::scope_sys, tensormap, ptx::n32_t<128>{});
  ptx::fence_proxy_async_generic_sync_restrict(ptx::sem_acquire, ptx::space_cluster, ptx::scope_cluster);
  ptx::fence_proxy_async_generic_sync_restrict(ptx::sem_release, ptx::space_shared, ptx::scope_cluster);
  ptx::fence_sync_restrict(ptx::sem_acquire, ptx::space_cluster, ptx::scope_cluster);
  ptx::fence_sync_restrict(ptx::sem_release, ptx::space_shared, ptx::scope_cluster);
}

// barrier_cluster (every overload), getctarank.
__global__ void cluster(std::uint32_t* out) {
  __shared__ std::uint32_t word;
  ptx::barrier_cluster_arrive();
  ptx::barrier_cluster_wait();
  ptx::barrier_cluster_arrive(ptx::sem_release);
  ptx::barrier_cluster_arrive(ptx::sem_relaxed);
  ptx::barrier_cluster_wait(ptx::sem_acquire);
  out[threadIdx.x] = ptx::getctarank(ptx::space_cluster, &word);
}

// get_sreg: every special register the header reads.
__global__ void special_registers(std::uint32_t* out, std::uint64_t* out64) {
  std::uint32_t sum = 0;
  sum += ptx::get_sreg_tid_x() + ptx::get_sreg_tid_y() + ptx::get_sreg_tid_z();
  sum += ptx::get_sreg_ntid_x() + ptx::get_sreg_ntid_y() + ptx::get_sreg_ntid_z();
  sum += ptx::get_sreg_laneid() + ptx::get_sreg_warpid() + ptx::get_sreg_nwarpid();
  sum += ptx::get_sreg_ctaid_x() + ptx::get_sreg_ctaid_y() + ptx::get_sreg_ctaid_z();
  sum += ptx::get_sreg_nctaid_x() + ptx::get_sreg_nctaid_y() + ptx::get_sreg_nctaid_z();
  sum += ptx::get_sreg_clusterid_x() + ptx::get_sreg_clusterid_y() + ptx::get_sreg_clusterid_z();
  sum += ptx::get_sreg_nclusterid_x() + ptx::get_sreg_nclusterid_y() + ptx::get_sreg_nclusterid_z();
  sum += ptx::get_sreg_cluster_ctaid_x() + ptx::get_sreg_cluster_ctaid_y() + ptx::get_sreg_cluster_ctaid_z();
  sum += ptx::get_sreg_cluster_nctaid_x() + ptx::get_sreg_cluster_nctaid_y() + ptx::get_sreg_cluster_nctaid_z();
  sum += ptx::get_sreg_cluster_ctarank() + ptx::get_sreg_cluster_nctarank();
  sum += static_cast<std::uint32_t>(ptx::get_sreg_is_explicit_cluster());
  sum += ptx::get_sreg_smid() + ptx::get_sreg_nsmid();
  sum += ptx::get_sreg_lanemask_eq() + ptx::get_sreg_lanemask_le() + ptx::get_sreg_lanemask_lt();
  sum += ptx::get_sreg_lanemask_ge() + ptx::get_sreg_lanemask_gt();
  sum += ptx::get_sreg_clock() + ptx::get_sreg_clock_hi();
  sum += ptx::get_sreg_globaltimer_lo() + ptx::get_sreg_globaltimer_hi();
  sum += ptx::get_sreg_total_smem_size() + ptx::get_sreg_aggr_smem_size() + ptx::get_sreg_dynamic_smem_size();
  out[threadIdx.x] = sum;
  out64[threadIdx.x] = ptx::get_sreg_gridid() + ptx::get_sreg_clock64() + ptx::get_sreg_globaltimer() +
                       ptx::get_sreg_current_graph_exec();
}

// bfind, bmsk, prmt, shl, shr (every type and mode), shfl_sync.
__global__ void scalar_ops(std::uint32_t* out, std::uint64_t* out64, std::uint32_t a, std::uint64_t b,
                           std::int32_t c, std::int64_t d, std::uint16_t e, std::int16_t f, std::uint32_t n) {
  std::uint32_t sum = 0;
  sum += ptx::bfind(a) + ptx::bfind_shiftamt(a) + ptx::bfind(b) + ptx::bfind_shiftamt(b);
  sum += ptx::bfind(c) + ptx::bfind_shiftamt(c) + ptx::bfind(d) + ptx::bfind_shiftamt(d);
  sum += ptx::bmsk_clamp(a, n) + ptx::bmsk_wrap(a, n);
  sum += ptx::prmt(a, n, 0x3210u) + ptx::prmt_f4e(a, n, c) + ptx::prmt_b4e(a, n, c);
  sum += ptx::prmt_rc8(c, c, n) + ptx::prmt_ecl(a, n, 1u) + ptx::prmt_ecr(a, n, 2u) + ptx::prmt_rc16(a, n, 3u);
  sum += ptx::shl(e, n) + ptx::shl(a, n) + ptx::shr(e, n) + ptx::shr(a, n);
  sum += static_cast<std::uint32_t>(ptx::shr(f, n) + ptx::shr(c, n));
  sum += ptx::shfl_sync_idx(a, n, 0x1fu, 0xffffffffu) + ptx::shfl_sync_up(a, 1u, 0u, 0xffffffffu);
  sum += ptx::shfl_sync_down(a, 2u, 0x1fu, 0xffffffffu) + ptx::shfl_sync_bfly(a, 4u, 0x1fu, 0xffffffffu);
  bool valid = false;
  sum += ptx::shfl_sync_idx(c, valid, n, 0x1fu, 0xffffffffu);
  sum += valid;
  out[threadIdx.x] = sum;
  out64[threadIdx.x] = ptx::shl(b, n) + ptx::shr(b, n) + static_cast<std::uint64_t>(ptx::shr(d, n));
}

// exit, trap.
__global__ void terminate(const int* flag) {
  if (*flag == 1) ptx::exit();
  if (*flag == 2) ptx::trap();
}
