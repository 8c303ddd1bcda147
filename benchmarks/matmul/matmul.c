/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* matmul.c -- matrix multiplication split by rows over several devices:
   Algorithm 9 of Xu, Tian, Chandrasekaran and Chapman, in `#pragma pacc'
   spelling.

   C = A B, N x N floats.  Device d gets rows [r0[d], r1[d]) of A and all
   of B (enter data under `deviceid(d)'), computes its rows of C on its
   async queue 1, every device at once; `wait device(d)' collects them and
   exit data brings each device's rows of C back.  (The copies stay out of
   the asynchronous compute construct on purpose: libgomp copies back to
   pageable memory synchronously, which would make the host wait for one
   device's kernel before it starts the next device's.)  Built without the plugin the `#pragma
   pacc' lines are ignored and every part runs on one device (or the
   host): the reference, which must print the same checksum (each element
   is summed in the same order everywhere).  On the host path
   PACC_DEVICES=D emulates the devices.

   Usage: matmul [N [D]]   (defaults 512 1)
   Prints the checksum of C, the time (transfers included) and
   GFLOPS = 2 N^3 / time.  */

#include "../common/bench.h"

static void
init_rows (long lo, long hi, void *vctx)
{
  float **m = vctx;
  long N = (long) (uintptr_t) m[3];
  for (long i = lo; i < hi; i++)
    for (long j = 0; j < N; j++)
      {
        m[0][i * N + j] = (float) ((i * 3 + j * 7) % 31) / 31.0f - 0.5f;
        m[1][i * N + j] = (float) ((i * 11 + j * 5) % 37) / 37.0f - 0.5f;
        m[2][i * N + j] = 0.0f;
      }
}

int
main (int argc, char **argv)
{
  long N = bench_arg (argc, argv, 1, 512, "matmul");
  int D = (int) bench_arg (argc, argv, 2, 1, "matmul");
  long r0[64], r1[64];
  int d;

  if (N < 1 || D < 1 || D > 64 || D > N)
    {
      fprintf (stderr, "matmul: need N >= 1 and 1 <= D <= min (64, N)\n");
      return 2;
    }
  size_t bytes = sizeof (float) * (size_t) (N * N);
  float *A = bench_alloc (bytes, "matmul", "A");
  float *B = bench_alloc (bytes, "matmul", "B");
  float *C = bench_alloc (bytes, "matmul", "C");
  float *init[4] = { A, B, C, (float *) (uintptr_t) N };
  bench_parallel (N, init_rows, init);
  for (d = 0; d < D; d++)
    {
      r0[d] = N * d / D;
      r1[d] = N * (d + 1) / D;
    }

#pragma pacc init
  double t0 = bench_now ();

  for (d = 0; d < D; d++)
    {
      long lo = r0[d] * N, len = (r1[d] - r0[d]) * N;
#pragma pacc deviceid(d)
#pragma acc enter data copyin(A[lo:len], B[0:N*N]) create(C[lo:len])
    }
  for (d = 0; d < D; d++)
    {
      long lo = r0[d] * N, len = (r1[d] - r0[d]) * N, a = r0[d], b = r1[d];
#pragma pacc deviceid(d)
#pragma acc parallel loop gang present(A[lo:len], B[0:N*N], C[lo:len]) async(1)
      for (long i = a; i < b; i++)
        {
#pragma acc loop vector
          for (long j = 0; j < N; j++)
            {
              float s = 0.0f;
              for (long k = 0; k < N; k++)
                s += A[i * N + k] * B[k * N + j];
              C[i * N + j] = s;
            }
        }
    }
  for (d = 0; d < D; d++)
    {
#pragma pacc wait device(d)
    }
  for (d = 0; d < D; d++)
    {
      long lo = r0[d] * N, len = (r1[d] - r0[d]) * N;
#pragma pacc deviceid(d)
#pragma acc exit data copyout(C[lo:len]) delete(A[lo:len], B[0:N*N])
    }
  double secs = bench_now () - t0;

  printf ("matmul N=%ld\n", N);
  bench_print_checksum ("C", C, N * N);
  printf ("time %.6f s\n", secs);
  printf ("GFLOPS %.3f\n",
          secs > 0 ? 2.0 * (double) N * (double) N * (double) N / secs * 1e-9
                   : 0.0);
  free (A);
  free (B);
  free (C);
  return 0;
}
