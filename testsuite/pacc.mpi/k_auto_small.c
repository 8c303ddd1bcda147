/* Thin slabs (3 own rows per rank) and many steps: the automatic block
   depth k must stay within what the thinnest neighbour owns (a block
   reaches k rows into it), and PACC_K up to 3 works too.  */
/* { mpi-np "1 2 3 4" } */
/* { mpi-env "" "PACC_DEVICE_MEMORY=4K" "PACC_K=1" "PACC_K=3" } */

#include "mpi-check.h"

int
main (int argc, char **argv)
{
  mc_init (&argc, &argv);
  MPI_Comm comm = MPI_COMM_WORLD;
  int rank, size;
  MPI_Comm_rank (comm, &rank);
  MPI_Comm_size (comm, &size);

  int Y = 21, T = 40, G = 1;
  long N = 3L * size;
  long base, own = mc_split_even (N, rank, size, &base);
  long nloc = own + 2 * G, NG = N + 2 * G;
  int t, x, y;

  double (*p)[Y] = mc_alloc (sizeof (double[nloc][Y]));
  double (*q)[Y] = mc_alloc (sizeof (double[nloc][Y]));
  double (*tmp)[Y];
  mc_fill_double (&p[0][0], nloc, Y, base, 81);
  mc_fill_double (&q[0][0], nloc, Y, base, 82);

#pragma pacc pipeline targetinout(p, q) size([0:nloc][0:Y]) halo([1:1][1:1]) mpi(comm, G) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < nloc - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          q[x][y] = 0.25 * (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1]);
      tmp = p;
      p = q;
      q = tmp;
    }

  double (*gp)[Y] = NULL, (*gq)[Y] = NULL;
  if (rank == 0)
    {
      gp = mc_alloc (sizeof (double[NG][Y]));
      gq = mc_alloc (sizeof (double[NG][Y]));
      mc_fill_double (&gp[0][0], NG, Y, 0, 81);
      mc_fill_double (&gq[0][0], NG, Y, 0, 82);
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
