/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* jacobi_swap.c - 2-D Jacobi with a pointer swap: p and q both
   targetinout, one kernel per step writing q from p, then `tmp = p; p = q;
   q = tmp' on the host.  The step's kernel adds a source that depends on
   the absolute time step, so a wrong blk[PACC_BLK_T] shows.  The region
   starts at t = 5.  After the region the user's pointers get the same
   swaps (the plugin replays them), and both arrays must hold exactly
   what the sequential program leaves in them.

   #pragma pacc pipeline targetinout(p, q) size([0:X][0:Y]) halo([1:1][1:1])
   for (t = 5; t < 5 + T; t++) { q = avg4 (p) + src (t); swap (p, q); }  */

#include "unit.h"

#define X 41
#define Y 9
#define T 10
#define T0 5

static void
kernel (float (*q)[Y], float (*p)[Y], long x, long t)
{
  long y;
  for (y = 1; y < Y - 1; y++)
    q[x][y] = (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1]) * 0.25f
              + (x == X / 3 && y == Y / 2 ? 0.125f * (float) t : 0.0f);
}

static int
run (int async)
{
  size_t bytes = X * sizeof (float[Y]);
  float (*a)[Y] = unit_alloc (bytes), (*b)[Y] = unit_alloc (bytes);
  float (*ar)[Y], (*br)[Y], (*p)[Y], (*q)[Y], (*tmp)[Y];
  long t, x, blk[PACC_BLK_N], ci[PACC_CI_N];
  void *host[2], *ptr[2], *R;
  long ainfo[2 * PACC_AI_N] = {
    PACC_KIND_INOUT, sizeof (float[Y]), sizeof (float[Y]), sizeof (float),
    PACC_KIND_INOUT, sizeof (float[Y]), sizeof (float[Y]), sizeof (float) };
  long rinfo[PACC_RI_N] = { 0 };
  int ok = 1;

  unit_fill_float (&a[0][0], X * Y, 3);
  unit_fill_float (&b[0][0], X * Y, 4);
  ar = unit_dup (a, bytes);
  br = unit_dup (b, bytes);

  p = ar, q = br;
  for (t = T0; t < T0 + T; t++)
    {
      for (x = 1; x < X - 1; x++)
        kernel (q, p, x, t);
      tmp = p, p = q, q = tmp;
    }

  p = a, q = b;
  host[0] = p;
  host[1] = q;
  rinfo[PACC_RI_LEN0] = X;
  rinfo[PACC_RI_HLO] = 1;
  rinfo[PACC_RI_HHI] = 1;
  rinfo[PACC_RI_T0] = T0;
  rinfo[PACC_RI_NSTEPS] = T;
  rinfo[PACC_RI_ASYNC] = async;
  rinfo[PACC_RI_NKERNELS] = 1;
  R = __pacc_region_begin (PACC_ABI_VERSION, "jacobi_swap.c:1", "p,q", 2,
                           host, ainfo, rinfo);
  while (__pacc_next_block (R, blk))
    while (__pacc_next_chunk (R, ci, ptr))
      {
        long s, kk = blk[PACC_BLK_KK];
        for (s = 0; s < kk; s++)
          {
            __pacc_step (R, ci, ptr, s);
            void *sw;
            long lo = unit_lo (1, ci, kk, s, 0);
            long hi = unit_hi (X - 1, ci, kk, s, 0);
            for (x = lo; x < hi; x++)
              kernel (ptr[1], ptr[0], x, blk[PACC_BLK_T] + s);
            sw = ptr[0], ptr[0] = ptr[1], ptr[1] = sw;
          }
        __pacc_chunk_done (R, ci, ptr);
      }
  __pacc_region_end (R);
  for (t = 0; t < T; t++)
    tmp = p, p = q, q = tmp;

  ok &= unit_same ("jacobi_swap", "first array", a, ar, X, sizeof (float[Y]));
  ok &= unit_same ("jacobi_swap", "second array", b, br, X,
                   sizeof (float[Y]));
  ok &= (T % 2 ? p == b : p == a);
  free (a), free (b), free (ar), free (br);
  return ok;
}

int
main (void)
{
  unit_report ("jacobi_swap async", run (1));
  unit_report ("jacobi_swap sync", run (0));
  return unit_exit ();
}
