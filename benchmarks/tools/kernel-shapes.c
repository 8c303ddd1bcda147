/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* kernel-shapes.c - which OpenACC loop mapping lets GCC 12's nvptx kernels
   run at hand-written CUDA speed (issue 11).  Each variant is the Jacobi
   step (stencil into q, copy back into p) or Himeno's step written in the
   form pacc.so's lowering emits (chunk pointers of VLA row type, 64-bit
   loop variables) with one mapping of the loops to gangs, workers and
   vector lanes.  Arrays live on the device only (acc_malloc), so only
   kernels are timed.  Himeno's step in CUDA's own geometry is
   himeno-tiles.c.

   Usage: kernel-shapes jacobi X Y T | himeno X Y Z T | copy X Y T
   Prints one line per variant: name, seconds per step, GFLOPS
   (4 and 34 flops per interior point), and a checksum of the result that
   must be equal across the variants of one run.  */

#include <openacc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "himeno-probe.h"


/* ---------------------------------------------------------------- */
/* Jacobi.                                                           */

/* As pacc.so emits it today: rows to gangs round robin, columns to
   workers and vector lanes, 64-bit variables; G gangs (0: libgomp's
   choice), W workers, V vector lanes.  */
#define JAC_ROWS(NAME, V)						\
static void								\
NAME (float *dp, float *dq, long X, long Y, int G, int W)		\
{									\
  float (*p)[Y] = (float (*)[Y]) dp, (*q)[Y] = (float (*)[Y]) dq;	\
  int g = G ? G : 0;							\
  if (g)								\
    {									\
PRAGMA (acc parallel deviceptr(p, q) num_gangs(g) num_workers(W) vector_length(V)) \
      {									\
_Pragma ("acc loop gang(static:1)")					\
	for (long x = 1; x < X - 1; x++)				\
_Pragma ("acc loop worker vector")					\
	  for (long y = 1; y < Y - 1; y++)				\
	    q[x][y] = (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1]) * 0.25f; \
      }									\
PRAGMA (acc parallel deviceptr(p, q) num_gangs(g) num_workers(W) vector_length(V)) \
      {									\
_Pragma ("acc loop gang(static:1)")					\
	for (long x = 1; x < X - 1; x++)				\
_Pragma ("acc loop worker vector")					\
	  for (long y = 1; y < Y - 1; y++)				\
	    p[x][y] = q[x][y];						\
      }									\
      return;								\
    }									\
PRAGMA (acc parallel deviceptr(p, q) num_workers(W) vector_length(V)) \
  {									\
_Pragma ("acc loop gang(static:1)")					\
    for (long x = 1; x < X - 1; x++)					\
_Pragma ("acc loop worker vector")					\
      for (long y = 1; y < Y - 1; y++)					\
	q[x][y] = (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1]) * 0.25f; \
  }									\
PRAGMA (acc parallel deviceptr(p, q) num_workers(W) vector_length(V)) \
  {									\
_Pragma ("acc loop gang(static:1)")					\
    for (long x = 1; x < X - 1; x++)					\
_Pragma ("acc loop worker vector")					\
      for (long y = 1; y < Y - 1; y++)					\
	p[x][y] = q[x][y];						\
  }									\
}
JAC_ROWS (jac_rows, 32)
JAC_ROWS (jac_rows128, 128)
JAC_ROWS (jac_rows1024, 1024)

/* Rows cut into segments of S columns; gang g takes segment g % nseg of
   row g / nseg, so the gangs running at once cover a few whole rows (as
   CUDA's grid does) instead of a thousand rows at different columns.  */
static void
jac_seg (float *dp, float *dq, long X, long Y, int W, long S)
{
  float (*p)[Y] = (float (*)[Y]) dp, (*q)[Y] = (float (*)[Y]) dq;
  long n = Y - 2, nseg = (n + S - 1) / S, nr = X - 2;
#pragma acc parallel deviceptr(p, q) num_workers(W) vector_length(32)
  {
#pragma acc loop gang
    for (long g = 0; g < nr * nseg; g++)
      {
	long x = 1 + g / nseg, y0 = 1 + (g % nseg) * S;
	long y1 = y0 + S < Y - 1 ? y0 + S : Y - 1;
#pragma acc loop worker vector
	for (long y = y0; y < y1; y++)
	  q[x][y] = (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1]) * 0.25f;
      }
  }
