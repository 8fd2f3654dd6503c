// cub_algorithms.cu - CUB device-wide and block-wide algorithms.
//
// The host wrappers below instantiate CUB's device kernels (DeviceReduce::Sum
// and ::Max, DeviceScan::InclusiveSum / ExclusiveScan, DeviceRadixSort::SortPairs
// for one key/value type), so their templated __global__ functions land in the
// PTX: large unrolled kernels with weak-linkage (.weak .entry) instantiations,
// dynamic-shared / static-shared temp storage, decoupled look-back scans using
// ld.relaxed/st.release-style loads, __nanosleep back-off and many warp shuffles.
// A hand-written kernel uses the block-level collectives directly.
#include <cub/block/block_load.cuh>
#include <cub/block/block_radix_sort.cuh>
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/block/block_store.cuh>
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/warp/warp_reduce.cuh>

#include <cstdint>

// Block-level collectives: load, radix sort, scan, reduce, warp reduce, store.
template <int kThreads, int kItems>
__global__ void __launch_bounds__(kThreads) block_collectives(const uint32_t* in, uint32_t* sorted, uint32_t* scanned,
                                                              uint32_t* totals, int n)
{
  using Load = cub::BlockLoad<uint32_t, kThreads, kItems, cub::BLOCK_LOAD_WARP_TRANSPOSE>;
  using Sort = cub::BlockRadixSort<uint32_t, kThreads, kItems>;
  using Scan = cub::BlockScan<uint32_t, kThreads>;
  using Reduce = cub::BlockReduce<uint32_t, kThreads>;
  using WarpRed = cub::WarpReduce<uint32_t>;
  using Store = cub::BlockStore<uint32_t, kThreads, kItems, cub::BLOCK_STORE_WARP_TRANSPOSE>;
  __shared__ union {
    typename Load::TempStorage load;
    typename Sort::TempStorage sort;
    typename Scan::TempStorage scan;
    typename Reduce::TempStorage reduce;
    typename WarpRed::TempStorage warp[kThreads / 32];
    typename Store::TempStorage store;
  } temp;

  const int base = blockIdx.x * kThreads * kItems;
  uint32_t items[kItems];
  Load(temp.load).Load(in + base, items, n - base, 0xffffffffu);
  __syncthreads();
  Sort(temp.sort).Sort(items);
  __syncthreads();
  Store(temp.store).Store(sorted + base, items, n - base);
  __syncthreads();
  uint32_t block_total;
  Scan(temp.scan).ExclusiveSum(items, items, block_total);
  __syncthreads();
  Store(temp.store).Store(scanned + base, items, n - base);
  __syncthreads();
  uint32_t thread_max = items[0];
  for (int i = 1; i < kItems; ++i) {
    thread_max = max(thread_max, items[i]);
  }
  const uint32_t block_max = Reduce(temp.reduce).Reduce(thread_max, cuda::maximum<>{});
  __syncthreads();
  const uint32_t warp_sum = WarpRed(temp.warp[threadIdx.x / 32]).Sum(items[kItems - 1]);
  if (threadIdx.x % 32 == 0) {
    atomicAdd(&totals[2 + threadIdx.x / 32], warp_sum);
  }
  if (threadIdx.x == 0) {
    atomicAdd(&totals[0], block_total);
    atomicMax(&totals[1], block_max);
  }
}

template __global__ void block_collectives<128, 4>(const uint32_t*, uint32_t*, uint32_t*, uint32_t*, int);

// Host entry points: these instantiate the device-wide kernels.
cudaError_t corpus_reduce(void* temp, size_t& temp_bytes, const float* in, float* out, int n, cudaStream_t s)
{
  return cub::DeviceReduce::Sum(temp, temp_bytes, in, out, n, s);
}

cudaError_t corpus_reduce_max(void* temp, size_t& temp_bytes, const int64_t* in, int64_t* out, int n, cudaStream_t s)
{
  return cub::DeviceReduce::Max(temp, temp_bytes, in, out, n, s);
}

cudaError_t corpus_scan(void* temp, size_t& temp_bytes, const int* in, int* out, int n, cudaStream_t s)
{
  return cub::DeviceScan::InclusiveSum(temp, temp_bytes, in, out, n, s);
}

cudaError_t corpus_scan_exclusive(void* temp, size_t& temp_bytes, const double* in, double* out, int n, cudaStream_t s)
{
  return cub::DeviceScan::ExclusiveScan(temp, temp_bytes, in, out, cuda::minimum<>{}, 1.0e300, n, s);
}

cudaError_t corpus_sort(void* temp, size_t& temp_bytes, const uint32_t* keys_in, uint32_t* keys_out,
                        const uint16_t* vals_in, uint16_t* vals_out, int n, cudaStream_t s)
{
  return cub::DeviceRadixSort::SortPairs(temp, temp_bytes, keys_in, keys_out, vals_in, vals_out, n, 0, 32, s);
}
