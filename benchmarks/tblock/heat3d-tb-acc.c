/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* heat3d-tb-acc.c -- in-kernel temporal blocking of a 7-point 3-D stencil
   (heat3d: q = 0.4 p + 0.1 (six neighbours), tb-common.h's TB_HEAT3D, the
   stencil shape of EBISU's 3d7pt and of Himeno's Laplacian part) in GCC 12
   OpenACC, streaming along the outer dimension with a rotating window of
   planes (AN5D / EBISU style; issue 46, item 2).  Each launch advances
   the grid D steps:

     stream   a gang per (segment of TX planes, TY x TZ tile of the plane);
              it walks down the planes in blocks of R-2, keeping for each
              time level 0..D-1 a ring of R planes of (TY+2D)(TZ+2D)
              points; level s lags level s-1 by one plane, level D goes to
              memory.  The ring in a gang-private array (CTA shared memory).
     streamg  the same ring in a slice of global scratch per gang (GCC 12
              broadcasts a gang-private array's frame at every fork: see
              README.md).

   As jacobi-tb-acc.c: launches alternate between the two arrays, the
   faces are never written, the result is checked bit for bit against the
   sequential loop (small grids) or one step per launch.

   Usage: heat3d-tb-acc VARIANT[,VARIANT...]|all X Y Z T D TX TY TZ [W [R]]
     variants 1step stream streamg; W workers (default 8), R ring planes
     (a power of two, default 8).  -DREAL=double for double precision.

   Build: gcc-12 -O3 -fopenacc -foffload=nvptx-none -ffp-contract=off
          -foffload-options=nvptx-none=-misa=sm_80 heat3d-tb-acc.c  */

/* Gang-private ring, in REALs: one kernel has it, so 2 x 23 KiB + 160
   bytes of static shared memory (see jacobi-tb-acc.c's TB_CAP); with
   -DTB_SHARED and shared-attr.so, one static .shared array: 46 KiB.  */
#ifndef TB_CAP
#ifdef TB_SHARED
#define TB_CAP (47104 / (int) sizeof (REAL))
#else
#define TB_CAP (23552 / (int) sizeof (REAL))
#endif
#endif

#include "tb-common.h"
#include "tb-run.h"


/* One step per launch, src -> dst: planes to gangs, rows to workers,
   columns to vector lanes.  */
static void
step1 (const REAL *src, REAL *dst, int X, int Y, int Z)
{
  long sy = Z, sx = (long) Y * Z;
#pragma acc parallel loop gang deviceptr(src, dst) num_workers(8) vector_length(32) async(1)
  for (long x = 1; x < X - 1; x++)
#pragma acc loop worker
    for (long y = 1; y < Y - 1; y++)
#pragma acc loop vector
      for (long z = 1; z < Z - 1; z++)
        {
          long i = x * sx + y * sy + z;
          dst[i] = TB_HEAT3D (src[i], src[i - sx], src[i + sx], src[i - sy],
                              src[i + sy], src[i - 1], src[i + 1]);
        }
}

/* D steps per launch, src -> dst, in the gang's ring B.  Gang g: tile
   g % ntiles of the plane, segment g / ntiles of the planes.  Local row
   i, column j are global y0 + i, z0 + j (WY x WZ of them, the tile and
   its D halo).  Level s of plane r lives in slot s R + (r & (R-1)):
   B[((s R + (r & m)) WY + i) WZ + j], levels 0..D-1.  Block k loads the
   planes rb+kB..rb+kB+B-1 (B = NB = R-2) and level s computes the planes
   rb+kB-s..rb+kB+B-1-s, which read level s-1's planes rb+kB-s-1..
   rb+kB+B-s: the R of its ring, two from block k-1.  Planes below rb+s
   at level s are garbage no output reads (rb = 0 at the top: plane 0 is
   exact).  The loop bounds are clamped to the domain; its boundary
   planes, rows and columns are copied from level to level.  */
