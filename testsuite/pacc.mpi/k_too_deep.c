/* PACC_K deeper than a neighbour's slab: with 3 own rows per rank a
   block of k = 5 or 8 steps of a halo-1 stencil would reach 5 or 8 rows
   into the neighbouring ranks, which own only 3 (4 for the first and the
   last rank, whose boundary row is theirs too).  Every rank refuses the
   region and exits with status 1; none hangs.  */
/* { mpi-np "2 3 4" } */
/* { mpi-env "PACC_K=8" "PACC_K=5 PACC_DEVICE_MEMORY=4K" } */
/* { mpi-error "with 'mpi', PACC_K=[58] makes a block reach" } */

#include "mpi-check.h"

int
main (int argc, char **argv)
{
  mc_init (&argc, &argv);
  MPI_Comm comm = MPI_COMM_WORLD;
  int rank, size;
  MPI_Comm_rank (comm, &rank);
  MPI_Comm_size (comm, &size);

  int Y = 17, T = 20, G = 1;
  long base, own = mc_split_even (3L * size, rank, size, &base);
  long nloc = own + 2 * G;
  int t, x, y;

  double (*p)[Y] = mc_alloc (sizeof (double[nloc][Y]));
  double (*q)[Y] = mc_alloc (sizeof (double[nloc][Y]));
  mc_fill_double (&p[0][0], nloc, Y, base, 91);

#pragma pacc pipeline targetinout(p) targettemp(q) size([0:nloc][0:Y]) halo([1:1][1:1]) mpi(comm, G)
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < nloc - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          q[x][y] = 0.25 * (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1]);
#pragma pacc loop dim(2)
      for (x = 1; x < nloc - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          p[x][y] = q[x][y];
    }

  printf ("rank %d: the region ran, it should have been refused\n", rank);
  free (p);
  free (q);
  return mc_finish ();
}
