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

#include <openacc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef REAL
#define REAL float
#endif

/* Gang-private buffer, in REALs: on nvptx GCC 12 puts it in the static
   .shared array __gang_private_shared, whose size is the SUM over the
   kernels of the module (here two), and ALSO gives each kernel a local
   frame of that size, which __oacc_bcast (as large) carries at every
   worker/vector fork; a CTA may have 48 KiB of static shared memory, so
   2 x 15872 + 15872 + 160 bytes is the most.  It bounds the tile
   (2 (TX+2D)(TY+2D)) and the stream window (D R (TY+2D)).  */
#ifndef TB_CAP
#define TB_CAP (15872 / (int) sizeof (REAL))
#endif

/* The most gangs of the variants with a global scratch buffer.  */
#define TB_GANGS 4096

static double
now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

/* jacobi.c's initial values.  */
static void
init (REAL *p, int X, int Y)
{
  for (long x = 0; x < X; x++)
    for (long y = 0; y < Y; y++)
      {
        float v;
        if (x == 0 || y == 0)
          v = 1.0f;
        else if (x == X - 1 || y == Y - 1)
          v = 0.0f;
        else
          v = (float) ((x * 7 + y * 13) % 101) / 101.0f;
        p[x * Y + y] = v;
      }
}

/* The sequential reference: jacobi.c's time loop.  */
static void
seq (REAL *p, REAL *q, int X, int Y, int T)
{
  for (int t = 0; t < T; t++)
    {
      for (long x = 1; x < X - 1; x++)
        for (long y = 1; y < Y - 1; y++)
          q[x * Y + y] = (p[(x - 1) * Y + y] + p[(x + 1) * Y + y]
                          + p[x * Y + y - 1] + p[x * Y + y + 1]) * (REAL) 0.25f;
      for (long x = 1; x < X - 1; x++)
        for (long y = 1; y < Y - 1; y++)
          p[x * Y + y] = q[x * Y + y];
    }
}

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
   unused); points outside the domain are never read by the centre, the
   boundary ones are copied unchanged.  */
#define TILE_BODY(B)							\
  int x0 = 1 + t / nty * TX - D, y0 = 1 + t % nty * TY - D;		\
  _Pragma ("acc loop worker")						\
  for (int i = 0; i < RX; i++)						\
    _Pragma ("acc loop vector")						\
    for (int j = 0; j < RY; j++)					\
      {									\
        int x = x0 + i, y = y0 + j;					\
        if (x >= 0 && x < X && y >= 0 && y < Y)				\
          {								\
            REAL v = src[(long) x * Y + y];				\
            B[i * RY + j] = v;						\
            B[RXY + i * RY + j] = v;					\
          }								\
      }									\
  for (int s = 1; s <= D; s++)						\
    {									\
      /* Steps alternate between the two halves of B.  */		\
      int a = (s - 1) & 1 ? RXY : 0, b = RXY - a;			\
      _Pragma ("acc loop worker")					\
      for (int i = s; i < RX - s; i++)					\
        _Pragma ("acc loop vector")					\
        for (int j = s; j < RY - s; j++)				\
          {								\
            int x = x0 + i, y = y0 + j;					\
            if (x >= 1 && x < X - 1 && y >= 1 && y < Y - 1)		\
              B[b + i * RY + j]						\
                = (B[a + (i - 1) * RY + j] + B[a + (i + 1) * RY + j]	\
                   + B[a + i * RY + j - 1] + B[a + i * RY + j + 1])	\
                  * (REAL) 0.25f;					\
          }								\
    }									\
  int c = D & 1 ? RXY : 0;						\
  _Pragma ("acc loop worker")						\
  for (int i = D; i < D + TX; i++)					\
    _Pragma ("acc loop vector")						\
    for (int j = D; j < D + TY; j++)					\
      {									\
        int x = x0 + i, y = y0 + j;					\
        if (x < X - 1 && y < Y - 1)					\
          dst[(long) x * Y + y] = B[c + i * RY + j];			\
      }

/* The tile in a gang-private array: CTA shared memory on nvptx.  The
   array is read through an aligned pointer: GCC 12 loses the alignment of
   gang-private arrays and reads each element as four bytes (ld.u8).  */
static void
tb_tile (const REAL *src, REAL *dst, int X, int Y, int D, int TX, int TY,
         int W)
{
  int RX = TX + 2 * D, RY = TY + 2 * D, RXY = RX * RY;
  int nty = (Y - 2 + TY - 1) / TY;
  int ntiles = (X - 2 + TX - 1) / TX * nty;
  REAL buf[TB_CAP];

#pragma acc parallel loop gang private(buf) deviceptr(src, dst) num_workers(W) vector_length(32) async(1)
  for (int t = 0; t < ntiles; t++)
    {
      REAL *B = __builtin_assume_aligned (buf, 16);
      TILE_BODY (B)
    }
}

