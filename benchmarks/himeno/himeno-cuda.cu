/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* himeno-cuda.cu -- hand-written CUDA baseline of himeno.c: the same
   19-point Jacobi step (34 flop per point) with the residual gosa, and the
   copy-back p = wrk2, in-core, one thread per point, no shared memory.
   gosa: each thread's ss*ss (float, as in the C code) is summed in double
   over the block and added to a device double with atomicAdd, so it equals
   the C code's up to the order of the additions.  Usage and output: as
   himeno.c, plus the lines of ../common/cuda-util.h.

   Build: nvcc -O3 -arch=sm_90 -fmad=false himeno-cuda.cu -o himeno-cuda  */

#include "../common/cuda-util.h"
#include "himeno-init.h"

#define BK 64
#define BJ 4

__global__ void
himeno_step (const float *__restrict__ p,
             const float *__restrict__ a0, const float *__restrict__ a1,
             const float *__restrict__ a2, const float *__restrict__ a3,
             const float *__restrict__ b0, const float *__restrict__ b1,
             const float *__restrict__ b2, const float *__restrict__ c0,
             const float *__restrict__ c1, const float *__restrict__ c2,
             const float *__restrict__ bnd, const float *__restrict__ wrk1,
             float *__restrict__ wrk2, float omega, double *gosa,
             int X, int Y, int Z)
{
  __shared__ double part[BK * BJ / 32];
  int k = blockIdx.x * BK + threadIdx.x + 1;
  int j = blockIdx.y * BJ + threadIdx.y + 1;
  int i = blockIdx.z + 1;
  double g = 0.0;
  if (i < X - 1 && j < Y - 1 && k < Z - 1)
    {
      const size_t sj = Z, si = (size_t) Y * Z;
      size_t n = (size_t) i * si + (size_t) j * sj + k;
      float s0 = a0[n] * p[n + si]
                 + a1[n] * p[n + sj]
                 + a2[n] * p[n + 1]
                 + b0[n] * (p[n + si + sj] - p[n + si - sj]
                            - p[n - si + sj] + p[n - si - sj])
                 + b1[n] * (p[n + sj + 1] - p[n - sj + 1]
                            - p[n + sj - 1] + p[n - sj - 1])
                 + b2[n] * (p[n + si + 1] - p[n - si + 1]
                            - p[n + si - 1] + p[n - si - 1])
                 + c0[n] * p[n - si]
                 + c1[n] * p[n - sj]
                 + c2[n] * p[n - 1]
                 + wrk1[n];
      float ss = (s0 * a3[n] - p[n]) * bnd[n];
      g = (double) (ss * ss);
      wrk2[n] = p[n] + omega * ss;
    }
  /* Block sum of g, then one atomic add.  */
  for (int o = 16; o > 0; o >>= 1)
    g += __shfl_down_sync (0xffffffffu, g, o);
  int lane = (threadIdx.y * BK + threadIdx.x) & 31;
  int warp = (threadIdx.y * BK + threadIdx.x) >> 5;
  if (lane == 0)
    part[warp] = g;
  __syncthreads ();
  if (warp == 0)
    {
      g = lane < BK * BJ / 32 ? part[lane] : 0.0;
      for (int o = 16; o > 0; o >>= 1)
        g += __shfl_down_sync (0xffffffffu, g, o);
      if (lane == 0 && g != 0.0)
        atomicAdd (gosa, g);
    }
}

__global__ void
copy_back (float *__restrict__ p, const float *__restrict__ wrk2,
           int X, int Y, int Z)
{
  int k = blockIdx.x * BK + threadIdx.x + 1;
  int j = blockIdx.y * BJ + threadIdx.y + 1;
  int i = blockIdx.z + 1;
  if (i < X - 1 && j < Y - 1 && k < Z - 1)
    {
      size_t n = ((size_t) i * Y + j) * Z + k;
      p[n] = wrk2[n];
    }
}

