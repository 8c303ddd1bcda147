/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* himeno-init.h -- initial data of the Himeno benchmark, shared by
   himeno.c and himeno-cuda.cu so that both start from the same bits.

   Arrays are X x Y x Z floats in C order (index (i*Y + j)*Z + k), the 4-D
   coefficient arrays of the original split into 3-D ones as in the PACC
   paper: a0..a3, b0..b2, c0..c2, plus p, bnd, wrk1, wrk2.

   Mode 0 ("classic"): the values of RIKEN's himenoBMT (initmt): a0..a2 = 1,
   a3 = 1/6, b = 0, c = 1, bnd = 1, wrk1 = wrk2 = 0, p = i^2 / (X-1)^2.
   Mode 1 ("perturbed", for checking): every array varies from point to
   point (a, c in [0.9, 1.1), b in [-0.05, 0.05), a3 the inverse of the sum
   of a0..a2 and c0..c2, bnd 0 at about 1/16 of the points, wrk1 small,
   p in [0, 1)), so that a wrong offset in any term changes the result.
   wrk2 may be NULL (the CUDA baseline keeps it on the device only).  */

#ifndef HIMENO_INIT_H
#define HIMENO_INIT_H

#include "../common/bench.h"

struct himeno_arrays
{
  float *p, *a0, *a1, *a2, *a3, *b0, *b1, *b2, *c0, *c1, *c2;
  float *bnd, *wrk1, *wrk2;
  long X, Y, Z;
  int mode;
};

/* Planes [lo, hi) of the first dimension.  */
static void
himeno_init_planes (long lo, long hi, void *vctx)
{
  struct himeno_arrays *h = (struct himeno_arrays *) vctx;
  long Y = h->Y, Z = h->Z, i, j, k;
  for (i = lo; i < hi; i++)
    for (j = 0; j < Y; j++)
      for (k = 0; k < Z; k++)
        {
          long n = (i * Y + j) * Z + k;
          if (h->mode == 0)
            {
              h->a0[n] = 1.0f;
              h->a1[n] = 1.0f;
              h->a2[n] = 1.0f;
              h->a3[n] = (float) (1.0 / 6.0);
              h->b0[n] = 0.0f;
              h->b1[n] = 0.0f;
              h->b2[n] = 0.0f;
              h->c0[n] = 1.0f;
              h->c1[n] = 1.0f;
              h->c2[n] = 1.0f;
              h->bnd[n] = 1.0f;
              h->wrk1[n] = 0.0f;
              h->p[n] = (float) (i * i) / (float) ((h->X - 1) * (h->X - 1));
            }
          else
            {
              float s;
              h->a0[n] = 0.9f + 0.2f * bench_unit (1, n);
              h->a1[n] = 0.9f + 0.2f * bench_unit (2, n);
              h->a2[n] = 0.9f + 0.2f * bench_unit (3, n);
              h->b0[n] = 0.1f * (bench_unit (4, n) - 0.5f);
              h->b1[n] = 0.1f * (bench_unit (5, n) - 0.5f);
              h->b2[n] = 0.1f * (bench_unit (6, n) - 0.5f);
              h->c0[n] = 0.9f + 0.2f * bench_unit (7, n);
              h->c1[n] = 0.9f + 0.2f * bench_unit (8, n);
              h->c2[n] = 0.9f + 0.2f * bench_unit (9, n);
              s = h->a0[n] + h->a1[n] + h->a2[n] + h->c0[n] + h->c1[n]
                  + h->c2[n];
              h->a3[n] = 1.0f / s;
              h->bnd[n] = bench_unit (10, n) < 0.0625f ? 0.0f : 1.0f;
              h->wrk1[n] = 0.01f * (bench_unit (11, n) - 0.5f);
              h->p[n] = bench_unit (12, n);
            }
          if (h->wrk2)
            h->wrk2[n] = 0.0f;
        }
}

static inline void
himeno_init (struct himeno_arrays *h)
{
  bench_parallel (h->X, himeno_init_planes, h);
}

#endif /* HIMENO_INIT_H */
