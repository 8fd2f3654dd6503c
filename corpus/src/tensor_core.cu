// tensor_core.cu - matrix multiply-accumulate in all the ways PTX spells it.
//
// Exercises: wmma.load / wmma.mma / wmma.store for f16 (f16 and f32 accum),
// bf16, tf32, s8, u4 / b1 sub-byte (experimental API, bmma with xor/and popc) and
// f64; inline-asm mma.sync.aligned (m16n8k16 f16/bf16, m16n8k8 tf32,
// m16n8k32 s8 with satfinite, m8n8k4 f64, m16n8k32 e4m3 on sm_89+), ldmatrix
// (.x4, .trans), movmatrix, stmatrix (sm_90+); wgmma.fence / wgmma.mma_async
// with smem descriptors / commit_group / wait_group on sm_90a; and the sm_100a
// tcgen05 family (alloc, mma, commit, ld, wait, fence, dealloc) via cuda::ptx.
#include <mma.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cuda/ptx>
#include <cstdint>

#include "common.cuh"

using namespace nvcuda;
namespace ptx = cuda::ptx;

// ---------------------------------------------------------------- wmma
__global__ void wmma_f16(const half* a, const half* b, const float* c, float* d, half* d16, int lda)
{
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fragment<wmma::accumulator, 16, 16, 16, half> acc16;
  wmma::load_matrix_sync(acc, c, lda, wmma::mem_row_major);
  wmma::fill_fragment(acc16, __float2half(0.0f));
  for (int k = 0; k < 4; ++k) {
    wmma::load_matrix_sync(fa, a + k * 16, lda);
    wmma::load_matrix_sync(fb, b + k * 16, lda);
    wmma::mma_sync(acc, fa, fb, acc);
    wmma::mma_sync(acc16, fa, fb, acc16);
  }
  for (int i = 0; i < acc.num_elements; ++i) {
    acc.x[i] = fmaxf(acc.x[i], 0.0f);
  }
  wmma::store_matrix_sync(d, acc, lda, wmma::mem_col_major);
  wmma::store_matrix_sync(d16, acc16, lda, wmma::mem_row_major);
}

__global__ void wmma_other_types(const __nv_bfloat16* abf, const float* atf, const signed char* a8, const double* a64,
                                 float* out, int* iout, double* dout)
{
  {
    wmma::fragment<wmma::matrix_a, 32, 8, 16, __nv_bfloat16, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 32, 8, 16, __nv_bfloat16, wmma::row_major> fb;
    wmma::fragment<wmma::accumulator, 32, 8, 16, float> acc;
    wmma::fill_fragment(acc, 1.0f);
    wmma::load_matrix_sync(fa, abf, 16);
    wmma::load_matrix_sync(fb, abf + 512, 8);
    wmma::mma_sync(acc, fa, fb, acc);
    wmma::store_matrix_sync(out, acc, 8, wmma::mem_row_major);
  }
  {
    wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 8, float> acc;
    wmma::fill_fragment(acc, 0.0f);
    wmma::load_matrix_sync(fa, atf, 8);
    wmma::load_matrix_sync(fb, atf + 128, 8);
    for (int i = 0; i < fa.num_elements; ++i) {
      fa.x[i] = wmma::__float_to_tf32(fa.x[i]);
    }
    wmma::mma_sync(acc, fa, fb, acc);
    wmma::store_matrix_sync(out + 256, acc, 16, wmma::mem_row_major);
  }
  {
    wmma::fragment<wmma::matrix_a, 8, 32, 16, signed char, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 8, 32, 16, signed char, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 8, 32, 16, int> acc;
    wmma::fill_fragment(acc, 0);
    wmma::load_matrix_sync(fa, a8, 16);
    wmma::load_matrix_sync(fb, a8 + 256, 16);
    wmma::mma_sync(acc, fa, fb, acc, true);  // satfinite
    wmma::store_matrix_sync(iout, acc, 32, wmma::mem_row_major);
  }
  {
    using namespace wmma::experimental;
    wmma::fragment<wmma::matrix_a, 8, 8, 32, precision::u4, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 8, 8, 32, precision::u4, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 8, 8, 32, int> acc;
    wmma::fill_fragment(acc, 0);
    wmma::load_matrix_sync(fa, a8, 32);
    wmma::load_matrix_sync(fb, a8 + 128, 32);
    wmma::mma_sync(acc, fa, fb, acc);
    wmma::fragment<wmma::matrix_a, 8, 8, 128, precision::b1, wmma::row_major> ba;
    wmma::fragment<wmma::matrix_b, 8, 8, 128, precision::b1, wmma::col_major> bb;
    wmma::load_matrix_sync(ba, a8 + 512, 128);
    wmma::load_matrix_sync(bb, a8 + 640, 128);
    wmma::fragment<wmma::accumulator, 8, 8, 128, int> bacc;
    wmma::fill_fragment(bacc, 0);
    wmma::bmma_sync(bacc, ba, bb, bacc, bmmaBitOpXOR, bmmaAccumulateOpPOPC);
    wmma::bmma_sync(bacc, ba, bb, bacc, bmmaBitOpAND, bmmaAccumulateOpPOPC);
    wmma::store_matrix_sync(iout + 256, acc, 8, wmma::mem_row_major);
    wmma::store_matrix_sync(iout + 320, bacc, 8, wmma::mem_col_major);
  }
  {
    wmma::fragment<wmma::matrix_a, 8, 8, 4, double, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 8, 8, 4, double, wmma::row_major> fb;
    wmma::fragment<wmma::accumulator, 8, 8, 4, double> acc;
    wmma::fill_fragment(acc, 0.0);
    wmma::load_matrix_sync(fa, a64, 4);
    wmma::load_matrix_sync(fb, a64 + 32, 8);
    wmma::mma_sync(acc, fa, fb, acc);
    wmma::store_matrix_sync(dout, acc, 8, wmma::mem_col_major);
  }
}

