/* A 3-D 7-point stencil across the ranks, on pointers to 2-D VLAs
   (double (*p)[Y][Z]), decomposed along x with one ghost plane on each
   side; a targettemp array and a copy-back kernel.  */
/* { mpi-np "1 2 3 4" } */
/* { mpi-env "" "PACC_K=2 PACC_DEVICE_MEMORY=40K" "PACC_K=1 PACC_DEVICE_MEMORY=24K" "PACC_DEVICE_MEMORY=24K" } */

#include "mpi-check.h"

int
main (int argc, char **argv)
{
  mc_init (&argc, &argv);
  MPI_Comm comm = MPI_COMM_WORLD;
  int rank, size;
  MPI_Comm_rank (comm, &rank);
  MPI_Comm_size (comm, &size);

  const long N = 81;
  int Y = 13, Z = 11, T = 9, G = 1;
  long base, own = mc_split_even (N, rank, size, &base);
  long nloc = own + 2 * G, NG = N + 2 * G;
  int t, x, y, z;

  double (*p)[Y][Z] = mc_alloc (sizeof (double[nloc][Y][Z]));
  double (*q)[Y][Z] = mc_alloc (sizeof (double[nloc][Y][Z]));
  mc_fill_double (&p[0][0][0], nloc, (long) Y * Z, base, 31);

#pragma pacc pipeline targetinout(p) targettemp(q) size([0:nloc][0:Y][0:Z]) halo([1:1][1:1][1:1]) mpi(comm, G) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(3)
      for (x = 1; x < nloc - 1; x++)
#pragma pacc loop dim(2)
        for (y = 1; y < Y - 1; y++)
#pragma pacc loop dim(1)
          for (z = 1; z < Z - 1; z++)
            q[x][y][z] = 0.25 * p[x][y][z]
                         + 0.125 * (p[x - 1][y][z] + p[x + 1][y][z]
                                    + p[x][y - 1][z] + p[x][y + 1][z]
                                    + p[x][y][z - 1] + p[x][y][z + 1]);
#pragma pacc loop dim(3)
      for (x = 1; x < nloc - 1; x++)
#pragma pacc loop dim(2)
        for (y = 1; y < Y - 1; y++)
#pragma pacc loop dim(1)
          for (z = 1; z < Z - 1; z++)
            p[x][y][z] = q[x][y][z];
    }

  double (*gp)[Y][Z] = NULL, (*gq)[Y][Z] = NULL;
  if (rank == 0)
    {
      gp = mc_alloc (sizeof (double[NG][Y][Z]));
      gq = mc_alloc (sizeof (double[NG][Y][Z]));
      mc_fill_double (&gp[0][0][0], NG, (long) Y * Z, 0, 31);
      for (t = 0; t < T; t++)
        {
          for (x = 1; x < NG - 1; x++)
            for (y = 1; y < Y - 1; y++)
              for (z = 1; z < Z - 1; z++)
                gq[x][y][z] = 0.25 * gp[x][y][z]
                              + 0.125 * (gp[x - 1][y][z] + gp[x + 1][y][z]
                                         + gp[x][y - 1][z] + gp[x][y + 1][z]
                                         + gp[x][y][z - 1] + gp[x][y][z + 1]);
          for (x = 1; x < NG - 1; x++)
            for (y = 1; y < Y - 1; y++)
              for (z = 1; z < Z - 1; z++)
                gp[x][y][z] = gq[x][y][z];
        }
    }
  mc_check_rows (comm, "p", p, nloc, G, base, NG, sizeof p[0], gp, 1);
  free (p);
  free (q);
  free (gp);
  free (gq);
  return mc_finish ();
}
