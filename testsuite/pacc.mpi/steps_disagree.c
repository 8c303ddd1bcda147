/* Bad usage: rank 1 runs 11 time steps, the others 10.  Every rank
   stops with "the ranks disagree on" and exit status 1 instead of
   deadlocking in the exchanges.  */
/* { mpi-np "2 3 4" } */
/* { mpi-error "with 'mpi', the ranks disagree on" } */

#include "mpi-check.h"

int
main (int argc, char **argv)
{
  mc_init (&argc, &argv);
  MPI_Comm comm = MPI_COMM_WORLD;
  int rank, size;
  MPI_Comm_rank (comm, &rank);
  MPI_Comm_size (comm, &size);

  int Y = 19, G = 1;
  int T = rank == 1 ? 11 : 10;
  long base, own = mc_split_even (40, rank, size, &base);
  long nloc = own + 2 * G;
  int t, x, y;

  float (*p)[Y] = mc_alloc (sizeof (float[nloc][Y]));
  float (*q)[Y] = mc_alloc (sizeof (float[nloc][Y]));
  mc_fill_float (&p[0][0], nloc, Y, base, 101);

#pragma pacc pipeline targetinout(p) targettemp(q) size([0:nloc][0:Y]) halo([1:1][1:1]) mpi(comm, G) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < nloc - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          q[x][y] = 0.25f * (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1]);
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
