/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* jacobi-mpi.c -- ../jacobi/jacobi.c as an MPI code: each rank owns a slab
   of rows with one ghost row each side, and the pipeline's mpi clause
   splits the global grid over the ranks (issue 13).  The global result
   does not depend on the number of ranks: the hash printed equals the
   one jacobi.c prints for the same X, Y, T.

   Usage: mpirun -np N jacobi-mpi [X [Y [T]]]   (defaults 2000 2000 100)
   Prints the hash of p over all ranks, the time of the pipeline region
   (the slowest rank's; transfers and exchanges included) and the
   effective GFLOPS E = 4 (X-2)(Y-2) T / time.  */

#include "../common/bench-mpi.h"

struct init_ctx
{
  float *p, *q;
  int X, Y;
  long off;
};

static void
init_rows (long lo, long hi, void *vctx)
{
  struct init_ctx *c = vctx;
  int X = c->X, Y = c->Y;
  for (long i = lo; i < hi; i++)
    for (int y = 0; y < Y; y++)
      {
        long x = i + c->off;
        float v;
        if (x == 0 || y == 0)
          v = 1.0f;
        else if (x == X - 1 || y == Y - 1)
          v = 0.0f;
        else
          v = (float) ((x * 7 + y * 13) % 101) / 101.0f;
        c->p[i * Y + y] = v;
        c->q[i * Y + y] = 0.0f;
      }
}

int
main (int argc, char **argv)
{
  MPI_Init (&argc, &argv);
  MPI_Comm comm = MPI_COMM_WORLD;
  int rank, size;
  MPI_Comm_rank (comm, &rank);
  MPI_Comm_size (comm, &size);
  int X = (int) bench_arg (argc, argv, 1, 2000, "jacobi-mpi");
  int Y = (int) bench_arg (argc, argv, 2, 2000, "jacobi-mpi");
  int T = (int) bench_arg (argc, argv, 3, 100, "jacobi-mpi");
  int t, x, y;
  long own, off;

  if (X < 2 + size || Y < 3)
    {
      fprintf (stderr, "jacobi-mpi: X must be at least 2 + ranks, Y 3\n");
      MPI_Abort (comm, 2);
    }
  bench_mpi_slab (X, rank, size, &own, &off);
  long n = own + 2;
  float (*p)[Y] = bench_alloc (sizeof (float) * (size_t) n * Y, "jacobi-mpi", "p");
  float (*q)[Y] = bench_alloc (sizeof (float) * (size_t) n * Y, "jacobi-mpi", "q");
  struct init_ctx ic = { &p[0][0], &q[0][0], X, Y, off };
  bench_parallel (n, init_rows, &ic);

#pragma pacc init
  MPI_Barrier (comm);
  double t0 = bench_now ();

  /* Every rank updates its own rows; row 0 and row n - 1 are ghosts.  */
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:n][0:Y]) halo([1:1][1:1]) mpi(comm, 1) async
  for (t = 0; t < T; t++) {
#pragma pacc loop dim(2)
    for (x = 1; x < n-1; x++)
#pragma pacc loop dim(1)
      for (y = 1; y < Y-1; y++)
        q[x][y] = (p[x-1][y] + p[x+1][y] + p[x][y-1] + p[x][y+1]) * 0.25f;
#pragma pacc loop dim(2)
    for (x = 1; x < n-1; x++)
#pragma pacc loop dim(1)
      for (y = 1; y < Y-1; y++)
        p[x][y] = q[x][y];
  }

  double secs = bench_now () - t0, slowest;
  MPI_Reduce (&secs, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, comm);

  if (!rank)
    printf ("jacobi-mpi X=%d Y=%d T=%d ranks=%d\n", X, Y, T, size);
  bench_mpi_print_hash ("p", &p[0][0], rank ? 1 : 0,
                        rank == size - 1 ? n : n - 1, rank ? off + 1 : 0,
                        Y, comm);
  if (!rank)
    {
      printf ("time %.6f s\n", slowest);
      printf ("GFLOPS %.3f\n", slowest > 0 ? 4.0 * (X - 2) * (double) (Y - 2)
                                              * T / slowest * 1e-9 : 0.0);
    }
  free (p);
  free (q);
  MPI_Finalize ();
  return 0;
}