#define STREAM3_BODY(B)							\
  int tile = g % ntiles, seg = g / ntiles;				\
  int y0 = 1 + tile / ntz * TY - D, z0 = 1 + tile % ntz * TZ - D;	\
  int xl = 1 + seg * SX;						\
  int xh = xl + SX < X - 1 ? xl + SX : X - 1;				\
  int rb = xl - D > 0 ? xl - D : 0;					\
  int nblk = (xh - rb + D + NB - 1) / NB;				\
  /* Local rows and columns inside the domain; its boundary columns.  */ \
  int il = TB_MAX (0, -y0), ih = TB_MIN (WY, Y - y0);			\
  int jl = TB_MAX (0, -z0), jh = TB_MIN (WZ, Z - z0);			\
  int jb0 = -z0, jb1 = Z - 1 - z0;					\
  for (int k = 0; k < nblk; k++)					\
    {									\
      int r0 = rb + k * NB;		/* plane of b = 0, level 0 */	\
      _Pragma ("acc loop worker collapse(2)")				\
      for (int b = 0; b < TB_MIN (NB, X - r0); b++)			\
        for (int i = il; i < ih; i++)					\
          {								\
            long si = ((long) (r0 + b) * Y + y0 + i) * Z + z0;		\
            int bi = (((r0 + b) & m) * WY + i) * WZ;			\
            _Pragma ("acc loop vector")					\
            for (int j = jl; j < jh; j++)				\
              B[bi + j] = src[si + j];					\
          }								\
      for (int s = 1; s < D; s++)					\
        {								\
          int lo = (s - 1) * R, hi = s * R, rs = r0 - s;		\
          int i1 = TB_MAX (s, il), i2 = TB_MIN (WY - s, ih);		\
          int j1 = TB_MAX (s, 1 - z0), j2 = TB_MIN (WZ - s, Z - 1 - z0); \
          _Pragma ("acc loop worker collapse(2)")			\
          for (int b = TB_MAX (0, -rs); b < TB_MIN (NB, X - rs); b++)	\
            for (int i = i1; i < i2; i++)				\
              {								\
                int r = rs + b, y = y0 + i;				\
                int ci = ((lo + (r & m)) * WY + i) * WZ;		\
                int oi = ((hi + (r & m)) * WY + i) * WZ;		\
                if (r == 0 || r == X - 1 || y == 0 || y == Y - 1)	\
                  {							\
                    /* A boundary row: copied.  */			\
                    _Pragma ("acc loop vector")				\
                    for (int j = TB_MAX (s, jl); j < TB_MIN (WZ - s, jh); j++) \
                      B[oi + j] = B[ci + j];				\
                  }							\
                else							\
                  {							\
                    int mi = ((lo + ((r - 1) & m)) * WY + i) * WZ;	\
                    int pi = ((lo + ((r + 1) & m)) * WY + i) * WZ;	\
                    _Pragma ("acc loop vector")				\
                    for (int j = j1; j < j2; j++)			\
                      B[oi + j] = TB_HEAT3D (B[ci + j], B[mi + j], B[pi + j], \
                                             B[ci - WZ + j], B[ci + WZ + j], \
                                             B[ci + j - 1], B[ci + j + 1]); \
                    /* The boundary columns: copied.  */		\
                    if (jb0 >= s && jb0 < WZ - s)			\
                      B[oi + jb0] = B[ci + jb0];			\
                    if (jb1 >= s && jb1 < WZ - s)			\
                      B[oi + jb1] = B[ci + jb1];			\
                  }							\
              }								\
        }								\
      int lo = (D - 1) * R, rs = r0 - D;				\
      int iw = TB_MIN (D + TY, Y - 1 - y0), jw = TB_MIN (D + TZ, Z - 1 - z0); \
      _Pragma ("acc loop worker collapse(2)")				\
      for (int b = TB_MAX (0, xl - rs); b < TB_MIN (NB, xh - rs); b++)	\
        for (int i = D; i < iw; i++)					\
          {								\
            int r = rs + b;						\
            int ci = ((lo + (r & m)) * WY + i) * WZ;			\
            int mi = ((lo + ((r - 1) & m)) * WY + i) * WZ;		\
            int pi = ((lo + ((r + 1) & m)) * WY + i) * WZ;		\
            long di = ((long) r * Y + y0 + i) * Z + z0;			\
            _Pragma ("acc loop vector")					\
            for (int j = D; j < jw; j++)				\
              dst[di + j] = TB_HEAT3D (B[ci + j], B[mi + j], B[pi + j],	\
                                       B[ci - WZ + j], B[ci + WZ + j],	\
                                       B[ci + j - 1], B[ci + j + 1]);	\
          }								\
    }

