/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* cip-init.h -- initial data and constants of the CIP benchmark, shared by
   cip.c and cip-cuda.cu so that both start from the same bits.

   Domain [0,1] x [0,1] on an X x Y grid (first C index = x), spacings
   DX = 1/(X-1), DY = 1/(Y-1).  Velocity: solid-body rotation about the
   centre, u = -(y - 1/2), v = x - 1/2 (|u|, |v| <= 1/2, every sign
   combination occurs, so both upwind directions are exercised).  Time step
   dt = 0.4 min(DX, DY) / 0.5 (Courant number at most 0.4 along each axis).
   Profile: a periodic smooth bump f = s(x) s(y), s(xi) = 16 xi^2 (1-xi)^2
   over periods of 48 (x) and 40 (y) cells, with its exact derivatives
   gx = df/dx, gy = df/dy.  The new-value arrays start at 0.  */

#ifndef CIP_INIT_H
#define CIP_INIT_H

#include "../common/bench.h"

struct cip_arrays
{
  float *f, *gx, *gy, *fn, *gxn, *gyn, *u, *v;
  long X, Y;
  float *sx, *dsx, *sy, *dsy;   /* 1-D profile tables.  */
};

struct cip_consts
{
  float dx, dy, dt;
};

static inline struct cip_consts
cip_constants (long X, long Y)
{
  struct cip_consts c;
  c.dx = 1.0f / (float) (X - 1);
  c.dy = 1.0f / (float) (Y - 1);
  c.dt = 0.4f * (c.dx < c.dy ? c.dx : c.dy) / 0.5f;
  return c;
}

static void
cip_profile (float *s, float *ds, long n, int period, float h)
{
  long i;
  for (i = 0; i < n; i++)
    {
      float xi = (float) (i % period) / (float) period;
      s[i] = 16.0f * xi * xi * (1.0f - xi) * (1.0f - xi);
      /* d/dx = d/dxi / (period h).  */
      ds[i] = 32.0f * xi * (1.0f - xi) * (1.0f - 2.0f * xi)
              / ((float) period * h);
    }
}

/* Rows [lo, hi) of the first dimension.  */
static void
cip_init_rows (long lo, long hi, void *vctx)
{
  struct cip_arrays *a = (struct cip_arrays *) vctx;
  long Y = a->Y, i, j;
  float dx = 1.0f / (float) (a->X - 1), dy = 1.0f / (float) (Y - 1);
  for (i = lo; i < hi; i++)
    for (j = 0; j < Y; j++)
      {
        long n = i * Y + j;
        a->f[n] = a->sx[i] * a->sy[j];
        a->gx[n] = a->dsx[i] * a->sy[j];
        a->gy[n] = a->sx[i] * a->dsy[j];
        if (a->fn)   /* NULL in the CUDA baseline (device only).  */
          {
            a->fn[n] = 0.0f;
            a->gxn[n] = 0.0f;
            a->gyn[n] = 0.0f;
          }
        a->u[n] = -((float) j * dy - 0.5f);
        a->v[n] = (float) i * dx - 0.5f;
      }
}

static inline void
cip_init (struct cip_arrays *a)
{
  struct cip_consts c = cip_constants (a->X, a->Y);
  a->sx = (float *) bench_alloc (sizeof (float) * 2 * a->X, "cip", "tables");
  a->dsx = a->sx + a->X;
  a->sy = (float *) bench_alloc (sizeof (float) * 2 * a->Y, "cip", "tables");
  a->dsy = a->sy + a->Y;
  cip_profile (a->sx, a->dsx, a->X, 48, c.dx);
  cip_profile (a->sy, a->dsy, a->Y, 40, c.dy);
  bench_parallel (a->X, cip_init_rows, a);
  free (a->sx);
  free (a->sy);
}

#endif /* CIP_INIT_H */
