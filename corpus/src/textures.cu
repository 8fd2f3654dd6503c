// textures.cu - texture and surface objects.
//
// Exercises: tex.1d / tex.2d / tex.3d / tex.a2d (layered) / tex.cube fetches
// through cudaTextureObject_t (tex1Dfetch, tex1D, tex2D, tex2DLod, tex2DGrad,
// tex3D, tex2DLayered, texCubemap, tex2Dgather -> tld4), suld / sust surface
// loads and stores (surf1Dread/write, surf2Dwrite with .trap/.clamp/.zero
// boundary modes, surf2DLayeredwrite, surf3Dwrite), txq / suq queries via inline
// asm, and .texref / .surfref-free bindless handles passed as .u64 params.
#include <cuda_runtime.h>
#include <cstdint>

__global__ void texture_fetches(cudaTextureObject_t lin, cudaTextureObject_t img2d, cudaTextureObject_t vol,
                                cudaTextureObject_t layered, cudaTextureObject_t cube, float4* out, int w, int h)
{
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  const float u = (x + 0.5f) / w;
  const float v = (y + 0.5f) / h;

  float4 acc = tex1Dfetch<float4>(lin, y * w + x);
  const float4 a = tex2D<float4>(img2d, u, v);
  const float4 b = tex2DLod<float4>(img2d, u, v, 1.5f);
  const float4 c = tex2DGrad<float4>(img2d, u, v, make_float2(1.0f / w, 0.0f), make_float2(0.0f, 1.0f / h));
  const float4 d = tex3D<float4>(vol, u, v, 0.5f);
  const float4 e = tex2DLayered<float4>(layered, u, v, y & 3);
  const float4 f = texCubemap<float4>(cube, u - 0.5f, v - 0.5f, 1.0f);
  const float4 g = tex2Dgather<float4>(img2d, u, v, 2);
  const float t1 = tex1D<float>(lin, u);
  acc.x += a.x + b.x + c.x + d.x + e.x + f.x + g.x + t1;
  acc.y += a.y * b.y - c.y + d.y * e.y + f.y + g.y;
  acc.z += fmaxf(a.z, b.z) + fminf(c.z, d.z) + e.z + f.z + g.z;
  acc.w += a.w + g.w;
  out[y * w + x] = acc;
}

__global__ void integer_textures(cudaTextureObject_t itex, cudaTextureObject_t utex, int4* out, int n)
{
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const int4 a = tex1Dfetch<int4>(itex, i);
  const uint2 b = tex1Dfetch<uint2>(utex, i);
  const int c = tex2D<int>(itex, i & 63, i >> 6);
  const unsigned char d = tex1Dfetch<unsigned char>(utex, i * 4);
  out[i] = make_int4(a.x + c, a.y + int(b.x), a.z + int(b.y), a.w + d);
}

// surface reads and writes with the different boundary modes
__global__ void surface_ops(cudaSurfaceObject_t s1d, cudaSurfaceObject_t s2d, cudaSurfaceObject_t s3d,
                            cudaSurfaceObject_t s2dl, int w, int h)
{
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  float4 p;
  surf2Dread(&p, s2d, x * sizeof(float4), y);
  const float r = surf1Dread<float>(s1d, x * sizeof(float), cudaBoundaryModeClamp);
  p.x = p.x * 0.5f + r;
  surf2Dwrite(p, s2d, x * sizeof(float4), y);
  surf2Dwrite(make_uchar4(x, y, 0, 255), s2d, x * 4, y + h, cudaBoundaryModeZero);
  surf1Dwrite(r * 2.0f, s1d, x * sizeof(float), cudaBoundaryModeTrap);
  surf3Dwrite(make_short2(x, y), s3d, x * 4, y, 1);
  surf2DLayeredwrite(make_float2(p.y, p.z), s2dl, x * 8, y, 2);
  const ushort4 q = surf2Dread<ushort4>(s2d, x * 8, y, cudaBoundaryModeClamp);
  surf2Dwrite((unsigned) q.x + q.y, s2d, x * 4, y + 2 * h);
}

// texture / surface queries and a raw tld4 via inline asm
__global__ void texture_queries(cudaTextureObject_t t, cudaSurfaceObject_t s, int* out)
{
  int width, height, levels, swidth, channel_order;
  asm("txq.width.b32 %0, [%1];" : "=r"(width) : "l"(t));
  asm("txq.height.b32 %0, [%1];" : "=r"(height) : "l"(t));
  asm("txq.num_mipmap_levels.b32 %0, [%1];" : "=r"(levels) : "l"(t));
  asm("txq.channel_order.b32 %0, [%1];" : "=r"(channel_order) : "l"(t));
  asm("suq.width.b32 %0, [%1];" : "=r"(swidth) : "l"(s));
  float r0, r1, r2, r3;
  asm volatile("tld4.r.2d.v4.f32.f32 {%0, %1, %2, %3}, [%4, {%5, %6}];"
               : "=f"(r0), "=f"(r1), "=f"(r2), "=f"(r3)
               : "l"(t), "f"(0.5f), "f"(0.25f));
  int4 px;
  asm volatile("suld.b.2d.v4.b32.clamp {%0, %1, %2, %3}, [%4, {%5, %6}];"
               : "=r"(px.x), "=r"(px.y), "=r"(px.z), "=r"(px.w)
               : "l"(s), "r"(int(threadIdx.x) * 16), "r"(0));
  asm volatile("sust.b.2d.v2.b32.zero [%0, {%1, %2}], {%3, %4};" ::"l"(s), "r"(int(threadIdx.x) * 8), "r"(1),
               "r"(px.x), "r"(px.y));
  out[threadIdx.x] = width + height + levels + swidth + channel_order + int(r0 + r1 + r2 + r3) + px.z + px.w;
}
