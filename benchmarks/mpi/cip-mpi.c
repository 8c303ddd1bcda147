/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* cip-mpi.c -- ../cip/cip.c as an MPI code: each rank owns a slab of rows
   with one ghost row each side, and the pipeline's mpi clause splits the
   global grid over the ranks (issue 13).  The hashes printed equal those
   cip.c prints for the same X, Y, T, whatever the number of ranks.

   Usage: mpirun -np N cip-mpi [X [Y [T]]]   (defaults 1000 1000 100)
   Prints the hashes of f, gx, gy over all ranks, the time of the pipeline
   region (the slowest rank's) and E = 87 (X-2)(Y-2) T / time.  */

#include "../common/bench-mpi.h"
#include "../cip/cip-init.h"

struct slab_init
{
  struct cip_arrays a;   /* pointers rebased to global row 0.  */
  long off;
};

static void
slab_rows (long lo, long hi, void *vctx)
{
  struct slab_init *s = (struct slab_init *) vctx;
  cip_init_rows (lo + s->off, hi + s->off, &s->a);
}

int
main (int argc, char **argv)
{
  MPI_Init (&argc, &argv);
  MPI_Comm comm = MPI_COMM_WORLD;
  int rank, size;
  MPI_Comm_rank (comm, &rank);
  MPI_Comm_size (comm, &size);
  int X = (int) bench_arg (argc, argv, 1, 1000, "cip-mpi");
  int Y = (int) bench_arg (argc, argv, 2, 1000, "cip-mpi");
  int T = (int) bench_arg (argc, argv, 3, 100, "cip-mpi");
  int t, i, j;
  long own, off;

  if (X < 2 + size || Y < 3)
    {
      fprintf (stderr, "cip-mpi: X must be at least 2 + ranks, Y 3\n");
      MPI_Abort (comm, 2);
    }
  bench_mpi_slab (X, rank, size, &own, &off);
  long n = own + 2;
  size_t bytes = sizeof (float) * (size_t) n * Y;
  float (*f)[Y] = bench_alloc (bytes, "cip-mpi", "f");
  float (*gx)[Y] = bench_alloc (bytes, "cip-mpi", "gx");
  float (*gy)[Y] = bench_alloc (bytes, "cip-mpi", "gy");
  float (*fn)[Y] = bench_alloc (bytes, "cip-mpi", "fn");
  float (*gxn)[Y] = bench_alloc (bytes, "cip-mpi", "gxn");
  float (*gyn)[Y] = bench_alloc (bytes, "cip-mpi", "gyn");
  float (*u)[Y] = bench_alloc (bytes, "cip-mpi", "u");
  float (*v)[Y] = bench_alloc (bytes, "cip-mpi", "v");

  /* The global initial values of rows [off, off + n).  */
  struct cip_consts cc = cip_constants (X, Y);
  struct slab_init s;
  long d = off * (long) Y;
  s.off = off;
  s.a.f = &f[0][0] - d, s.a.gx = &gx[0][0] - d, s.a.gy = &gy[0][0] - d;
  s.a.fn = &fn[0][0] - d, s.a.gxn = &gxn[0][0] - d, s.a.gyn = &gyn[0][0] - d;
  s.a.u = &u[0][0] - d, s.a.v = &v[0][0] - d;
  s.a.X = X, s.a.Y = Y;
  s.a.sx = (float *) bench_alloc (sizeof (float) * 2 * X, "cip-mpi", "tables");
  s.a.dsx = s.a.sx + X;
  s.a.sy = (float *) bench_alloc (sizeof (float) * 2 * Y, "cip-mpi", "tables");
  s.a.dsy = s.a.sy + Y;
  cip_profile (s.a.sx, s.a.dsx, X, 48, cc.dx);
  cip_profile (s.a.sy, s.a.dsy, Y, 40, cc.dy);
  bench_parallel (n, slab_rows, &s);
  free (s.a.sx);
  free (s.a.sy);
  float DX = cc.dx, DY = cc.dy, mdt = -cc.dt;

#pragma pacc init
  MPI_Barrier (comm);
  double t0 = bench_now ();

#pragma pacc pipeline targetinout(f, gx, gy) targetin(u, v) targettemp(fn, gxn, gyn) size([0:n][0:Y]) halo([1:1][1:1]) mpi(comm, 1) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (i = 1; i < n - 1; i++)
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
      for (i = 1; i < n - 1; i++)
#pragma pacc loop dim(1)
        for (j = 1; j < Y - 1; j++)
          {
            f[i][j] = fn[i][j];
            gx[i][j] = gxn[i][j];
            gy[i][j] = gyn[i][j];
          }
    }

  double secs = bench_now () - t0, slowest;
  MPI_Reduce (&secs, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, comm);

  if (!rank)
    printf ("cip-mpi X=%d Y=%d T=%d ranks=%d\n", X, Y, T, size);
  long first = rank ? 1 : 0, last = rank == size - 1 ? n : n - 1;
  long gfirst = rank ? off + 1 : 0;
  bench_mpi_print_hash ("f", &f[0][0], first, last, gfirst, Y, comm);
  bench_mpi_print_hash ("gx", &gx[0][0], first, last, gfirst, Y, comm);
  bench_mpi_print_hash ("gy", &gy[0][0], first, last, gfirst, Y, comm);
  if (!rank)
    {
      printf ("time %.6f s\n", slowest);
      printf ("GFLOPS %.3f\n", slowest > 0 ? 87.0 * (X - 2) * (double) (Y - 2)
                                              * T / slowest * 1e-9 : 0.0);
    }
  free (f); free (gx); free (gy); free (fn); free (gxn); free (gyn);
  free (u); free (v);
  MPI_Finalize ();
  return 0;
}
