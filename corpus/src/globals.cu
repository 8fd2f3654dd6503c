// globals.cu - module-scope variables and their initialisers; shared memory.
//
// Exercises: .const arrays (integers, floats as 0f.../doubles as 0d..., structs,
// strings), .global variables with scalar / aggregate / zero initialisers,
// address-of initialisers that nvcc prints as generic(sym) and generic(sym)+off
// (pointers to globals, to constants, to array elements, pointer tables),
// __managed__ (.attribute(.managed)), static (non-.visible) globals, C++17 static inline
// / template variables (.weak), explicit __align__ alignments, .b8 byte-array
// initialisers for mixed structs, half/bf16 constants, bool/char/short types,
// static __shared__ arrays (incl. 2-D and struct-typed), extern __shared__
// dynamic arrays (.extern .shared .align N .b8 x[]), several dynamic arrays
// aliasing one buffer, and __grid_constant__ struct parameters.
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cstdint>

struct Material {
  float albedo[3];
  float roughness;
  int id;
  const char* name;
};

struct Mixed {
  char c;
  short s;
  int i;
  long long ll;
  float f;
  double d;
  bool b;
  unsigned char bytes[5];
};

// ---------------------------------------------------------------- constants
__constant__ float c_coeffs[8] = {1.0f, -0.5f, 0.25f, 3.14159265f, 1e-30f, 6.02e23f, -0.0f, 2.5f};
__constant__ double c_dcoeffs[4] = {1.0, 2.718281828459045, -1e300, 4.9406564584124654e-324};
__constant__ int c_lut[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
__constant__ long long c_big[3] = {-1, 0x7fffffffffffffffll, -0x7fffffffffffffffll - 1};
__constant__ unsigned short c_u16[4] = {0xffff, 1, 2, 0x8000};
__constant__ Mixed c_mixed = {'x', -7, 123456, -9876543210ll, 1.5f, -2.25, true, {1, 2, 3, 4, 5}};
__constant__ char c_message[] = "constant string\n";
__constant__ float c_matrix[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
__constant__ int c_uninit[64];
__constant__ __half c_half[2];

// ---------------------------------------------------------------- globals
__device__ int g_counter = 17;
__device__ unsigned long long g_mask = 0xdeadbeefcafef00dull;
__device__ float g_scale = 0.75f;
__device__ double g_bias = -1.0 / 3.0;
__device__ bool g_flag = true;
__device__ int g_array[10] = {9, 8, 7};  // tail zero-filled
__device__ float g_zero[1024];
__device__ __align__(64) float g_aligned[16] = {1, 2, 3, 4};
__device__ char g_name_storage[] = "global-name";
__device__ Material g_materials[2] = {
  {{0.8f, 0.1f, 0.1f}, 0.5f, 1, nullptr},
  {{0.1f, 0.8f, 0.1f}, 0.2f, 2, nullptr},
};

// address-of initialisers
__device__ int* g_counter_ptr = &g_counter;
__device__ int* g_array_mid = &g_array[5];
__device__ const float* g_coeff_ptr = &c_coeffs[2];
__device__ const char* g_name = g_name_storage;
__device__ const int* g_ptr_table[3] = {&g_counter, &g_array[1], &g_array[9]};
__device__ Material* g_default_material = &g_materials[1];
__device__ Material g_linked = {{1.0f, 1.0f, 1.0f}, 0.0f, 3, g_name_storage + 7};
__device__ void* g_self = &g_mask;  // (a self-referencing initialiser trips NVVM: "Circular dependency")
__constant__ const int* c_ptr_to_global = &g_counter;

// linkage variants
static __device__ int s_file_local = 5;
static __device__ float s_hidden_table[4] = {0.5f, 1.5f, 2.5f, 3.5f};
static inline __device__ int g_inline_var = 99;  // must be internal without -rdc
template <typename T>
__device__ T g_template_var = T(7);
__managed__ int m_managed_counter = 3;
__managed__ float m_managed_array[8];
__device__ volatile int g_volatile_flag;

// half-precision globals
__device__ __half g_half = __half_raw{0x3c00};
__device__ __nv_bfloat16 g_bf16 = __nv_bfloat16_raw{0x3f80};
__device__ __half2 g_half2_arr[2];

// ---------------------------------------------------------------- kernels
__global__ void read_constants(float* out, double* dout, long long* lout)
{
  const int i = threadIdx.x;
  out[i] = c_coeffs[i & 7] * c_matrix[i % 3][(i + 1) % 3] + c_lut[i & 15] + c_uninit[i & 63] +
           __half2float(c_half[i & 1]) + c_u16[i & 3] + c_mixed.f + c_mixed.bytes[i % 5] + c_message[i % 16] +
           *c_ptr_to_global;
  dout[i] = c_dcoeffs[i & 3] + c_mixed.d + c_mixed.ll;
  lout[i] = c_big[i % 3] + c_mixed.c + c_mixed.s + c_mixed.i + c_mixed.b;
}

__global__ void touch_globals(float* out, int* iout)
{
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(g_counter_ptr, 1);
  g_zero[i & 1023] += g_scale;
  const Material* m = g_default_material;
  out[i] = m->albedo[i % 3] * m->roughness + g_aligned[i & 15] + float(g_bias) + *g_coeff_ptr +
           __half2float(g_half) + __bfloat162float(g_bf16) + __low2float(g_half2_arr[i & 1]) + s_hidden_table[i & 3] +
           m_managed_array[i & 7] + g_template_var<float>;
  iout[i] = *g_array_mid + *g_ptr_table[i % 3] + g_name[i % 11] + g_linked.name[0] + (int) g_mask + g_flag +
            s_file_local + g_inline_var + g_template_var<int> + g_template_var<short> + m_managed_counter +
            g_volatile_flag + (g_self == &g_mask);
  g_array[i % 10] = i;
}

// ---------------------------------------------------------------- shared memory
struct Cell {
  float v;
  int n;
};

__global__ void static_shared(const float* in, float* out)
{
  __shared__ float tile[32][33];  // padded 2-D array
  __shared__ Cell cells[64];
  __shared__ int count;
  __shared__ __align__(16) unsigned char raw[100];
  const int tx = threadIdx.x & 31, ty = threadIdx.x >> 5;
  if (threadIdx.x == 0) count = 0;
  tile[ty][tx] = in[blockIdx.x * blockDim.x + threadIdx.x];
  cells[threadIdx.x & 63].v = tile[ty][tx];
  raw[threadIdx.x % 100] = (unsigned char) threadIdx.x;
  __syncthreads();
  atomicAdd(&count, 1);
  cells[threadIdx.x & 63].n = count;
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = tile[tx][ty] + cells[(threadIdx.x + 1) & 63].v + raw[threadIdx.x % 100];
}

// Dynamic shared memory: one untyped extern buffer carved into several arrays,
// plus a second differently-typed extern declaration aliasing the same memory.
__global__ void dynamic_shared(const double* in, double* out, int n_doubles, int n_ints)
{
  extern __shared__ __align__(16) unsigned char smem[];
  double* dbuf = reinterpret_cast<double*>(smem);
  int* ibuf = reinterpret_cast<int*>(smem + n_doubles * sizeof(double));
  for (int i = threadIdx.x; i < n_doubles; i += blockDim.x) dbuf[i] = in[i];
  for (int i = threadIdx.x; i < n_ints; i += blockDim.x) ibuf[i] = i * 3;
  __syncthreads();
  double acc = 0.0;
  for (int i = threadIdx.x; i < n_doubles; i += blockDim.x) acc += dbuf[n_doubles - 1 - i] * ibuf[i % n_ints];
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

template <typename T>
__global__ void dynamic_shared_typed(const T* in, T* out)
{
  extern __shared__ float4 smem_f4[];  // same symbol name for every instantiation
  T* buf = reinterpret_cast<T*>(smem_f4);
  buf[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = buf[blockDim.x - 1 - threadIdx.x];
}
template __global__ void dynamic_shared_typed<int>(const int*, int*);
template __global__ void dynamic_shared_typed<double2>(const double2*, double2*);

// Struct passed by value as a __grid_constant__ parameter (address taken).
struct Params {
  float weights[16];
  int n;
  const float* src;
  float* dst;
};

__device__ __noinline__ float sum_weights(const Params* p)
{
  float s = 0.0f;
  for (int i = 0; i < 16; ++i) s += p->weights[i];
  return s;
}

__global__ void grid_constant_param(const __grid_constant__ Params p, Params q)
{
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < p.n) {
    p.dst[i] = p.src[i] * sum_weights(&p) + q.weights[i & 15];
  }
}
