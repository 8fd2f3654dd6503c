// Kernels that instantiate CCCL's cuda::ptx wrappers for loads and stores
// (see cccl_wrappers.cu for the purpose): every ld wrapper (96 names: .nc,
// the L1 eviction priorities, L2::cache_hint, the L2 prefetch sizes) and every
// st wrapper (12 names), each at every width b8 to b128; and the multimem
// wrappers (multimem_ld_reduce, multimem_red, multimem_st) at every operation,
// type, semantics and scope. The multimem kernels are only compiled: they
// need a multicast object, which no test creates.
#include <cuda/ptx>
#include <cstdint>

namespace ptx = cuda::ptx;

// One buffer of each width the wrappers take (B8, B16, B32, B64, B128).
struct Buffers {
  std::uint8_t* b8;
  std::uint16_t* b16;
  std::uint32_t* b32;
  std::uint64_t* b64;
  uint4* b128;
};

// Calls `load` at every width and folds the results into one word.
template <typename Load>
__device__ std::uint64_t load_every_width(Load load, const Buffers& in) {
  const uint4 wide = load(static_cast<const uint4*>(in.b128));
  return load(static_cast<const std::uint8_t*>(in.b8)) + load(static_cast<const std::uint16_t*>(in.b16)) +
         load(static_cast<const std::uint32_t*>(in.b32)) + load(static_cast<const std::uint64_t*>(in.b64)) +
         wide.x + wide.w;
}

// Calls `store` at every width.
template <typename Store>
__device__ void store_every_width(Store store, const Buffers& out, std::uint64_t value) {
  store(out.b8, static_cast<std::uint8_t>(value));
  store(out.b16, static_cast<std::uint16_t>(value));
  store(out.b32, static_cast<std::uint32_t>(value));
  store(out.b64, value);
  store(out.b128, make_uint4(static_cast<unsigned>(value), 1u, 2u, static_cast<unsigned>(value >> 32)));
}

// The eight ld wrappers of one L1 behaviour: no L2 qualifier, the three L2
// prefetch sizes, L2::cache_hint alone and with each prefetch size.
#define CCCL_LD(fn) sum += load_every_width([&](auto* p) { return ptx::fn(ptx::space_global, p); }, in);
#define CCCL_LD_HINT(fn) \
  sum += load_every_width([&](auto* p) { return ptx::fn(ptx::space_global, p, policy); }, in);
