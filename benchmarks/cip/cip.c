/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* cip.c -- 2-D CIP (constrained interpolation profile) advection of a field
   f and its derivatives gx = df/dx, gy = df/dy (Yabe, Xiao, Utsumi,
   J. Comput. Phys. 169 (2001) 556-593; the two-dimensional scheme of Yabe,
   Ishikawa, Wang, Aoki, Kadota, Ikeda, Comput. Phys. Commun. 66 (1991)),
   as a PACC pipeline.

   Plain sequential C: built without the plugin the `#pragma pacc' lines are
   ignored and this is the reference; built with
       gcc -O3 `pkg-config --cflags pacc` cip.c `pkg-config --libs pacc`
   the time loop is streamed through the GPU(s) in chunks of rows (or run on
   the host path).  Both must print the same output.

   The scheme (the full 2-D cubic, "A-type" CIP): for every interior point
   (i,j), with the upwind neighbours im = i - sign(u), jm = j - sign(v) and
   the departure point X = -u dt, Y = -v dt relative to (i,j), the profile

     F(X,Y) = a1 X^3 + e1 X^2 + gx X + b1 Y^3 + f1 Y^2 + gy Y + f
              + c1 X^2 Y + d1 X Y^2 + g1 X Y

   matches f, gx, gy at (i,j), f and gx at (im,j), f and gy at (i,jm),
   gx at (i,jm), gy at (im,j) and f at (im,jm); the new values are F, dF/dX
   and dF/dY at the departure point.  With Dx = x(im) - x(i) = -sign(u) DX,
   Dy = y(jm) - y(j) = -sign(v) DY:
     a1 = ((gx[im,j] + gx) Dx - 2 (f[im,j] - f)) / Dx^3
     e1 = (3 (f[im,j] - f) - (gx[im,j] + 2 gx) Dx) / Dx^2
     b1, f1 likewise along y,
     tmp = f[im,jm] - f[im,j] - f[i,jm] + f,   tmq = gy[im,j] - gy
     c1 = (tmp - (gx[i,jm] - gx) Dx) / (Dx^2 Dy)
     d1 = (tmp - tmq Dy) / (Dx Dy^2)
     g1 = (tmq - c1 Dx^2) / Dx.
   The upwind neighbour is chosen among the 9 points around (i,j) by the
   signs of u and v; the code reads it with constant offsets under a
   condition, which PACC accepts (halo 1 in both dimensions).  This is pure
   advection (the non-advection terms of the gradient equations, -gx du/dx
   - gy dv/dx and so on, are left out, as in the CIP advection kernels
   used for benchmarks).

   Floating-point operations per point, counting each +, -, *, / of the
   code below once (negations and the upwind selections are not counted):
     departure point xx, yy               2
     Dx^2, Dy^2                           2
     f differences dfx, dfy               2
     a1, e1, b1, f1                  4 x  6 = 24
     tmp 2, tmq 1                         3
     c1 5, d1 4, g1 3                     12
     fn 18, gxn 12, gyn 12                42
     total                                87
   (the PACC paper counts 91 for its CIP code, which was not published; it
   differs in which common subexpressions are shared).  E uses 87.

   Arrays (8, X x Y floats): f, gx, gy (targetinout), their new values fn,
   gxn, gyn (targettemp: computed, then copied back into f, gx, gy by a
   second loop nest, as himeno does), velocities u, v (targetin).

   Usage: cip [X [Y [T]]]   (defaults 1000 1000 100; paper 22000 22000 256)
   Prints checksums of f, gx and gy, the time of the pipeline region
   (transfers included; the device set-up of `pacc init' is not timed) and
   the effective GFLOPS E = 87 (X-2)(Y-2) T / time.  */

#include "cip-init.h"

