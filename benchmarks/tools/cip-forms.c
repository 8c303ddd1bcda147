/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* cip-forms.c -- CIP's stencil (benchmarks/cip/cip.c) written as GCC 12
   OpenACC kernels in the segmented geometry PACC gives it (a gang per
   (row, segment of 512 columns), 16 workers x 32 vector lanes, one
   column per thread), with the arrays addressed in different forms, to
   see with ptxas which form costs how many registers (issue 11: PACC's
   stencil has 59 against the hand-written CUDA kernel's 39):

     rows        pointers to rows of Y floats, a[i][j]: as PACC passes the
                 chunk buffers
     rows_cr     the same, const (read-only arrays) and restrict
     flat        plain float pointers, a[(size_t) i * Y + j]
     flat_cr     the same, const and restrict (as the CUDA kernel)
     offsets32   one base pointer and 32-bit element offsets per array

     flat_w12    flat with 12 workers (segments of 384 columns: three
                 blocks of 384 threads fit a multiprocessor at 56 registers)
     flat_v512   flat, one worker of 512 vector lanes (no worker level)

   Registers, no GPU:
     benchmarks/tools/ptx-registers.sh benchmarks/tools/cip-forms.c
   Speed, on the GPU (arrays on the device only, acc_malloc; kernels only):
     cip-forms X Y T
   prints, per form, milliseconds per step and a checksum of fn, gxn and
   gyn that must be equal across the forms.  */

#include <openacc.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "acc-probe-util.h"

/* The stencil of one point (i, j), the arrays read and written through
   the macros F, GX, GY, U, V, FN, GXN, GYN.  */
#define CIP_POINT                                                           \
  {                                                                         \
    float uu = U (i, j), vv = V (i, j);                                     \
    int upx = uu >= 0.0f, upy = vv >= 0.0f;                                 \
    float xx = uu * mdt, yy = vv * mdt;                                     \
    float Dx = upx ? -DX : DX, Dy = upy ? -DY : DY;                         \
    float fc = F (i, j), gxc = GX (i, j), gyc = GY (i, j);                  \
    float fi = upx ? F (i - 1, j) : F (i + 1, j);                           \
    float fj = upy ? F (i, j - 1) : F (i, j + 1);                           \
    float fij = upx ? (upy ? F (i - 1, j - 1) : F (i - 1, j + 1))           \
                    : (upy ? F (i + 1, j - 1) : F (i + 1, j + 1));          \
    float gxi = upx ? GX (i - 1, j) : GX (i + 1, j);                        \
    float gxj = upy ? GX (i, j - 1) : GX (i, j + 1);                        \
    float gyi = upx ? GY (i - 1, j) : GY (i + 1, j);                        \
    float gyj = upy ? GY (i, j - 1) : GY (i, j + 1);                        \
    float dx2 = Dx * Dx, dy2 = Dy * Dy;                                     \
    float dfx = fi - fc, dfy = fj - fc;                                     \
    float a1 = ((gxi + gxc) * Dx - 2.0f * dfx) / (dx2 * Dx);                \
    float e1 = (3.0f * dfx - (gxi + 2.0f * gxc) * Dx) / dx2;                \
    float b1 = ((gyj + gyc) * Dy - 2.0f * dfy) / (dy2 * Dy);                \
    float f1 = (3.0f * dfy - (gyj + 2.0f * gyc) * Dy) / dy2;                \
    float tmp = fij - fi - dfy;                                             \
    float tmq = gyi - gyc;                                                  \
    float c1 = (tmp - (gxj - gxc) * Dx) / (dx2 * Dy);                       \
    float d1 = (tmp - tmq * Dy) / (Dx * dy2);                               \
    float g1 = (tmq - c1 * dx2) / Dx;                                       \
    FN (i, j) = ((a1 * xx + c1 * yy + e1) * xx + g1 * yy + gxc) * xx       \
                + ((b1 * yy + d1 * xx + f1) * yy + gyc) * yy + fc;          \
    GXN (i, j) = (3.0f * a1 * xx + 2.0f * (c1 * yy + e1)) * xx              \
                 + (d1 * yy + g1) * yy + gxc;                               \
    GYN (i, j) = (3.0f * b1 * yy + 2.0f * (d1 * xx + f1)) * yy              \
                 + (c1 * xx + g1) * xx + gyc;                               \
  }

/* The segmented geometry: NPAIRS (row, segment) pairs from row LO, NSEG
   segments of SEG columns per row.  */
#define SEGMENTS(SEG, clauses)                                              \
  _Pragma (clauses)                                                         \
  for (unsigned g = 0; g < npairs; g++)                                     \
    _Pragma ("acc loop worker vector")                                      \
    for (int jj = 0; jj < SEG; jj++)                                        \
      {                                                                     \
        long i = lo + g / nseg;                                             \
        int j = 1 + (int) (g % nseg) * SEG + jj;                            \
        if (j < Y - 1)                                                      \
          CIP_POINT                                                         \
      }

#define ARGS long lo, unsigned npairs, unsigned nseg, int Y, float DX,     \
             float DY, float mdt

#define W16 "acc parallel loop gang num_gangs (npairs) num_workers (16) vector_length (32) deviceptr (f, gx, gy, u, v, fn, gxn, gyn)"
#define W12 "acc parallel loop gang num_gangs (npairs) num_workers (12) vector_length (32) deviceptr (f, gx, gy, u, v, fn, gxn, gyn)"
#define V512 "acc parallel loop gang num_gangs (npairs) num_workers (1) vector_length (512) deviceptr (f, gx, gy, u, v, fn, gxn, gyn)"

#define F(I, J) f[I][J]
#define GX(I, J) gx[I][J]
#define GY(I, J) gy[I][J]
#define U(I, J) u[I][J]
#define V(I, J) v[I][J]
#define FN(I, J) fn[I][J]
#define GXN(I, J) gxn[I][J]
#define GYN(I, J) gyn[I][J]

#define ROWS(name, SEG, clauses)                                            \
  void                                                                      \
  name (ARGS, float *pf, float *pgx, float *pgy, float *pu, float *pv,      \
        float *pfn, float *pgxn, float *pgyn)                               \
  {                                                                         \
    float (*f)[Y] = (void *) pf, (*gx)[Y] = (void *) pgx;                   \
    float (*gy)[Y] = (void *) pgy, (*u)[Y] = (void *) pu;                   \
    float (*v)[Y] = (void *) pv, (*fn)[Y] = (void *) pfn;                   \
    float (*gxn)[Y] = (void *) pgxn, (*gyn)[Y] = (void *) pgyn;             \
    SEGMENTS (SEG, clauses)                                                 \
  }

ROWS (rows, 512, W16)
ROWS (rows_w12, 384, W12)

void
rows_cr (ARGS, float *pf, float *pgx, float *pgy, float *pu, float *pv,
         float *pfn, float *pgxn, float *pgyn)
{
  const float (*restrict f)[Y] = (void *) pf, (*restrict gx)[Y] = (void *) pgx;
  const float (*restrict gy)[Y] = (void *) pgy, (*restrict u)[Y] = (void *) pu;
  const float (*restrict v)[Y] = (void *) pv;
  float (*restrict fn)[Y] = (void *) pfn, (*restrict gxn)[Y] = (void *) pgxn;
  float (*restrict gyn)[Y] = (void *) pgyn;
  SEGMENTS (512, W16)
}

#undef F
#undef GX
#undef GY
#undef U
#undef V
#undef FN
#undef GXN
#undef GYN
#define IX(a, I, J) a[(size_t) (I) * Y + (J)]
#define F(I, J) IX (f, I, J)
#define GX(I, J) IX (gx, I, J)
#define GY(I, J) IX (gy, I, J)
#define U(I, J) IX (u, I, J)
#define V(I, J) IX (v, I, J)
#define FN(I, J) IX (fn, I, J)
#define GXN(I, J) IX (gxn, I, J)
#define GYN(I, J) IX (gyn, I, J)

#define FLAT(name, SEG, clauses)                                            \
  void                                                                      \
  name (ARGS, float *f, float *gx, float *gy, float *u, float *v,           \
        float *fn, float *gxn, float *gyn)                                  \
  {                                                                         \
    SEGMENTS (SEG, clauses)                                                 \
  }

FLAT (flat, 512, W16)
FLAT (flat_w12, 384, W12)
FLAT (flat_v512, 512, V512)

void
flat_cr (ARGS, const float *restrict f, const float *restrict gx,
         const float *restrict gy, const float *restrict u,
         const float *restrict v, float *restrict fn, float *restrict gxn,
         float *restrict gyn)
{
  SEGMENTS (512, W16)
}

#undef IX
#define IX(o, I, J) \
  base[(unsigned) (o + (unsigned) (I) * (unsigned) Y + (unsigned) (J))]
#define f of
#define gx ogx
#define gy ogy
#define u ou
#define v ov
#define fn ofn
#define gxn ogxn
#define gyn ogyn

void
offsets32 (ARGS, float *base, unsigned of, unsigned ogx, unsigned ogy,
           unsigned ou, unsigned ov, unsigned ofn, unsigned ogxn,
           unsigned ogyn)
{
  SEGMENTS (512, "acc parallel loop gang num_gangs (npairs) num_workers (16) vector_length (32) deviceptr (base)")
}

#undef f
#undef gx
#undef gy
#undef u
#undef v
#undef fn
#undef gxn
#undef gyn

typedef void form_fn (ARGS, float *, float *, float *, float *, float *,
                      float *, float *, float *);


static void
fill (float *d, long n, unsigned seed, float lo, float hi)
{
#pragma acc parallel loop deviceptr(d)
  for (long i = 0; i < n; i++)
    {
      unsigned h = (unsigned) i * 2654435761u + seed * 40503u;
      h ^= h >> 15;
      h *= 2246822519u;
      h ^= h >> 13;
      d[i] = lo + (hi - lo) * (float) (h & 0xffffff) / 16777216.0f;
    }
}

int
main (int argc, char **argv)
{
  if (argc < 4)
    {
      fprintf (stderr, "usage: cip-forms X Y T\n");
      return 2;
    }
  int X = atoi (argv[1]), Y = atoi (argv[2]), T = atoi (argv[3]);
  long n = (long) X * Y;
  float *a[8];
  for (int q = 0; q < 8; q++)
    if (!(a[q] = acc_malloc (n * sizeof (float))))
      {
        fprintf (stderr, "cip-forms: acc_malloc of %ld bytes failed\n",
                 n * (long) sizeof (float));
        return 1;
      }
  /* f, gx, gy, u, v, fn, gxn, gyn.  */
  fill (a[0], n, 1, 0.0f, 1.0f);
  fill (a[1], n, 2, -0.1f, 0.1f);
  fill (a[2], n, 3, -0.1f, 0.1f);
  fill (a[3], n, 4, -1.0f, 1.0f);
  fill (a[4], n, 5, -1.0f, 1.0f);
  float DX = 1.0f / X, DY = 1.0f / Y, mdt = -0.2f / X;
  static const struct { const char *name; form_fn *fn; int seg; } forms[] = {
    { "rows", rows, 512 }, { "rows_w12", rows_w12, 384 },
    { "rows_cr", rows_cr, 512 }, { "flat", flat, 512 },
    { "flat_w12", flat_w12, 384 }, { "flat_v512", flat_v512, 512 },
    { "flat_cr", flat_cr, 512 },
  };
  for (int rep = 0; rep < 2; rep++)
    for (size_t q = 0; q < sizeof forms / sizeof forms[0]; q++)
      {
        unsigned seg = forms[q].seg;
        unsigned nseg = (Y - 2 + seg - 1) / seg;
        unsigned npairs = (unsigned) (X - 2) * nseg;
        fill (a[5], n, 6, 0, 0);
        fill (a[6], n, 6, 0, 0);
        fill (a[7], n, 6, 0, 0);
        forms[q].fn (1, npairs, nseg, Y, DX, DY, mdt, a[0], a[1], a[2],
                     a[3], a[4], a[5], a[6], a[7]);
        acc_wait_all ();
        double t0 = now ();
        for (int t = 0; t < T; t++)
          forms[q].fn (1, npairs, nseg, Y, DX, DY, mdt, a[0], a[1], a[2],
                       a[3], a[4], a[5], a[6], a[7]);
        acc_wait_all ();
        double dt = now () - t0;
        printf ("%-10s %8.3f ms/step  checksum %.6e %.6e %.6e\n",
                forms[q].name, 1e3 * dt / T, checksum (a[5], n),
                checksum (a[6], n), checksum (a[7], n));
      }
  for (int q = 0; q < 8; q++)
    acc_free (a[q]);
  return 0;
}
