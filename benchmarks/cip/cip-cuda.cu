/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* cip-cuda.cu -- hand-written CUDA baseline of cip.c: the same 2-D CIP
   advection step (87 flop per point) and copy-back of f, gx, gy, in-core,
   one thread per point, no shared memory.  Usage and output: as cip.c,
   plus the lines of ../common/cuda-util.h.

   Build: nvcc -O3 -arch=sm_90 -fmad=false cip-cuda.cu -o cip-cuda  */

#include "../common/cuda-util.h"
#include "cip-init.h"

#define BX 128
#define BY 4

__global__ void
cip_step (const float *__restrict__ f, const float *__restrict__ gx,
          const float *__restrict__ gy, const float *__restrict__ u,
          const float *__restrict__ v, float *__restrict__ fn,
          float *__restrict__ gxn, float *__restrict__ gyn,
          float DX, float DY, float mdt, int X, int Y)
{
  int j = blockIdx.x * BX + threadIdx.x + 1;
  int i = blockIdx.y * BY + threadIdx.y + 1;
  if (i >= X - 1 || j >= Y - 1)
    return;
  size_t n = (size_t) i * Y + j;
  const size_t si = Y;
  /* The same operations, in the same order, as cip.c.  */
  float uu = u[n], vv = v[n];
  int upx = uu >= 0.0f, upy = vv >= 0.0f;
  float xx = uu * mdt, yy = vv * mdt;
  float Dx = upx ? -DX : DX, Dy = upy ? -DY : DY;
  float fc = f[n], gxc = gx[n], gyc = gy[n];
  size_t ni = upx ? n - si : n + si;   /* (im, j) */
  size_t nj = upy ? n - 1 : n + 1;     /* (i, jm) */
  size_t nij = upy ? ni - 1 : ni + 1;  /* (im, jm) */
  float fi = f[ni], fj = f[nj], fij = f[nij];
  float gxi = gx[ni], gxj = gx[nj];
  float gyi = gy[ni], gyj = gy[nj];

  float dx2 = Dx * Dx, dy2 = Dy * Dy;
  float dfx = fi - fc, dfy = fj - fc;
  float a1 = ((gxi + gxc) * Dx - 2.0f * dfx) / (dx2 * Dx);
  float e1 = (3.0f * dfx - (gxi + 2.0f * gxc) * Dx) / dx2;
  float b1 = ((gyj + gyc) * Dy - 2.0f * dfy) / (dy2 * Dy);
  float f1 = (3.0f * dfy - (gyj + 2.0f * gyc) * Dy) / dy2;
  float tmp = fij - fi - dfy;
  float tmq = gyi - gyc;
  float c1 = (tmp - (gxj - gxc) * Dx) / (dx2 * Dy);
  float d1 = (tmp - tmq * Dy) / (Dx * dy2);
  float g1 = (tmq - c1 * dx2) / Dx;

  fn[n] = ((a1 * xx + c1 * yy + e1) * xx + g1 * yy + gxc) * xx
          + ((b1 * yy + d1 * xx + f1) * yy + gyc) * yy + fc;
  gxn[n] = (3.0f * a1 * xx + 2.0f * (c1 * yy + e1)) * xx
           + (d1 * yy + g1) * yy + gxc;
  gyn[n] = (3.0f * b1 * yy + 2.0f * (d1 * xx + f1)) * yy
           + (c1 * xx + g1) * xx + gyc;
}

__global__ void
copy_back (float *__restrict__ f, float *__restrict__ gx,
           float *__restrict__ gy, const float *__restrict__ fn,
           const float *__restrict__ gxn, const float *__restrict__ gyn,
           int X, int Y)
{
  int j = blockIdx.x * BX + threadIdx.x + 1;
  int i = blockIdx.y * BY + threadIdx.y + 1;
  if (i < X - 1 && j < Y - 1)
    {
      size_t n = (size_t) i * Y + j;
      f[n] = fn[n];
      gx[n] = gxn[n];
      gy[n] = gyn[n];
    }
}

