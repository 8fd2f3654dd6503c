// linkage.cu - separate-compilation (relocatable device code) constructs.
//
// This source is compiled with -rdc=true (it declares symbols defined in other
// translation units, which whole-program mode rejects), giving:
// .visible .global / .visible .const / .visible .func, .extern .global /
// .extern .const / .extern .func declarations, .weak .func and .weak .global
// (templates and C++17 inline variables), .common-free tentative definitions,
// and dynamic parallelism: device-side kernel launches lowered to
// cudaGetParameterBufferV2 + cudaLaunchDeviceV2 calls, with the child kernel's
// address taken as an operand, into fire-and-forget / tail-launch streams.
#include <cuda_runtime.h>
#include <cstdint>

// defined in some other translation unit
extern __device__ int ext_counter;
extern __device__ float ext_table[];
extern __constant__ double ext_const_params[8];
extern __device__ float ext_transform(float x, int mode);
extern "C" __device__ void ext_log_event(unsigned code, const void* payload);

// visible definitions
__device__ int vis_counter = 1;
__constant__ float vis_weights[4] = {0.1f, 0.2f, 0.3f, 0.4f};
__device__ float vis_scale(float x) { return x * vis_weights[1]; }

// weak definitions
inline __device__ unsigned inline_seed = 0x9e3779b9u;
template <typename T>
__device__ T weak_square(T v)
{
  return v * v;
}
template <int N>
__device__ int registry_slots[N];  // variable template -> .weak .global

// internal linkage
static __device__ int hidden_state;
static __device__ __noinline__ int hidden_helper(int x) { return x ^ hidden_state; }

__global__ void uses_externals(float* out, int n)
{
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float x = ext_table[i] * (float) ext_const_params[i & 7];
  out[i] = ext_transform(x, i & 3) + vis_scale(x) + weak_square(x) + (float) weak_square<long long>(i);
  atomicAdd(&ext_counter, 1);
  atomicAdd(&vis_counter, hidden_helper(i));
  registry_slots<16>[i & 15] = (int) (inline_seed * i);
  if (i == 0) ext_log_event(0xabcd, out);
}

// ---------------------------------------------------------------- dynamic parallelism
__global__ void child_kernel(float* data, int offset, float factor)
{
  const int i = offset + blockIdx.x * blockDim.x + threadIdx.x;
  data[i] *= factor;
}

__global__ void parent_kernel(float* data, int n, int chunk)
{
  if (threadIdx.x == 0) {
    const int offset = blockIdx.x * chunk;
    if (offset < n) {
      const int blocks = (min(chunk, n - offset) + 127) / 128;
      child_kernel<<<blocks, 128, 0, cudaStreamFireAndForget>>>(data, offset, 2.0f);
      if (blockIdx.x == 0) {
        child_kernel<<<1, 32, 64, cudaStreamTailLaunch>>>(data, 0, 0.5f);
      }
    }
  }
}