int
main (int argc, char **argv)
{
  int X = (int) bench_arg (argc, argv, 1, 1000, "cip");
  int Y = (int) bench_arg (argc, argv, 2, 1000, "cip");
  int T = (int) bench_arg (argc, argv, 3, 100, "cip");
  int t, i, j;

  if (X < 3 || Y < 3)
    {
      fprintf (stderr, "cip: X and Y must be at least 3\n");
      return 2;
    }

  size_t bytes = sizeof (float) * (size_t) X * Y;
  float (*f)[Y] = bench_alloc (bytes, "cip", "f");
  float (*gx)[Y] = bench_alloc (bytes, "cip", "gx");
  float (*gy)[Y] = bench_alloc (bytes, "cip", "gy");
  float (*fn)[Y] = bench_alloc (bytes, "cip", "fn");
  float (*gxn)[Y] = bench_alloc (bytes, "cip", "gxn");
  float (*gyn)[Y] = bench_alloc (bytes, "cip", "gyn");
  float (*u)[Y] = bench_alloc (bytes, "cip", "u");
  float (*v)[Y] = bench_alloc (bytes, "cip", "v");

  struct cip_arrays a = { &f[0][0], &gx[0][0], &gy[0][0], &fn[0][0],
                          &gxn[0][0], &gyn[0][0], &u[0][0], &v[0][0],
                          X, Y, NULL, NULL, NULL, NULL };
  cip_init (&a);
  struct cip_consts cc = cip_constants (X, Y);
  float DX = cc.dx, DY = cc.dy, mdt = -cc.dt;

#pragma pacc init
  double t0 = bench_now ();

#pragma pacc pipeline targetinout(f, gx, gy) targetin(u, v) targettemp(fn, gxn, gyn) size([0:X][0:Y]) halo([1:1][1:1]) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
#ifdef _OPENMP
#pragma omp parallel for private(j)
#endif
      for (i = 1; i < X - 1; i++)
#pragma pacc loop dim(1)
        for (j = 1; j < Y - 1; j++)
          {
            float uu = u[i][j], vv = v[i][j];
            int upx = uu >= 0.0f, upy = vv >= 0.0f;
            float xx = uu * mdt, yy = vv * mdt;
            float Dx = upx ? -DX : DX, Dy = upy ? -DY : DY;
            float fc = f[i][j], gxc = gx[i][j], gyc = gy[i][j];
            /* Upwind values: (im,j), (i,jm), (im,jm).  */
            float fi = upx ? f[i - 1][j] : f[i + 1][j];
            float fj = upy ? f[i][j - 1] : f[i][j + 1];
            float fij = upx ? (upy ? f[i - 1][j - 1] : f[i - 1][j + 1])
                            : (upy ? f[i + 1][j - 1] : f[i + 1][j + 1]);
            float gxi = upx ? gx[i - 1][j] : gx[i + 1][j];
            float gxj = upy ? gx[i][j - 1] : gx[i][j + 1];
            float gyi = upx ? gy[i - 1][j] : gy[i + 1][j];
            float gyj = upy ? gy[i][j - 1] : gy[i][j + 1];

            float dx2 = Dx * Dx, dy2 = Dy * Dy;
            float dfx = fi - fc, dfy = fj - fc;
            float a1 = ((gxi + gxc) * Dx - 2.0f * dfx) / (dx2 * Dx);
            float e1 = (3.0f * dfx - (gxi + 2.0f * gxc) * Dx) / dx2;
            float b1 = ((gyj + gyc) * Dy - 2.0f * dfy) / (dy2 * Dy);
            float f1 = (3.0f * dfy - (gyj + 2.0f * gyc) * Dy) / dy2;
            float tmp = fij - fi - dfy;
            float tmq = gyi - gyc;
            float c1 = (tmp - (gxj - gxc) * Dx) / (dx2 * Dy);
            float d1 = (tmp - tmq * Dy) / (Dx * dy2);
            float g1 = (tmq - c1 * dx2) / Dx;

            fn[i][j] = ((a1 * xx + c1 * yy + e1) * xx + g1 * yy + gxc) * xx
                       + ((b1 * yy + d1 * xx + f1) * yy + gyc) * yy + fc;
            gxn[i][j] = (3.0f * a1 * xx + 2.0f * (c1 * yy + e1)) * xx
                        + (d1 * yy + g1) * yy + gxc;
            gyn[i][j] = (3.0f * b1 * yy + 2.0f * (d1 * xx + f1)) * yy
                        + (c1 * xx + g1) * xx + gyc;
          }
#pragma pacc loop dim(2)
#ifdef _OPENMP
#pragma omp parallel for private(j)
#endif
      for (i = 1; i < X - 1; i++)
#pragma pacc loop dim(1)
        for (j = 1; j < Y - 1; j++)
          {
            f[i][j] = fn[i][j];
            gx[i][j] = gxn[i][j];
            gy[i][j] = gyn[i][j];
          }
    }

  double secs = bench_now () - t0;

  printf ("cip X=%d Y=%d T=%d\n", X, Y, T);
  bench_print_checksum ("f", &f[0][0], (long) X * Y);
  bench_print_checksum ("gx", &gx[0][0], (long) X * Y);
  bench_print_checksum ("gy", &gy[0][0], (long) X * Y);
  printf ("time %.6f s\n", secs);
  printf ("GFLOPS %.3f\n",
          secs > 0 ? 87.0 * (X - 2) * (double) (Y - 2) * T / secs * 1e-9 : 0.0);
  free (f); free (gx); free (gy); free (fn); free (gxn); free (gyn);
  free (u); free (v);
  return 0;
}
