/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* heat3d.c -- the 3-D 7-point heat code of the tests
   (testsuite/pacc.run/real_bench_heat3d.c, PolyBench's heat-3d form:
   fixed-size DATA_TYPE A[N][N][N] parameters, B from A and A from B in
   each step) as a benchmark of the host engine (issue 47), with its
   pipeline region timed and its outer loops marked `omp parallel for'.

   Built three ways by benchmarks/host-bench.sh:
       gcc-12 -O2 -DN=512 -DTSTEPS=10 heat3d.c          (sequential)
       gcc-12 -O2 -fopenmp -DN=512 -DTSTEPS=10 heat3d.c (OpenMP)
       gcc-12 -O2 `pkg-config --cflags pacc` ... `pkg-config --libs pacc`
   It prints a checksum of A (its sum in index order and an FNV hash of
   its 64-bit words: untimed) and "time S s", the kernel's time only:
   the initialisation and the checksum are sequential and would cap the
   speed-up of the whole process at a few times on 16 threads.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/bench.h"

#ifndef N
# define N 160
#endif
#ifndef TSTEPS
# define TSTEPS 40
#endif
#define DATA_TYPE double

static void
init_array (int n, DATA_TYPE A[N][N][N], DATA_TYPE B[N][N][N])
{
  int i, j, k;

  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      for (k = 0; k < n; k++)
        A[i][j][k] = B[i][j][k] = (DATA_TYPE) ((i * j + (n - k) * k) % 7) * 10 / (n);
}

static void
print_array (int n, DATA_TYPE A[N][N][N])
{
  unsigned long long h = 1469598103934665603ull, w;
  const DATA_TYPE *a = &A[0][0][0];
  DATA_TYPE s = 0.0;
  long i, len = (long) n * n * n;

  for (i = 0; i < len; i++)
    {
      s += a[i];
      memcpy (&w, &a[i], sizeof w);
      h = (h ^ w) * 1099511628211ull;
    }
  printf ("heat-3d N=%d T=%d: sum %a fnv %016llx\n", N, TSTEPS, s, h);
  printf ("A[1][2][3] %a\n", A[1][2][3]);
}

static void
kernel_heat_3d (int n, DATA_TYPE A[N][N][N], DATA_TYPE B[N][N][N])
{
  int t, i, j, k;

#pragma pacc pipeline targetinout(A, B) size([0:N][0:N][0:N]) halo([2:2][2:2][2:2]) async
  for (t = 1; t <= TSTEPS; t++)
    {
#pragma pacc loop dim(3)
#pragma omp parallel for private(j, k)
      for (i = 1; i < n - 1; i++)
        {
#pragma pacc loop dim(2)
          for (j = 1; j < n - 1; j++)
            {
#pragma pacc loop dim(1)
              for (k = 1; k < n - 1; k++)
                {
                  B[i][j][k] = 0.125 * (A[i + 1][j][k] - 2.0 * A[i][j][k] + A[i - 1][j][k])
                               + 0.125 * (A[i][j + 1][k] - 2.0 * A[i][j][k] + A[i][j - 1][k])
                               + 0.125 * (A[i][j][k + 1] - 2.0 * A[i][j][k] + A[i][j][k - 1])
                               + A[i][j][k];
                }
            }
        }
#pragma pacc loop dim(3)
#pragma omp parallel for private(j, k)
      for (i = 1; i < n - 1; i++)
        {
#pragma pacc loop dim(2)
          for (j = 1; j < n - 1; j++)
            {
#pragma pacc loop dim(1)
              for (k = 1; k < n - 1; k++)
                {
                  A[i][j][k] = 0.125 * (B[i + 1][j][k] - 2.0 * B[i][j][k] + B[i - 1][j][k])
                               + 0.125 * (B[i][j + 1][k] - 2.0 * B[i][j][k] + B[i][j - 1][k])
                               + 0.125 * (B[i][j][k + 1] - 2.0 * B[i][j][k] + B[i][j][k - 1])
                               + B[i][j][k];
                }
            }
        }
    }
}

int
main (void)
{
  int n = N;
  DATA_TYPE (*A)[N][N];
  DATA_TYPE (*B)[N][N];
  double t0, secs;

  A = (DATA_TYPE (*)[N][N]) malloc ((size_t) N * N * N * sizeof (DATA_TYPE));
  B = (DATA_TYPE (*)[N][N]) malloc ((size_t) N * N * N * sizeof (DATA_TYPE));
  if (!A || !B)
    {
      fprintf (stderr, "heat3d: out of memory for N=%d\n", N);
      return 1;
    }
  init_array (n, A, B);

#pragma pacc init
  t0 = bench_now ();
  kernel_heat_3d (n, A, B);
  secs = bench_now () - t0;

  print_array (n, A);
  printf ("time %.6f s\n", secs);
  free ((void *) A);
  free ((void *) B);
  return 0;
}
