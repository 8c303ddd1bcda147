/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* jacobi_copy.c - 2-D Jacobi with a copy-back kernel: p targetinout, q
   targettemp, halo 1, two kernels per step; a reduction-style counter in
   region scratch memory counts each updated cell once, from the chunk
   that owns its row.  Run with and without the `async' clause.

   #pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y])
                         halo([1:1][1:1]) async
   for (t = 0; t < T; t++) { q = avg4 (p) on the interior; p = q; }  */

#include "unit.h"

#define X 37
#define Y 13
#define T 11

static void
kernel_q (float (*q)[Y], float (*p)[Y], long x)
{
  long y;
  for (y = 1; y < Y - 1; y++)
    q[x][y] = (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1]) * 0.25f;
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
  size_t bytes = X * sizeof (float[Y]);
  float (*p)[Y] = unit_alloc (bytes), (*q)[Y] = unit_alloc (bytes);
  float (*pr)[Y], (*qr)[Y], (*q0)[Y];
  long t, x, total, blk[PACC_BLK_N], ci[PACC_CI_N], *count;
  void *host[2], *ptr[2], *R;
  long ainfo[2 * PACC_AI_N] = {
    PACC_KIND_INOUT, sizeof (float[Y]), sizeof (float[Y]), sizeof (float),
    PACC_KIND_TEMP, sizeof (float[Y]), sizeof (float[Y]), sizeof (float) };
  long rinfo[PACC_RI_N] = { 0 };
  int ok;

  unit_fill_float (&p[0][0], X * Y, 1);
  unit_fill_float (&q[0][0], X * Y, 2);
  pr = unit_dup (p, bytes);
  qr = unit_dup (q, bytes);
  q0 = unit_dup (q, bytes);

  for (t = 0; t < T; t++)
    {
      for (x = 1; x < X - 1; x++)
        kernel_q (qr, pr, x);
      for (x = 1; x < X - 1; x++)
        kernel_p (pr, qr, x);
    }

  host[0] = p;
  host[1] = q;
  rinfo[PACC_RI_LO0] = 0;
  rinfo[PACC_RI_LEN0] = X;
  rinfo[PACC_RI_HLO] = 1;
  rinfo[PACC_RI_HHI] = 1;
  rinfo[PACC_RI_T0] = 0;
  rinfo[PACC_RI_NSTEPS] = T;
  rinfo[PACC_RI_ASYNC] = async;
  rinfo[PACC_RI_NKERNELS] = 2;
  R = __pacc_region_begin (PACC_ABI_VERSION, "jacobi_copy.c:1", "p, q", 2,
                           host, ainfo, rinfo);
  count = __pacc_region_scratch (R, sizeof *count);
  ok = *count == 0;
  while (__pacc_next_block (R, blk))
    while (__pacc_next_chunk (R, ci, ptr))
      {
        long s, kk = blk[PACC_BLK_KK];
        for (s = 0; s < kk; s++)
          {
            __pacc_step (R, ci, ptr, s);
            float (*P)[Y] = ptr[0], (*Q)[Y] = ptr[1];
            long lo = unit_lo (1, ci, kk, s, 0);
            long hi = unit_hi (X - 1, ci, kk, s, 0);
            for (x = lo; x < hi; x++)
              kernel_q (Q, P, x);
            for (x = lo; x < hi; x++)
              kernel_p (P, Q, x);
            for (x = unit_max (lo, unit_own_lo (ci, kk, s));
                 x < unit_min (hi, unit_own_hi (ci, kk, s)); x++)
              *count += Y - 2;
          }
        __pacc_chunk_done (R, ci, ptr);
      }
  total = *count;
  __pacc_region_end (R);

  ok &= unit_same ("jacobi_copy", "p", p, pr, X, sizeof (float[Y]));
  ok &= unit_same ("jacobi_copy", "q (temp, never transferred)", q, q0, X,
                   sizeof (float[Y]));
  if (total != (long) (X - 2) * (Y - 2) * T)
    {
      fprintf (stderr, "jacobi_copy: counted %ld cell updates, expected %ld\n",
               total, (long) (X - 2) * (Y - 2) * T);
      ok = 0;
    }
  free (p), free (q), free (pr), free (qr), free (q0);
  return ok;
}

int
main (void)
{
  __pacc_init ();
  unit_report ("jacobi_copy async", run (1));
  unit_report ("jacobi_copy sync", run (0));
  return unit_exit ();
}
