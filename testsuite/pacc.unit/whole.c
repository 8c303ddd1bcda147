/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* whole.c - whole arrays (kind WHOLE, the copyin clause): a per-step
   source table src[0:T] and a coefficient table of which only the
   section coef[2:NC] is copied, read by the kernels with any index,
   alongside a 2-D Jacobi-like step (p targetinout, q targettemp).  The
   pointers __pacc_next_chunk returns for them stand for the user's
   pointers (coef's is rebased by the section's start), on every device.

   #pragma pacc pipeline targetinout(p) targettemp(q) copyin(src[0:T],
       coef[2:NC]) size([0:X][0:Y]) halo([1:1][1:1]) async
   for (t = 0; t < T; t++)
     { q = avg4 (p) * coef[2 + (x + y) % NC] + src[t]; p = q; }  */

#include "unit.h"

#define X 41
#define Y 11
#define T 13
#define NC 5

static void
kernel_q (float (*q)[Y], float (*p)[Y], const float *src, const double *coef,
          long x, long t)
{
  long y;
  for (y = 1; y < Y - 1; y++)
    q[x][y] = (float) ((p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1])
                       * coef[2 + (x + y) % NC])
              + src[t];
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
  float (*pr)[Y], (*qr)[Y];
  float *src = unit_alloc (T * sizeof (float));
  double *coef = unit_alloc ((NC + 4) * sizeof (double));
  long t, x, blk[PACC_BLK_N], ci[PACC_CI_N];
  void *host[4], *ptr[4], *R;
  long ainfo[4 * PACC_AI_N] = {
    PACC_KIND_INOUT, sizeof (float[Y]), sizeof (float[Y]), sizeof (float),
    PACC_KIND_TEMP, sizeof (float[Y]), sizeof (float[Y]), sizeof (float),
    PACC_KIND_WHOLE, T * sizeof (float), 0, sizeof (float),
    PACC_KIND_WHOLE, NC * sizeof (double), 2 * sizeof (double),
    sizeof (double) };
  long rinfo[PACC_RI_N] = { 0 };
  int ok;

  unit_fill_float (&p[0][0], X * Y, 3);
  unit_fill_float (&q[0][0], X * Y, 4);
  unit_fill_float (src, T, 5);
  unit_fill_double (coef, NC + 4, 6);
  pr = unit_dup (p, bytes);
  qr = unit_dup (q, bytes);

  for (t = 0; t < T; t++)
    {
      for (x = 1; x < X - 1; x++)
        kernel_q (qr, pr, src, coef, x, t);
      for (x = 1; x < X - 1; x++)
        kernel_p (pr, qr, x);
    }

  host[0] = p;
  host[1] = q;
  host[2] = src;
  host[3] = coef;
  rinfo[PACC_RI_LEN0] = X;
  rinfo[PACC_RI_HLO] = 1;
  rinfo[PACC_RI_HHI] = 1;
  rinfo[PACC_RI_NSTEPS] = T;
  rinfo[PACC_RI_ASYNC] = async;
  rinfo[PACC_RI_NKERNELS] = 2;
  R = __pacc_region_begin (PACC_ABI_VERSION, "whole.c:1", "p, q, src, coef",
                           4, host, ainfo, rinfo);
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
              kernel_q (Q, P, ptr[2], ptr[3], x, blk[PACC_BLK_T] + s);
            for (x = lo; x < hi; x++)
              kernel_p (P, Q, x);
          }
        __pacc_chunk_done (R, ci, ptr);
      }
  __pacc_region_end (R);

  ok = unit_same ("whole", "p", p, pr, X, sizeof (float[Y]));
  free (p), free (q), free (pr), free (qr), free (src), free (coef);
  return ok;
}

int
main (void)
{
  __pacc_init ();
  unit_report ("whole async", run (1));
  unit_report ("whole sync", run (0));
  return unit_exit ();
}
