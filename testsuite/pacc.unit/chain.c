/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* chain.c - two kernels per step where the second reads, at an offset,
   what the first wrote in the same step (1-D FDTD: E then H), so the
   first kernel computes one extra row above (rinfo EHI = 1, e_hi = 1 for
   kernel E).  e and h are targetinout; double.

   #pragma pacc pipeline targetinout(e, h) size([0:X][0:Y]) halo([1:1][0:0])
   for (t = 0; t < T; t++)
     { e[x] += ce * (h[x] - h[x-1]) for x in [1, X);
       h[x] += ch * (e[x+1] - e[x]) for x in [0, X-1); }  */

#include "unit.h"

#define X 53
#define Y 3
#define T 12

static void
kernel_e (double (*e)[Y], double (*h)[Y], long x, long t)
{
  long y;
  for (y = 0; y < Y; y++)
    e[x][y] += 0.5 * (h[x][y] - h[x - 1][y])
               + (x == X / 2 && y == 1 ? 0.01 * (double) t : 0.0);
}

static void
kernel_h (double (*h)[Y], double (*e)[Y], long x)
{
  long y;
  for (y = 0; y < Y; y++)
    h[x][y] += 0.5 * (e[x + 1][y] - e[x][y]);
}

static int
run (int async)
{
  size_t bytes = X * sizeof (double[Y]);
  double (*e)[Y] = unit_alloc (bytes), (*h)[Y] = unit_alloc (bytes);
  double (*er)[Y], (*hr)[Y];
  long t, x, blk[PACC_BLK_N], ci[PACC_CI_N];
  void *host[2], *ptr[2], *R;
  long ainfo[2 * PACC_AI_N] = {
    PACC_KIND_INOUT, sizeof e[0], sizeof e[0], sizeof (double),
    PACC_KIND_INOUT, sizeof h[0], sizeof h[0], sizeof (double) };
  long rinfo[PACC_RI_N] = { 0 };
  int ok = 1;

  unit_fill_double (&e[0][0], X * Y, 7);
  unit_fill_double (&h[0][0], X * Y, 8);
  er = unit_dup (e, bytes);
  hr = unit_dup (h, bytes);
  for (t = 0; t < T; t++)
    {
      for (x = 1; x < X; x++)
        kernel_e (er, hr, x, t);
      for (x = 0; x < X - 1; x++)
        kernel_h (hr, er, x);
    }

  host[0] = e;
  host[1] = h;
  rinfo[PACC_RI_LEN0] = X;
  rinfo[PACC_RI_HLO] = 1;
  rinfo[PACC_RI_HHI] = 1;
  rinfo[PACC_RI_EHI] = 1;
  rinfo[PACC_RI_NSTEPS] = T;
  rinfo[PACC_RI_ASYNC] = async;
  rinfo[PACC_RI_NKERNELS] = 2;
  R = __pacc_region_begin (PACC_ABI_VERSION, "chain.c:1", "e,h", 2, host,
                           ainfo, rinfo);
  while (__pacc_next_block (R, blk))
    while (__pacc_next_chunk (R, ci, ptr))
      {
        long s, kk = blk[PACC_BLK_KK];
        for (s = 0; s < kk; s++)
          {
            __pacc_step (R, ci, ptr, s);
            long lo = unit_lo (1, ci, kk, s, 0);
            long hi = unit_hi (X, ci, kk, s, 1);
            for (x = lo; x < hi; x++)
              kernel_e (ptr[0], ptr[1], x, blk[PACC_BLK_T] + s);
            lo = unit_lo (0, ci, kk, s, 0);
            hi = unit_hi (X - 1, ci, kk, s, 0);
            for (x = lo; x < hi; x++)
              kernel_h (ptr[1], ptr[0], x);
          }
        __pacc_chunk_done (R, ci, ptr);
      }
  __pacc_region_end (R);

  ok &= unit_same ("chain", "e", e, er, X, sizeof e[0]);
  ok &= unit_same ("chain", "h", h, hr, X, sizeof h[0]);
  free (e), free (h), free (er), free (hr);
  return ok;
}

int
main (void)
{
  unit_report ("chain async", run (1));
  unit_report ("chain sync", run (0));
  return unit_exit ();
}
