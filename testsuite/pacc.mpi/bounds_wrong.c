/* Bad usage: every rank starts its loop at local row 1, one of its own
   rows on rank 0 but on the others their (high) ghost row, i.e. the
   previous rank's last own row: the kernel would compute that global row
   twice.  Every rank stops with "kernel 0 covers global rows" and exit
   status 1.  */
/* { mpi-np "2 3" } */
/* { mpi-error "with 'mpi', kernel [0-9]+ covers global rows" } */

#include "mpi-check.h"

int
main (int argc, char **argv)
{
  mc_init (&argc, &argv);
  MPI_Comm comm = MPI_COMM_WORLD;
  int rank, size;
  MPI_Comm_rank (comm, &rank);
  MPI_Comm_size (comm, &size);

  int Y = 15, T = 6, G = 2;
  long base, own = mc_split_even (30, rank, size, &base);
  long nloc = own + 2 * G;
  int t, x, y;

  double (*p)[Y] = mc_alloc (sizeof (double[nloc][Y]));
  double (*q)[Y] = mc_alloc (sizeof (double[nloc][Y]));
  mc_fill_double (&p[0][0], nloc, Y, base, 121);

#pragma pacc pipeline targetinout(p) targettemp(q) size([0:nloc][0:Y]) halo([1:1][1:1]) mpi(comm, G)
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < nloc - 2; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          q[x][y] = 0.25 * (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1]);
#pragma pacc loop dim(2)
      for (x = 1; x < nloc - 2; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          p[x][y] = q[x][y];
    }

  printf ("rank %d: the region ran, it should have been refused\n", rank);
  free (p);
  free (q);
  return mc_finish ();
}
