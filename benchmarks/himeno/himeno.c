/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* himeno.c -- the Himeno benchmark (RIKEN): Jacobi iterations of a 3-D
   Poisson equation with a 19-point stencil, as a PACC pipeline.

   Plain sequential C: built without the plugin the `#pragma pacc' lines are
   ignored and this is the reference; built with
       gcc -O3 `pkg-config --cflags pacc` himeno.c `pkg-config --libs pacc`
   the time loop is streamed through the GPU(s) in chunks of planes (or run
   on the host path).  Both must print the same output, up to the order of
   the additions of the residual gosa (a `reduction:' line).

   As in the PACC paper, the 4-D coefficient arrays a[4], b[3], c[3] of the
   original are split into 3-D arrays: 14 arrays of X x Y x Z floats
   (p, a0..a3, b0..b2, c0..c2, bnd, wrk1, wrk2).  One step is the original
   jacobi() iteration: wrk2 = new p computed from p (and the residual gosa
   as a reduction), then the copy-back p = wrk2 over the interior.

   Usage: himeno [X [Y [Z [T [INIT]]]]]   (defaults 65 65 129 80 0)
     X, Y, Z  array extents (the original's mimax, mjmax, mkmax); the
              interior is (X-2)(Y-2)(Z-2) points; X is the decomposed one;
     T        iterations (the original's nn);
     INIT     0: the original's initial values (initmt), 1: values that vary
              at every point (for checking; see himeno-init.h).
   Prints a checksum of p, gosa of the last iteration, the time of the
   pipeline region (transfers included; the device set-up of `pacc init' is
   not timed) and the effective GFLOPS E = 34 (X-2)(Y-2)(Z-2) T / time,
   34 floating-point operations per point as in the original.
   Paper size: 512 512 1024, T = 256.  */

#include "himeno-init.h"

int
main (int argc, char **argv)
{
  int X = (int) bench_arg (argc, argv, 1, 65, "himeno");
  int Y = (int) bench_arg (argc, argv, 2, 65, "himeno");
  int Z = (int) bench_arg (argc, argv, 3, 129, "himeno");
  int T = (int) bench_arg (argc, argv, 4, 80, "himeno");
  int mode = (int) bench_arg (argc, argv, 5, 0, "himeno");
  int n, i, j, k;
  float omega = 0.8f;
  double gosa = 0.0;

  if (X < 3 || Y < 3 || Z < 3 || mode > 1)
    {
      fprintf (stderr, "himeno: X, Y and Z must be at least 3, INIT 0 or 1\n");
      return 2;
    }

  size_t bytes = sizeof (float) * (size_t) X * Y * Z;
  float (*p)[Y][Z] = bench_alloc (bytes, "himeno", "p");
  float (*a0)[Y][Z] = bench_alloc (bytes, "himeno", "a0");
  float (*a1)[Y][Z] = bench_alloc (bytes, "himeno", "a1");
  float (*a2)[Y][Z] = bench_alloc (bytes, "himeno", "a2");
  float (*a3)[Y][Z] = bench_alloc (bytes, "himeno", "a3");
  float (*b0)[Y][Z] = bench_alloc (bytes, "himeno", "b0");
  float (*b1)[Y][Z] = bench_alloc (bytes, "himeno", "b1");
  float (*b2)[Y][Z] = bench_alloc (bytes, "himeno", "b2");
  float (*c0)[Y][Z] = bench_alloc (bytes, "himeno", "c0");
  float (*c1)[Y][Z] = bench_alloc (bytes, "himeno", "c1");
  float (*c2)[Y][Z] = bench_alloc (bytes, "himeno", "c2");
  float (*bnd)[Y][Z] = bench_alloc (bytes, "himeno", "bnd");
  float (*wrk1)[Y][Z] = bench_alloc (bytes, "himeno", "wrk1");
  float (*wrk2)[Y][Z] = bench_alloc (bytes, "himeno", "wrk2");

  struct himeno_arrays h = {
    &p[0][0][0], &a0[0][0][0], &a1[0][0][0], &a2[0][0][0], &a3[0][0][0],
    &b0[0][0][0], &b1[0][0][0], &b2[0][0][0],
    &c0[0][0][0], &c1[0][0][0], &c2[0][0][0],
    &bnd[0][0][0], &wrk1[0][0][0], &wrk2[0][0][0], X, Y, Z, mode
  };
  himeno_init (&h);

#pragma pacc init
  double t0 = bench_now ();

#pragma pacc pipeline targetinout(p) targetin(a0, a1, a2, a3, b0, b1, b2, c0, c1, c2, bnd, wrk1) targettemp(wrk2) size([0:X][0:Y][0:Z]) halo([1:1][1:1][1:1]) reduction(+:gosa) async
  for (n = 0; n < T; n++)
    {
      gosa = 0.0;
#pragma pacc loop dim(3)
#ifdef _OPENMP
#pragma omp parallel for private(j, k) reduction(+:gosa)
#endif
      for (i = 1; i < X - 1; i++)
#pragma pacc loop dim(2)
        for (j = 1; j < Y - 1; j++)
#pragma pacc loop dim(1)
          for (k = 1; k < Z - 1; k++)
            {
              float s0 = a0[i][j][k] * p[i + 1][j][k]
                         + a1[i][j][k] * p[i][j + 1][k]
                         + a2[i][j][k] * p[i][j][k + 1]
                         + b0[i][j][k] * (p[i + 1][j + 1][k] - p[i + 1][j - 1][k]
                                          - p[i - 1][j + 1][k] + p[i - 1][j - 1][k])
                         + b1[i][j][k] * (p[i][j + 1][k + 1] - p[i][j - 1][k + 1]
                                          - p[i][j + 1][k - 1] + p[i][j - 1][k - 1])
                         + b2[i][j][k] * (p[i + 1][j][k + 1] - p[i - 1][j][k + 1]
                                          - p[i + 1][j][k - 1] + p[i - 1][j][k - 1])
                         + c0[i][j][k] * p[i - 1][j][k]
                         + c1[i][j][k] * p[i][j - 1][k]
                         + c2[i][j][k] * p[i][j][k - 1]
                         + wrk1[i][j][k];
              float ss = (s0 * a3[i][j][k] - p[i][j][k]) * bnd[i][j][k];
              gosa += ss * ss;
              wrk2[i][j][k] = p[i][j][k] + omega * ss;
            }
#pragma pacc loop dim(3)
#ifdef _OPENMP
#pragma omp parallel for private(j, k)
#endif
      for (i = 1; i < X - 1; i++)
#pragma pacc loop dim(2)
        for (j = 1; j < Y - 1; j++)
#pragma pacc loop dim(1)
          for (k = 1; k < Z - 1; k++)
            p[i][j][k] = wrk2[i][j][k];
    }

  double secs = bench_now () - t0;

  printf ("himeno X=%d Y=%d Z=%d T=%d init=%s\n", X, Y, Z, T,
          mode ? "perturbed" : "classic");
  bench_print_checksum ("p", &p[0][0][0], (long) X * Y * Z);
  printf ("reduction: gosa %.17g\n", gosa);
  printf ("time %.6f s\n", secs);
  printf ("GFLOPS %.3f\n",
          secs > 0 ? 34.0 * (X - 2) * (double) (Y - 2) * (Z - 2) * T / secs * 1e-9
          : 0.0);
  free (p); free (a0); free (a1); free (a2); free (a3);
  free (b0); free (b1); free (b2); free (c0); free (c1); free (c2);
  free (bnd); free (wrk1); free (wrk2);
  return 0;
}
