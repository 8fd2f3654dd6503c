// clang_kernels.cu - CUDA compiled by clang-14 (not nvcc) for NVPTX.
//
// Built with `clang++ --cuda-device-only -nocudainc -nocudalib`, so no CUDA
// headers are available: the usual qualifiers and intrinsics are spelled
// with clang attributes and __nvvm_* builtins. clang's PTX differs from
// nvcc's: LLVM-style labels ($L__BB / LBB), `// %bb.N:` comments, linkonce_odr
// templates as .weak .func, printf lowered to vprintf with a stack buffer,
// launch_bounds as .maxntid/.minnctapersm, and (in the -g variant) DWARF
// sections emitted by LLVM.

#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __forceinline__ __inline__ __attribute__((always_inline))

extern "C" __device__ int printf(const char*, ...);
extern "C" __device__ void* malloc(unsigned long);
extern "C" __device__ void free(void*);

__constant__ float c_poly[4] = {1.0f, -0.5f, 0.125f, -0.015625f};
__device__ int g_hist[64];
// (An address-of initialiser such as `__device__ int* p = &g_hist[8];` crashes
// LLVM 14's NVPTX printer when it comes from clang; calls_stack.ll has the
// working IR form.)

static __device__ __forceinline__ unsigned tid() { return __nvvm_read_ptx_sreg_tid_x(); }
static __device__ __forceinline__ unsigned gid()
{
  return __nvvm_read_ptx_sreg_ctaid_x() * __nvvm_read_ptx_sreg_ntid_x() + __nvvm_read_ptx_sreg_tid_x();
}

template <typename T>
__device__ __attribute__((noinline)) T horner(T x)
{
  T r = 0;
  for (int i = 3; i >= 0; --i) r = r * x + T(c_poly[i]);
  return r;
}

struct Accum {
  double sum;
  int count;
  __device__ void add(double v)
  {
    sum += v;
    ++count;
  }
};

__global__ void __launch_bounds__(256, 2) poly_eval(const float* in, float* out, double* dout, int n)
{
  const unsigned i = gid();
  if (i >= (unsigned) n) return;
  const float x = in[i];
  out[i] = horner(x);
  dout[i] = horner<double>(x);
}

__global__ void histogram(const int* keys, int n)
{
  __shared__ int local[64];
  if (tid() < 64) local[tid()] = 0;
  __syncthreads();
  for (unsigned i = gid(); i < (unsigned) n; i += __nvvm_read_ptx_sreg_nctaid_x() * __nvvm_read_ptx_sreg_ntid_x()) {
    __nvvm_atom_cta_add_gen_i(&local[keys[i] & 63], 1);
  }
  __syncthreads();
  if (tid() < 64) __nvvm_atom_add_gen_i(&g_hist[tid()], local[tid()]);
  if (tid() == 0) __nvvm_atom_add_gen_i(&g_hist[8], 1);
}

__global__ void warp_reduce(const double* in, double* out)
{
  extern __shared__ double partial[];
  Accum acc{0.0, 0};
  acc.add(in[gid()]);
  double v = acc.sum;
  for (int off = 16; off > 0; off /= 2) {
    const long long bits = __builtin_bit_cast(long long, v);
    const int lo = __nvvm_shfl_sync_bfly_i32(0xffffffffu, (int) bits, off, 31);
    const int hi = __nvvm_shfl_sync_bfly_i32(0xffffffffu, (int) (bits >> 32), off, 31);
    v += __builtin_bit_cast(double, ((long long) hi << 32) | (unsigned) lo);
  }
  if ((tid() & 31) == 0) partial[tid() / 32] = v;
  __syncthreads();
  if (tid() == 0) {
    double s = 0;
    for (unsigned w = 0; w < __nvvm_read_ptx_sreg_ntid_x() / 32; ++w) s += partial[w];
    out[__nvvm_read_ptx_sreg_ctaid_x()] = s;
    printf("block %d sum %f count %d\n", __nvvm_read_ptx_sreg_ctaid_x(), s, acc.count);
  }
}

__global__ void heap_and_stack(int n, int* out)
{
  int* p = (int*) malloc(sizeof(int) * 4);
  int local[8];
  for (int i = 0; i < 8; ++i) local[i] = i * n;
  if (p) {
    p[0] = local[n & 7];
    out[gid()] = p[0] + local[(n + 3) & 7];
    free(p);
  }
}
