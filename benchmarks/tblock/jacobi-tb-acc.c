/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* jacobi-tb-acc.c -- in-kernel temporal blocking of benchmarks/jacobi's
   2-D Jacobi step, written by hand in GCC 12 OpenACC in the form PACC's
   lowering would emit (issue 46, item 2: the prototype to measure before
   building the lowering).  Each launch advances the grid D steps:

     tile    gangs over 2-D tiles of TX x TY points; a gang copies its tile
             plus a D-point halo into a gang-private array (CTA shared
             memory), applies the step D times on a shrinking region (worker
             loop over rows, vector loop over columns; the implicit barrier
             at the end of each worker loop separates the steps) and writes
             the TX x TY centre back once.
     stream  gangs over column strips of TY points; a gang walks down the
             rows in blocks of R-2 rows, keeping for each time level 0..D-1
             a ring of R rows of TY+2D points in shared memory (AN5D /
             EBISU style): level s lags level s-1 by one row, level D is
             written to memory.  No redundant rows, only the 2D halo columns.

   Both read p and write the other array (a gang reads its neighbours'
   points), so launches alternate between the two arrays; the boundary rows
   and columns are never written and equal in both.  The per-point
   expression is jacobi.c's, (p[x-1][y] + p[x+1][y] + p[x][y-1]
   + p[x][y+1]) * 0.25f, in the same order and precision, so the result is
   bit-identical to one step per launch (checked: the `1step' variant, and
   the sequential loop itself when X*Y*T is small).

   Usage: jacobi-tb-acc VARIANT X Y T D TX TY [W [R]]
     VARIANT  1step | tile | stream | all (all: 1step, then tile and
              stream with these parameters)
     D        steps per launch; TX, TY: tile rows and columns (stream: TX
              unused); W: workers per gang (default 8); R: ring rows per
              level for stream, a power of two (default 8)
   Build with -DREAL=double for double precision (default float).
   Prints for each variant: name, D, tile, kernel seconds, GCells/s
   ((X-2)(Y-2)T / kernel time; kernels only: the copies in and out are not
   timed) and PASS/FAIL of the bit-for-bit check.

   Build: gcc-12 -O3 -fopenacc -foffload=nvptx-none -ffp-contract=off
          -foffload-options=nvptx-none=-misa=sm_80 jacobi-tb-acc.c  */

/* Gang-private buffer, in REALs: on nvptx GCC 12 puts it in the static
   .shared array __gang_private_shared, whose size is the SUM over the
   kernels of the module (here two), and ALSO gives each kernel a local
   frame of that size, which __oacc_bcast (as large) carries at every
   worker/vector fork; a CTA may have 48 KiB of static shared memory, so
   2 x 15872 + 15872 + 160 bytes is the most.  It bounds the tile
   (2 (TX+2D)(TY+2D)) and the stream window (D R (TY+2D)).  */
#ifndef TB_CAP
#ifdef TB_SHARED
/* With shared-attr.so: one static .shared array, no frame: 46 KiB.  */
#define TB_CAP (47104 / (int) sizeof (REAL))
#else
#define TB_CAP (15872 / (int) sizeof (REAL))
#endif
#endif

#include "tb-common.h"
#include "tb-run.h"

/* One step per launch, src -> dst (the one-step kernel PACC emits today,
   rows to gangs, columns to workers and lanes).  */
static void
step1 (const REAL *src, REAL *dst, int X, int Y)
{
#pragma acc parallel loop gang deviceptr(src, dst) num_workers(8) vector_length(32) async(1)
  for (long x = 1; x < X - 1; x++)
#pragma acc loop worker vector
    for (long y = 1; y < Y - 1; y++)
      dst[x * Y + y] = (src[(x - 1) * Y + y] + src[(x + 1) * Y + y]
                        + src[x * Y + y - 1] + src[x * Y + y + 1]) * (REAL) 0.25f;
}

/* D steps per launch on TX x TY tiles, src -> dst, in the gang's buffer
   B.  Local row i, column j of the tile are the global point (x0 + i,
   y0 + j); the tile with its halo is RX x RY.  Step s computes the local
   points at distance >= s from the tile's edge (the others are stale and
   unused) that are inside the domain's interior: the loop bounds are
   clamped to it, so no point tests where it is; the boundary points, read
   with the tile, stay in both halves of B unchanged.  Rows are addressed
   from a base index per row (the worker loop's), columns by j.  */
#define TILE_BODY(B)							\
  int x0 = 1 + g / nty * TX - D, y0 = 1 + g % nty * TY - D;		\
  int il = TB_MAX (0, -x0), ih = TB_MIN (RX, X - x0);			\
  int jl = TB_MAX (0, -y0), jh = TB_MIN (RY, Y - y0);			\
  _Pragma ("acc loop worker")						\
  for (int i = il; i < ih; i++)						\
    {									\
      long si = (long) (x0 + i) * Y + y0;				\
      int bi = i * RY;							\
      _Pragma ("acc loop vector")					\
      for (int j = jl; j < jh; j++)					\
        B[bi + j] = B[RXY + bi + j] = src[si + j];			\
    }									\
  for (int s = 1; s <= D; s++)						\
    {									\
      /* Steps alternate between the two halves of B.  */		\
      int a = (s - 1) & 1 ? RXY : 0, b = RXY - a;			\
      int i1 = TB_MAX (s, 1 - x0), i2 = TB_MIN (RX - s, X - 1 - x0);	\
      int j1 = TB_MAX (s, 1 - y0), j2 = TB_MIN (RY - s, Y - 1 - y0);	\
      _Pragma ("acc loop worker")					\
      for (int i = i1; i < i2; i++)					\
        {								\
          int ci = a + i * RY, oi = b + i * RY;				\
          _Pragma ("acc loop vector")					\
          for (int j = j1; j < j2; j++)					\
            B[oi + j] = (B[ci - RY + j] + B[ci + RY + j]		\
                         + B[ci + j - 1] + B[ci + j + 1]) * (REAL) 0.25f; \
        }								\
    }									\
  int c = D & 1 ? RXY : 0;						\
  int iw = TB_MIN (D + TX, X - 1 - x0), jw = TB_MIN (D + TY, Y - 1 - y0); \
  _Pragma ("acc loop worker")						\
  for (int i = D; i < iw; i++)						\
    {									\
      long di = (long) (x0 + i) * Y + y0;				\
      int ci = c + i * RY;						\
      _Pragma ("acc loop vector")					\
      for (int j = D; j < jw; j++)					\
        dst[di + j] = B[ci + j];					\
    }

/* The tile in a gang-private array (CTA shared memory on nvptx).  */
static void
tb_tile (const REAL *src, REAL *dst, int X, int Y, int D, int TX, int TY,
         int W)
{
  int RX = TX + 2 * D, RY = TY + 2 * D, RXY = RX * RY;
  int nty = (Y - 2 + TY - 1) / TY;
  int ntiles = (X - 2 + TX - 1) / TX * nty;
  TB_GANGS_ONCHIP (ntiles, TILE_BODY)
}

/* The tile in a slice of global scratch per gang (G gangs).  */
static void
tb_tileg (const REAL *src, REAL *dst, REAL *scratch, int G, int X, int Y,
          int D, int TX, int TY, int W)
{
  int RX = TX + 2 * D, RY = TY + 2 * D, RXY = RX * RY;
  int nty = (Y - 2 + TY - 1) / TY;
  int ntiles = (X - 2 + TX - 1) / TX * nty;
  TB_GANGS_SCRATCH (ntiles, 2 * RXY, TILE_BODY)
}

/* D steps per launch on column strips of TY points and segments of SX
   rows, src -> dst, in the gang's buffer B.  Local column j is global
   column y0 + j (WY = TY + 2D of them).  Level s of global row r lives in
   ring slot r & (R-1) of level s: B[(s R + (r & (R-1))) WY + j], levels
   0..D-1; level D goes to dst.  The segment's output rows are [xl, xh);
   its gang starts D rows earlier, at rb (0 at the top: row 0 is exact).
   Block k loads rows rb+kB..rb+kB+B-1 (B = R-2 rows a block) and level s
   computes the rows R_s = rb+kB-s..rb+kB+B-1-s, which read level s-1's
   rows rb+kB-s-1..rb+kB+B-s: the R rows of its ring, two of them from
   block k-1.  Rows below rb+s at level s are garbage that no output row
   reads.  The loop bounds are clamped to the rows and columns inside the
   domain; its boundary rows and columns are copied from level to level.  */
#define STREAM_BODY(B)							\
  int y0 = 1 + g % nstrips * TY - D;					\
  int xl = 1 + g / nstrips * SX;					\
  int xh = xl + SX < X - 1 ? xl + SX : X - 1;				\
  int rb = xl - D > 0 ? xl - D : 0;					\
  int nblk = (xh - rb + D + NB - 1) / NB;				\
  /* Local columns inside the domain; its boundary columns.  */	\
  int jl = TB_MAX (0, -y0), jh = TB_MIN (WY, Y - y0);			\
  int jb0 = -y0, jb1 = Y - 1 - y0;					\
  for (int k = 0; k < nblk; k++)					\
    {									\
      int r0 = rb + k * NB;		/* row of b = 0, level 0 */	\
      _Pragma ("acc loop worker")					\
      for (int b = 0; b < TB_MIN (NB, X - r0); b++)			\
        {								\
          long si = (long) (r0 + b) * Y + y0;				\
          int bi = ((r0 + b) & m) * WY;					\
          _Pragma ("acc loop vector")					\
          for (int j = jl; j < jh; j++)					\
            B[bi + j] = src[si + j];					\
        }								\
      for (int s = 1; s < D; s++)					\
        {								\
          int lo = (s - 1) * R, hi = s * R, rs = r0 - s;		\
          int j1 = TB_MAX (s, 1 - y0), j2 = TB_MIN (WY - s, Y - 1 - y0); \
          _Pragma ("acc loop worker")					\
          for (int b = TB_MAX (0, -rs); b < TB_MIN (NB, X - rs); b++)	\
            {								\
              int r = rs + b;						\
              int ci = (lo + (r & m)) * WY, oi = (hi + (r & m)) * WY;	\
              if (r == 0 || r == X - 1)					\
                {							\
                  /* A boundary row: copied.  */			\
                  _Pragma ("acc loop vector")				\
                  for (int j = TB_MAX (s, jl); j < TB_MIN (WY - s, jh); j++) \
                    B[oi + j] = B[ci + j];				\
                }							\
              else							\
                {							\
                  int mi = (lo + ((r - 1) & m)) * WY;			\
                  int pi = (lo + ((r + 1) & m)) * WY;			\
                  _Pragma ("acc loop vector")				\
                  for (int j = j1; j < j2; j++)				\
                    B[oi + j] = (B[mi + j] + B[pi + j]			\
                                 + B[ci + j - 1] + B[ci + j + 1]) * (REAL) 0.25f; \
                  /* The boundary columns: copied.  */			\
                  if (jb0 >= s && jb0 < WY - s)				\
                    B[oi + jb0] = B[ci + jb0];				\
                  if (jb1 >= s && jb1 < WY - s)				\
                    B[oi + jb1] = B[ci + jb1];				\
                }							\
            }								\
        }								\
      int lo = (D - 1) * R, rs = r0 - D;				\
      int jw = TB_MIN (D + TY, Y - 1 - y0);				\
      _Pragma ("acc loop worker")					\
      for (int b = TB_MAX (0, xl - rs); b < TB_MIN (NB, xh - rs); b++)	\
        {								\
          int r = rs + b;						\
          int ci = (lo + (r & m)) * WY;					\
          int mi = (lo + ((r - 1) & m)) * WY;				\
          int pi = (lo + ((r + 1) & m)) * WY;				\
          long di = (long) r * Y + y0;					\
          _Pragma ("acc loop vector")					\
          for (int j = D; j < jw; j++)					\
            dst[di + j] = (B[mi + j] + B[pi + j]			\
                           + B[ci + j - 1] + B[ci + j + 1]) * (REAL) 0.25f; \
        }								\
    }

#define STREAM_SETUP							\
  int WY = TY + 2 * D, NB = R - 2, m = R - 1;				\
  int nstrips = (Y - 2 + TY - 1) / TY;					\
  int ngangs = nstrips * ((X - 2 + SX - 1) / SX);

/* The stream window in a gang-private array (CTA shared memory).  */
static void
tb_stream (const REAL *src, REAL *dst, int X, int Y, int D, int SX, int TY,
           int W, int R)
{
  STREAM_SETUP
  TB_GANGS_ONCHIP (ngangs, STREAM_BODY)
}

/* The stream window in a slice of global scratch per gang (G gangs).  */
static void
tb_streamg (const REAL *src, REAL *dst, REAL *scratch, int G, int X, int Y,
            int D, int SX, int TY, int W, int R)
{
  STREAM_SETUP
  TB_GANGS_SCRATCH (ngangs, D * R * WY, STREAM_BODY)
}

enum variant { V_1STEP, V_TILE, V_TILEG, V_STREAM, V_STREAMG, NV };
static const char *const vname[NV]
  = { "1step", "tile" TB_ONCHIP, "tileg", "stream" TB_ONCHIP, "streamg" };

/* Elements of buffer a gang of variant V needs for D steps.  */
static long
gang_elems (int v, const struct tb_args *a, int D)
{
  if (v == V_TILE || v == V_TILEG)
    return 2L * (a->TX + 2 * D) * (a->TY + 2 * D);
  if (v == V_STREAM || v == V_STREAMG)
    return (long) D * a->R * (a->TY + 2 * D);
  return 0;
}

/* Of shared memory: the gang-private ones.  */
static long
shared_bytes (int v, const struct tb_args *a, int D)
{
  return v == V_TILE || v == V_STREAM ? (long) sizeof (REAL) * gang_elems (v, a, D) : 0;
}

/* Of global scratch.  */
static long
scratch_elems (int v, const struct tb_args *a, int D)
{
  return v == V_TILEG || v == V_STREAMG ? gang_elems (v, a, D) : 0;
}

static void
launch (int v, const REAL *src, REAL *dst, REAL *scratch, int G,
        const struct tb_args *a, int d)
{
  int X = a->X, Y = a->Y, TX = a->TX, TY = a->TY, W = a->W, R = a->R;
  switch (v)
    {
    case V_1STEP: step1 (src, dst, X, Y); break;
    case V_TILE: tb_tile (src, dst, X, Y, d, TX, TY, W); break;
    case V_TILEG: tb_tileg (src, dst, scratch, G, X, Y, d, TX, TY, W); break;
    case V_STREAM: tb_stream (src, dst, X, Y, d, TX, TY, W, R); break;
    default: tb_streamg (src, dst, scratch, G, X, Y, d, TX, TY, W, R); break;
    }
}

int
main (int argc, char **argv)
{
  static const struct tb_prog pg
    = { "jacobi-tb-acc", "acc", 2, NV, vname, 1 << V_STREAM | 1 << V_STREAMG,
        shared_bytes, (long) sizeof (REAL) * TB_CAP, launch, scratch_elems };
  if (argc >= 8)
    printf ("# jacobi-tb-acc X=%s Y=%s T=%s on %s\n", argv[2], argv[3], argv[4],
            acc_get_num_devices (acc_device_not_host) > 0
            ? "the GPU" : "the host (no offload device)");
  return tb_main (&pg, argc, argv);
}
