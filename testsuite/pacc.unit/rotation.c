/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* rotation.c - a three-array rotation (2-D wave equation, double, flat
   pointers with manual indexing, so the C type gives no row size) plus a
   targetin coefficient field: um, u, up targetinout, c targetin.

   #pragma pacc pipeline targetin(c) targetinout(um, u, up)
                         size([0:X][0:Y]) halo([1:1][1:1]) async
   for (t = 0; t < T; t++)
     { up = 2u - um + c * lap (u); tmp = um; um = u; u = up; up = tmp; }  */

#include "unit.h"

#define X 29
#define Y 11
#define T 13

static void
kernel (double *up, const double *u, const double *um, const double *c,
        long x)
{
  long y;
  for (y = 1; y < Y - 1; y++)
    {
      long i = x * Y + y;
      up[i] = 2.0 * u[i] - um[i]
              + c[i] * (u[i - Y] + u[i + Y] + u[i - 1] + u[i + 1] - 4.0 * u[i]);
    }
}

static int
run (int async)
{
  size_t bytes = X * Y * sizeof (double);
  double *h[4], *ref[4], *c, *um, *u, *up, *tmp;
  long t, x, blk[PACC_BLK_N], ci[PACC_CI_N];
  void *host[4], *ptr[4], *R;
  long ainfo[4 * PACC_AI_N], rinfo[PACC_RI_N] = { 0 };
  int i, ok = 1;

  for (i = 0; i < 4; i++)
    {
      h[i] = unit_alloc (bytes);
      unit_fill_double (h[i], X * Y, 10 + (unsigned) i);
      ainfo[i * PACC_AI_N + PACC_AI_KIND] = i ? PACC_KIND_INOUT : PACC_KIND_IN;
      ainfo[i * PACC_AI_N + PACC_AI_ROW_BYTES] = Y * sizeof (double);
      ainfo[i * PACC_AI_N + PACC_AI_TYPE_ROW] = 0;
      ainfo[i * PACC_AI_N + PACC_AI_ELEM] = sizeof (double);
    }
  for (i = 0; i < X * Y; i++)
    h[0][i] *= 0.2;
  for (i = 0; i < 4; i++)
    ref[i] = unit_dup (h[i], bytes);

  c = ref[0], um = ref[1], u = ref[2], up = ref[3];
  for (t = 0; t < T; t++)
    {
      for (x = 1; x < X - 1; x++)
        kernel (up, u, um, c, x);
      tmp = um, um = u, u = up, up = tmp;
    }

  c = h[0], um = h[1], u = h[2], up = h[3];
  host[0] = c, host[1] = um, host[2] = u, host[3] = up;
  rinfo[PACC_RI_LEN0] = X;
  rinfo[PACC_RI_HLO] = 1;
  rinfo[PACC_RI_HHI] = 1;
  rinfo[PACC_RI_NSTEPS] = T;
  rinfo[PACC_RI_ASYNC] = async;
  rinfo[PACC_RI_NKERNELS] = 1;
  R = __pacc_region_begin (PACC_ABI_VERSION, "rotation.c:1", "c,um,u,up", 4,
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
              kernel (ptr[3], ptr[2], ptr[1], ptr[0], x);
            sw = ptr[1], ptr[1] = ptr[2], ptr[2] = ptr[3], ptr[3] = sw;
          }
        __pacc_chunk_done (R, ci, ptr);
      }
  __pacc_region_end (R);
  for (t = 0; t < T; t++)
    tmp = um, um = u, u = up, up = tmp;

  ok &= unit_same ("rotation", "c", h[0], ref[0], X, Y * sizeof (double));
  for (i = 1; i < 4; i++)
    ok &= unit_same ("rotation", i == 1 ? "array 1" : i == 2 ? "array 2"
                     : "array 3", h[i], ref[i], X, Y * sizeof (double));
  /* After T rotations the names sit on the arrays T mod 3 further on.  */
  ok &= u == h[1 + (1 + T) % 3];
  for (i = 0; i < 4; i++)
    free (h[i]), free (ref[i]);
  return ok;
}

int
main (void)
{
  unit_report ("rotation async", run (1));
  unit_report ("rotation sync", run (0));
  return unit_exit ();
}
