/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* himeno-tiles.c - Himeno's step in the geometry of
   benchmarks/himeno/himeno-cuda.cu, as GCC 12 compiles it (issue 11): a
   gang per plane, tile of rows and segment of columns, 8 x 32 threads,
   one point per thread (or several), no gang loop (the gang number gives
   the tile, as in pacc.so's segmented kernels), the residual through
   slots (as pacc.so's), with VLA and with flat indexing, against row
   groups of 8 rows (as pacc.so's Himeno stencil).  Arrays live on the
   device only (acc_malloc), so only kernels are timed
   (benchmarks/RESULTS.md, "Himeno's stencil in CUDA's tiles").

   Usage: himeno-tiles X Y Z T   (V0=N in the environment: start at
   variant N).  Prints one line per variant: name, seconds per step,
   GFLOPS (34 flops per interior point), and a checksum of the result
   that must be equal across the variants of one run.  */

#include <openacc.h>
#include <stdio.h>
#include <stdlib.h>

#include "himeno-probe.h"

/* The residual's 1024 slots summed, and set back to zero.  */
static double
slots_sum (double *slots)
{
  double gosa = 0;
#pragma acc parallel loop deviceptr(slots) reduction(+:gosa)
  for (int s = 0; s < 1024; s++)
    {
      gosa += slots[s];
      slots[s] = 0;
    }
  return gosa;
}

/* The copy-back of the tile probes and their row-group reference, rows
   to gangs.  */
static void
tiles_copy (float **d, long X, long Y, long Z)
{
  float (*p)[Y][Z] = (float (*)[Y][Z]) d[0];
  float (*wrk2)[Y][Z] = (float (*)[Y][Z]) d[13];
#pragma acc parallel deviceptr(p, wrk2) num_workers(8) vector_length(32)
  {
#pragma acc loop gang
    for (long g = 0; g < (X - 2) * (Y - 2); g++)
      {
	long i = 1 + g / (Y - 2), j = 1 + g % (Y - 2);
#pragma acc loop worker vector
	for (long k = 1; k < Z - 1; k++)
	  p[i][j][k] = wrk2[i][j][k];
      }
  }
}

/* Tiles, as CUDA's himeno_step (64 columns x 4 rows a block): gang G
   takes (plane, tile of R rows, segment of 256 / R columns) from its
   gang number, with no gang loop (as pacc.so's segmented kernels), and
   each of its 8 x 32 threads one point.  RED 0: no residual; 1: each
   gang adds its partial into slot G % 1024 (as pacc.so's slots), a
   second kernel sums the slots.  The copy-back is one form for all.  */
static double
him_tiles (float **d, double *slots, long X, long Y, long Z, int R, int red)
{
  HIMENO_ARRAYS;
  int C = 256 / R;
  unsigned nt = (Y - 2 + R - 1) / R, ns = (Z - 2 + C - 1) / C;
  unsigned n = (X - 2) * nt * ns;
  double gosa = 0;
#pragma acc parallel HIMENO_COPY_CLAUSES deviceptr(slots) num_gangs(n) num_workers(8) vector_length(32)
  {
    unsigned g = __builtin_goacc_parlevel_id (0);
    unsigned pl = g / (nt * ns), r = g % (nt * ns);
    long i = 1 + pl, j0 = 1 + (long) (r / ns) * R, k0 = 1 + (long) (r % ns) * C;
    double part = 0;
#pragma acc loop worker vector reduction(+:part)
    for (int t = 0; t < 256; t++)
      {
	long j = j0 + t / C, k = k0 + t % C;
	if (j < Y - 1 && k < Z - 1)
	  HIMENO_BODY_TO (part)
      }
    if (red)
      {
#pragma acc atomic update
	slots[g % 1024] += part;
      }
  }
  if (red)
    gosa = slots_sum (slots);
  tiles_copy (d, X, Y, Z);
  return gosa;
}

/* him_tiles with one flat offset for all 14 arrays, as CUDA's kernel
   indexes them: tiles of R x P rows, each thread P points (rows R
   apart, one after the other); RED: the residual through slots.  */
#define TILES_FLAT(NAME, R, P, RED)					\
static double								\
NAME (float **d, double *slots, long X, long Y, long Z)		\
{									\
  FLAT_ARRAYS;								\
  const int C = 256 / (R);						\
  unsigned nt = (Y - 2 + (R) * (P) - 1) / ((R) * (P));			\
  unsigned ns = (Z - 2 + C - 1) / C;					\
  unsigned n = (X - 2) * nt * ns;					\
  long YZ = Y * Z;							\
  double gosa = 0;							\
  PRAGMA (acc parallel HIMENO_COPY_CLAUSES deviceptr(slots) num_gangs(n) num_workers(8) vector_length(32)) \
  {									\
    unsigned g = __builtin_goacc_parlevel_id (0);			\
    unsigned pl = g / (nt * ns), r = g % (nt * ns);			\
    long i = 1 + pl, j0 = 1 + (long) (r / ns) * (R) * (P);		\
    long k0 = 1 + (long) (r % ns) * C;					\
    double part = 0;							\
    PRAGMA (acc loop worker vector reduction(+:part))			\
    for (int t = 0; t < 256; t++)					\
      for (int q = 0; q < (P); q++)					\
	{								\
	  long j = j0 + t / C + q * (R), k = k0 + t % C;		\
	  if (j < Y - 1 && k < Z - 1)					\
	    {								\
	      long o = (i * Y + j) * Z + k;				\
	      FLAT_POINT (part)						\
	    }								\
	}								\
    if (RED)								\
      {									\
	PRAGMA (acc atomic update)					\
	slots[g % 1024] += part;					\
      }									\
  }									\
  if (RED)								\
    gosa = slots_sum (slots);						\
  flat_copy (d, X, Y, Z);						\
  return gosa;								\
}

/* The copy-back of the flat forms.  */
static void
flat_copy (float **d, long X, long Y, long Z)
{
  float *p = d[0], *wrk2 = d[13];
  long YZ = Y * Z;
#pragma acc parallel deviceptr(p, wrk2) num_workers(8) vector_length(32)
  {
#pragma acc loop gang
    for (long g = 0; g < (X - 2) * (Y - 2); g++)
      {
	long o = (1 + g / (Y - 2)) * YZ + (1 + g % (Y - 2)) * Z;
#pragma acc loop worker vector
	for (long k = 1; k < Z - 1; k++)
	  p[o + k] = wrk2[o + k];
      }
  }
}

TILES_FLAT (tiles_flat_4_1, 4, 1, 1)
/* The same with the tile's shape known only at run time.  */
static int tiles_rt_rows = 4;
TILES_FLAT (tiles_flat_rt_4_1, tiles_rt_rows, 1, 1)
TILES_FLAT (tiles_flat_8_1, 8, 1, 1)
TILES_FLAT (tiles_flat_2_1, 2, 1, 1)
TILES_FLAT (tiles_flat_4_1_nored, 4, 1, 0)
TILES_FLAT (tiles_flat_4_2, 4, 2, 1)
TILES_FLAT (tiles_flat_4_4, 4, 4, 1)
TILES_FLAT (tiles_flat_2_4, 2, 4, 1)
TILES_FLAT (tiles_flat_4_2_nored, 4, 2, 0)

/* Flat row groups: gang G takes (plane, group of 8 rows) from its gang
   number, rows to workers, columns to vector lanes (as pacc.so's
   Himeno stencil, but flat), the residual through slots.  */
static double
him_rowgroups_flat (float **d, double *slots, long X, long Y, long Z)
{
  FLAT_ARRAYS;
  unsigned ng = (Y - 2 + 7) / 8;
  unsigned n = (X - 2) * ng;
  long YZ = Y * Z;
  double gosa = 0;
#pragma acc parallel HIMENO_COPY_CLAUSES deviceptr(slots) num_gangs(n) num_workers(8) vector_length(32)
  {
    unsigned g = __builtin_goacc_parlevel_id (0);
    long i = 1 + g / ng, j0 = 1 + (long) (g % ng) * 8;
    long j1 = j0 + 8 < Y - 1 ? j0 + 8 : Y - 1;
    double part = 0;
#pragma acc loop worker reduction(+:part)
    for (long j = j0; j < j1; j++)
#pragma acc loop vector reduction(+:part)
      for (long k = 1; k < Z - 1; k++)
	{
	  long o = (i * Y + j) * Z + k;
	  FLAT_POINT (part)
	}
#pragma acc atomic update
    slots[g % 1024] += part;
  }
  gosa = slots_sum (slots);
  flat_copy (d, X, Y, Z);
  return gosa;
}

/* Row groups of 8 rows (as pacc.so's Himeno stencil) with the same
   copy-back as him_tiles, the reference for the tiles.  */
static double
him_rowgroups_ref (float **d, long X, long Y, long Z)
{
  HIMENO_ARRAYS;
  double gosa = 0;
  long ng = (Y - 2 + 7) / 8;
#pragma acc parallel HIMENO_COPY_CLAUSES num_workers(8) vector_length(32) reduction(+:gosa)
  {
#pragma acc loop gang reduction(+:gosa)
    for (long g = 0; g < (X - 2) * ng; g++)
      {
	long i = 1 + g / ng, j0 = 1 + (g % ng) * 8;
	long j1 = j0 + 8 < Y - 1 ? j0 + 8 : Y - 1;
#pragma acc loop worker reduction(+:gosa)
	for (long j = j0; j < j1; j++)
#pragma acc loop vector reduction(+:gosa)
	  for (long k = 1; k < Z - 1; k++)
	    HIMENO_BODY
      }
  }
  tiles_copy (d, X, Y, Z);
  return gosa;
}

/* Variant V of himeno-tiles: one step, its gosa.  */
static double
tiles_step (int v, float **d, double *slots, long X, long Y, long Z)
{
  switch (v)
    {
    case 1: return him_tiles (d, slots, X, Y, Z, 1, 1);
    case 2: return him_tiles (d, slots, X, Y, Z, 2, 1);
    case 3: return him_tiles (d, slots, X, Y, Z, 4, 1);
    case 4: return him_tiles (d, slots, X, Y, Z, 8, 1);
    case 5: return him_tiles (d, slots, X, Y, Z, 4, 0);
    case 6: return him_tiles (d, slots, X, Y, Z, 8, 0);
    case 8: return tiles_flat_4_1 (d, slots, X, Y, Z);
    case 9: return tiles_flat_8_1 (d, slots, X, Y, Z);
    case 10: return tiles_flat_2_1 (d, slots, X, Y, Z);
    case 11: return tiles_flat_4_1_nored (d, slots, X, Y, Z);
    case 12: return tiles_flat_4_2 (d, slots, X, Y, Z);
    case 13: return tiles_flat_4_4 (d, slots, X, Y, Z);
    case 14: return tiles_flat_2_4 (d, slots, X, Y, Z);
    case 15: return tiles_flat_4_2_nored (d, slots, X, Y, Z);
    case 16: return him_rowgroups_flat (d, slots, X, Y, Z);
    case 17: return tiles_flat_rt_4_1 (d, slots, X, Y, Z);
    default: return him_rowgroups_ref (d, X, Y, Z);   /* 0 and 7 */
    }
}


int
main (int argc, char **argv)
{
  if (argc != 5)
    {
      fprintf (stderr, "usage: himeno-tiles X Y Z T\n");
      return 2;
    }
  long X = atol (argv[1]), Y = atol (argv[2]), Z = atol (argv[3]);
  int T = atoi (argv[4]);
  long n = X * Y * Z;
  float *d[14];
  double *slots = acc_malloc (1024 * sizeof (double));
  if (!slots)
    return 1;
  for (int a = 0; a < 14; a++)
    if (!(d[a] = acc_malloc (n * sizeof (float))))
      return 1;
#pragma acc parallel loop deviceptr(slots)
  for (int s = 0; s < 1024; s++)
    slots[s] = 0;
  static const char *const names[] = {
    "rowgroups R=8", "tiles R=1 slots", "tiles R=2 slots",
    "tiles R=4 slots", "tiles R=8 slots", "tiles R=4 nored",
    "tiles R=8 nored", "rowgroups R=8", "flat tiles R=4",
    "flat tiles R=8", "flat tiles R=2", "flat R=4 nored",
    "flat R=4 P=2", "flat R=4 P=4", "flat R=2 P=4", "flat R=4 P=2 nored",
    "flat rowgroups", "flat R=4 runtime" };
  time_himeno ("tiles", names, getenv ("V0") ? atoi (getenv ("V0")) : 0, 18,
	       tiles_step, d, slots, X, Y, Z, T);
  return 0;
}