// ---------------------------------------------------------------- mma.sync
// One warp computes a 16x8 tile; fragments are loaded with ldmatrix.
__global__ void mma_sync_asm(const half* a, const half* b, const __nv_bfloat16* abf, const float* atf,
                             const int8_t* a8, const double* a64, float* out, int32_t* iout, double* dout)
{
  __shared__ alignas(128) half sa[16 * 16];
  __shared__ alignas(128) half sb[16 * 8];
  const int lane = threadIdx.x & 31;
  for (int i = lane; i < 256; i += 32) sa[i] = a[i];
  for (int i = lane; i < 128; i += 32) sb[i] = b[i];
  __syncwarp();

  uint32_t ra[4], rb[2];
  const uint32_t a_addr = (uint32_t) __cvta_generic_to_shared(&sa[(lane % 16) * 16 + (lane / 16) * 8]);
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
               : "=r"(ra[0]), "=r"(ra[1]), "=r"(ra[2]), "=r"(ra[3])
               : "r"(a_addr));
  const uint32_t b_addr = (uint32_t) __cvta_generic_to_shared(&sb[(lane % 16) * 8]);
  asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0, %1}, [%2];"
               : "=r"(rb[0]), "=r"(rb[1])
               : "r"(b_addr));

  float c[4] = {0.f, 0.f, 0.f, 0.f};
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
               "{%0, %1, %2, %3};"
               : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
               : "r"(ra[0]), "r"(ra[1]), "r"(ra[2]), "r"(ra[3]), "r"(rb[0]), "r"(rb[1]));

  // bf16 operands, registers loaded straight from global memory
  const uint32_t* abf32 = reinterpret_cast<const uint32_t*>(abf);
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
               "{%0, %1, %2, %3};"
               : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
               : "r"(abf32[lane]), "r"(abf32[lane + 32]), "r"(abf32[lane + 64]), "r"(abf32[lane + 96]),
                 "r"(abf32[lane + 128]), "r"(abf32[lane + 160]));

  // tf32: m16n8k8
  uint32_t t[6];
  for (int i = 0; i < 6; ++i) {
    asm("cvt.rna.tf32.f32 %0, %1;" : "=r"(t[i]) : "f"(atf[lane + 32 * i]));
  }
  asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
               "{%0, %1, %2, %3};"
               : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
               : "r"(t[0]), "r"(t[1]), "r"(t[2]), "r"(t[3]), "r"(t[4]), "r"(t[5]));

  // s8 with saturation
  const uint32_t* a8w = reinterpret_cast<const uint32_t*>(a8);
  int32_t ic[4] = {0, 0, 0, 0};
  asm volatile("mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, "
               "{%8, %9}, {%0, %1, %2, %3};"
               : "+r"(ic[0]), "+r"(ic[1]), "+r"(ic[2]), "+r"(ic[3])
               : "r"(a8w[lane]), "r"(a8w[lane + 32]), "r"(a8w[lane + 64]), "r"(a8w[lane + 96]), "r"(a8w[lane + 128]),
                 "r"(a8w[lane + 160]));

  // f64 m8n8k4
  double dc[2] = {0.0, 0.0};
  asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0, %1}, {%2}, {%3}, {%0, %1};"
               : "+d"(dc[0]), "+d"(dc[1])
               : "d"(a64[lane]), "d"(a64[lane + 32]));

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 890
  // fp8 (e4m3 x e5m2) m16n8k32
  asm volatile("mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e5m2.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
               "{%0, %1, %2, %3};"
               : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
               : "r"(a8w[lane]), "r"(a8w[lane + 32]), "r"(a8w[lane + 64]), "r"(a8w[lane + 96]), "r"(a8w[lane + 128]),
                 "r"(a8w[lane + 160]));
#endif

  // movmatrix transposes an 8x8 b16 tile inside registers
  uint32_t moved;
  asm volatile("movmatrix.sync.aligned.m8n8.trans.b16 %0, %1;" : "=r"(moved) : "r"(ra[0]));

#if CORPUS_SM90
  // stmatrix writes the fragment back to shared memory
  asm volatile("stmatrix.sync.aligned.m8n8.x2.shared.b16 [%0], {%1, %2};" ::"r"(a_addr), "r"(moved), "r"(ra[1])
               : "memory");
  __syncwarp();
  moved ^= reinterpret_cast<const uint32_t*>(sa)[lane];
