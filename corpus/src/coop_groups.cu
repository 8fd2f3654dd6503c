// coop_groups.cu - cooperative groups.
//
// Exercises: thread_block / tiled_partition (static and dynamic sizes),
// thread_block_tile shuffles and votes, cg::reduce / cg::inclusive_scan /
// cg::exclusive_scan, coalesced_threads + labeled_partition + binary_partition
// (match.any / activemask / popc), cg::invoke_one (elect.sync on sm_90+),
// grid_group::sync (grid-wide barrier built from atom/ld.acquire/bar.sync and
// %envreg-based grid workspace pointers), block_tile_memory for large tiles.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#include <cstdint>

namespace cg = cooperative_groups;

// Per-tile reductions and scans at several tile sizes.
template <class Tile>
__device__ int tile_stats(const Tile& tile, int v, int* scan_out)
{
  const int sum = cg::reduce(tile, v, cg::plus<int>());
  const int mx = cg::reduce(tile, v, cg::greater<int>());
  const unsigned bits = cg::reduce(tile, unsigned(v), cg::bit_xor<unsigned>());
  scan_out[tile.meta_group_rank() * tile.num_threads() + tile.thread_rank()] = cg::inclusive_scan(tile, v) + cg::exclusive_scan(tile, v);
  const bool any_neg = tile.any(v < 0);
  const bool all_pos = tile.all(v > 0);
  const unsigned ballot = tile.ballot(v & 1);
  const int from_left = tile.shfl_up(v, 1) + tile.shfl_down(v, 2) + tile.shfl_xor(v, 1) + tile.shfl(v, 0);
  return sum + mx + int(bits) + any_neg + 2 * all_pos + __popc(ballot) + from_left;
}

__global__ void tiled_reductions(const int* in, int* out, int* scans)
{
  cg::thread_block block = cg::this_thread_block();
  const int v = in[blockIdx.x * blockDim.x + block.thread_rank()];
  auto t32 = cg::tiled_partition<32>(block);
  auto t16 = cg::tiled_partition<16>(block);
  auto t4 = cg::tiled_partition<4>(t32);
  int r = tile_stats(t32, v, scans) + tile_stats(t16, v, scans + 1024) + tile_stats(t4, v, scans + 2048);
  // dynamic partition: size known only at run time
  cg::thread_group dyn = cg::tiled_partition(block, 8);
  dyn.sync();
  r += dyn.thread_rank() * 3 + dyn.size();
  block.sync();
  out[blockIdx.x * blockDim.x + block.thread_rank()] = r + block.group_index().x + block.thread_index().x;
}

// Divergent code: coalesced groups, labeled and binary partitions.
__global__ void divergent_groups(const int* keys, int* counts, int* firsts)
{
  const int k = keys[blockIdx.x * blockDim.x + threadIdx.x];
  if (k % 3 != 0) {
    cg::coalesced_group active = cg::coalesced_threads();
    auto same_key = cg::labeled_partition(active, k & 7);
    const int count = same_key.size();
    const int leader_val = same_key.shfl(k, 0);
    if (same_key.thread_rank() == 0) {
      atomicAdd(&counts[k & 7], count);
    }
    auto odd_even = cg::binary_partition(active, k & 1);
    const int s = cg::reduce(odd_even, k, cg::plus<int>());
    firsts[blockIdx.x * blockDim.x + threadIdx.x] = leader_val + s + (int) active.num_threads();
  }
  auto warp = cg::tiled_partition<32>(cg::this_thread_block());
  cg::invoke_one(warp, [&] { atomicAdd(&counts[8], 1); });
  const int total = cg::invoke_one_broadcast(warp, [&] { return atomicAdd(&counts[9], 1); });
  firsts[gridDim.x * blockDim.x + blockIdx.x] = total;
}

// Grid-wide synchronisation: two phases separated by grid.sync().
__global__ void grid_two_phase(float* data, float* partial, int n)
{
  cg::grid_group grid = cg::this_grid();
  cg::thread_block block = cg::this_thread_block();
  __shared__ float warp_sums[32];
  float local = 0.0f;
  for (unsigned long long i = grid.thread_rank(); i < (unsigned long long) n; i += grid.size()) {
    local += data[i];
  }
  auto warp = cg::tiled_partition<32>(block);
  local = cg::reduce(warp, local, cg::plus<float>());
  if (warp.thread_rank() == 0) {
    warp_sums[warp.meta_group_rank()] = local;
  }
  block.sync();
  if (block.thread_rank() == 0) {
    float s = 0.0f;
    for (unsigned w = 0; w < warp.meta_group_size(); ++w) {
      s += warp_sums[w];
    }
    partial[grid.block_rank()] = s;
  }
  grid.sync();
  if (grid.thread_rank() == 0) {
    float total = 0.0f;
    for (unsigned b = 0; b < grid.num_blocks(); ++b) {
      total += partial[b];
    }
    partial[grid.num_blocks()] = total;
  }
  grid.sync();
  const float mean = partial[grid.num_blocks()] / n;
  for (unsigned long long i = grid.thread_rank(); i < (unsigned long long) n; i += grid.size()) {
    data[i] -= mean;
  }
  (void) grid.is_valid();
}

// Tiles larger than a warp need block_tile_memory scratch space.
__global__ void big_tiles(const double* in, double* out)
{
  __shared__ cg::block_tile_memory<256> scratch;
  cg::thread_block block = cg::this_thread_block(scratch);
  auto t128 = cg::tiled_partition<128>(block);
  const double v = in[blockIdx.x * blockDim.x + threadIdx.x];
  const double s = cg::reduce(t128, v, cg::plus<double>());
  const double best = cg::reduce(t128, v, cg::less<double>());
  t128.sync();
  out[blockIdx.x * blockDim.x + threadIdx.x] = s - best + t128.shfl(v, 5);
}
