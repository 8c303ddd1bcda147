/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* thin.c - chunks of one row with k = 5: a chunk's halo spans five
   chunks on each side, so a write-back waits for the loads of chunks far
   beyond its neighbours and the region needs more buffers than queues.
   Sets PACC_BLOCK=1 and PACC_K=5 itself (before the runtime reads the
   environment); PACC_QUEUES still comes from outside.  Two regions:
   Jacobi with a swap (halo 1), and a radius-2 asymmetric stencil with a
   temp array (halo 2 below, 1 above).  T is not a multiple of k.  */

#define _POSIX_C_SOURCE 200809L  /* setenv */

#include "unit.h"

#define X 23
#define Y 7
#define T 13

typedef float row_t[Y];

static void
jacobi (row_t *q, row_t *p, long x)
{
  long y;
  for (y = 1; y < Y - 1; y++)
    q[x][y] = (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1]) * 0.25f;
}

static void
skew (row_t *q, row_t *p, long x)
{
  long y;
  for (y = 1; y < Y - 1; y++)
    q[x][y] = 0.4f * p[x - 2][y] + 0.3f * p[x - 1][y] + 0.2f * p[x][y]
              + 0.1f * p[x + 1][y];
}

static void
copy (row_t *p, row_t *q, long x)
{
  long y;
  for (y = 1; y < Y - 1; y++)
    p[x][y] = q[x][y];
}

/* SWAP: p, q inout, kernel q = f (p), swap; else p inout, q temp,
   q = f (p), p = q.  */
static int
run (const char *name, int swap, long hlo, long hhi,
     void (*f) (row_t *, row_t *, long))
{
  size_t bytes = X * sizeof (row_t);
  row_t *a = unit_alloc (bytes), *b = unit_alloc (bytes), *ar, *br, *b0;
  row_t *p, *q, *tmp;
  long t, x, blk[PACC_BLK_N], ci[PACC_CI_N], A = hlo, B = X - hhi;
  void *host[2], *ptr[2], *R;
  long ainfo[2 * PACC_AI_N] = {
    PACC_KIND_INOUT, sizeof (row_t), sizeof (row_t), sizeof (float),
    swap ? PACC_KIND_INOUT : PACC_KIND_TEMP, sizeof (row_t), sizeof (row_t),
    sizeof (float) };
  long rinfo[PACC_RI_N] = { 0 };
  int ok = 1;

  unit_fill_float (&a[0][0], X * Y, 11);
  unit_fill_float (&b[0][0], X * Y, 12);
  ar = unit_dup (a, bytes);
  br = unit_dup (b, bytes);
  b0 = unit_dup (b, bytes);
  p = ar, q = br;
  for (t = 0; t < T; t++)
    {
      for (x = A; x < B; x++)
        f (q, p, x);
      if (swap)
        tmp = p, p = q, q = tmp;
      else
        for (x = A; x < B; x++)
          copy (p, q, x);
    }

  host[0] = a;
  host[1] = b;
  rinfo[PACC_RI_LEN0] = X;
  rinfo[PACC_RI_HLO] = hlo;
  rinfo[PACC_RI_HHI] = hhi;
  rinfo[PACC_RI_NSTEPS] = T;
  rinfo[PACC_RI_ASYNC] = 1;
  rinfo[PACC_RI_NKERNELS] = swap ? 1 : 2;
  R = __pacc_region_begin (PACC_ABI_VERSION, name, "p,q", 2, host, ainfo,
                           rinfo);
  while (__pacc_next_block (R, blk))
    while (__pacc_next_chunk (R, ci, ptr))
      {
        long s, kk = blk[PACC_BLK_KK];
        if (ci[PACC_CI_HI] - ci[PACC_CI_LO] != 1
            && ci[PACC_CI_SHIFT] == 0)
          ok = 0;
        for (s = 0; s < kk; s++)
          {
            __pacc_step (R, ci, ptr, s);
            long lo = unit_lo (A, ci, kk, s, 0);
            long hi = unit_hi (B, ci, kk, s, 0);
            void *sw;
            for (x = lo; x < hi; x++)
              f (ptr[1], ptr[0], x);
            if (swap)
              sw = ptr[0], ptr[0] = ptr[1], ptr[1] = sw;
            else
              for (x = lo; x < hi; x++)
                copy (ptr[0], ptr[1], x);
          }
        __pacc_chunk_done (R, ci, ptr);
      }
  __pacc_region_end (R);

  ok &= unit_same (name, "p", a, ar, X, sizeof (row_t));
  ok &= unit_same (name, "q", b, swap ? br : b0, X, sizeof (row_t));
  free (a), free (b), free (ar), free (br), free (b0);
  return ok;
}

int
main (void)
{
  setenv ("PACC_BLOCK", "1", 1);
  setenv ("PACC_K", "5", 1);
  unsetenv ("PACC_CHUNKS");
  unit_report ("thin jacobi_swap", run ("thin.c:1", 1, 1, 1, jacobi));
  unit_report ("thin halo2", run ("thin.c:2", 0, 2, 1, skew));
  return unit_exit ();
}