#endif

  for (int i = 0; i < 4; ++i) {
    out[lane * 4 + i] = c[i] + float(moved & 0xff);
    iout[lane * 4 + i] = ic[i];
  }
  dout[lane * 2] = dc[0];
  dout[lane * 2 + 1] = dc[1];
}

// ---------------------------------------------------------------- wgmma (sm_90a)
#if CORPUS_SM90A
__device__ __forceinline__ uint64_t smem_desc(const void* p)
{
  const uint64_t addr = (uint64_t) __cvta_generic_to_shared(p);
  uint64_t desc = 0;
  desc |= (addr & 0x3ffff) >> 4;        // start address
  desc |= uint64_t(16 >> 4) << 16;      // leading byte offset
  desc |= uint64_t(1024 >> 4) << 32;    // stride byte offset
  desc |= uint64_t(1) << 62;            // 128B swizzle
  return desc;
}
#endif

__global__ void __launch_bounds__(128) wgmma_tile(const half* a, const half* b, float* d)
{
#if CORPUS_SM90A
  __shared__ alignas(1024) half sa[64 * 16];
  __shared__ alignas(1024) half sb[16 * 64];
  for (int i = threadIdx.x; i < 64 * 16; i += blockDim.x) {
    sa[i] = a[i];
    sb[i] = b[i];
  }
  __syncthreads();
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  float acc[32];
  for (int i = 0; i < 32; ++i) acc[i] = 0.0f;
  const uint64_t da = smem_desc(sa);
  const uint64_t db = smem_desc(sb);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  asm volatile(
    "{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %34, 0;\n\t"
    "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 "
    "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, "
    "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, "
    "%32, %33, p, 1, 1, 0, 1;\n\t}"
    : "+f"(acc[0]), "+f"(acc[1]), "+f"(acc[2]), "+f"(acc[3]), "+f"(acc[4]), "+f"(acc[5]), "+f"(acc[6]), "+f"(acc[7]),
      "+f"(acc[8]), "+f"(acc[9]), "+f"(acc[10]), "+f"(acc[11]), "+f"(acc[12]), "+f"(acc[13]), "+f"(acc[14]),
      "+f"(acc[15]), "+f"(acc[16]), "+f"(acc[17]), "+f"(acc[18]), "+f"(acc[19]), "+f"(acc[20]), "+f"(acc[21]),
      "+f"(acc[22]), "+f"(acc[23]), "+f"(acc[24]), "+f"(acc[25]), "+f"(acc[26]), "+f"(acc[27]), "+f"(acc[28]),
      "+f"(acc[29]), "+f"(acc[30]), "+f"(acc[31])
    : "l"(da), "l"(db), "r"(0));
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned %0;" ::"n"(0) : "memory");
  for (int i = 0; i < 32; ++i) {
    d[threadIdx.x * 32 + i] = acc[i];
  }
#else
  d[threadIdx.x] = __half2float(a[threadIdx.x]) * __half2float(b[threadIdx.x]);
#endif
}

// ---------------------------------------------------------------- tcgen05 (sm_100a)
__global__ void __launch_bounds__(128) tcgen05_tile(const uint64_t* descs, uint32_t idesc, float* out)
{
#if CORPUS_SM100A
  __shared__ uint32_t tmem_base;
  __shared__ uint64_t bar;
  const int warp = threadIdx.x / 32;
  if (warp == 0) {
    ptx::tcgen05_alloc(ptx::cta_group_1, &tmem_base, 64u);
    ptx::tcgen05_relinquish_alloc_permit(ptx::cta_group_1);
  }
  if (threadIdx.x == 0) {
    ptx::mbarrier_init(&bar, 1);
    ptx::fence_mbarrier_init(ptx::sem_release, ptx::scope_cluster);
  }
  ptx::tcgen05_fence_before_thread_sync();
  __syncthreads();
  ptx::tcgen05_fence_after_thread_sync();
  const uint32_t tmem = tmem_base;
  if (threadIdx.x == 0) {
    ptx::tcgen05_mma(ptx::kind_f16, ptx::cta_group_1, tmem, descs[0], descs[1], idesc, false);
    ptx::tcgen05_mma(ptx::kind_f16, ptx::cta_group_1, tmem, descs[2], descs[3], idesc, true);
    ptx::tcgen05_commit(ptx::cta_group_1, &bar);
  }
  while (!ptx::mbarrier_try_wait_parity(&bar, 0)) {
  }
  ptx::tcgen05_fence_after_thread_sync();
  uint32_t r[8];
  ptx::tcgen05_ld_32x32b(r, tmem + ((warp * 32) << 16));
  ptx::tcgen05_wait_ld();
  for (int i = 0; i < 8; ++i) {
    out[threadIdx.x * 8 + i] = __uint_as_float(r[i]);
  }
  ptx::tcgen05_fence_before_thread_sync();
  __syncthreads();
  if (warp == 0) {
    ptx::tcgen05_dealloc(ptx::cta_group_1, tmem, 64u);
  }
#else
  out[threadIdx.x] = float(descs[threadIdx.x] + idesc);
#endif
}
