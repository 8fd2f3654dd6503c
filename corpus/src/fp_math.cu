// fp_math.cu - reduced / mixed precision arithmetic and math library code.
//
// Exercises: f16 / f16x2 and bf16 / bf16x2 arithmetic (add/sub/mul/fma with
// .rn/.sat/.relu, min/max with .NaN, neg/abs, ex2.approx.f16x2, comparisons
// via setp.*.f16x2 with two predicate results), f32 <-> f16/bf16 conversions
// (cvt.rn.f16x2.f32, cvt.rn.bf16x2.f32, cvt.rn.relu), fp8 conversions
// (cvt.rn.satfinite.e4m3x2.f32, cvt.rn.f16x2.e5m2x2), the sm_100a-only fp6/fp4
// and ue8m0 conversions (cvt.rn.satfinite.e2m1x2.f32, e3m2x2, cvt.rz.ue8m0x2),
// float math (sin.approx, ex2.approx.ftz, lg2, rsqrt, rcp/sqrt/div with all
// rounding modes, fma.rz, testp, copysign, saturate), double math inlined from
// libdevice (sin/exp/log/pow), int<->float conversions with rounding modes,
// packed float2 ops (fma.rn.f32x2 on sm_100a), and __float128 soft-float
// arithmetic where the target supports it (sm_100a).
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cuda_fp8.h>
#include <cuda_fp6.h>
#include <cuda_fp4.h>
#include <cstdint>

#include "common.cuh"

#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 1000
#  include <crt/device_fp128_functions.h>
#  define CORPUS_HAVE_FP128 1
#endif

__global__ void half_math(const __half2* a, const __half2* b, __half2* out, __half* hout, int n)
{
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const __half2 x = a[i], y = b[i];
  __half2 r = __hfma2(x, y, __hadd2(x, y));
  r = __hmul2_sat(r, __float2half2_rn(0.5f));
  r = __hfma2_relu(r, x, __hneg2(y));
  r = __hmax2_nan(r, __habs2(x));
  r = __hmin2(r, h2exp2(y));
  r = __hsub2(r, h2rcp(__hadd2(x, __float2half2_rn(2.0f))));
  r = __hadd2(r, h2sqrt(__habs2(y)));
  r = __hadd2(r, h2sin(x));
  const bool both_less = __hblt2(x, y);
  const __half2 lt = __hlt2(x, y);
  const __half lo = __low2half(r), hi = __high2half(r);
  __half s = __hfma(lo, hi, __float2half(1.0f));
  s = __hdiv(s, __hadd(hi, __float2half(3.0f)));
  s = __hadd(s, hexp(lo)) + hlog(__habs(hi)) + hrsqrt(__habs(lo) + __float2half(1.0f));
  if (__hisnan(s) || __hisinf(s)) s = __float2half(0.0f);
  out[i] = __hadd2(r, lt);
  hout[i] = both_less ? s : __hneg(s);
}

__global__ void bf16_math(const __nv_bfloat162* a, const float2* f, __nv_bfloat162* out, float* fout, int n)
{
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const __nv_bfloat162 x = a[i];
  const __nv_bfloat162 y = __float22bfloat162_rn(f[i]);
  __nv_bfloat162 r = __hfma2(x, y, y);
  r = __hmul2(r, __hsub2(x, y));
  r = __hmax2(r, __hneg2(x));
  r = __hfma2_relu(r, y, x);
  r = __hadd2(r, h2exp(y));
  const __nv_bfloat16 m = __hmax_nan(__low2bfloat16(r), __high2bfloat16(r));
  out[i] = r;
  fout[i] = __bfloat162float(m) + __low2float(y) + __bfloat162float(__float2bfloat16_rz(f[i].y)) +
            __bfloat162float(__double2bfloat16(double(f[i].x)));
}

__global__ void fp8_convert(const float2* in, __nv_fp8x2_storage_t* e4, __nv_fp8x2_storage_t* e5, __half2* back,
                            __nv_fp8_e4m3* single, int n)
{
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float2 v = in[i];
  e4[i] = __nv_cvt_float2_to_fp8x2(v, __NV_SATFINITE, __NV_E4M3);
  e5[i] = __nv_cvt_float2_to_fp8x2(v, __NV_NOSAT, __NV_E5M2);
  const __half2_raw h = __nv_cvt_fp8x2_to_halfraw2(e5[i], __NV_E5M2);
  back[i] = __hadd2(__half2(h), __half2(__nv_cvt_fp8x2_to_halfraw2(e4[i], __NV_E4M3)));
  single[i] = __nv_fp8_e4m3(v.x * v.y);
  const __nv_fp8x4_e4m3 four(make_float4(v.x, v.y, -v.x, -v.y));
  single[i + n] = __nv_fp8_e4m3(float(__nv_fp8_e5m2(static_cast<float4>(four).z)));
  const __nv_fp8x2_storage_t bf = __nv_cvt_bfloat16raw2_to_fp8x2(__floats2bfloat162_rn(v.x, v.y), __NV_SATFINITE,
                                                                 __NV_E4M3);
  e4[i + n] = bf;
}

