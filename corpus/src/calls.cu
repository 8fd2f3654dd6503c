// calls.cu - device function calls in every shape nvcc emits.
//
// Exercises: .func definitions with .param arguments and return values
// (scalars, structs by value, arrays of params via .align .b8 x[N]), direct
// `call.uni` and indirect calls through function pointers (call with a
// .callprototype label: `call (retval), %rd, (args), prototype_N;`), a jump-table
// style array of function pointers in a __device__ global, recursion (stack
// frames: %SP/%SPL, __local_depot), virtual functions (vtables as .global
// initialisers listing function symbols), printf (vprintf with a .local
// argument buffer and $str globals), assert (__assertfail, .noreturn),
// device malloc/free, alloca (dynamic stack: alloca / stacksave / stackrestore),
// __noinline__ templates (.weak .func), and extern "C" linkage.
#include <cstdio>
#include <cassert>
#include <cstdint>

struct Vec3 {
  float x, y, z;
};

struct Big {
  double d[4];
  int tag;
  char name[12];
};

// ---------------------------------------------------------------- plain calls
__device__ __noinline__ Vec3 cross(Vec3 a, Vec3 b)
{
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}

__device__ __noinline__ Big make_big(int tag, double seed)
{
  Big b{};
  for (int i = 0; i < 4; ++i) b.d[i] = seed * (i + 1);
  b.tag = tag;
  for (int i = 0; i < 11; ++i) b.name[i] = char('a' + (tag + i) % 26);
  b.name[11] = 0;
  return b;
}

__device__ __noinline__ double consume_big(Big b, const int* arr, int n, float scale, char c, short s, bool flag)
{
  double acc = b.tag + c + s + (flag ? 1.0 : -1.0);
  for (int i = 0; i < 4; ++i) acc += b.d[i] * scale;
  for (int i = 0; i < n; ++i) acc += arr[i];
  return acc + b.name[3];
}

extern "C" __device__ __noinline__ int c_linkage_helper(int a, int b) { return a * 31 + b; }

template <typename T>
__device__ __noinline__ T clamp_generic(T v, T lo, T hi)
{
  return v < lo ? lo : (v > hi ? hi : v);
}

// ---------------------------------------------------------------- recursion
__device__ __noinline__ unsigned long long fib(int n)
{
  return n < 2 ? (unsigned long long) n : fib(n - 1) + fib(n - 2);
}

// Recursive quicksort on a local array (needs a real stack).
__device__ __noinline__ void quicksort(int* a, int lo, int hi)
{
  if (lo >= hi) return;
  const int pivot = a[(lo + hi) / 2];
  int i = lo, j = hi;
  while (i <= j) {
    while (a[i] < pivot) ++i;
    while (a[j] > pivot) --j;
    if (i <= j) {
      const int t = a[i];
      a[i] = a[j];
      a[j] = t;
      ++i;
      --j;
    }
  }
  quicksort(a, lo, j);
  quicksort(a, i, hi);
}

// ---------------------------------------------------------------- function pointers
typedef float (*unary_fn)(float);
typedef int (*binop_fn)(int, int);

__device__ __noinline__ float op_square(float x) { return x * x; }
__device__ __noinline__ float op_negate(float x) { return -x; }
__device__ __noinline__ float op_recip(float x) { return 1.0f / x; }
__device__ __noinline__ int op_add(int a, int b) { return a + b; }
__device__ __noinline__ int op_max(int a, int b) { return a > b ? a : b; }

__device__ unary_fn g_unary_table[3] = {op_square, op_negate, op_recip};
__device__ binop_fn g_binop_table[2] = {op_add, op_max};

__device__ __noinline__ float apply_twice(unary_fn f, float x) { return f(f(x)); }

// ---------------------------------------------------------------- virtual dispatch
struct Shape {
  __device__ virtual float area() const = 0;
  __device__ virtual int sides() const { return 0; }
  __device__ virtual ~Shape() {}
};
struct Square : Shape {
  float s;
  __device__ explicit Square(float s_) : s(s_) {}
  __device__ float area() const override { return s * s; }
  __device__ int sides() const override { return 4; }
};
struct Circle : Shape {
  float r;
  __device__ explicit Circle(float r_) : r(r_) {}
  __device__ float area() const override { return 3.14159265f * r * r; }
};

// ---------------------------------------------------------------- kernels
__global__ void direct_calls(const float* in, double* out, int* iout)
{
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const Vec3 a{in[i], in[i + 1], in[i + 2]};
  const Vec3 b{in[i + 3], 1.0f, 2.0f};
  const Vec3 c = cross(a, b);
  const Big big = make_big(i, c.x);
  int arr[5] = {i, i + 1, i + 2, c_linkage_helper(i, 3), 7};
  out[i] = consume_big(big, arr, 5, c.y, 'q', short(i), c.z > 0.0f);
  iout[i] = clamp_generic(i, 3, 100) + int(clamp_generic(double(c.x), -1.0, 1.0) * 10) +
            int(clamp_generic<long long>(i, 0, 7));
}

__global__ void indirect_calls(const float* in, float* out, const int* sel, int* iout)
{
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  unary_fn f = g_unary_table[sel[i] % 3];
  out[i] = apply_twice(f, in[i]) + f(in[i] + 1.0f);
  binop_fn g = g_binop_table[sel[i] & 1];
  iout[i] = g(sel[i], i);
}

__global__ void recursion(const int* in, unsigned long long* out, int* sorted)
{
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  int local[16];
  for (int k = 0; k < 16; ++k) local[k] = in[(i * 16 + k * 7) % 1024];
  quicksort(local, 0, 15);
  for (int k = 0; k < 16; ++k) sorted[i * 16 + k] = local[k];
  out[i] = fib(in[i] & 15);
}

__global__ void virtual_dispatch(const float* params, float* out, int* sides)
{
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  Square sq(params[i]);
  Circle ci(params[i] * 0.5f);
  const Shape* shapes[2] = {&sq, &ci};
  const Shape* s = shapes[i & 1];
  out[i] = s->area();
  sides[i] = s->sides();
  // heap-allocated object destroyed through the virtual destructor
  Shape* h = (i & 2) ? static_cast<Shape*>(new Square(1.0f)) : static_cast<Shape*>(new Circle(2.0f));
  if (h) {
    out[i] += h->area();
    delete h;
  }
}

__global__ void printf_assert_malloc(const int* in, int n)
{
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const int v = in[i];
  assert(v >= 0 && "input must be non-negative");
  printf("thread %d/%d: v=%d f=%f d=%.3e c=%c s=%s p=%p ll=%lld\n", i, n, v, v * 0.5f, v * 1e-3, 'A' + (v % 26),
         "corpus", (const void*) in, (long long) v << 40);
  int* buf = static_cast<int*>(malloc(sizeof(int) * (v % 8 + 1)));
  if (buf) {
    for (int k = 0; k <= v % 8; ++k) buf[k] = k * v;
    printf("sum=%d\n", buf[v % 8]);
    free(buf);
  }
  // variable-length stack allocation
  int* scratch = static_cast<int*>(alloca(sizeof(int) * (v % 32 + 1)));
  for (int k = 0; k <= v % 32; ++k) scratch[k] = k ^ v;
  if (scratch[v % 32] == 12345) {
    printf("unlikely\n");
  }
}