#pragma acc parallel deviceptr(p, q) num_workers(W) vector_length(32)
  {
#pragma acc loop gang
    for (long g = 0; g < nr * nseg; g++)
      {
	long x = 1 + g / nseg, y0 = 1 + (g % nseg) * S;
	long y1 = y0 + S < Y - 1 ? y0 + S : Y - 1;
#pragma acc loop worker vector
	for (long y = y0; y < y1; y++)
	  p[x][y] = q[x][y];
      }
  }
}

/* As jac_seg, with row pointers and a 32-bit column index.  */
static void
jac_seg32 (float *dp, float *dq, long X, long Y, int W, long S)
{
  long n = Y - 2, nseg = (n + S - 1) / S, nr = X - 2;
#pragma acc parallel deviceptr(dp, dq) num_workers(W) vector_length(32)
  {
#pragma acc loop gang
    for (long g = 0; g < nr * nseg; g++)
      {
	long x = 1 + g / nseg, y0 = 1 + (g % nseg) * S;
	long y1 = y0 + S < Y - 1 ? y0 + S : Y - 1;
	const float *pm = dp + (x - 1) * Y, *pc = dp + x * Y, *pp = dp + (x + 1) * Y;
	float *qc = dq + x * Y;
	int m = (int) (y1 - y0), o = (int) y0;
#pragma acc loop worker vector
	for (int y = 0; y < m; y++)
	  qc[o + y] = (pm[o + y] + pp[o + y] + pc[o + y - 1] + pc[o + y + 1]) * 0.25f;
      }
  }
#pragma acc parallel deviceptr(dp, dq) num_workers(W) vector_length(32)
  {
#pragma acc loop gang
    for (long g = 0; g < nr * nseg; g++)
      {
	long x = 1 + g / nseg, y0 = 1 + (g % nseg) * S;
	long y1 = y0 + S < Y - 1 ? y0 + S : Y - 1;
	float *pc = dp + x * Y;
	const float *qc = dq + x * Y;
	int m = (int) (y1 - y0), o = (int) y0;
#pragma acc loop worker vector
	for (int y = 0; y < m; y++)
	  pc[o + y] = qc[o + y];
      }
  }
}

/* ---------------------------------------------------------------- */
/* Himeno: 14 arrays, the step of benchmarks/himeno/himeno.c.          */

/* As pacc.so emits it today: planes to gangs, rows to workers, columns
   to vector lanes.  */
static double
him_planes (float **d, long X, long Y, long Z, int W)
{
  HIMENO_ARRAYS;
  double gosa = 0;
#pragma acc parallel HIMENO_COPY_CLAUSES num_workers(W) vector_length(32) reduction(+:gosa)
  {
#pragma acc loop gang(static:1) reduction(+:gosa)
    for (long i = 1; i < X - 1; i++)
#pragma acc loop worker reduction(+:gosa)
      for (long j = 1; j < Y - 1; j++)
#pragma acc loop vector reduction(+:gosa)
	for (long k = 1; k < Z - 1; k++)
	  HIMENO_BODY
  }
#pragma acc parallel HIMENO_COPY_CLAUSES num_workers(W) vector_length(32)
  {
#pragma acc loop gang(static:1)
    for (long i = 1; i < X - 1; i++)
#pragma acc loop worker
      for (long j = 1; j < Y - 1; j++)
#pragma acc loop vector
	for (long k = 1; k < Z - 1; k++)
	  p[i][j][k] = wrk2[i][j][k];
  }
  return gosa;
}

/* Gangs over (plane, group of R rows), rows of the group to workers
   (R = W), columns to vector lanes: many more gangs than planes.  */
static double
him_rowgroups (float **d, long X, long Y, long Z, int W)
{
  HIMENO_ARRAYS;
  double gosa = 0;
  long ng = (Y - 2 + W - 1) / W;
#pragma acc parallel HIMENO_COPY_CLAUSES num_workers(W) vector_length(32) reduction(+:gosa)
  {
#pragma acc loop gang reduction(+:gosa)
    for (long g = 0; g < (X - 2) * ng; g++)
      {
	long i = 1 + g / ng, j0 = 1 + (g % ng) * W;
	long j1 = j0 + W < Y - 1 ? j0 + W : Y - 1;
#pragma acc loop worker reduction(+:gosa)
	for (long j = j0; j < j1; j++)
#pragma acc loop vector reduction(+:gosa)
	  for (long k = 1; k < Z - 1; k++)
	    HIMENO_BODY
      }
  }
#pragma acc parallel HIMENO_COPY_CLAUSES num_workers(W) vector_length(32)
  {
#pragma acc loop gang
    for (long g = 0; g < (X - 2) * ng; g++)
      {
	long i = 1 + g / ng, j0 = 1 + (g % ng) * W;
	long j1 = j0 + W < Y - 1 ? j0 + W : Y - 1;
#pragma acc loop worker
	for (long j = j0; j < j1; j++)
#pragma acc loop vector
	  for (long k = 1; k < Z - 1; k++)
	    p[i][j][k] = wrk2[i][j][k];
      }
  }
  return gosa;
}