int
main (int argc, char **argv)
{
  int X = (int) bench_arg (argc, argv, 1, 65, "himeno-cuda");
  int Y = (int) bench_arg (argc, argv, 2, 65, "himeno-cuda");
  int Z = (int) bench_arg (argc, argv, 3, 129, "himeno-cuda");
  int T = (int) bench_arg (argc, argv, 4, 80, "himeno-cuda");
  int mode = (int) bench_arg (argc, argv, 5, 0, "himeno-cuda");
  float omega = 0.8f;
  if (X < 3 || Y < 3 || Z < 3 || mode > 1 || X - 2 > 65535)
    {
      fprintf (stderr, "himeno-cuda: X, Y, Z at least 3 (X at most 65537), "
               "INIT 0 or 1\n");
      return 2;
    }

  /* Host: the 13 arrays that are uploaded (wrk2 lives on the device).  */
  const int NIN = 13;
  const char *names[14] = { "p", "a0", "a1", "a2", "a3", "b0", "b1", "b2",
                            "c0", "c1", "c2", "bnd", "wrk1", "wrk2" };
  size_t bytes = sizeof (float) * (size_t) X * Y * Z;
  float *h[NIN], *d[14];
  for (int a = 0; a < NIN; a++)
    h[a] = (float *) bench_alloc (bytes, "himeno-cuda", names[a]);
  struct himeno_arrays ha = { h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7],
                              h[8], h[9], h[10], h[11], h[12], NULL,
                              X, Y, Z, mode };
  himeno_init (&ha);

  CK (cudaFree (0));
  for (int a = 0; a < 14; a++)
    d[a] = (float *) cu_dalloc (bytes, "himeno-cuda", names[a]);
  double *dgosa = (double *) cu_dalloc (sizeof (double), "himeno-cuda", "gosa");
  for (int a = 0; a < NIN; a++)
    cu_pin (h[a], bytes);

  dim3 block (BK, BJ, 1);
  dim3 grid ((Z - 2 + BK - 1) / BK, (Y - 2 + BJ - 1) / BJ, X - 2);
  himeno_step<<<1, block>>> (d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7],
                             d[8], d[9], d[10], d[11], d[12], d[13], omega,
                             dgosa, X, Y, Z);
  copy_back<<<1, block>>> (d[0], d[13], X, Y, Z);
  CK_LAUNCH ();
  CK (cudaMemset (d[13], 0, bytes));
  CK (cudaDeviceSynchronize ());

  struct cu_timer tm;
  cu_timer_init (&tm);
  CK (cudaEventRecord (tm.start));
  for (int a = 0; a < NIN; a++)
    CK (cudaMemcpyAsync (d[a], h[a], bytes, cudaMemcpyHostToDevice));
  CK (cudaEventRecord (tm.uploaded));
  for (int n = 0; n < T; n++)
    {
      CK (cudaMemsetAsync (dgosa, 0, sizeof (double)));
      himeno_step<<<grid, block>>> (d[0], d[1], d[2], d[3], d[4], d[5], d[6],
                                    d[7], d[8], d[9], d[10], d[11], d[12],
                                    d[13], omega, dgosa, X, Y, Z);
      copy_back<<<grid, block>>> (d[0], d[13], X, Y, Z);
    }
  CK_LAUNCH ();
  CK (cudaEventRecord (tm.computed));
  CK (cudaMemcpyAsync (h[0], d[0], bytes, cudaMemcpyDeviceToHost));
  CK (cudaEventRecord (tm.done));
  CK (cudaEventSynchronize (tm.done));
  CK (cudaGetLastError ());
  double gosa = 0.0;
  if (T > 0)
    CK (cudaMemcpy (&gosa, dgosa, sizeof gosa, cudaMemcpyDeviceToHost));

  double pts = (double) (X - 2) * (Y - 2) * (Z - 2);
  printf ("himeno X=%d Y=%d Z=%d T=%d init=%s\n", X, Y, Z, T,
          mode ? "perturbed" : "classic");
  bench_print_checksum ("p", h[0], (long) X * Y * Z);
  printf ("reduction: gosa %.17g\n", gosa);
  /* Per step: the stencil reads p and 12 coefficient arrays and writes
     wrk2 (56 B), the copy-back reads wrk2 and writes p (8 B).  */
  cu_report (&tm, 34.0, pts, T, 64.0 * pts, 14.0 * (double) bytes);
  for (int a = 0; a < NIN; a++)
    cu_unpin (h[a]);
  for (int a = 0; a < 14; a++)
    CK (cudaFree (d[a]));
  for (int a = 0; a < NIN; a++)
    free (h[a]);
  CK (cudaFree (dgosa));
  return 0;
}
