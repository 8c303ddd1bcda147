/* A targetin array of coefficients beside a targetinout array (and a
   targettemp one): the coefficients are read at the point and one row
   below, so the neighbours' coefficient rows are needed too; after the
   region they are unchanged, and p equals the global run's.  */
/* { mpi-np "1 2 3 4" } */
/* { mpi-env "" "PACC_K=1 PACC_DEVICE_MEMORY=16K" "PACC_K=4 PACC_DEVICE_MEMORY=32K" } */

#include "mpi-check.h"

int
main (int argc, char **argv)
{
  mc_init (&argc, &argv);
  MPI_Comm comm = MPI_COMM_WORLD;
  int rank, size;
  MPI_Comm_rank (comm, &rank);
  MPI_Comm_size (comm, &size);

  const long N = 201;
  int Y = 31, T = 14, G = 1;
  long base, own = mc_split_even (N, rank, size, &base);
  long nloc = own + 2 * G, NG = N + 2 * G;
  int t, x, y;

  double (*p)[Y] = mc_alloc (sizeof (double[nloc][Y]));
  double (*q)[Y] = mc_alloc (sizeof (double[nloc][Y]));
  double (*a)[Y] = mc_alloc (sizeof (double[nloc][Y]));
  mc_fill_double (&p[0][0], nloc, Y, base, 61);
  mc_fill_double (&a[0][0], nloc, Y, base, 62);
  for (long i = 0; i < nloc * Y; i++)
    (&a[0][0])[i] *= 0.125;

#pragma pacc pipeline targetin(a) targetinout(p) targettemp(q) size([0:nloc][0:Y]) halo([1:1][1:1]) mpi(comm, G) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < nloc - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          q[x][y] = p[x][y]
                    + 0.5 * (a[x][y] + a[x - 1][y])
                      * (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1]
                         - 4.0 * p[x][y]);
#pragma pacc loop dim(2)
      for (x = 1; x < nloc - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          p[x][y] = q[x][y];
    }

  double (*gp)[Y] = NULL, (*gq)[Y] = NULL, (*ga)[Y] = NULL;
  if (rank == 0)
    {
      gp = mc_alloc (sizeof (double[NG][Y]));
      gq = mc_alloc (sizeof (double[NG][Y]));
      ga = mc_alloc (sizeof (double[NG][Y]));
      mc_fill_double (&gp[0][0], NG, Y, 0, 61);
      mc_fill_double (&ga[0][0], NG, Y, 0, 62);
      for (long i = 0; i < NG * Y; i++)
        (&ga[0][0])[i] *= 0.125;
      for (t = 0; t < T; t++)
        {
          for (x = 1; x < NG - 1; x++)
            for (y = 1; y < Y - 1; y++)
              gq[x][y] = gp[x][y]
                         + 0.5 * (ga[x][y] + ga[x - 1][y])
                           * (gp[x - 1][y] + gp[x + 1][y] + gp[x][y - 1] + gp[x][y + 1]
                              - 4.0 * gp[x][y]);
          for (x = 1; x < NG - 1; x++)
            for (y = 1; y < Y - 1; y++)
              gp[x][y] = gq[x][y];
        }
    }
  mc_check_rows (comm, "p", p, nloc, G, base, NG, sizeof p[0], gp, 1);
  mc_check_rows (comm, "a", a, nloc, G, base, NG, sizeof a[0], ga, 1);
  free (p);
  free (q);
  free (a);
  free (gp);
  free (gq);
  free (ga);
  return mc_finish ();
}