#define CCCL_LD_L2(base)                 \
  CCCL_LD(base)                          \
  CCCL_LD(base##_L2_64B)                 \
  CCCL_LD(base##_L2_128B)                \
  CCCL_LD(base##_L2_256B)                \
  CCCL_LD_HINT(base##_L2_cache_hint)     \
  CCCL_LD_HINT(base##_L2_cache_hint_L2_64B) \
  CCCL_LD_HINT(base##_L2_cache_hint_L2_128B) \
  CCCL_LD_HINT(base##_L2_cache_hint_L2_256B)

// ld: the weak loads (48 wrappers x 5 widths).
__global__ void loads(Buffers in, std::uint64_t policy, std::uint64_t* out) {
  std::uint64_t sum = 0;
  CCCL_LD_L2(ld)
  CCCL_LD_L2(ld_L1_evict_normal)
  CCCL_LD_L2(ld_L1_evict_unchanged)
  CCCL_LD_L2(ld_L1_evict_first)
  CCCL_LD_L2(ld_L1_evict_last)
  CCCL_LD_L2(ld_L1_no_allocate)
  out[threadIdx.x] = sum;
}

// ld: the non-coherent loads (48 wrappers x 5 widths).
__global__ void loads_nc(Buffers in, std::uint64_t policy, std::uint64_t* out) {
  std::uint64_t sum = 0;
  CCCL_LD_L2(ld_nc)
  CCCL_LD_L2(ld_nc_L1_evict_normal)
  CCCL_LD_L2(ld_nc_L1_evict_unchanged)
  CCCL_LD_L2(ld_nc_L1_evict_first)
  CCCL_LD_L2(ld_nc_L1_evict_last)
  CCCL_LD_L2(ld_nc_L1_no_allocate)
  out[threadIdx.x] = sum;
}

#define CCCL_ST(fn) store_every_width([&](auto* p, auto v) { ptx::fn(ptx::space_global, p, v); }, out, value);
#define CCCL_ST_HINT(fn) \
  store_every_width([&](auto* p, auto v) { ptx::fn(ptx::space_global, p, v, policy); }, out, value);

// st: every wrapper (12 x 5 widths).
__global__ void stores(Buffers out, std::uint64_t value, std::uint64_t policy) {
  CCCL_ST(st)
  CCCL_ST_HINT(st_L2_cache_hint)
  CCCL_ST(st_L1_evict_normal)
  CCCL_ST_HINT(st_L1_evict_normal_L2_cache_hint)
  CCCL_ST(st_L1_evict_unchanged)
  CCCL_ST_HINT(st_L1_evict_unchanged_L2_cache_hint)
  CCCL_ST(st_L1_evict_first)
  CCCL_ST_HINT(st_L1_evict_first_L2_cache_hint)
  CCCL_ST(st_L1_evict_last)
  CCCL_ST_HINT(st_L1_evict_last_L2_cache_hint)
  CCCL_ST(st_L1_no_allocate)
  CCCL_ST_HINT(st_L1_no_allocate_L2_cache_hint)
}

// multimem_ld_reduce at one operation and type: .weak, then .relaxed and
// .acquire at every scope.
template <typename Op, typename T>
__device__ std::uint64_t ld_reduce_all(Op op, const T* addr) {
  std::uint64_t sum = ptx::multimem_ld_reduce(ptx::sem_weak, op, addr);
  sum += ptx::multimem_ld_reduce(ptx::sem_relaxed, ptx::scope_cta, op, addr);
  sum += ptx::multimem_ld_reduce(ptx::sem_relaxed, ptx::scope_cluster, op, addr);
  sum += ptx::multimem_ld_reduce(ptx::sem_acquire, ptx::scope_gpu, op, addr);
  sum += ptx::multimem_ld_reduce(ptx::sem_acquire, ptx::scope_sys, op, addr);
  return sum;
}

// multimem_red at one operation and type: .relaxed and .release at every
// scope.
template <typename Op, typename T>
__device__ void red_all(Op op, T* addr, T value) {
  ptx::multimem_red(ptx::sem_relaxed, ptx::scope_cta, op, addr, value);
  ptx::multimem_red(ptx::sem_relaxed, ptx::scope_cluster, op, addr, value);
  ptx::multimem_red(ptx::sem_release, ptx::scope_gpu, op, addr, value);
  ptx::multimem_red(ptx::sem_release, ptx::scope_sys, op, addr, value);
}

// multimem_ld_reduce: every operation x type the header offers.
__global__ void multimem_loads(const std::uint32_t* u32, const std::int32_t* s32, const std::uint64_t* u64,
                               const std::int64_t* s64, const float* b32, const double* b64, std::uint64_t* out) {
  std::uint64_t sum = 0;
  sum += ld_reduce_all(ptx::op_min, u32) + ld_reduce_all(ptx::op_max, u32) + ld_reduce_all(ptx::op_add, u32);
  sum += ld_reduce_all(ptx::op_min, s32) + ld_reduce_all(ptx::op_max, s32) + ld_reduce_all(ptx::op_add, s32);
  sum += ld_reduce_all(ptx::op_min, u64) + ld_reduce_all(ptx::op_max, u64) + ld_reduce_all(ptx::op_add, u64);
  sum += ld_reduce_all(ptx::op_min, s64) + ld_reduce_all(ptx::op_max, s64) + ld_reduce_all(ptx::op_add, s64);
  sum += ld_reduce_all(ptx::op_and_op, b32) + ld_reduce_all(ptx::op_or_op, b32) + ld_reduce_all(ptx::op_xor_op, b32);
  sum += ld_reduce_all(ptx::op_and_op, b64) + ld_reduce_all(ptx::op_or_op, b64) + ld_reduce_all(ptx::op_xor_op, b64);
  out[threadIdx.x] = sum;
}

// multimem_red and multimem_st: every operation x type, every semantics and
// scope.
__global__ void multimem_stores(std::uint32_t* u32, std::int32_t* s32, std::uint64_t* u64, std::int64_t* s64,
                                float* b32, double* b64, std::uint64_t value) {
  const auto w = static_cast<std::uint32_t>(value);
  const auto sw = static_cast<std::int32_t>(value);
  const auto sd = static_cast<std::int64_t>(value);
  red_all(ptx::op_min, u32, w);
  red_all(ptx::op_max, u32, w);
  red_all(ptx::op_add, u32, w);
  red_all(ptx::op_min, s32, sw);
  red_all(ptx::op_max, s32, sw);
  red_all(ptx::op_add, s32, sw);
  red_all(ptx::op_min, u64, value);
  red_all(ptx::op_max, u64, value);
  red_all(ptx::op_add, u64, value);
  red_all(ptx::op_min, s64, sd);
  red_all(ptx::op_max, s64, sd);
  red_all(ptx::op_add, s64, sd);
  red_all(ptx::op_and_op, b32, 1.0f);
  red_all(ptx::op_or_op, b32, 2.0f);
  red_all(ptx::op_xor_op, b32, 3.0f);
  red_all(ptx::op_and_op, b64, 1.0);
  red_all(ptx::op_or_op, b64, 2.0);
  red_all(ptx::op_xor_op, b64, 3.0);
  ptx::multimem_st(ptx::sem_weak, u32, w);
  ptx::multimem_st(ptx::sem_weak, u64, value);
  ptx::multimem_st(ptx::sem_relaxed, ptx::scope_cta, s32, sw);
  ptx::multimem_st(ptx::sem_relaxed, ptx::scope_cluster, b32, 1.0f);
  ptx::multimem_st(ptx::sem_release, ptx::scope_gpu, s64, sd);
  ptx::multimem_st(ptx::sem_release, ptx::scope_sys, b64, 2.0);
}