int
main (int argc, char **argv)
{
  int X = (int) bench_arg (argc, argv, 1, 1000, "cip-cuda");
  int Y = (int) bench_arg (argc, argv, 2, 1000, "cip-cuda");
  int T = (int) bench_arg (argc, argv, 3, 100, "cip-cuda");
  if (X < 3 || Y < 3)
    {
      fprintf (stderr, "cip-cuda: X and Y must be at least 3\n");
      return 2;
    }
  size_t bytes = sizeof (float) * (size_t) X * Y;
  /* Host: f, gx, gy, u, v (the new values live on the device only).  */
  enum { F, GX, GY, U, V, FN, GXN, GYN, NA };
  const char *names[NA] = { "f", "gx", "gy", "u", "v", "fn", "gxn", "gyn" };
  float *h[V + 1], *d[NA];
  for (int a = 0; a <= V; a++)
    h[a] = (float *) bench_alloc (bytes, "cip-cuda", names[a]);
  /* fn, gxn, gyn NULL: cip_init leaves them out.  */
  struct cip_arrays ca = { h[F], h[GX], h[GY], NULL, NULL, NULL, h[U], h[V],
                           X, Y, NULL, NULL, NULL, NULL };
  cip_init (&ca);
  struct cip_consts cc = cip_constants (X, Y);
  float DX = cc.dx, DY = cc.dy, mdt = -cc.dt;

  CK (cudaFree (0));
  for (int a = 0; a < NA; a++)
    d[a] = (float *) cu_dalloc (bytes, "cip-cuda", names[a]);
  for (int a = 0; a <= V; a++)
    cu_pin (h[a], bytes);

  dim3 block (BX, BY);
  dim3 grid ((Y - 2 + BX - 1) / BX, (X - 2 + BY - 1) / BY);
  cip_step<<<1, block>>> (d[F], d[GX], d[GY], d[U], d[V], d[FN], d[GXN],
                          d[GYN], DX, DY, mdt, X, Y);
  copy_back<<<1, block>>> (d[F], d[GX], d[GY], d[FN], d[GXN], d[GYN], X, Y);
  CK_LAUNCH ();
  for (int a = FN; a <= GYN; a++)
    CK (cudaMemset (d[a], 0, bytes));
  CK (cudaDeviceSynchronize ());

  struct cu_timer tm;
  cu_timer_init (&tm);
  CK (cudaEventRecord (tm.start));
  for (int a = 0; a <= V; a++)
    CK (cudaMemcpyAsync (d[a], h[a], bytes, cudaMemcpyHostToDevice));
  CK (cudaEventRecord (tm.uploaded));
  for (int t = 0; t < T; t++)
    {
      cip_step<<<grid, block>>> (d[F], d[GX], d[GY], d[U], d[V], d[FN],
                                 d[GXN], d[GYN], DX, DY, mdt, X, Y);
      copy_back<<<grid, block>>> (d[F], d[GX], d[GY], d[FN], d[GXN], d[GYN],
                                  X, Y);
    }
  CK_LAUNCH ();
  CK (cudaEventRecord (tm.computed));
  for (int a = F; a <= GY; a++)
    CK (cudaMemcpyAsync (h[a], d[a], bytes, cudaMemcpyDeviceToHost));
  CK (cudaEventRecord (tm.done));
  CK (cudaEventSynchronize (tm.done));
  CK (cudaGetLastError ());

  double pts = (double) (X - 2) * (Y - 2);
  printf ("cip X=%d Y=%d T=%d\n", X, Y, T);
  bench_print_checksum ("f", h[F], (long) X * Y);
  bench_print_checksum ("gx", h[GX], (long) X * Y);
  bench_print_checksum ("gy", h[GY], (long) X * Y);
  /* Per step: the CIP kernel reads f, gx, gy, u, v and writes fn, gxn, gyn
     (32 B), the copy-back reads 3 and writes 3 arrays (24 B).  */
  cu_report (&tm, 87.0, pts, T, 56.0 * pts, 8.0 * (double) bytes);
  for (int a = 0; a <= V; a++)
    cu_unpin (h[a]);
  for (int a = 0; a < NA; a++)
    CK (cudaFree (d[a]));
  for (int a = 0; a <= V; a++)
    free (h[a]);
  return 0;
}
