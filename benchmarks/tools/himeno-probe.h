/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* himeno-probe.h -- what the Himeno kernel probes (kernel-shapes.c,
   himeno-tiles.c) share: deterministic device arrays, the step of
   benchmarks/himeno/himeno.c over 14 arrays of VLA type (HIMENO_*) or
   through one flat offset (FLAT_*), and the loop that times each
   variant and prints its line.  */

#ifndef HIMENO_PROBE_H
#define HIMENO_PROBE_H

#include <openacc.h>
#include <stdio.h>

#include "acc-probe-util.h"

#define PRAGMA_(x) _Pragma (#x)
#define PRAGMA(x) PRAGMA_ (x)

static void
fill (float *d, long n, int seed)
{
#pragma acc parallel loop deviceptr(d)
  for (long i = 0; i < n; i++)
    d[i] = (float) ((i * 7 + seed * 13) % 101) / 101.0f;
}

#define HIMENO_BODY HIMENO_BODY_TO (gosa)
#define HIMENO_BODY_TO(gosa)						\
  {									\
    float s0 = a0[i][j][k] * p[i + 1][j][k] + a1[i][j][k] * p[i][j + 1][k] \
      + a2[i][j][k] * p[i][j][k + 1]					\
      + b0[i][j][k] * (p[i + 1][j + 1][k] - p[i + 1][j - 1][k]		\
		       - p[i - 1][j + 1][k] + p[i - 1][j - 1][k])	\
      + b1[i][j][k] * (p[i][j + 1][k + 1] - p[i][j - 1][k + 1]		\
		       - p[i][j + 1][k - 1] + p[i][j - 1][k - 1])	\
      + b2[i][j][k] * (p[i + 1][j][k + 1] - p[i - 1][j][k + 1]		\
		       - p[i + 1][j][k - 1] + p[i - 1][j][k - 1])	\
      + c0[i][j][k] * p[i - 1][j][k] + c1[i][j][k] * p[i][j - 1][k]	\
      + c2[i][j][k] * p[i][j][k - 1] + wrk1[i][j][k];			\
    float ss = (s0 * a3[i][j][k] - p[i][j][k]) * bnd[i][j][k];		\
    gosa += ss * ss;							\
    wrk2[i][j][k] = p[i][j][k] + 0.8f * ss;				\
  }

#define HIMENO_ARRAYS							\
  float (*p)[Y][Z] = (float (*)[Y][Z]) d[0];				\
  float (*a0)[Y][Z] = (float (*)[Y][Z]) d[1];				\
  float (*a1)[Y][Z] = (float (*)[Y][Z]) d[2];				\
  float (*a2)[Y][Z] = (float (*)[Y][Z]) d[3];				\
  float (*a3)[Y][Z] = (float (*)[Y][Z]) d[4];				\
  float (*b0)[Y][Z] = (float (*)[Y][Z]) d[5];				\
  float (*b1)[Y][Z] = (float (*)[Y][Z]) d[6];				\
  float (*b2)[Y][Z] = (float (*)[Y][Z]) d[7];				\
  float (*c0)[Y][Z] = (float (*)[Y][Z]) d[8];				\
  float (*c1)[Y][Z] = (float (*)[Y][Z]) d[9];				\
  float (*c2)[Y][Z] = (float (*)[Y][Z]) d[10];				\
  float (*bnd)[Y][Z] = (float (*)[Y][Z]) d[11];				\
  float (*wrk1)[Y][Z] = (float (*)[Y][Z]) d[12];			\
  float (*wrk2)[Y][Z] = (float (*)[Y][Z]) d[13]

#define HIMENO_COPY_CLAUSES deviceptr(p, a0, a1, a2, a3, b0, b1, b2, c0, c1, c2, bnd, wrk1, wrk2)

/* The same step with one flat offset O for all 14 arrays (as CUDA's
   kernel indexes them), the residual added into PART; FLAT_ARRAYS
   declares the arrays as plain pointers, and F needs YZ and Z.  */
#define F(a, di, dj, dk) a[o + (di) * YZ + (dj) * Z + (dk)]
#define FLAT_POINT(part)						\
  {									\
    float s0 = F (a0, 0, 0, 0) * F (p, 1, 0, 0) + F (a1, 0, 0, 0) * F (p, 0, 1, 0) \
      + F (a2, 0, 0, 0) * F (p, 0, 0, 1)				\
      + F (b0, 0, 0, 0) * (F (p, 1, 1, 0) - F (p, 1, -1, 0) - F (p, -1, 1, 0) + F (p, -1, -1, 0)) \
      + F (b1, 0, 0, 0) * (F (p, 0, 1, 1) - F (p, 0, -1, 1) - F (p, 0, 1, -1) + F (p, 0, -1, -1)) \
      + F (b2, 0, 0, 0) * (F (p, 1, 0, 1) - F (p, -1, 0, 1) - F (p, 1, 0, -1) + F (p, -1, 0, -1)) \
      + F (c0, 0, 0, 0) * F (p, -1, 0, 0) + F (c1, 0, 0, 0) * F (p, 0, -1, 0) \
      + F (c2, 0, 0, 0) * F (p, 0, 0, -1) + F (wrk1, 0, 0, 0);	\
    float ss = (s0 * F (a3, 0, 0, 0) - F (p, 0, 0, 0)) * F (bnd, 0, 0, 0); \
    part += ss * ss;							\
    F (wrk2, 0, 0, 0) = F (p, 0, 0, 0) + 0.8f * ss;			\
  }
#define FLAT_ARRAYS							\
  float *p = d[0], *a0 = d[1], *a1 = d[2], *a2 = d[3], *a3 = d[4],	\
    *b0 = d[5], *b1 = d[6], *b2 = d[7], *c0 = d[8], *c1 = d[9], *c2 = d[10], \
    *bnd = d[11], *wrk1 = d[12], *wrk2 = d[13]

/* Variants V0 to NV - 1 of MODE (himeno or tiles), each from the same
   arrays D (SLOTS for the residual's slots): one step untimed, then T
   timed; a line each.  */
static void
time_himeno (const char *mode, const char *const *names, int v0, int nv,
	     double (*step) (int, float **, double *, long, long, long),
	     float **d, double *slots, long X, long Y, long Z, int T)
{
  long n = X * Y * Z;
  double pts = (double) (X - 2) * (Y - 2) * (Z - 2);
  for (int v = v0; v < nv; v++)
    {
      for (int a = 0; a < 14; a++)
	fill (d[a], n, a);
      double t0 = 0, gosa = 0;
      for (int t = -1; t < T; t++)
	{
	  if (t == 0)
	    t0 = now ();
	  gosa = step (v, d, slots, X, Y, Z);
	}
      acc_wait_all ();
      double s = (now () - t0) / T;
      printf ("%s %ldx%ldx%ld %-16s %.6f s/step %8.1f GFLOPS  sum %.9g gosa %.6g\n",
	      mode, X, Y, Z, names[v], s, 34 * pts / s * 1e-9,
	      checksum (d[0], n), gosa);
      fflush (stdout);
    }
}


#endif
