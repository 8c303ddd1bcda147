/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* s3d.c -- two independent kernels on two devices, the S3D case of Xu,
   Tian, Chandrasekaran and Chapman, in `#pragma pacc' spelling.

   As in S3D's chemistry and transport, one time step is two computations
   on different data that do not depend on each other: a pointwise
   "reaction" (a rational-function update iterated R times per point) on
   field y, and a "diffusion" 5-point update of field w whose
   conductivity is a rational function of w iterated R times.  Both are
   compute-bound for large R, so that on one device they compete for the
   same multiprocessors.  With D = 2 the reaction runs on device 0 and
   the diffusion on device 1, at the same time (`deviceid' before each
   OpenACC `parallel', async); with D = 1 both run on device 0.  Each
   device keeps its fields (enter data under deviceid); `wait device'
   ends a step.  Built without the plugin the `#pragma pacc' lines are
   ignored: the reference, which must print the same checksums.  On the
   host path PACC_DEVICES=D emulates the devices.

   Usage: s3d [X [Y [T [R [D]]]]]   (defaults 512 512 10 32 1)
   Prints the checksums of y and w, the time (data in and out included)
   and GFLOPS = (8 R X Y + (8 R + 7) (X-2)(Y-2)) T / time.  */

#include "../common/bench.h"

static void
init_rows (long lo, long hi, void *vctx)
{
  float **f = vctx;
  long Y = (long) (uintptr_t) f[3];
  for (long x = lo; x < hi; x++)
    for (long j = 0; j < Y; j++)
      {
        f[0][x * Y + j] = (float) ((x * 13 + j * 3) % 89) / 89.0f;
        f[1][x * Y + j] = (float) ((x * 7 + j * 17) % 83) / 83.0f;
        f[2][x * Y + j] = f[1][x * Y + j];
      }
}

int
main (int argc, char **argv)
{
  long X = bench_arg (argc, argv, 1, 512, "s3d");
  long Y = bench_arg (argc, argv, 2, 512, "s3d");
  int T = (int) bench_arg (argc, argv, 3, 10, "s3d");
  int R = (int) bench_arg (argc, argv, 4, 32, "s3d");
  int D = (int) bench_arg (argc, argv, 5, 1, "s3d");
  long n;
  int t;

  if (X < 3 || Y < 3 || (D != 1 && D != 2))
    {
      fprintf (stderr, "s3d: need X, Y >= 3 and D = 1 or 2\n");
      return 2;
    }
  n = X * Y;
  int dr = 0, dd = D - 1;   /* devices of the reaction and the diffusion */
  (void) dr, (void) dd;     /* only the pacc lines use them */
  size_t bytes = sizeof (float) * (size_t) n;
  float *y = bench_alloc (bytes, "s3d", "y");
  float *w = bench_alloc (bytes, "s3d", "w");
  float *w2 = bench_alloc (bytes, "s3d", "w2");
  float *init[4] = { y, w, w2, (float *) (uintptr_t) Y };
  bench_parallel (X, init_rows, init);

#pragma pacc init
  double t0 = bench_now ();
#pragma pacc deviceid(dr)
#pragma acc enter data copyin(y[0:n])
#pragma pacc deviceid(dd)
#pragma acc enter data copyin(w[0:n], w2[0:n])

  for (t = 0; t < T; t++)
    {
#pragma pacc deviceid(dr)
#pragma acc parallel loop gang vector present(y[0:n]) async(1)
      for (long i = 0; i < n; i++)
        {
          float v = y[i];
          for (int r = 0; r < R; r++)
            v = (v * (1.5f - 0.5f * v) + 0.25f) / (1.0f + 0.125f * v * v);
          y[i] = v;
        }
#pragma pacc deviceid(dd)
#pragma acc parallel loop gang present(w[0:n], w2[0:n]) async(2)
      for (long x = 1; x < X - 1; x++)
        {
#pragma acc loop vector
          for (long j = 1; j < Y - 1; j++)
            {
              float c = w[x * Y + j], k = c;
              for (int r = 0; r < R; r++)
                k = (k * (1.25f - 0.25f * k) + 0.5f) / (1.0f + 0.0625f * k * k);
              w2[x * Y + j] = c + 0.05f * k * (w[(x - 1) * Y + j] + w[(x + 1) * Y + j]
                                               + w[x * Y + j - 1] + w[x * Y + j + 1]
                                               - 4.0f * c);
            }
        }
#pragma pacc wait device(dr)
#pragma pacc wait device(dd)
      float *s = w;
      w = w2;
      w2 = s;
    }

#pragma pacc deviceid(dr)
#pragma acc exit data copyout(y[0:n])
#pragma pacc deviceid(dd)
#pragma acc exit data copyout(w[0:n]) delete(w2[0:n])
  double secs = bench_now () - t0;

  printf ("s3d X=%ld Y=%ld T=%d R=%d\n", X, Y, T, R);
  bench_print_checksum ("y", y, n);
  bench_print_checksum ("w", w, n);
  printf ("time %.6f s\n", secs);
  printf ("GFLOPS %.3f\n",
          secs > 0 ? (8.0 * R * (double) n
                      + (8.0 * R + 7.0) * (double) (X - 2) * (double) (Y - 2))
                     * T / secs * 1e-9 : 0.0);
  free (y);
  free (w);
  free (w2);
  return 0;
}
