/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* Out of core on the host path: PACC_DEVICE_MEMORY of 12 KiB, below
   what even chunks of one plane with k = 1 need to stream (three planes
   of each array and the carry, about 25 KiB), so that only the plan in
   place fits (its buffers are the user's arrays: it needs none) and the
   region runs, on one and two threads, where it stopped with "nothing
   fits" before.  With PACC_IN_PLACE=0 the same cap is an error, so the
   sweep streams that case in 60 KiB instead.  A 3-D 7-point heat code
   with a pointer swap at the end of each step, planes of 20 x 16
   doubles, sizes as macros, declarations at the top.  */
/* { dg-pacc-sweep "PACC_DEVICE_MEMORY=12K PACC_K=-,1,3 PACC_HOST_THREADS=1,2 ; PACC_DEVICE_MEMORY=12K PACC_REPLAN=2 ; PACC_DEVICE_MEMORY=60K PACC_IN_PLACE=0 PACC_K=-,2" } */

#include <stdio.h>
#include <stdlib.h>

#define NX 30
#define NY 20
#define NZ 16
#define STEPS 9

static void
init (double (*u)[NY][NZ])
{
  int i, j, k;
  for (i = 0; i < NX; i++)
    for (j = 0; j < NY; j++)
      for (k = 0; k < NZ; k++)
        u[i][j][k] = (double) ((i * 7 + j * 3 + k * 5) % 11) / 11.0;
}

int
main (void)
{
  double (*u)[NY][NZ], (*v)[NY][NZ], (*tmp)[NY][NZ];
  double sum;
  int t, i, j, k;

  u = malloc (sizeof (double[NX][NY][NZ]));
  v = malloc (sizeof (double[NX][NY][NZ]));
  if (!u || !v)
    return 1;
  init (u);
  init (v);

#pragma pacc pipeline targetinout(u, v) size([0:NX][0:NY][0:NZ]) halo([1:1][1:1][1:1]) async
  for (t = 0; t < STEPS; t++)
    {
#pragma pacc loop dim(3)
      for (i = 1; i < NX - 1; i++)
#pragma pacc loop dim(2)
        for (j = 1; j < NY - 1; j++)
#pragma pacc loop dim(1)
          for (k = 1; k < NZ - 1; k++)
            v[i][j][k] = u[i][j][k]
                         + 0.1 * (u[i - 1][j][k] + u[i + 1][j][k]
                                  + u[i][j - 1][k] + u[i][j + 1][k]
                                  + u[i][j][k - 1] + u[i][j][k + 1]
                                  - 6.0 * u[i][j][k]);
      tmp = u;
      u = v;
      v = tmp;
    }

  sum = 0.0;
  for (i = 0; i < NX; i++)
    for (j = 0; j < NY; j++)
      for (k = 0; k < NZ; k++)
        sum += u[i][j][k] * (1 + (i + j + k) % 3);
  printf ("sum %a u[7][5][3] %a v[7][5][3] %a\n", sum, u[7][5][3],
          v[7][5][3]);
  free (u);
  free (v);
  return 0;
}
