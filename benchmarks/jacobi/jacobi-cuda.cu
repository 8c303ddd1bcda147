/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* jacobi-cuda.cu -- hand-written CUDA baseline of jacobi.c: the same 2-D
   Jacobi step (4 flop per point) and copy-back, in-core, one thread per
   point, no shared memory.  Usage and output: as jacobi.c, plus the lines
   of ../common/cuda-util.h.

   Build: nvcc -O3 -arch=sm_90 -fmad=false jacobi-cuda.cu -o jacobi-cuda  */

#include "../common/cuda-util.h"

struct init_ctx
{
  float *p;
  int X, Y;
};

/* The same values as jacobi.c's init_rows (q is only on the device).  */
static void
init_rows (long lo, long hi, void *vctx)
{
  struct init_ctx *c = (struct init_ctx *) vctx;
  int X = c->X, Y = c->Y;
  for (long x = lo; x < hi; x++)
    for (int y = 0; y < Y; y++)
      {
        float v;
        if (x == 0 || y == 0)
          v = 1.0f;
        else if (x == X - 1 || y == Y - 1)
          v = 0.0f;
        else
          v = (float) ((x * 7 + y * 13) % 101) / 101.0f;
        c->p[x * Y + y] = v;
      }
}

#define BX 128
#define BY 4

__global__ void
jacobi_step (const float *__restrict__ p, float *__restrict__ q, int X, int Y)
{
  int y = blockIdx.x * BX + threadIdx.x + 1;
  int x = blockIdx.y * BY + threadIdx.y + 1;
  if (x < X - 1 && y < Y - 1)
    {
      size_t i = (size_t) x * Y + y;
      q[i] = (p[i - Y] + p[i + Y] + p[i - 1] + p[i + 1]) * 0.25f;
    }
}

__global__ void
copy_back (float *__restrict__ p, const float *__restrict__ q, int X, int Y)
{
  int y = blockIdx.x * BX + threadIdx.x + 1;
  int x = blockIdx.y * BY + threadIdx.y + 1;
  if (x < X - 1 && y < Y - 1)
    {
      size_t i = (size_t) x * Y + y;
      p[i] = q[i];
    }
}

int
main (int argc, char **argv)
{
  int X = (int) bench_arg (argc, argv, 1, 2000, "jacobi-cuda");
  int Y = (int) bench_arg (argc, argv, 2, 2000, "jacobi-cuda");
  int T = (int) bench_arg (argc, argv, 3, 100, "jacobi-cuda");
  if (X < 3 || Y < 3)
    {
      fprintf (stderr, "jacobi-cuda: X and Y must be at least 3\n");
      return 2;
    }
  size_t bytes = sizeof (float) * (size_t) X * Y;
  float *p = (float *) bench_alloc (bytes, "jacobi-cuda", "p");
  struct init_ctx ic = { p, X, Y };
  bench_parallel (X, init_rows, &ic);

  CK (cudaFree (0));
  float *dp = (float *) cu_dalloc (bytes, "jacobi-cuda", "p");
  float *dq = (float *) cu_dalloc (bytes, "jacobi-cuda", "q");
  cu_pin (p, bytes);

  dim3 block (BX, BY);
  dim3 grid ((Y - 2 + BX - 1) / BX, (X - 2 + BY - 1) / BY);
  /* Warm-up (module load), then clear q.  */
  jacobi_step<<<1, block>>> (dp, dq, X, Y);
  copy_back<<<1, block>>> (dp, dq, X, Y);
  CK_LAUNCH ();
  CK (cudaMemset (dq, 0, bytes));
  CK (cudaDeviceSynchronize ());

  struct cu_timer tm;
  cu_timer_init (&tm);
  CK (cudaEventRecord (tm.start));
  CK (cudaMemcpyAsync (dp, p, bytes, cudaMemcpyHostToDevice));
  CK (cudaEventRecord (tm.uploaded));
  for (int t = 0; t < T; t++)
    {
      jacobi_step<<<grid, block>>> (dp, dq, X, Y);
      copy_back<<<grid, block>>> (dp, dq, X, Y);
    }
  CK_LAUNCH ();
  CK (cudaEventRecord (tm.computed));
  CK (cudaMemcpyAsync (p, dp, bytes, cudaMemcpyDeviceToHost));
  CK (cudaEventRecord (tm.done));
  CK (cudaEventSynchronize (tm.done));
  CK (cudaGetLastError ());

  double pts = (double) (X - 2) * (Y - 2);
  printf ("jacobi X=%d Y=%d T=%d\n", X, Y, T);
  bench_print_checksum ("p", p, (long) X * Y);
  /* Per step: stencil reads p, writes q (8 B), copy-back 8 B.  */
  cu_report (&tm, 4.0, pts, T, 16.0 * pts, 2.0 * (double) bytes);
  cu_unpin (p);
  CK (cudaFree (dp));
  CK (cudaFree (dq));
  free (p);
  return 0;
}