/* Gangs over (plane, row), columns to workers and vector lanes.  */
static double
him_rows (float **d, long X, long Y, long Z, int W)
{
  HIMENO_ARRAYS;
  double gosa = 0;
  long nr = Y - 2;
#pragma acc parallel HIMENO_COPY_CLAUSES num_workers(W) vector_length(32) reduction(+:gosa)
  {
#pragma acc loop gang reduction(+:gosa)
    for (long g = 0; g < (X - 2) * nr; g++)
      {
	long i = 1 + g / nr, j = 1 + g % nr;
#pragma acc loop worker vector reduction(+:gosa)
	for (long k = 1; k < Z - 1; k++)
	  HIMENO_BODY
      }
  }
#pragma acc parallel HIMENO_COPY_CLAUSES num_workers(W) vector_length(32)
  {
#pragma acc loop gang
    for (long g = 0; g < (X - 2) * nr; g++)
      {
	long i = 1 + g / nr, j = 1 + g % nr;
#pragma acc loop worker vector
	for (long k = 1; k < Z - 1; k++)
	  p[i][j][k] = wrk2[i][j][k];
      }
  }
  return gosa;
}

/* The step with one shared index computation for all 14 arrays (as
   CUDA's kernel and as a lowering with shared extents would give):
   planes to gangs (ROWS = 0) or (plane, row) pairs to gangs (ROWS = 1).  */
static double
him_flat (float **d, long X, long Y, long Z, int W, int rows)
{
  FLAT_ARRAYS;
  long YZ = Y * Z, nr = Y - 2, n = rows ? (X - 2) * nr : X - 2;
  double gosa = 0;
#pragma acc parallel HIMENO_COPY_CLAUSES num_workers(W) vector_length(32) reduction(+:gosa)
  {
#pragma acc loop gang reduction(+:gosa)
    for (long g = 0; g < n; g++)
      {
	long i = rows ? 1 + g / nr : 1 + g;
	long j0 = rows ? 1 + g % nr : 1, j1 = rows ? j0 + 1 : Y - 1;
#pragma acc loop worker reduction(+:gosa)
	for (long j = j0; j < j1; j++)
#pragma acc loop vector reduction(+:gosa)
	  for (long k = 1; k < Z - 1; k++)
	    {
	      long o = (i * Y + j) * Z + k;
	      FLAT_POINT (gosa)
	    }
      }
  }
#pragma acc parallel HIMENO_COPY_CLAUSES num_workers(W) vector_length(32)
  {
#pragma acc loop gang
    for (long g = 0; g < n; g++)
      {
	long i = rows ? 1 + g / nr : 1 + g;
	long j0 = rows ? 1 + g % nr : 1, j1 = rows ? j0 + 1 : Y - 1;
#pragma acc loop worker
	for (long j = j0; j < j1; j++)
#pragma acc loop vector
	  for (long k = 1; k < Z - 1; k++)
	    {
	      long o = (i * Y + j) * Z + k;
	      F (p, 0, 0, 0) = F (wrk2, 0, 0, 0);
	    }
      }
  }
  return gosa;
}

/* The copy-back alone (p = q over the interior), one gang per row, W
   workers: as pacc.so emits it; with restrict-qualified row pointers;
   with each thread copying two halves (or four quarters) of the row,
   all loads first.
   Latency, not bandwidth, limits a loop with one load per iteration.  */
