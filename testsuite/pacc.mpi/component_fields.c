/* Arrays of components across ranks: two fields in one allocation
   through `double (*p)[nloc][Y]' (targetinout, both components written)
   and two coefficient components `double (*a)[nloc][Y]' (targetin), each
   rank's slab holding both components of its rows.  Each component is
   split across the ranks like an array of its own; every rank's rows of
   each component equal the global run's.  */
/* { mpi-np "1 2 3" } */
/* { mpi-env "" "PACC_K=1 PACC_DEVICE_MEMORY=16K" "PACC_K=3 PACC_DEVICE_MEMORY=32K" } */

#include "mpi-check.h"

int
main (int argc, char **argv)
{
  mc_init (&argc, &argv);
  MPI_Comm comm = MPI_COMM_WORLD;
  int rank, size;
  MPI_Comm_rank (comm, &rank);
  MPI_Comm_size (comm, &size);

  const long N = 173;
  int Y = 19, T = 11, G = 1;
  long base, own = mc_split_even (N, rank, size, &base);
  long nloc = own + 2 * G, NG = N + 2 * G;
  int t, x, y, c;

  double (*p)[nloc][Y] = mc_alloc (2 * sizeof (double[nloc][Y]));
  double (*q)[nloc][Y] = mc_alloc (2 * sizeof (double[nloc][Y]));
  double (*a)[nloc][Y] = mc_alloc (2 * sizeof (double[nloc][Y]));
  for (c = 0; c < 2; c++)
    {
      mc_fill_double (&p[c][0][0], nloc, Y, base, 71 + c);
      mc_fill_double (&a[c][0][0], nloc, Y, base, 73 + c);
    }
  for (long i = 0; i < 2 * nloc * Y; i++)
    (&a[0][0][0])[i] *= 0.125;

#pragma pacc pipeline targetin(a) targetinout(p) targettemp(q) size([0:nloc][0:Y]) halo([1:1][1:1]) mpi(comm, G) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < nloc - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          {
            q[0][x][y] = p[0][x][y]
                         + 0.5 * (a[0][x][y] + a[1][x - 1][y])
                           * (p[0][x - 1][y] + p[0][x + 1][y] + p[0][x][y - 1]
                              + p[0][x][y + 1] - 4.0 * p[0][x][y])
                         + 0.0625 * p[1][x][y];
            q[1][x][y] = p[1][x][y]
                         + 0.25 * a[1][x][y] * (p[0][x + 1][y] - p[0][x - 1][y]);
          }
#pragma pacc loop dim(2)
      for (x = 1; x < nloc - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          {
            p[0][x][y] = q[0][x][y];
            p[1][x][y] = q[1][x][y];
          }
    }

  double (*gp)[NG][Y] = NULL, (*gq)[NG][Y] = NULL, (*ga)[NG][Y] = NULL;
  if (rank == 0)
    {
      gp = mc_alloc (2 * sizeof (double[NG][Y]));
      gq = mc_alloc (2 * sizeof (double[NG][Y]));
      ga = mc_alloc (2 * sizeof (double[NG][Y]));
      for (c = 0; c < 2; c++)
        {
          mc_fill_double (&gp[c][0][0], NG, Y, 0, 71 + c);
          mc_fill_double (&ga[c][0][0], NG, Y, 0, 73 + c);
        }
      for (long i = 0; i < 2 * NG * Y; i++)
        (&ga[0][0][0])[i] *= 0.125;
      for (t = 0; t < T; t++)
        {
          for (x = 1; x < NG - 1; x++)
            for (y = 1; y < Y - 1; y++)
              {
                gq[0][x][y] = gp[0][x][y]
                              + 0.5 * (ga[0][x][y] + ga[1][x - 1][y])
                                * (gp[0][x - 1][y] + gp[0][x + 1][y]
                                   + gp[0][x][y - 1] + gp[0][x][y + 1]
                                   - 4.0 * gp[0][x][y])
                              + 0.0625 * gp[1][x][y];
                gq[1][x][y] = gp[1][x][y]
                              + 0.25 * ga[1][x][y]
                                * (gp[0][x + 1][y] - gp[0][x - 1][y]);
              }
          for (x = 1; x < NG - 1; x++)
            for (y = 1; y < Y - 1; y++)
              {
                gp[0][x][y] = gq[0][x][y];
                gp[1][x][y] = gq[1][x][y];
              }
        }
    }
  mc_check_rows (comm, "p[0]", p[0], nloc, G, base, NG, sizeof p[0][0],
                 rank == 0 ? gp[0] : NULL, 1);
  mc_check_rows (comm, "p[1]", p[1], nloc, G, base, NG, sizeof p[0][0],
                 rank == 0 ? gp[1] : NULL, 1);
  mc_check_rows (comm, "a[1]", a[1], nloc, G, base, NG, sizeof a[0][0],
                 rank == 0 ? ga[1] : NULL, 1);
  free (p);
  free (q);
  free (a);
  free (gp);
  free (gq);
  free (ga);
  return mc_finish ();
}
