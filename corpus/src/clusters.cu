// clusters.cu - thread-block clusters and distributed shared memory (sm_90+).
//
// Exercises: __cluster_dims__ (.reqnctapercluster / .explicitcluster),
// cooperative_groups::this_cluster() (cluster.sync -> barrier.cluster.arrive/
// wait, block_rank, num_blocks, dim_blocks), map_shared_rank (mapa.shared::cluster),
// ld/st/atom on .shared::cluster addresses, getctarank, isspacep.shared::cluster,
// cluster special registers (%cluster_ctarank, %clusterid, %nclusterid,
// %cluster_nctarank, %is_explicit_cluster), barrier.cluster.arrive.relaxed,
// fence.acq_rel.cluster, st.async and red.async with remote mbarriers
// (cuda::ptx), and __launch_bounds__ with a max-cluster-rank argument
// (.maxclusterrank); on sm_100a also st.bulk and cluster launch control
// (clusterlaunchcontrol.try_cancel / query_cancel with .b128 operands).
// On sm_80 the kernels compile to a plain single-block fallback.
#include <cooperative_groups.h>
#include <cuda/ptx>
#include <cstdint>

#include "common.cuh"

namespace cg = cooperative_groups;
namespace ptx = cuda::ptx;

// Histogram spread over the shared memory of all CTAs in a cluster of 4.
__global__ void CORPUS_CLUSTER_DIMS(4, 1, 1) cluster_histogram(const int* keys, int* bins, int n, int nbins)
{
  extern __shared__ int smem_bins[];  // nbins / cluster_size entries per CTA
#if CORPUS_SM90
  cg::cluster_group cluster = cg::this_cluster();
  const unsigned rank = cluster.block_rank();
  const unsigned csize = cluster.num_blocks();
  const int per_cta = (nbins + csize - 1) / csize;
  for (int i = threadIdx.x; i < per_cta; i += blockDim.x) smem_bins[i] = 0;
  cluster.sync();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    const int b = keys[i] % nbins;
    int* remote = cluster.map_shared_rank(smem_bins, b / per_cta);
    atomicAdd(remote + (b % per_cta), 1);
  }
  cluster.sync();
  for (int i = threadIdx.x; i < per_cta; i += blockDim.x) {
    const int b = rank * per_cta + i;
    if (b < nbins) atomicAdd(&bins[b], smem_bins[i]);
  }
  (void) cluster.dim_blocks();
#else
  for (int i = threadIdx.x; i < nbins; i += blockDim.x) smem_bins[i] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    atomicAdd(&smem_bins[keys[i] % nbins], 1);
  }
  __syncthreads();
  for (int i = threadIdx.x; i < nbins; i += blockDim.x) atomicAdd(&bins[i], smem_bins[i]);
#endif
}

// Neighbour exchange: each CTA reads its ring neighbour's shared tile directly.
__global__ void CORPUS_CLUSTER_DIMS(2, 2, 1) __launch_bounds__(256, 1)
  cluster_ring(const float* in, float* out, unsigned long long* info)
{
  __shared__ float tile[256];
  const int gid = (blockIdx.y * gridDim.x + blockIdx.x) * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = in[gid];
#if CORPUS_SM90
  cg::cluster_group cluster = cg::this_cluster();
  cluster.sync();
  const unsigned next = (cluster.block_rank() + 1) % cluster.num_blocks();
  const float* neighbour = cluster.map_shared_rank(tile, next);
  const float v = neighbour[(threadIdx.x + 1) % 256];
  // relaxed arrive + wait as separate halves of the barrier
  __cluster_barrier_arrive_relaxed();
  __cluster_barrier_wait();
  out[gid] = v - tile[threadIdx.x];
  if (threadIdx.x == 0) {
    const dim3 cid = __clusterIdx();
    const dim3 cdim = __clusterGridDimInClusters();
    const unsigned owner = ptx::getctarank(ptx::space_cluster, neighbour);
    const unsigned is_cluster = __isClusterShared(neighbour);
    unsigned explicit_cluster;
    asm("{\n\t.reg .pred p;\n\tmov.pred p, %%is_explicit_cluster;\n\tselp.u32 %0, 1, 0, p;\n\t}"
        : "=r"(explicit_cluster));
    info[blockIdx.y * gridDim.x + blockIdx.x] = ((unsigned long long) owner << 48) | ((unsigned long long) is_cluster << 40) |
                                                (cid.x << 24) | (cid.y << 16) | (cdim.x << 8) | cdim.y |
                                                ((unsigned long long) explicit_cluster << 60) |
                                                ((unsigned long long) ptx::get_sreg_cluster_nctarank() << 32);
  }
  __threadfence_cluster();
  cluster.sync();  // keep shared memory alive until every neighbour has read it
#else
  __syncthreads();
  out[gid] = tile[(threadIdx.x + 1) % 256] - tile[threadIdx.x];
  if (threadIdx.x == 0) info[blockIdx.x] = 0;
#endif
}

