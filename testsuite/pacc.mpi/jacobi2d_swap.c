/* 2-D Jacobi across the ranks of MPI_COMM_WORLD: halo 1, one ghost row
   on each side of every slab (mpi(comm, 1)), the arrays swapped every
   step (tmp = p; p = q; q = tmp).  Rank 0 runs the same steps on the
   whole global array; every rank's own and ghost rows of both arrays
   must equal it bit for bit, whatever the block depth k and the
   chunking (PACC_DEVICE_MEMORY small: several chunks per rank).  */
/* { mpi-np "1 2 3 4" } */
/* { mpi-env "" "PACC_DEVICE_MEMORY=12K" "PACC_K=1 PACC_DEVICE_MEMORY=12K" "PACC_K=2 PACC_DEVICE_MEMORY=12K" "PACC_K=5 PACC_DEVICE_MEMORY=28K" } */

#include "mpi-check.h"

int
main (int argc, char **argv)
{
  mc_init (&argc, &argv);
  MPI_Comm comm = MPI_COMM_WORLD;
  int rank, size;
  MPI_Comm_rank (comm, &rank);
  MPI_Comm_size (comm, &size);

  const long N = 241;            /* own rows over all the ranks */
  int Y = 37, T = 13, G = 1;
  long base, own = mc_split_even (N, rank, size, &base);
  long nloc = own + 2 * G, NG = N + 2 * G;
  int t, x, y;

  double (*p)[Y] = mc_alloc (sizeof (double[nloc][Y]));
  double (*q)[Y] = mc_alloc (sizeof (double[nloc][Y]));
  double (*tmp)[Y];
  mc_fill_double (&p[0][0], nloc, Y, base, 1);
  mc_fill_double (&q[0][0], nloc, Y, base, 2);

#pragma pacc pipeline targetinout(p, q) size([0:nloc][0:Y]) halo([1:1][1:1]) mpi(comm, G) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = G; x < nloc - G; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          q[x][y] = 0.25 * (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1]);
      tmp = p;
      p = q;
      q = tmp;
    }

  /* The sequential reference on the global array.  */
  double (*gp)[Y] = NULL, (*gq)[Y] = NULL;
  if (rank == 0)
    {
      gp = mc_alloc (sizeof (double[NG][Y]));
      gq = mc_alloc (sizeof (double[NG][Y]));
      mc_fill_double (&gp[0][0], NG, Y, 0, 1);
      mc_fill_double (&gq[0][0], NG, Y, 0, 2);
      for (t = 0; t < T; t++)
        {
          for (x = 1; x < NG - 1; x++)
            for (y = 1; y < Y - 1; y++)
              gq[x][y] = 0.25 * (gp[x - 1][y] + gp[x + 1][y] + gp[x][y - 1] + gp[x][y + 1]);
          tmp = gp;
          gp = gq;
          gq = tmp;
        }
    }
  mc_check_rows (comm, "p", p, nloc, G, base, NG, sizeof p[0], gp, 1);
  mc_check_rows (comm, "q", q, nloc, G, base, NG, sizeof q[0], gq, 1);
  free (p);
  free (q);
  free (gp);
  free (gq);
  return mc_finish ();
}
