/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* halo2.c - asymmetric halo: the stencil reaches 2 rows below and 1 row
   above (halo([2:1][1:1])); fixed-size global arrays; the pipeline covers
   rows [3, X-2) only (size([3:X-5][0:Y])), so the rows outside must never
   be touched; q is targettemp with a copy-back kernel.

   #pragma pacc pipeline targetinout(p) targettemp(q) size([3:X-5][0:Y])
                         halo([2:1][1:1]) async
   for (t = 0; t < T; t++)
     { q = f (p[x-2], p[x-1], p[x], p[x+1], p[y±1]) for x in [5, X-3);
       p = q; }  */

#include "unit.h"

#define X 45
#define Y 10
#define T 9
#define LO0 3
#define LEN0 (X - 5)

static float p[X][Y], q[X][Y], pr[X][Y], qr[X][Y], q0[X][Y];

static void
kernel_q (float (*q)[Y], float (*p)[Y], long x)
{
  long y;
  for (y = 1; y < Y - 1; y++)
    q[x][y] = 0.3f * p[x - 2][y] + 0.25f * p[x - 1][y] + 0.2f * p[x][y]
              + 0.15f * p[x + 1][y] + 0.05f * (p[x][y - 1] + p[x][y + 1]);
}

static void
kernel_p (float (*p)[Y], float (*q)[Y], long x)
{
  long y;
  for (y = 1; y < Y - 1; y++)
    p[x][y] = q[x][y];
}

static int
run (int async)
{
  long t, x, blk[PACC_BLK_N], ci[PACC_CI_N];
  void *host[2], *ptr[2], *R;
  long ainfo[2 * PACC_AI_N] = {
    PACC_KIND_INOUT, sizeof p[0], sizeof p[0], sizeof (float),
    PACC_KIND_TEMP, sizeof q[0], sizeof q[0], sizeof (float) };
  long rinfo[PACC_RI_N] = { 0 };
  int ok = 1;

  unit_fill_float (&p[0][0], X * Y, 5);
  unit_fill_float (&q[0][0], X * Y, 6);
  memcpy (pr, p, sizeof p);
  memcpy (qr, q, sizeof q);
  memcpy (q0, q, sizeof q);

  for (t = 0; t < T; t++)
    {
      for (x = 5; x < X - 3; x++)
        kernel_q (qr, pr, x);
      for (x = 5; x < X - 3; x++)
        kernel_p (pr, qr, x);
    }

  host[0] = p;
  host[1] = q;
  rinfo[PACC_RI_LO0] = LO0;
  rinfo[PACC_RI_LEN0] = LEN0;
  rinfo[PACC_RI_HLO] = 2;
  rinfo[PACC_RI_HHI] = 1;
  rinfo[PACC_RI_NSTEPS] = T;
  rinfo[PACC_RI_ASYNC] = async;
  rinfo[PACC_RI_NKERNELS] = 2;
  R = __pacc_region_begin (PACC_ABI_VERSION, "halo2.c:1", "p,q", 2, host,
                           ainfo, rinfo);
  while (__pacc_next_block (R, blk))
    while (__pacc_next_chunk (R, ci, ptr))
      {
        long s, kk = blk[PACC_BLK_KK];
        for (s = 0; s < kk; s++)
          {
            __pacc_step (R, ci, ptr, s);
            long lo = unit_lo (5, ci, kk, s, 0);
            long hi = unit_hi (X - 3, ci, kk, s, 0);
            for (x = lo; x < hi; x++)
              kernel_q (ptr[1], ptr[0], x);
            for (x = lo; x < hi; x++)
              kernel_p (ptr[0], ptr[1], x);
          }
        __pacc_chunk_done (R, ci, ptr);
      }
  __pacc_region_end (R);

  ok &= unit_same ("halo2", "p", p, pr, X, sizeof p[0]);
  ok &= unit_same ("halo2", "q (temp)", q, q0, X, sizeof q[0]);
  return ok;
}

int
main (void)
{
  unit_report ("halo2 async", run (1));
  unit_report ("halo2 sync", run (0));
  return unit_exit ();
}
