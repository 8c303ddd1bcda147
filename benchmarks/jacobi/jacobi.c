/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* jacobi.c -- 2-D Jacobi stencil, the example of the PACC design (section 1).

   Plain sequential C: built without the plugin the `#pragma pacc` lines are
   ignored and this is the reference.  Built with PACC
       gcc -O2 `pkg-config --cflags pacc` jacobi.c `pkg-config --libs pacc`
   the time loop is split into chunks streamed through the GPU(s), or run on
   the host path when there is none.  Both must print the same checksum.

   Usage: jacobi [X [Y [T]]]   (defaults 2000 2000 100)
   Prints the checksum (sum of p in double, and a hash of its bits: see
   ../common/bench.h), the time of the pipeline region (transfers included;
   the device set-up of `pacc init' is not timed) and the effective GFLOPS
   E = 4 (X-2)(Y-2) T / time, as in the PACC paper.  The initialisation and
   the checksum use several threads (BENCH_THREADS), outside the timing.
   Built with -fopenmp instead of PACC, the same loops run as `omp
   parallel for' (the host benchmark's comparison; not with the residual).

   Built with -DJACOBI_RESIDUAL, the copy-back also sums the residual
   (q - p)^2 of every step, as codes that test for convergence do (a
   reduction clause; the last step's residual is printed), with the same
   GFLOPS formula: what a residual costs (benchmarks/RESULTS.md).  With
   -DJACOBI_RESIDUAL=2 the stencil takes the largest change instead,
   err = fmax (err, fabs (q - p)), as OpenACC's tutorial Jacobi does.  */

#include "../common/bench.h"

#include <math.h>

struct init_ctx
{
  float *p, *q;
  int X, Y;
};

/* Rows [lo, hi): hot west and north edges, a deterministic pattern inside;
   q zero.  Run by several threads (bench_parallel), outside the timing.  */
static void
init_rows (long lo, long hi, void *vctx)
{
  struct init_ctx *c = vctx;
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
        c->q[x * Y + y] = 0.0f;
      }
}

int
main (int argc, char **argv)
{
  int X = (int) bench_arg (argc, argv, 1, 2000, "jacobi");
  int Y = (int) bench_arg (argc, argv, 2, 2000, "jacobi");
  int T = (int) bench_arg (argc, argv, 3, 100, "jacobi");
  int t, x, y;

  if (X < 3 || Y < 3)
    {
      fprintf (stderr, "jacobi: X and Y must be at least 3\n");
      return 2;
    }

  float (*p)[Y] = bench_alloc (sizeof (float) * (size_t) X * Y, "jacobi", "p");
  float (*q)[Y] = bench_alloc (sizeof (float) * (size_t) X * Y, "jacobi", "q");

  struct init_ctx ic = { &p[0][0], &q[0][0], X, Y };
  bench_parallel (X, init_rows, &ic);

  /* Device set-up (if any) is not timed; the region is, transfers
     included.  */
#pragma pacc init
  double t0 = bench_now ();

#if JACOBI_RESIDUAL == 2
  double res = 0;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) reduction(max:res) async
#elif defined JACOBI_RESIDUAL
  double res = 0;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) reduction(+:res) async
#else
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) async
#endif
  for (t = 0; t < T; t++) {
#ifdef JACOBI_RESIDUAL
    res = 0;
#endif
#pragma pacc loop dim(2)
#if defined _OPENMP && !defined JACOBI_RESIDUAL
#pragma omp parallel for private(y)
#endif
    for (x = 1; x < X-1; x++)
#pragma pacc loop dim(1)
      for (y = 1; y < Y-1; y++) {
        q[x][y] = (p[x-1][y] + p[x+1][y] + p[x][y-1] + p[x][y+1]) * 0.25f;
#if JACOBI_RESIDUAL == 2
        res = fmax (res, fabs ((double) q[x][y] - (double) p[x][y]));
#endif
      }
#pragma pacc loop dim(2)
#if defined _OPENMP && !defined JACOBI_RESIDUAL
#pragma omp parallel for private(y)
#endif
    for (x = 1; x < X-1; x++)
#pragma pacc loop dim(1)
      for (y = 1; y < Y-1; y++) {
#if defined JACOBI_RESIDUAL && JACOBI_RESIDUAL != 2
        res += (double) ((q[x][y] - p[x][y]) * (q[x][y] - p[x][y]));
#endif
        p[x][y] = q[x][y];
      }
  }

  double secs = bench_now () - t0;

  printf ("jacobi X=%d Y=%d T=%d\n", X, Y, T);
  bench_print_checksum ("p", &p[0][0], (long) X * Y);
#ifdef JACOBI_RESIDUAL
  printf ("residual %.6e\n", res);
#endif
  printf ("time %.6f s\n", secs);
  printf ("GFLOPS %.3f\n",
          secs > 0 ? 4.0 * (X - 2) * (double) (Y - 2) * T / secs * 1e-9 : 0.0);
  free (p);
  free (q);
  return 0;
}