static void
copy_rows (float *dp, float *dq, long X, long Y, int W, int how)
{
  long nr = X - 2;
  if (how == 0)
    {
      float (*p)[Y] = (float (*)[Y]) dp, (*q)[Y] = (float (*)[Y]) dq;
#pragma acc parallel deviceptr(p, q) num_gangs(nr) num_workers(W) vector_length(32)
      {
#pragma acc loop gang(static:1)
	for (long x = 1; x < X - 1; x++)
#pragma acc loop worker vector
	  for (long y = 1; y < Y - 1; y++)
	    p[x][y] = q[x][y];
      }
    }
  else
    {
#pragma acc parallel deviceptr(dp, dq) num_gangs(nr) num_workers(W) vector_length(32)
      {
#pragma acc loop gang(static:1)
	for (long x = 1; x < X - 1; x++)
	  {
	    float *__restrict pr = dp + x * Y;
	    const float *__restrict qr = dq + x * Y;
	    if (how == 2)
	      {
#pragma acc loop worker vector
		for (long y = 1; y < Y - 1; y++)
		  pr[y] = qr[y];
	      }
	    else if (how == 3)
	      {
		/* Four quarters of the row per thread, all loads first.  */
		long m = Y - 2, h = (m + 3) / 4;
#pragma acc loop worker vector
		for (long y = 0; y < h; y++)
		  {
		    float a = qr[1 + y];
		    float b = y + h < m ? qr[1 + y + h] : 0.0f;
		    float c = y + 2 * h < m ? qr[1 + y + 2 * h] : 0.0f;
		    float d = y + 3 * h < m ? qr[1 + y + 3 * h] : 0.0f;
		    pr[1 + y] = a;
		    if (y + h < m)
		      pr[1 + y + h] = b;
		    if (y + 2 * h < m)
		      pr[1 + y + 2 * h] = c;
		    if (y + 3 * h < m)
		      pr[1 + y + 3 * h] = d;
		  }
	      }
	    else
	      {
		/* Two halves of the row per thread, both loads first.  */
		long m = Y - 2, h = (m + 1) / 2;
#pragma acc loop worker vector
		for (long y = 0; y < h; y++)
		  {
		    float a = qr[1 + y];
		    float b = y + h < m ? qr[1 + y + h] : 0.0f;
		    pr[1 + y] = a;
		    if (y + h < m)
		      pr[1 + y + h] = b;
		  }
	      }
	  }
      }
    }
}

/* Variant V of `kernel-shapes himeno': one step, its gosa.  */
static double
himeno_step (int v, float **d, double *slots, long X, long Y, long Z)
{
  (void) slots;
  switch (v)
    {
    case 0: return him_planes (d, X, Y, Z, 8);
    case 1: return him_planes (d, X, Y, Z, 4);
    case 2: return him_rowgroups (d, X, Y, Z, 2);
    case 3: return him_rowgroups (d, X, Y, Z, 4);
    case 4: return him_rowgroups (d, X, Y, Z, 8);
    case 5: return him_rows (d, X, Y, Z, 2);
    case 6: return him_rows (d, X, Y, Z, 4);
    case 7: return him_rows (d, X, Y, Z, 8);
    case 8: return him_flat (d, X, Y, Z, 8, 0);
    case 9: return him_flat (d, X, Y, Z, 4, 0);
    case 10: return him_flat (d, X, Y, Z, 1, 1);
    default: return him_flat (d, X, Y, Z, 8, 1);
    }
}