// Producer/consumer across CTAs: rank 1 pushes values into rank 0's shared
// memory with st.async / red.async, completing rank 0's mbarrier.
__global__ void CORPUS_CLUSTER_DIMS(2, 1, 1) cluster_async_stores(const uint32_t* in, uint32_t* out)
{
#if CORPUS_SM90
  __shared__ alignas(16) uint32_t inbox[128];
  __shared__ uint32_t counter;
  __shared__ uint64_t bar;
  const uint32_t rank = ptx::get_sreg_cluster_ctarank();
  if (threadIdx.x == 0) {
    counter = 0;
    ptx::mbarrier_init(&bar, 1);
    ptx::fence_mbarrier_init(ptx::sem_release, ptx::scope_cluster);
  }
  ptx::barrier_cluster_arrive(ptx::sem_release);
  ptx::barrier_cluster_wait(ptx::sem_acquire);
  if (rank == 0 && threadIdx.x == 0) {
    // 32 lanes * (4 + 4 + 8) bytes of stores + 32 * 4 bytes of reductions
    ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cluster, ptx::space_shared, &bar, 32 * 16 + 32 * 4);
  }
  ptx::barrier_cluster_arrive(ptx::sem_release);
  ptx::barrier_cluster_wait(ptx::sem_acquire);
  if (rank == 1 && threadIdx.x < 32) {
    uint32_t* remote_inbox = static_cast<uint32_t*>(__cluster_map_shared_rank(inbox, 0));
    uint32_t* remote_counter = static_cast<uint32_t*>(__cluster_map_shared_rank(&counter, 0));
    uint64_t* remote_bar = static_cast<uint64_t*>(__cluster_map_shared_rank(&bar, 0));
    const uint32_t v = in[threadIdx.x];
    ptx::st_async(remote_inbox + threadIdx.x, v, remote_bar);
    const uint32_t pair[2] = {v + 1, v + 2};
    ptx::st_async(remote_inbox + 32 + 2 * threadIdx.x, pair, remote_bar);
    const uint32_t quad_base = 96 + 0 * threadIdx.x;
    if (threadIdx.x == 0) {
      const uint32_t quad[4] = {1, 2, 3, 4};
      ptx::st_async(remote_inbox + quad_base, quad, remote_bar);
    }
    ptx::red_async(ptx::op_add, remote_counter, v, remote_bar);
  }
  if (rank == 0) {
    while (!ptx::mbarrier_try_wait_parity(ptx::sem_acquire, ptx::scope_cluster, &bar, 0)) {
    }
    if (threadIdx.x < 128) out[threadIdx.x] = inbox[threadIdx.x] + counter;
  }
  ptx::barrier_cluster_arrive();
  ptx::barrier_cluster_wait();
#else
  if (threadIdx.x < 128) out[threadIdx.x] = in[threadIdx.x % 32];
#endif
}

// Cluster shape chosen at launch time (no __cluster_dims__; .maxclusterrank may
// not be combined with .reqnctapercluster): only the special
// registers tell the kernel what it got.
__global__ void CORPUS_LAUNCH_BOUNDS3(128, 2, 8) cluster_runtime_shape(unsigned* out)
{
#if CORPUS_SM90
  const unsigned v = ptx::get_sreg_cluster_ctaid_x() | (ptx::get_sreg_cluster_nctaid_x() << 8) |
                     (ptx::get_sreg_clusterid_x() << 16) | (ptx::get_sreg_nclusterid_x() << 24);
  out[blockIdx.x * blockDim.x + threadIdx.x] = v ^ __clusterDimIsSpecified();
  if (__clusterSizeInBlocks() > 1) {
    cg::this_cluster().sync();
  }
#else
  out[blockIdx.x * blockDim.x + threadIdx.x] = blockIdx.x;
#endif
}

// Blackwell work-stealing: try to cancel a not-yet-launched cluster and take
// over its work; st.bulk zero-fills the scratch tile.
__global__ void cluster_launch_control(float* data, int* stolen)
{
#if CORPUS_SM100
  namespace ptx = cuda::ptx;
  __shared__ alignas(16) uint4 response;
  __shared__ alignas(128) float scratch[256];
  __shared__ uint64_t bar;
  if (threadIdx.x == 0) {
    ptx::mbarrier_init(&bar, 1);
    ptx::fence_mbarrier_init(ptx::sem_release, ptx::scope_cluster);
    ptx::st_bulk(scratch, sizeof(scratch), ptx::n32_t<0>());
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &bar, sizeof(uint4));
    ptx::clusterlaunchcontrol_try_cancel(&response, &bar);
  }
  while (!ptx::mbarrier_try_wait_parity(&bar, 0)) {
  }
  __int128 r;
  memcpy(&r, (const void*) &response, sizeof(r));
  if (ptx::clusterlaunchcontrol_query_cancel_is_canceled(r)) {
    const int bx = ptx::clusterlaunchcontrol_query_cancel_get_first_ctaid_x<int>(r);
    int first[4];
    ptx::clusterlaunchcontrol_query_cancel_get_first_ctaid(first, r);
    data[bx * blockDim.x + threadIdx.x] += scratch[threadIdx.x & 255] + 1.0f;
    if (threadIdx.x == 0) stolen[blockIdx.x] = bx + first[1];
  }
#else
  data[blockIdx.x * blockDim.x + threadIdx.x] += 1.0f;
  if (threadIdx.x == 0) stolen[blockIdx.x] = -1;
#endif
}
