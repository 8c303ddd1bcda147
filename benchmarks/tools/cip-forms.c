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

   Not a benchmark: it is compiled, never run.
     benchmarks/tools/ptx-registers.sh benchmarks/tools/cip-forms.c  */

#include <stddef.h>

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
   segments of 512 columns per row.  */
#define SEGMENTS(clauses)                                                   \
  _Pragma (clauses)                                                         \
  for (unsigned g = 0; g < npairs; g++)                                     \
    _Pragma ("acc loop worker vector")                                      \
    for (int jj = 0; jj < 512; jj++)                                        \
      {                                                                     \
        long i = lo + g / nseg;                                             \
        int j = 1 + (int) (g % nseg) * 512 + jj;                            \
        if (j < Y - 1)                                                      \
          CIP_POINT                                                         \
      }

#define ARGS long lo, unsigned npairs, unsigned nseg, int Y, float DX,     \
             float DY, float mdt

#define F(I, J) f[I][J]
#define GX(I, J) gx[I][J]
#define GY(I, J) gy[I][J]
#define U(I, J) u[I][J]
#define V(I, J) v[I][J]
#define FN(I, J) fn[I][J]
#define GXN(I, J) gxn[I][J]
#define GYN(I, J) gyn[I][J]

void
rows (ARGS, float *pf, float *pgx, float *pgy, float *pu, float *pv,
      float *pfn, float *pgxn, float *pgyn)
{
  float (*f)[Y] = (void *) pf, (*gx)[Y] = (void *) pgx;
  float (*gy)[Y] = (void *) pgy, (*u)[Y] = (void *) pu, (*v)[Y] = (void *) pv;
  float (*fn)[Y] = (void *) pfn, (*gxn)[Y] = (void *) pgxn;
  float (*gyn)[Y] = (void *) pgyn;
  SEGMENTS ("acc parallel loop gang num_gangs (npairs) num_workers (16) vector_length (32) deviceptr (f, gx, gy, u, v, fn, gxn, gyn)")
}

void
rows_cr (ARGS, float *pf, float *pgx, float *pgy, float *pu, float *pv,
         float *pfn, float *pgxn, float *pgyn)
{
  const float (*restrict f)[Y] = (void *) pf, (*restrict gx)[Y] = (void *) pgx;
  const float (*restrict gy)[Y] = (void *) pgy, (*restrict u)[Y] = (void *) pu;
  const float (*restrict v)[Y] = (void *) pv;
  float (*restrict fn)[Y] = (void *) pfn, (*restrict gxn)[Y] = (void *) pgxn;
  float (*restrict gyn)[Y] = (void *) pgyn;
  SEGMENTS ("acc parallel loop gang num_gangs (npairs) num_workers (16) vector_length (32) deviceptr (f, gx, gy, u, v, fn, gxn, gyn)")
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

void
flat (ARGS, float *f, float *gx, float *gy, float *u, float *v, float *fn,
      float *gxn, float *gyn)
{
  SEGMENTS ("acc parallel loop gang num_gangs (npairs) num_workers (16) vector_length (32) deviceptr (f, gx, gy, u, v, fn, gxn, gyn)")
}

void
flat_cr (ARGS, const float *restrict f, const float *restrict gx,
         const float *restrict gy, const float *restrict u,
         const float *restrict v, float *restrict fn, float *restrict gxn,
         float *restrict gyn)
{
  SEGMENTS ("acc parallel loop gang num_gangs (npairs) num_workers (16) vector_length (32) deviceptr (f, gx, gy, u, v, fn, gxn, gyn)")
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
  SEGMENTS ("acc parallel loop gang num_gangs (npairs) num_workers (16) vector_length (32) deviceptr (base)")
}

int
main (void)
{
  return 0;
}
