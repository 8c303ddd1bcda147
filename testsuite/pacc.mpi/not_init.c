/* Bad usage: the pipeline runs before MPI_Init.  Every rank stops with
   "MPI is not initialised" and exit status 1.  */
/* { mpi-np "1 2" } */
/* { mpi-error "with 'mpi', MPI is not initialised: call MPI_Init before the pipeline" } */

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int
main (void)
{
  MPI_Comm comm = MPI_COMM_WORLD;
  int X = 12, Y = 10, T = 4, G = 1;
  int t, x, y;
  double (*p)[Y] = calloc (X, sizeof *p);
  double (*q)[Y] = calloc (X, sizeof *q);

#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) mpi(comm, G)
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          q[x][y] = 0.25 * (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1]);
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          p[x][y] = q[x][y];
    }

  printf ("the region ran without MPI_Init, it should have been refused\n");
  free (p);
  free (q);
  return 0;
}
