/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* jacobi-tb-cuda.cu -- the algorithms of jacobi-tb-acc.c written by hand in
   CUDA: the ceiling of the approach, to tell GCC 12's code generation from
   the algorithm (issue 46, item 2).  Same variants, same arithmetic
   (jacobi.c's per-point expression, -fmad=false), same arguments:

     1step   one step per launch (one thread per point)
     tile    TX x TY tiles with a D-point halo in dynamic shared memory, D
             steps with __syncthreads between them, written back once
     stream  column strips of TY points and segments of TX rows, a ring of
             R rows per time level in shared memory (AN5D / EBISU style)

   Usage: jacobi-tb-cuda VARIANT[,VARIANT...]|all X Y T D TX TY [W [R]]
   (W: warps per block, default 8; R: ring rows, a power of two, default 8).
   Prints the same lines as jacobi-tb-acc (cuda- instead of acc-); the
   check is against the sequential loop (small grids) or 1step.

   Build: nvcc -O3 -arch=sm_90 -fmad=false jacobi-tb-cuda.cu  */

#include <cuda_runtime.h>

#include "tb-common.h"
#include "tb-run.h"

__global__ void
step1 (const REAL *__restrict__ src, REAL *__restrict__ dst, int X, int Y)
{
  int y = blockIdx.x * 32 + threadIdx.x + 1;
  int x = blockIdx.y * blockDim.y + threadIdx.y + 1;
  if (x < X - 1 && y < Y - 1)
    {
      long i = (long) x * Y + y;
      dst[i] = (src[i - Y] + src[i + Y] + src[i - 1] + src[i + 1]) * (REAL) 0.25f;
    }
}

/* As jacobi-tb-acc.c's TILE_BODY: block = tile, threadIdx.y the worker,
   threadIdx.x the vector lane.  */
__global__ void
tb_tile (const REAL *__restrict__ src, REAL *__restrict__ dst, int X, int Y,
         int D, int TX, int TY)
{
  extern __shared__ REAL B[];
  int RX = TX + 2 * D, RY = TY + 2 * D, RXY = RX * RY;
  int nty = (Y - 2 + TY - 1) / TY;
  int t = blockIdx.x;
  int x0 = 1 + t / nty * TX - D, y0 = 1 + t % nty * TY - D;
  for (int i = threadIdx.y; i < RX; i += blockDim.y)
    for (int j = threadIdx.x; j < RY; j += 32)
      {
        int x = x0 + i, y = y0 + j;
        if (x >= 0 && x < X && y >= 0 && y < Y)
          {
            REAL v = src[(long) x * Y + y];
            B[i * RY + j] = v;
            B[RXY + i * RY + j] = v;
          }
      }
  __syncthreads ();
  for (int s = 1; s <= D; s++)
    {
      int a = (s - 1) & 1 ? RXY : 0, b = RXY - a;
      for (int i = s + threadIdx.y; i < RX - s; i += blockDim.y)
        for (int j = s + threadIdx.x; j < RY - s; j += 32)
          {
            int x = x0 + i, y = y0 + j;
            if (x >= 1 && x < X - 1 && y >= 1 && y < Y - 1)
              B[b + i * RY + j]
                = (B[a + (i - 1) * RY + j] + B[a + (i + 1) * RY + j]
                   + B[a + i * RY + j - 1] + B[a + i * RY + j + 1]) * (REAL) 0.25f;
          }
      __syncthreads ();
    }
  int c = D & 1 ? RXY : 0;
  for (int i = D + threadIdx.y; i < D + TX; i += blockDim.y)
    for (int j = D + threadIdx.x; j < D + TY; j += 32)
      {
        int x = x0 + i, y = y0 + j;
        if (x < X - 1 && y < Y - 1)
          dst[(long) x * Y + y] = B[c + i * RY + j];
      }
}

/* As jacobi-tb-acc.c's STREAM_BODY (see there for the ring).  */
__global__ void
tb_stream (const REAL *__restrict__ src, REAL *__restrict__ dst, int X, int Y,
           int D, int SX, int TY, int R)
{
  extern __shared__ REAL B[];
  int WY = TY + 2 * D, NB = R - 2, m = R - 1;
  int nstrips = (Y - 2 + TY - 1) / TY;
  int g = blockIdx.x;
  int y0 = 1 + g % nstrips * TY - D;
  int xl = 1 + g / nstrips * SX;
  int xh = xl + SX < X - 1 ? xl + SX : X - 1;
  int rb = xl - D > 0 ? xl - D : 0;
  int nblk = (xh - rb + D + NB - 1) / NB;
  for (int k = 0; k < nblk; k++)
    {
      for (int b = threadIdx.y; b < NB; b += blockDim.y)
        for (int j = threadIdx.x; j < WY; j += 32)
          {
            int r = rb + k * NB + b, y = y0 + j;
            if (r < X && y >= 0 && y < Y)
              B[(r & m) * WY + j] = src[(long) r * Y + y];
          }
      __syncthreads ();
      for (int s = 1; s < D; s++)
        {
          int lo = (s - 1) * R, hi = s * R;
          for (int b = threadIdx.y; b < NB; b += blockDim.y)
            for (int j = s + threadIdx.x; j < WY - s; j += 32)
              {
                int r = rb + k * NB + b - s, y = y0 + j;
                if (r < 0 || r >= X || y < 0 || y >= Y)
                  continue;
                REAL v;
                if (r >= 1 && r < X - 1 && y >= 1 && y < Y - 1)
                  v = (B[(lo + ((r - 1) & m)) * WY + j]
                       + B[(lo + ((r + 1) & m)) * WY + j]
                       + B[(lo + (r & m)) * WY + j - 1]
                       + B[(lo + (r & m)) * WY + j + 1]) * (REAL) 0.25f;
                else
                  v = B[(lo + (r & m)) * WY + j];
                B[(hi + (r & m)) * WY + j] = v;
              }
          __syncthreads ();
        }
      int lo = (D - 1) * R;
      for (int b = threadIdx.y; b < NB; b += blockDim.y)
        for (int j = D + threadIdx.x; j < D + TY; j += 32)
          {
            int r = rb + k * NB + b - D, y = y0 + j;
            if (r >= xl && r < xh && y < Y - 1)
              dst[(long) r * Y + y]
                = (B[(lo + ((r - 1) & m)) * WY + j]
                   + B[(lo + ((r + 1) & m)) * WY + j]
                   + B[(lo + (r & m)) * WY + j - 1]
                   + B[(lo + (r & m)) * WY + j + 1]) * (REAL) 0.25f;
          }
      /* The next block's loads overwrite ring slots level 1 has read.  */
      __syncthreads ();
    }
}

enum variant { V_1STEP, V_TILE, V_STREAM, NV };
static const char *const vname[NV] = { "1step", "tile", "stream" };

static long
smem_bytes (int v, const struct tb_args *a, int D)
{
  if (v == V_TILE)
    return sizeof (REAL) * 2 * (size_t) (a->TX + 2 * D) * (a->TY + 2 * D);
  if (v == V_STREAM)
    return sizeof (REAL) * (size_t) D * a->R * (a->TY + 2 * D);
  return 0;
}

static void
launch (int v, const REAL *src, REAL *dst, REAL *, int G,
        const struct tb_args *a, int d)
{
  int X = a->X, Y = a->Y, W = a->W;
  size_t sm = smem_bytes (v, a, d);
  if (v == V_1STEP)
    step1<<<dim3 ((Y - 2 + 31) / 32, (X - 2 + W - 1) / W), dim3 (32, W)>>> (src, dst, X, Y);
  else if (v == V_TILE)
    tb_tile<<<G, dim3 (32, W), sm>>> (src, dst, X, Y, d, a->TX, a->TY);
  else
    tb_stream<<<G, dim3 (32, W), sm>>> (src, dst, X, Y, d, a->TX, a->TY, a->R);
}

int
main (int argc, char **argv)
{
  static struct tb_prog pg
    = { "jacobi-tb-cuda", "cuda", 2, NV, vname, 1 << V_STREAM, smem_bytes, 0, launch, NULL };
  int maxsm;
  CK (cudaDeviceGetAttribute (&maxsm, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0));
  pg.shared_max = maxsm;
  CK (cudaFuncSetAttribute (tb_tile, cudaFuncAttributeMaxDynamicSharedMemorySize, maxsm));
  CK (cudaFuncSetAttribute (tb_stream, cudaFuncAttributeMaxDynamicSharedMemorySize, maxsm));
  if (argc >= 8)
    printf ("# jacobi-tb-cuda X=%s Y=%s T=%s\n", argv[2], argv[3], argv[4]);
  return tb_main (&pg, argc, argv);
}
