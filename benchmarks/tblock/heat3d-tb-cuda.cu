/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* heat3d-tb-cuda.cu -- heat3d-tb-acc.c's algorithms written by hand in
   CUDA (the ceiling of the approach): `1step' (one step per launch, one
   thread per point) and `stream' (a block per segment of TX planes and
   TY x TZ tile, a ring of R planes per time level in dynamic shared
   memory, __syncthreads between the levels).  Same arithmetic
   (TB_HEAT3D, -fmad=false), arguments and result lines as heat3d-tb-acc.

   Usage: heat3d-tb-cuda VARIANT[,VARIANT...]|all X Y Z T D TX TY TZ [W [R]]
   Build: nvcc -O3 -arch=sm_90 -fmad=false heat3d-tb-cuda.cu  */

#include <cuda_runtime.h>

#include "tb-common.h"
#include "tb-run.h"

__global__ void
step1 (const REAL *__restrict__ src, REAL *__restrict__ dst, int X, int Y,
       int Z)
{
  int z = blockIdx.x * 32 + threadIdx.x + 1;
  int y = blockIdx.y * blockDim.y + threadIdx.y + 1;
  int x = blockIdx.z + 1;
  long sy = Z, sx = (long) Y * Z;
  if (y < Y - 1 && z < Z - 1)
    {
      long i = x * sx + y * sy + z;
      dst[i] = TB_HEAT3D (src[i], src[i - sx], src[i + sx], src[i - sy],
                          src[i + sy], src[i - 1], src[i + 1]);
    }
}

/* As heat3d-tb-acc.c's STREAM3_BODY (see there for the ring): block =
   gang, threadIdx.y the worker over (plane, row) pairs, threadIdx.x the
   vector lane over columns.  */
__global__ void
tb_stream (const REAL *__restrict__ src, REAL *__restrict__ dst, int X, int Y,
           int Z, int D, int SX, int TY, int TZ, int R)
{
  extern __shared__ REAL B[];
  int WY = TY + 2 * D, WZ = TZ + 2 * D, NB = R - 2, m = R - 1;
  int ntz = (Z - 2 + TZ - 1) / TZ, ntiles = (Y - 2 + TY - 1) / TY * ntz;
  int g = blockIdx.x, tile = g % ntiles, seg = g / ntiles;
  int y0 = 1 + tile / ntz * TY - D, z0 = 1 + tile % ntz * TZ - D;
  int xl = 1 + seg * SX;
  int xh = xl + SX < X - 1 ? xl + SX : X - 1;
  int rb = xl - D > 0 ? xl - D : 0;
  int nblk = (xh - rb + D + NB - 1) / NB;
  for (int k = 0; k < nblk; k++)
    {
      for (int bi = threadIdx.y; bi < NB * WY; bi += blockDim.y)
        {
          int b = bi / WY, i = bi % WY;
          for (int j = threadIdx.x; j < WZ; j += 32)
            {
              int r = rb + k * NB + b, y = y0 + i, z = z0 + j;
              if (r < X && y >= 0 && y < Y && z >= 0 && z < Z)
                B[((r & m) * WY + i) * WZ + j] = src[((long) r * Y + y) * Z + z];
            }
        }
      __syncthreads ();
      for (int s = 1; s < D; s++)
        {
          int lo = (s - 1) * R, hi = s * R, ni = WY - 2 * s;
          for (int bi = threadIdx.y; bi < NB * ni; bi += blockDim.y)
            {
              int b = bi / ni, i = s + bi % ni;
              for (int j = s + threadIdx.x; j < WZ - s; j += 32)
                {
                  int r = rb + k * NB + b - s, y = y0 + i, z = z0 + j;
                  if (r < 0 || r >= X || y < 0 || y >= Y || z < 0 || z >= Z)
                    continue;
                  long c = ((lo + (r & m)) * WY + i) * WZ + j;
                  REAL v;
                  if (r >= 1 && r < X - 1 && y >= 1 && y < Y - 1 && z >= 1 && z < Z - 1)
                    v = TB_HEAT3D (B[c], B[((lo + ((r - 1) & m)) * WY + i) * WZ + j],
                                   B[((lo + ((r + 1) & m)) * WY + i) * WZ + j],
                                   B[c - WZ], B[c + WZ], B[c - 1], B[c + 1]);
                  else
                    v = B[c];
                  B[((hi + (r & m)) * WY + i) * WZ + j] = v;
                }
            }
          __syncthreads ();
        }
      int lo = (D - 1) * R;
      for (int bi = threadIdx.y; bi < NB * TY; bi += blockDim.y)
        {
          int b = bi / TY, i = D + bi % TY;
          for (int j = D + threadIdx.x; j < D + TZ; j += 32)
            {
              int r = rb + k * NB + b - D, y = y0 + i, z = z0 + j;
              if (r >= xl && r < xh && y < Y - 1 && z < Z - 1)
                {
                  long c = ((lo + (r & m)) * WY + i) * WZ + j;
                  dst[((long) r * Y + y) * Z + z]
                    = TB_HEAT3D (B[c], B[((lo + ((r - 1) & m)) * WY + i) * WZ + j],
                                 B[((lo + ((r + 1) & m)) * WY + i) * WZ + j],
                                 B[c - WZ], B[c + WZ], B[c - 1], B[c + 1]);
                }
            }
        }
      /* The next block's loads overwrite ring slots level 1 has read.  */
      __syncthreads ();
    }
}

enum variant { V_1STEP, V_STREAM, NV };
static const char *const vname[NV] = { "1step", "stream" };

static long
smem_bytes (int v, const struct tb_args *a, int D)
{
  return v == V_STREAM ? (long) sizeof (REAL) * D * a->R * (a->TY + 2 * D) * (a->TZ + 2 * D) : 0;
}

static void
launch (int v, const REAL *src, REAL *dst, REAL *, int G,
        const struct tb_args *a, int d)
{
  int X = a->X, Y = a->Y, Z = a->Z, W = a->W;
  if (v == V_1STEP)
    step1<<<dim3 ((Z - 2 + 31) / 32, (Y - 2 + W - 1) / W, X - 2), dim3 (32, W)>>>
      (src, dst, X, Y, Z);
  else
    tb_stream<<<G, dim3 (32, W), smem_bytes (v, a, d)>>>
      (src, dst, X, Y, Z, d, a->TX, a->TY, a->TZ, a->R);
}

int
main (int argc, char **argv)
{
  static struct tb_prog pg
    = { "heat3d-tb-cuda", "cuda", 3, NV, vname, 1 << V_STREAM, smem_bytes, 0, launch, NULL };
  int maxsm;
  CK (cudaDeviceGetAttribute (&maxsm, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0));
  pg.shared_max = maxsm;
  CK (cudaFuncSetAttribute (tb_stream, cudaFuncAttributeMaxDynamicSharedMemorySize, maxsm));
  if (argc >= 10)
    printf ("# heat3d-tb-cuda X=%s Y=%s Z=%s T=%s\n", argv[2], argv[3], argv[4], argv[5]);
  return tb_main (&pg, argc, argv);
}
