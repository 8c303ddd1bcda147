/* Slabs large enough for several chunks per rank (PACC_DEVICE_MEMORY
   small): the block depth k of 1, 2 and 5 and the automatic one, async,
   each rank's pipeline out of core on its own rows while the ranks
   exchange the k rows each block reaches into its neighbours.  */
/* { mpi-np "1 2 3 4" } */
/* { mpi-env "PACC_K=1 PACC_DEVICE_MEMORY=16K" "PACC_K=2 PACC_DEVICE_MEMORY=16K" "PACC_K=5 PACC_DEVICE_MEMORY=32K" "PACC_DEVICE_MEMORY=16K" "PACC_K=5 PACC_DEVICE_MEMORY=48K PACC_QUEUES=3" "" } */

#include "mpi-check.h"

int
main (int argc, char **argv)
{
  mc_init (&argc, &argv);
  MPI_Comm comm = MPI_COMM_WORLD;
  int rank, size;
  MPI_Comm_rank (comm, &rank);
  MPI_Comm_size (comm, &size);

  const long N = 240;
  int Y = 48, T = 17, G = 1;
  long base, own = mc_split_even (N, rank, size, &base);
  long nloc = own + 2 * G, NG = N + 2 * G;
  int t, x, y;

  double (*p)[Y] = mc_alloc (sizeof (double[nloc][Y]));
  double (*q)[Y] = mc_alloc (sizeof (double[nloc][Y]));
  mc_fill_double (&p[0][0], nloc, Y, base, 71);

#pragma pacc pipeline targetinout(p) targettemp(q) size([0:nloc][0:Y]) halo([1:1][1:1]) mpi(comm, G) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < nloc - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          q[x][y] = 0.2 * (p[x][y] + p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1]);
#pragma pacc loop dim(2)
      for (x = 1; x < nloc - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          p[x][y] = q[x][y];
    }

  double (*gp)[Y] = NULL, (*gq)[Y] = NULL;
  if (rank == 0)
    {
      gp = mc_alloc (sizeof (double[NG][Y]));
      gq = mc_alloc (sizeof (double[NG][Y]));
      mc_fill_double (&gp[0][0], NG, Y, 0, 71);
      for (t = 0; t < T; t++)
        {
          for (x = 1; x < NG - 1; x++)
            for (y = 1; y < Y - 1; y++)
              gq[x][y] = 0.2 * (gp[x][y] + gp[x - 1][y] + gp[x + 1][y] + gp[x][y - 1] + gp[x][y + 1]);
          for (x = 1; x < NG - 1; x++)
            for (y = 1; y < Y - 1; y++)
              gp[x][y] = gq[x][y];
        }
    }
  mc_check_rows (comm, "p", p, nloc, G, base, NG, sizeof p[0], gp, 1);
  free (p);
  free (q);
  free (gp);
  free (gq);
  return mc_finish ();
}