int
main (int argc, char **argv)
{
  if (argc < 2)
    {
      fprintf (stderr, "usage: kernel-shapes jacobi X Y T | himeno X Y Z T\n");
      return 2;
    }
  if (!strcmp (argv[1], "jacobi") && argc == 5)
    {
      long X = atol (argv[2]), Y = atol (argv[3]);
      int T = atoi (argv[4]);
      long n = X * Y;
      float *p = acc_malloc (n * sizeof (float));
      float *q = acc_malloc (n * sizeof (float));
      if (!p || !q)
	return 1;
      double pts = (double) (X - 2) * (Y - 2);
      long nr = X - 2;
      for (int v = 0; v < 21; v++)
	{
	  static const char *names[] = {
	    "rows W=8", "rows W=32", "rows G=1056 W=8", "rows G=264 W=32",
	    "rows G=nr W=4", "rows G=nr W=8", "rows G=nr W=16",
	    "rows G=nr W=32", "rows V=128 W=2", "rows V=128 W=8",
	    "rows G=nr V=128 W=8", "rows V=1024 W=1", "seg32 1024 W=4",
	    "seg1024 W=8", "seg2048 W=8", "seg4096 W=8", "seg8192 W=8",
	    "seg2048 W=16", "seg4096 W=16", "seg32 2048 W=8",
	    "seg32 4096 W=16" };
	  fill (p, n, 1);
	  fill (q, n, 2);
	  double t0 = 0;
	  for (int t = -1; t < T; t++)
	    {
	      if (t == 0)
		t0 = now ();
	      switch (v)
		{
		case 0: jac_rows (p, q, X, Y, 0, 8); break;
		case 1: jac_rows (p, q, X, Y, 0, 32); break;
		case 2: jac_rows (p, q, X, Y, 1056, 8); break;
		case 3: jac_rows (p, q, X, Y, 264, 32); break;
		case 4: jac_rows (p, q, X, Y, nr, 4); break;
		case 5: jac_rows (p, q, X, Y, nr, 8); break;
		case 6: jac_rows (p, q, X, Y, nr, 16); break;
		case 7: jac_rows (p, q, X, Y, nr, 32); break;
		case 8: jac_rows128 (p, q, X, Y, 0, 2); break;
		case 9: jac_rows128 (p, q, X, Y, 0, 8); break;
		case 10: jac_rows128 (p, q, X, Y, nr, 8); break;
		case 11: jac_rows1024 (p, q, X, Y, 0, 1); break;
		case 12: jac_seg32 (p, q, X, Y, 4, 1024); break;
		case 13: jac_seg (p, q, X, Y, 8, 1024); break;
		case 14: jac_seg (p, q, X, Y, 8, 2048); break;
		case 15: jac_seg (p, q, X, Y, 8, 4096); break;
		case 16: jac_seg (p, q, X, Y, 8, 8192); break;
		case 17: jac_seg (p, q, X, Y, 16, 2048); break;
		case 18: jac_seg (p, q, X, Y, 16, 4096); break;
		case 19: jac_seg32 (p, q, X, Y, 8, 2048); break;
		case 20: jac_seg32 (p, q, X, Y, 16, 4096); break;
		}
	    }
	  double s = (now () - t0) / T;
	  printf ("jacobi %ldx%ld %-16s %.6f s/step %8.1f GFLOPS  sum %.9g\n",
		  X, Y, names[v], s, 4 * pts / s * 1e-9, checksum (p, n));
	  fflush (stdout);
	}
      return 0;
    }
  if (!strcmp (argv[1], "copy") && argc == 5)
    {
      long X = atol (argv[2]), Y = atol (argv[3]);
      int T = atoi (argv[4]);
      long n = X * Y;
      float *p = acc_malloc (n * sizeof (float));
      float *q = acc_malloc (n * sizeof (float));
      if (!p || !q)
	return 1;
      static const char *names[] = { "as emitted", "two halves", "restrict",
				     "four quarters" };
      for (int v = 0; v < 8; v++)
	{
	  int W = v < 4 ? 16 : 8;
	  fill (p, n, 1);
	  fill (q, n, 2);
	  double t0 = 0;
	  for (int t = -1; t < T; t++)
	    {
	      if (t == 0)
		t0 = now ();
	      copy_rows (p, q, X, Y, W, v % 4);
	    }
	  acc_wait_all ();
	  double s = (now () - t0) / T;
	  printf ("copy %ldx%ld W=%d %-20s %.6f s/copy %7.1f GB/s  sum %.9g\n",
		  X, Y, W, names[v % 4], s,
		  8.0 * (X - 2) * (Y - 2) / s * 1e-9, checksum (p, n));
	  fflush (stdout);
	}
      return 0;
    }
  if (!strcmp (argv[1], "himeno") && argc == 6)
    {
      long X = atol (argv[2]), Y = atol (argv[3]), Z = atol (argv[4]);
      int T = atoi (argv[5]);
      long n = X * Y * Z;
      float *d[14];
      for (int a = 0; a < 14; a++)
	if (!(d[a] = acc_malloc (n * sizeof (float))))
	  return 1;
      static const char *const names[] = {
	"planes W=8", "planes W=4", "rowgroups W=2", "rowgroups W=4",
	"rowgroups W=8", "rows W=2", "rows W=4", "rows W=8",
	"flat planes W=8", "flat planes W=4", "flat rows W=1",
	"flat rows W=8" };
      time_himeno ("himeno", names, 0, 12, himeno_step, d, NULL, X, Y, Z, T);
      return 0;
    }
  fprintf (stderr, "usage: kernel-shapes jacobi X Y T | himeno X Y Z T\n");
  return 2;
}
