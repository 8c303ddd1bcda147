/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* edges.c - the corner cases a region must survive: no time steps, fewer
   rows than chunks, a single row, no rows at all, a halo of 0 (k becomes
   the whole run), several regions in one process, scratch memory of 0
   bytes.  A pointwise kernel p = p * 0.5 + t with halo 0, and a 3-point
   stencil with halo 1.  */

#include "unit.h"

#define Y 5

typedef double row_t[Y];

/* Run NSTEPS steps over rows [LO0, LO0+LEN0) of an array of ROWS rows,
   with halo H and either the pointwise (H == 0) or a 3-point kernel on
   [LO0+H, LO0+LEN0-H); p inout, q temp.  */
static int
run (const char *name, long rows, long lo0, long len0, long h, long nsteps,
     int async)
{
  size_t bytes = (size_t) (rows ? rows : 1) * sizeof (row_t);
  row_t *p = unit_alloc (bytes), *q = unit_alloc (bytes), *pr;
  long t, x, y, blk[PACC_BLK_N], ci[PACC_CI_N], nblocks = 0;
  long A = lo0 + h, B = lo0 + len0 - h;
  void *host[2], *ptr[2], *R, *s0;
  long ainfo[2 * PACC_AI_N] = {
    PACC_KIND_INOUT, sizeof (row_t), sizeof (row_t), sizeof (double),
    PACC_KIND_TEMP, sizeof (row_t), sizeof (row_t), sizeof (double) };
  long rinfo[PACC_RI_N] = { 0 };
  int ok = 1;

  unit_fill_double (&p[0][0], (size_t) rows * Y, 21);
  pr = unit_dup (p, bytes);
  for (t = 0; t < nsteps; t++)
    {
      for (x = A; x < B; x++)
        for (y = 0; y < Y; y++)
          q[x][y] = h ? (pr[x - 1][y] + 2.0 * pr[x][y] + pr[x + 1][y]) * 0.25
                  : pr[x][y] * 0.5 + (double) t;
      for (x = A; x < B; x++)
        for (y = 0; y < Y; y++)
          pr[x][y] = q[x][y];
    }

  host[0] = p;
  host[1] = q;
  rinfo[PACC_RI_LO0] = lo0;
  rinfo[PACC_RI_LEN0] = len0;
  rinfo[PACC_RI_HLO] = h;
  rinfo[PACC_RI_HHI] = h;
  rinfo[PACC_RI_NSTEPS] = nsteps;
  rinfo[PACC_RI_ASYNC] = async;
  rinfo[PACC_RI_NKERNELS] = 2;
  R = __pacc_region_begin (PACC_ABI_VERSION, name, "p,q", 2, host, ainfo,
                           rinfo);
  s0 = __pacc_region_scratch (R, 0);
  ok &= s0 != NULL;
  while (__pacc_next_block (R, blk))
    {
      nblocks++;
      while (__pacc_next_chunk (R, ci, ptr))
        {
          long s, kk = blk[PACC_BLK_KK];
          row_t *P = ptr[0], *Q = ptr[1];
          for (s = 0; s < kk; s++)
            {
              __pacc_step (R, ci, ptr, s);
              long lo = unit_lo (A, ci, kk, s, 0);
              long hi = unit_hi (B, ci, kk, s, 0);
              for (x = lo; x < hi; x++)
                for (y = 0; y < Y; y++)
                  Q[x][y] = h ? (P[x - 1][y] + 2.0 * P[x][y] + P[x + 1][y])
                                * 0.25
                          : P[x][y] * 0.5 + (double) (blk[PACC_BLK_T] + s);
              for (x = lo; x < hi; x++)
                for (y = 0; y < Y; y++)
                  P[x][y] = Q[x][y];
            }
          __pacc_chunk_done (R, ci, ptr);
        }
    }
  __pacc_region_end (R);

  ok &= unit_same (name, "p", p, pr, rows, sizeof (row_t));
  if (nsteps == 0)
    ok &= nblocks == 0;
  /* Halo 0 and no PACC_K: one block for the whole run.  */
  if (h == 0 && nsteps > 0 && !getenv ("PACC_K"))
    ok &= nblocks == 1;
  free (p), free (q), free (pr);
  return ok;
}

int
main (void)
{
  int async;
  for (async = 0; async < 2; async++)
    {
      const char *a = async ? " async" : " sync";
      char name[64];
#define RUN(label, ...)                                        \
      (snprintf (name, sizeof name, "%s%s", label, a),         \
       unit_report (name, run (name, __VA_ARGS__, async)))
      RUN ("edges zero steps", 20, 0, 20, 1, 0);
      RUN ("edges 3 rows", 3, 0, 3, 1, 7);
      RUN ("edges 3 rows pointwise", 3, 0, 3, 0, 7);
      RUN ("edges 1 row", 1, 0, 1, 0, 4);
      RUN ("edges 1 row halo 1", 1, 0, 1, 1, 4);
      RUN ("edges no rows", 4, 2, 0, 1, 3);
      RUN ("edges halo 0", 50, 5, 40, 0, 9);
      RUN ("edges subrange", 30, 7, 15, 1, 6);
      RUN ("edges k above steps", 30, 0, 30, 1, 2);
    }
  return unit_exit ();
}
