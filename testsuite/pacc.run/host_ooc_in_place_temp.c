/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* Out of core on the host path with a targettemp array: the plan in
   place needs a buffer for the temp array alone (its host array is
   never written), so PACC_DEVICE_MEMORY=9K, above the temp's 8640
   bytes but below what one-plane chunks need to stream (11.5 KiB),
   runs in place where it stopped with "nothing fits" before; 16K lets
   PACC_IN_PLACE=0 stream.  Flat double arrays indexed through a macro,
   a targetin coefficient, sizes as a static function's parameters,
   built with -g.  */
/* { dg-pacc-sweep "PACC_DEVICE_MEMORY=9K PACC_K=-,2 PACC_HOST_THREADS=1,3 ; PACC_DEVICE_MEMORY=9K PACC_REPLAN=2 ; PACC_DEVICE_MEMORY=16K PACC_IN_PLACE=0 PACC_HOST_THREADS=1,2" } */
/* { dg-pacc-options "-g" } */

#include <stdio.h>
#include <stdlib.h>

#define IX(i, j, k) (((long) (i) * ny + (j)) * nz + (k))

static void
diffuse (double *p, double *q, const double *c, int nx, int ny, int nz,
         int steps)
{
  int t, i, j, k;

#pragma pacc pipeline targetinout(p) targetin(c) targettemp(q) size([0:nx][0:ny][0:nz]) halo([1:1][1:1][1:1])
  for (t = 0; t < steps; t++)
    {
#pragma pacc loop dim(3)
      for (i = 1; i < nx - 1; i++)
#pragma pacc loop dim(2)
        for (j = 1; j < ny - 1; j++)
#pragma pacc loop dim(1)
          for (k = 1; k < nz - 1; k++)
            q[IX (i, j, k)] = p[IX (i, j, k)]
                              + c[IX (i, j, k)]
                                  * (p[IX (i - 1, j, k)] + p[IX (i + 1, j, k)]
                                     + p[IX (i, j - 1, k)] + p[IX (i, j + 1, k)]
                                     + p[IX (i, j, k - 1)] + p[IX (i, j, k + 1)]
                                     - 6.0 * p[IX (i, j, k)]);
#pragma pacc loop dim(3)
      for (i = 1; i < nx - 1; i++)
#pragma pacc loop dim(2)
        for (j = 1; j < ny - 1; j++)
#pragma pacc loop dim(1)
          for (k = 1; k < nz - 1; k++)
            p[IX (i, j, k)] = q[IX (i, j, k)];
    }
}

int
main (void)
{
  int nx = 9, ny = 12, nz = 10;
  long n = (long) nx * ny * nz, x;
  double *p = malloc (n * sizeof *p);
  double *q = malloc (n * sizeof *q);
  double *c = malloc (n * sizeof *c);
  double s = 0.0;

  if (!p || !q || !c)
    return 1;
  for (x = 0; x < n; x++)
    {
      p[x] = (double) ((x * 37) % 101) / 101.0;
      q[x] = -1.0;
      c[x] = 0.05 + (double) (x % 7) / 70.0;
    }
  diffuse (p, q, c, nx, ny, nz, 11);
  for (x = 0; x < n; x++)
    s += p[x] * (double) (1 + x % 5);
  printf ("sum %a p[421] %a\n", s, p[421]);
  free (p);
  free (q);
  free (c);
  return 0;
}