/* The tile in a slice of SCRATCH (global memory, cached in L1) per gang:
   G gangs, __builtin_goacc_parlevel_id gives the gang's slice.  */
static void
tb_tileg (const REAL *src, REAL *dst, REAL *scratch, int G, int X, int Y,
          int D, int TX, int TY, int W)
{
  int RX = TX + 2 * D, RY = TY + 2 * D, RXY = RX * RY;
  int nty = (Y - 2 + TY - 1) / TY;
  int ntiles = (X - 2 + TX - 1) / TX * nty;

#pragma acc parallel loop gang num_gangs(G) deviceptr(src, dst, scratch) num_workers(W) vector_length(32) async(1)
  for (int t = 0; t < ntiles; t++)
    {
      REAL *B = scratch + (long) __builtin_goacc_parlevel_id (0) * 2 * RXY;
      TILE_BODY (B)
    }
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
   reads.  */
#define STREAM_BODY(B)							\
  int y0 = 1 + g % nstrips * TY - D;					\
  int xl = 1 + g / nstrips * SX;					\
  int xh = xl + SX < X - 1 ? xl + SX : X - 1;				\
  int rb = xl - D > 0 ? xl - D : 0;					\
  int nblk = (xh - rb + D + NB - 1) / NB;				\
  for (int k = 0; k < nblk; k++)					\
    {									\
      _Pragma ("acc loop worker")					\
      for (int b = 0; b < NB; b++)					\
        _Pragma ("acc loop vector")					\
        for (int j = 0; j < WY; j++)					\
          {								\
            int r = rb + k * NB + b, y = y0 + j;			\
            if (r < X && y >= 0 && y < Y)				\
              B[(r & m) * WY + j] = src[(long) r * Y + y];		\
          }								\
      for (int s = 1; s < D; s++)					\
        {								\
          int lo = (s - 1) * R, hi = s * R;				\
          _Pragma ("acc loop worker")					\
          for (int b = 0; b < NB; b++)					\
            _Pragma ("acc loop vector")					\
            for (int j = s; j < WY - s; j++)				\
              {								\
                int r = rb + k * NB + b - s, y = y0 + j;		\
                if (r < 0 || r >= X || y < 0 || y >= Y)			\
                  continue;						\
                REAL v;							\
                if (r >= 1 && r < X - 1 && y >= 1 && y < Y - 1)		\
                  v = (B[(lo + ((r - 1) & m)) * WY + j]			\
                       + B[(lo + ((r + 1) & m)) * WY + j]		\
                       + B[(lo + (r & m)) * WY + j - 1]			\
                       + B[(lo + (r & m)) * WY + j + 1]) * (REAL) 0.25f; \
                else							\
                  v = B[(lo + (r & m)) * WY + j];			\
                B[(hi + (r & m)) * WY + j] = v;				\
              }								\
        }								\
      int lo = (D - 1) * R;						\
      _Pragma ("acc loop worker")					\
      for (int b = 0; b < NB; b++)					\
        _Pragma ("acc loop vector")					\
        for (int j = D; j < D + TY; j++)				\
          {								\
            int r = rb + k * NB + b - D, y = y0 + j;			\
            if (r >= xl && r < xh && y < Y - 1)				\
              dst[(long) r * Y + y]					\
                = (B[(lo + ((r - 1) & m)) * WY + j]			\
                   + B[(lo + ((r + 1) & m)) * WY + j]			\
                   + B[(lo + (r & m)) * WY + j - 1]			\
                   + B[(lo + (r & m)) * WY + j + 1]) * (REAL) 0.25f;	\
          }								\
    }

/* The stream window in a gang-private array (CTA shared memory).  */
static void
tb_stream (const REAL *src, REAL *dst, int X, int Y, int D, int SX, int TY,
           int W, int R)
{
  int WY = TY + 2 * D, NB = R - 2, m = R - 1;
  int nstrips = (Y - 2 + TY - 1) / TY;
  int ngangs = nstrips * ((X - 2 + SX - 1) / SX);
  REAL buf[TB_CAP];

#pragma acc parallel loop gang private(buf) deviceptr(src, dst) num_workers(W) vector_length(32) async(1)
  for (int g = 0; g < ngangs; g++)
    {
      REAL *B = __builtin_assume_aligned (buf, 16);
      STREAM_BODY (B)
    }
}

/* The stream window in a slice of SCRATCH per gang (G gangs).  */
static void
tb_streamg (const REAL *src, REAL *dst, REAL *scratch, int G, int X, int Y,
            int D, int SX, int TY, int W, int R)
{
  int WY = TY + 2 * D, NB = R - 2, m = R - 1;
  int nstrips = (Y - 2 + TY - 1) / TY;
  int ngangs = nstrips * ((X - 2 + SX - 1) / SX);

#pragma acc parallel loop gang num_gangs(G) deviceptr(src, dst, scratch) num_workers(W) vector_length(32) async(1)
  for (int g = 0; g < ngangs; g++)
    {
      REAL *B = scratch + (long) __builtin_goacc_parlevel_id (0) * D * R * WY;
      STREAM_BODY (B)
    }
}

enum variant { V_1STEP, V_TILE, V_TILEG, V_STREAM, V_STREAMG, NV };
static const char *const vname[NV]
  = { "1step", "tile", "tileg", "stream", "streamg" };

/* Elements of buffer a gang of variant V needs.  */
static long
gang_elems (enum variant v, int D, int TX, int TY, int R)
{
  if (v == V_TILE || v == V_TILEG)
    return 2L * (TX + 2 * D) * (TY + 2 * D);
  if (v == V_STREAM || v == V_STREAMG)
    return (long) D * R * (TY + 2 * D);
  return 0;
}

/* Launches variant V for D steps, src -> dst.  */
static void
launch (enum variant v, const REAL *src, REAL *dst, REAL *scratch, int G,
        int X, int Y, int D, int TX, int TY, int W, int R)
{
  switch (v)
    {
    case V_1STEP: step1 (src, dst, X, Y); break;
    case V_TILE: tb_tile (src, dst, X, Y, D, TX, TY, W); break;
    case V_TILEG: tb_tileg (src, dst, scratch, G, X, Y, D, TX, TY, W); break;
    case V_STREAM: tb_stream (src, dst, X, Y, D, TX, TY, W, R); break;
    default: tb_streamg (src, dst, scratch, G, X, Y, D, TX, TY, W, R); break;
    }
}

/* Runs T steps of variant V from the initial grid; the result in OUT.
   Returns the kernel seconds.  */
static double
run (enum variant v, REAL *out, int X, int Y, int T, int D, int TX, int TY,
     int W, int R)
{
  size_t bytes = sizeof (REAL) * (size_t) X * Y;
  /* Tiles, or (segment, strip) pairs: one gang each.  */
  long ngangs = (long) ((X - 2 + TX - 1) / TX) * ((Y - 2 + TY - 1) / TY);
  int G = ngangs < TB_GANGS ? (int) ngangs : TB_GANGS;
  size_t sbytes = v == V_TILEG || v == V_STREAMG
                  ? sizeof (REAL) * (size_t) G * gang_elems (v, D, TX, TY, R) : 0;
  REAL *da = acc_malloc (bytes), *db = acc_malloc (bytes);
  REAL *ds = sbytes ? acc_malloc (sbytes) : NULL;
  if (!da || !db || (sbytes && !ds))
    {
      fprintf (stderr, "jacobi-tb-acc: acc_malloc of %zu bytes failed\n", bytes);
      exit (1);
    }
  init (out, X, Y);
  acc_memcpy_to_device (da, out, bytes);
  acc_memcpy_to_device (db, out, bytes);
  /* Warm-up launch (module load), then the initial grid again.  */
  launch (v, da, db, ds, G, X, Y, 1, TX, TY, W, R);
  acc_wait (1);
  acc_memcpy_to_device (db, out, bytes);

  double t0 = now ();
  REAL *src = da, *dst = db;
  for (int t = 0; t < T;)
    {
      int d = v == V_1STEP ? 1 : T - t < D ? T - t : D;
      launch (v, src, dst, ds, G, X, Y, d, TX, TY, W, R);
      REAL *tmp = src;
      src = dst;
      dst = tmp;
      t += d;
    }
  acc_wait (1);
  double secs = now () - t0;
  acc_memcpy_from_device (out, src, bytes);
  acc_free (da);
  acc_free (db);
  if (ds)
    acc_free (ds);
  return secs;
}

static void
report (enum variant v, int D, int TX, int TY, int W, int R, double secs,
        int X, int Y, int T, const char *check)
{
  char tile[64];
  if (v == V_1STEP)
    snprintf (tile, sizeof tile, "-");
  else if (v == V_STREAM || v == V_STREAMG)
    snprintf (tile, sizeof tile, "%dx%d/W%d/R%d", TX, TY, W, R);
  else
    snprintf (tile, sizeof tile, "%dx%d/W%d", TX, TY, W);
  printf ("acc-%-8s %-4s D=%-2d %-16s %10.6f s %9.2f GCells/s %s\n", vname[v],
          sizeof (REAL) == 4 ? "f32" : "f64", D, tile, secs,
          secs > 0 ? (double) (X - 2) * (Y - 2) * T / secs * 1e-9 : 0.0, check);
  fflush (stdout);
}

int
main (int argc, char **argv)
{
  if (argc < 8)
    {
      fprintf (stderr, "usage: jacobi-tb-acc VARIANT[,VARIANT...]|all X Y T D TX TY [W [R]]\n"
               "  variants: 1step tile tileg stream streamg\n");
      return 2;
    }
  int X = atoi (argv[2]), Y = atoi (argv[3]), T = atoi (argv[4]);
  int D = atoi (argv[5]), TX = atoi (argv[6]), TY = atoi (argv[7]);
  int W = argc > 8 ? atoi (argv[8]) : 8, R = argc > 9 ? atoi (argv[9]) : 8;
  int want[NV] = { 0 }, any = 0;
  char list[256];
  snprintf (list, sizeof list, "%s", argv[1]);
  for (char *tok = strtok (list, ","); tok; tok = strtok (NULL, ","))
    for (int v = 0; v < NV; v++)
      if (!strcmp (tok, "all") || !strcmp (tok, vname[v]))
        want[v] = any = 1;
  if (X < 3 || Y < 3 || T < 0 || D < 1 || TX < 1 || TY < 1 || W < 1 || W > 32
      || R < 4 || (R & (R - 1)) || !any)
    {
      fprintf (stderr, "jacobi-tb-acc: bad arguments (variants 1step tile tileg"
               " stream streamg all; X, Y >= 3; D, TX, TY >= 1; 1 <= W <= 32;"
               " R a power of two >= 4)\n");
      return 2;
    }
  int ndev = acc_get_num_devices (acc_device_not_host);
  printf ("# jacobi-tb-acc X=%d Y=%d T=%d on %s\n", X, Y, T,
          ndev > 0 ? "the GPU" : "the host (no offload device)");

  size_t n = (size_t) X * Y;
  REAL *ref = malloc (sizeof (REAL) * n), *res = malloc (sizeof (REAL) * n);
  if (!ref || !res)
    {
      fprintf (stderr, "jacobi-tb-acc: out of memory\n");
      return 1;
    }
  /* The reference: the sequential loop when it is quick, else one step
     per launch (itself checked against the sequential loop on small
     grids).  */
  int seqref = (double) n * T < 2e9;
  if (seqref)
    {
      REAL *q = calloc (n, sizeof (REAL));
      init (ref, X, Y);
      seq (ref, q, X, Y, T);
      free (q);
    }
  int fails = 0;
  if (want[V_1STEP] || !seqref)
    {
      double secs = run (V_1STEP, res, X, Y, T, 1, TX, TY, W, R);
      const char *ck = "ref";
      if (seqref && memcmp (res, ref, sizeof (REAL) * n))
        ck = "FAIL", fails++;
      else if (seqref)
        ck = "PASS";
      if (want[V_1STEP])
        report (V_1STEP, 1, TX, TY, W, R, secs, X, Y, T, ck);
      if (!seqref)
        memcpy (ref, res, sizeof (REAL) * n);
    }
  for (int v = V_TILE; v < NV; v++)
    {
      if (!want[v])
        continue;
      if ((v == V_TILE || v == V_STREAM) && gang_elems (v, D, TX, TY, R) > TB_CAP)
        {
          printf ("acc-%-8s %-4s D=%-2d %dx%d: needs %ld > %d elements of shared"
                  " memory, skipped\n", vname[v], sizeof (REAL) == 4 ? "f32" : "f64",
                  D, TX, TY, gang_elems (v, D, TX, TY, R), TB_CAP);
          continue;
        }
      double secs = run (v, res, X, Y, T, D, TX, TY, W, R);
      int ok = !memcmp (res, ref, sizeof (REAL) * n);
      if (!ok)
        {
          size_t i = 0;
          while (res[i] == ref[i])
            i++;
          fprintf (stderr, "jacobi-tb-acc: %s differs first at x=%zu y=%zu:"
                   " %.9g instead of %.9g\n", vname[v], i / Y, i % Y,
                   (double) res[i], (double) ref[i]);
          fails++;
        }
      report (v, D, TX, TY, W, R, secs, X, Y, T, ok ? "PASS" : "FAIL");
    }
  free (ref);
  free (res);
  return fails ? 1 : 0;
}
