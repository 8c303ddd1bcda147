/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* tb-common.h -- what the temporal-blocking prototypes share, in C (GCC 12
   OpenACC: *-tb-acc.c) and CUDA C++ (*-tb-cuda.cu): the sequential
   references (jacobi.c's 2-D step; heat3d, a 7-point 3-D step), the
   arguments, the bit-for-bit check and the result lines, so that all
   programs test and print alike.  A program defines REAL (default float)
   and calls tb_main with its variants; its variant 0 must be one step per
   launch (the reference on large grids).  */

#ifndef TB_COMMON_H
#define TB_COMMON_H

#include "../common/bench.h"

#ifndef REAL
#define REAL float
#endif

/* The command line: 2-D: VARIANT[,VARIANT...]|all X Y T D TX TY [W [R]];
   3-D: ... X Y Z T D TX TY TZ [W [R]] (Z = TZ = 1 in 2-D).  */
struct tb_args
{
  int dims;                     /* 2 or 3, the program's */
  int X, Y, Z, T, D, TX, TY, TZ, W, R;
};

/* Launches variant V for D steps, SRC -> DST; SCRATCH holds G slices of
   the variant's scratch elements (OpenACC variants with a global buffer;
   G is also the number of tiles in CUDA).  */
typedef void tb_launch_fn (int v, const REAL *src, REAL *dst, REAL *scratch,
                           int G, const struct tb_args *a, int d);

/* Elements of global scratch a gang of variant V needs for D steps (0:
   none).  */
typedef long tb_scratch_fn (int v, const struct tb_args *a, int d);

/* How a program runs its variants.  */
struct tb_prog
{
  const char *name;             /* for messages: "jacobi-tb-acc" */
  const char *prefix;           /* of the result lines: "acc" */
  int dims;                     /* 2 (jacobi) or 3 (heat3d) */
  int nv;                       /* variants, 0 the one-step one */
  const char *const *vname;
  /* Bit V set if variant V walks strips (its tile is rows x columns of a
     segment, with a ring of R rows).  */
  unsigned streams;
  /* Bytes of shared memory variant V needs for D steps (NULL: none), and
     the most there is; a variant that needs more is skipped, and one
     with no kernel for the arguments (-1).  */
  long (*shared) (int v, const struct tb_args *a, int d);
  long shared_max;
  tb_launch_fn *launch;
  tb_scratch_fn *scratch;       /* NULL: none */
  /* Without a GPU (CUDA programs): the variants in bit V of `emulated'
     run on the host through `emu' (tb-emu.h), the others are skipped.  */
  tb_launch_fn *emu;
  unsigned emulated;
};

#define TB_MIN(a, b) ((a) < (b) ? (a) : (b))
#define TB_MAX(a, b) ((a) > (b) ? (a) : (b))

struct tb_init_ctx
{
  REAL *p;
  int X, Y, Z;
};

/* Rows [LO, HI) of jacobi.c's initial values (bench_parallel's threads).  */
static void
tb_init_rows (long lo, long hi, void *vctx)
{
  struct tb_init_ctx *c = (struct tb_init_ctx *) vctx;
  int X = c->X, Y = c->Y;
  for (long x = lo; x < hi; x++)
    for (long y = 0; y < Y; y++)
      {
        float v;
        if (x == 0 || y == 0)
          v = 1.0f;
        else if (x == X - 1 || y == Y - 1)
          v = 0.0f;
        else
          v = (float) ((x * 7 + y * 13) % 101) / 101.0f;
        c->p[x * Y + y] = v;
      }
}

static void
tb_init (REAL *p, int X, int Y)
{
  struct tb_init_ctx c = { p, X, Y, 1 };
  bench_parallel (X, tb_init_rows, &c);
}

/* The sequential reference: jacobi.c's time loop, from the initial grid
   into P (Q: scratch).  */
static void
tb_seq (REAL *p, REAL *q, int X, int Y, int T)
{
  tb_init (p, X, Y);
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

/* Planes [LO, HI) of heat3d's initial values: the face x = 0 hot, a
   pattern inside, the other faces cold.  */
static void
tb_init_planes (long lo, long hi, void *vctx)
{
  struct tb_init_ctx *c = (struct tb_init_ctx *) vctx;
  int X = c->X, Y = c->Y, Z = c->Z;
  for (long x = lo; x < hi; x++)
    for (long y = 0; y < Y; y++)
      for (long z = 0; z < Z; z++)
        {
          float v;
          if (x == 0)
            v = 1.0f;
          else if (x == X - 1 || y == 0 || y == Y - 1 || z == 0 || z == Z - 1)
            v = 0.0f;
          else
            v = (float) ((x * 7 + y * 13 + z * 3) % 101) / 101.0f;
          c->p[(x * Y + y) * Z + z] = v;
        }
}

static void
tb_init3 (REAL *p, int X, int Y, int Z)
{
  struct tb_init_ctx c = { p, X, Y, Z };
  bench_parallel (X, tb_init_planes, &c);
}

/* heat3d's step, the expression every variant uses in this order.  */
#define TB_HEAT3D(C, XM, XP, YM, YP, ZM, ZP)				\
  ((REAL) 0.4f * (C)							\
   + (REAL) 0.1f * ((XM) + (XP) + (YM) + (YP) + (ZM) + (ZP)))

/* The sequential heat3d, from the initial grid into P (Q: scratch).  */
static void
tb_seq3 (REAL *p, REAL *q, int X, int Y, int Z, int T)
{
  long sy = Z, sx = (long) Y * Z;
  tb_init3 (p, X, Y, Z);
  for (int t = 0; t < T; t++)
    {
      for (long x = 1; x < X - 1; x++)
        for (long y = 1; y < Y - 1; y++)
          for (long z = 1; z < Z - 1; z++)
            {
              long i = x * sx + y * sy + z;
              q[i] = TB_HEAT3D (p[i], p[i - sx], p[i + sx], p[i - sy], p[i + sy],
                                p[i - 1], p[i + 1]);
            }
      for (long x = 1; x < X - 1; x++)
        for (long y = 1; y < Y - 1; y++)
          for (long z = 1; z < Z - 1; z++)
            p[x * sx + y * sy + z] = q[x * sx + y * sy + z];
    }
}

/* Interior points of the grid.  */
static double
tb_cells (const struct tb_prog *pg, const struct tb_args *a)
{
  double c = (double) (a->X - 2) * (a->Y - 2);
  return pg->dims == 3 ? c * (a->Z - 2) : c;
}

static void
tb_report (const struct tb_prog *pg, int v, const struct tb_args *a,
           double secs, const char *check)
{
  char tile[64], name[32];
  int D = v == 0 ? 1 : a->D;
  char dims[32];
  if (pg->dims == 3)
    snprintf (dims, sizeof dims, "%dx%dx%d", a->TX, a->TY, a->TZ);
  else
    snprintf (dims, sizeof dims, "%dx%d", a->TX, a->TY);
  if (v == 0)
    snprintf (tile, sizeof tile, "-");
  else if (pg->streams >> v & 1)
    snprintf (tile, sizeof tile, "%s/W%d/R%d", dims, a->W, a->R);
  else
    snprintf (tile, sizeof tile, "%s/W%d", dims, a->W);
  snprintf (name, sizeof name, "%s-%s", pg->prefix, pg->vname[v]);
  printf ("%-12s %-4s D=%-2d %-16s %10.6f s %9.2f GCells/s %s\n", name,
          sizeof (REAL) == 4 ? "f32" : "f64", D, tile, secs,
          secs > 0 ? tb_cells (pg, a) * a->T / secs * 1e-9 : 0.0,
          check);
  fflush (stdout);
}

/* Compares RES with REF (N elements); on a difference, says where.  */
static int
tb_same (const struct tb_prog *pg, int v, const REAL *res, const REAL *ref,
         size_t n, const struct tb_args *a)
{
  if (!memcmp (res, ref, sizeof (REAL) * n))
    return 1;
  size_t i = 0;
  while (res[i] == ref[i])
    i++;
  size_t zz = i % a->Z, yy = i / a->Z % a->Y, xx = i / a->Z / a->Y;
  fprintf (stderr, "%s: %s differs first at x=%zu y=%zu z=%zu: %.9g instead of %.9g\n",
           pg->name, pg->vname[v], xx, yy, zz, (double) res[i], (double) ref[i]);
  return 0;
}

#endif