// fp6 / fp4 / ue8m0 conversions have hardware instructions only on sm_100a-class
// targets; elsewhere the headers fall back to integer emulation.
__global__ void narrow_formats(const float2* in, uint8_t* out, __half2* back, int n)
{
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float2 v = in[i];
  const __nv_fp4x2_storage_t f4 = __nv_cvt_float2_to_fp4x2(v, __NV_E2M1, cudaRoundNearest);
  const __nv_fp6x2_storage_t f6a = __nv_cvt_float2_to_fp6x2(v, __NV_E3M2, cudaRoundNearest);
  const __nv_fp6x2_storage_t f6b = __nv_cvt_float2_to_fp6x2(v, __NV_E2M3, cudaRoundNearest);
  const __nv_fp8x2_storage_t ue = __nv_cvt_float2_to_e8m0x2(v, __NV_SATFINITE, cudaRoundZero);
  out[4 * i + 0] = f4;
  out[4 * i + 1] = (uint8_t) f6a;
  out[4 * i + 2] = (uint8_t) f6b;
  out[4 * i + 3] = (uint8_t) ue;
  back[i] = __hadd2(__half2(__nv_cvt_fp4x2_to_halfraw2(f4, __NV_E2M1)),
                    __half2(__nv_cvt_fp6x2_to_halfraw2(f6a, __NV_E3M2)));
}

__global__ void float_math(const float* in, float* out, int* iout, long long* lout, int n)
{
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float x = in[i];
  float r = __sinf(x) + __cosf(x) + __expf(x) + __logf(fabsf(x) + 1.0f) + __powf(fabsf(x), 0.3f);
  r += sinf(x) * cosf(x) + expf(-x * x) + logf(fabsf(x) + 2.0f) + tanhf(x) + erff(x);
  r += sqrtf(fabsf(x)) + rsqrtf(fabsf(x) + 1.0f) + cbrtf(x) + __fdividef(r, x + 3.0f);
  r += __fadd_rd(x, r) + __fmul_ru(x, r) + __fmaf_rz(x, r, 1.0f) + __frcp_rn(x + 5.0f) + __fsqrt_rd(fabsf(r)) +
       __fdiv_ru(r, x + 7.0f);
  r = __saturatef(r * 0.01f) + copysignf(r, x) + fminf(r, x) + fmaxf(r, -x);
  int e = 0;
  r += frexpf(r, &e) + ldexpf(x, e & 7);
  if (isnan(r) || isinf(r)) r = 0.0f;
  if (signbit(x)) r = -r;
  out[i] = r;
  iout[i] = __float2int_rn(r) + __float2int_rz(x) + __float2uint_rd(fabsf(x)) + __float_as_int(r) + lrintf(x) +
            (int) truncf(x) + (int) roundf(r);
  lout[i] = __float2ll_ru(x * 1e6f) + llrintf(r) + (long long) __int2float_rd(i) + (long long) __ll2float_rz(lout[i]);
}

__global__ void double_math(const double* in, double* out, float* fout, int n)
{
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double x = in[i];
  double r = sin(x) + exp(x * 0.5) + log1p(fabs(x)) + pow(fabs(x), 1.25) + sqrt(fabs(x)) + rsqrt(fabs(x) + 1.0);
  r += __ddiv_ru(r, x + 3.0) + __dadd_rz(x, r) + __dmul_rd(x, r) + __fma_rn(x, r, 1.0) + __drcp_rn(x + 2.0) +
       __dsqrt_ru(fabs(r));
  r += fma(x, r, 0.5) + fmin(x, r) + copysign(r, -x) + floor(r) + ceil(x) + trunc(x * 3.0) + round(r);
  out[i] = r;
  fout[i] = __double2float_ru(r) + __double2float_rd(x) + (float) __double2hiint(r) + __int_as_float(__double2loint(x)) +
            __ll2float_rn(__double2ll_rz(r));
}

__global__ void packed_float2(const float2* a, const float2* b, float2* out, int n)
{
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
#if CORPUS_SM100
  float2 r = __ffma2_rn(a[i], b[i], a[i]);
  r = __fadd2_rz(r, b[i]);
  r = __fmul2_ru(r, a[i]);
  out[i] = r;
#else
  out[i] = make_float2(fmaf(a[i].x, b[i].x, a[i].x) + b[i].x, fmaf(a[i].y, b[i].y, a[i].y) + b[i].y);
#endif
}

__global__ void quad_precision(const double* in, double* out, int n)
{
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
#if defined(CORPUS_HAVE_FP128)
  const __float128 q = in[i];
  __float128 r = q * q + (__float128) 0.1;
  r = __nv_fp128_sqrt(r) / (q + (__float128) 2);
  out[i] = (double) r;
#else
  out[i] = sqrt(in[i] * in[i] + 0.1) / (in[i] + 2.0);
#endif
}