#define STREAM3_SETUP							\
  int WY = TY + 2 * D, WZ = TZ + 2 * D, NB = R - 2, m = R - 1;		\
  int nty = (Y - 2 + TY - 1) / TY, ntz = (Z - 2 + TZ - 1) / TZ;		\
  int ntiles = nty * ntz;						\
  int ngangs = ntiles * ((X - 2 + SX - 1) / SX);

/* The ring in a gang-private array (CTA shared memory).  */
static void
tb_stream (const REAL *src, REAL *dst, int X, int Y, int Z, int D, int SX,
           int TY, int TZ, int W, int R)
{
  STREAM3_SETUP
  TB_GANGS_ONCHIP (ngangs, STREAM3_BODY)
}

/* The ring in a slice of global scratch per gang (G gangs).  */
static void
tb_streamg (const REAL *src, REAL *dst, REAL *scratch, int G, int X, int Y,
            int Z, int D, int SX, int TY, int TZ, int W, int R)
{
  STREAM3_SETUP
  TB_GANGS_SCRATCH (ngangs, D * R * WY * WZ, STREAM3_BODY)
}

enum variant { V_1STEP, V_STREAM, V_STREAMG, NV };
static const char *const vname[NV] = { "1step", "stream" TB_ONCHIP, "streamg" };

static long
gang_elems (const struct tb_args *a, int D)
{
  return (long) D * a->R * (a->TY + 2 * D) * (a->TZ + 2 * D);
}

static long
shared_bytes (int v, const struct tb_args *a, int D)
{
  return v == V_STREAM ? (long) sizeof (REAL) * gang_elems (a, D) : 0;
}

static long
scratch_elems (int v, const struct tb_args *a, int D)
{
  return v == V_STREAMG ? gang_elems (a, D) : 0;
}

static void
launch (int v, const REAL *src, REAL *dst, REAL *scratch, int G,
        const struct tb_args *a, int d)
{
  if (v == V_1STEP)
    step1 (src, dst, a->X, a->Y, a->Z);
  else if (v == V_STREAM)
    tb_stream (src, dst, a->X, a->Y, a->Z, d, a->TX, a->TY, a->TZ, a->W, a->R);
  else
    tb_streamg (src, dst, scratch, G, a->X, a->Y, a->Z, d, a->TX, a->TY, a->TZ,
                a->W, a->R);
}

int
main (int argc, char **argv)
{
  static const struct tb_prog pg
    = { "heat3d-tb-acc", "acc", 3, NV, vname, 1 << V_STREAM | 1 << V_STREAMG,
        shared_bytes, (long) sizeof (REAL) * TB_CAP, launch, scratch_elems };
  if (argc >= 10)
    printf ("# heat3d-tb-acc X=%s Y=%s Z=%s T=%s on %s\n", argv[2], argv[3],
            argv[4], argv[5], acc_get_num_devices (acc_device_not_host) > 0
            ? "the GPU" : "the host (no offload device)");
  return tb_main (&pg, argc, argv);
}
