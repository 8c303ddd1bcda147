/* Locals between the loops of a 3-D nest bound the loops inside them:
   `int ny = NY - 1;' in the dim(3) loop's body bounds the dim(2) loop,
   `int nx = ny - NY + NX - 1;' in the dim(2) loop's body (read through
   ny) bounds the dim(1) loop.  The host's checks of the loops' indices
   and the segments of the nest read them through their definitions
   (issue 48: an internal compiler error at -O2 before).  */

#include "pacc-check.h"

#define NX 11
#define NY 13
#define NZ 29

static double A[NZ][NY][NX], B[NZ][NY][NX];

int
main (void)
{
  int t, x, y, z;

  pc_init_double (&A[0][0][0], (long) NX * NY * NZ, 4821);
  pc_init_double (&B[0][0][0], (long) NX * NY * NZ, 4822);
#pragma pacc pipeline targetinout(A, B) size([0:NZ][0:NY][0:NX]) halo([1:1][1:1][1:1])
  for (t = 0; t < 6; t++)
    {
#pragma pacc loop dim(3)
      for (z = 1; z < NZ - 1; z++)
        {
          int ny = NY - 1;
#pragma pacc loop dim(2)
          for (y = 1; y < ny; y++)
            {
              int nx = ny - NY + NX - 1;
#pragma pacc loop dim(1)
              for (x = 1; x < nx; x++)
                B[z][y][x] = (A[z-1][y][x] + A[z+1][y][x] + A[z][y-1][x]
                              + A[z][y+1][x] + A[z][y][x-1] + A[z][y][x+1])
                             / 6.0;
            }
        }
#pragma pacc loop dim(3)
      for (z = 1; z < NZ - 1; z++)
#pragma pacc loop dim(2)
        for (y = 1; y < NY - 1; y++)
#pragma pacc loop dim(1)
          for (x = 1; x < NX - 1; x++)
            A[z][y][x] = B[z][y][x];
    }
  pc_dump_double ("A", &A[0][0][0], (long) NX * NY * NZ);
  return 0;
}
