/* 3-D arrays of a fixed size (globals, sizes in macros), every cell
   computed, the neighbours clamped at the borders in index locals
   (`int zm = z > 0 ? z - 1 : z;'), with MAX and MIN macros in the index
   (`A[z][MAX (y - 1, 0)][x]'), and in a second nest along the
   decomposed dimension too (`B[MIN (z + 1, NZ - 1)][y][x]', which reads
   the fixed row NZ - 1 at the last rows).  */

#include "pacc-check.h"

#define NX 9
#define NY 12
#define NZ 33
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define MIN(a, b) ((a) < (b) ? (a) : (b))

static double A[NZ][NY][NX], B[NZ][NY][NX];

int
main (void)
{
  int t, x, y, z;

  pc_init_double (&A[0][0][0], (long) NX * NY * NZ, 51);
  pc_init_double (&B[0][0][0], (long) NX * NY * NZ, 52);

#pragma pacc pipeline targetinout(A, B) size([0:NZ][0:NY][0:NX]) halo([2:2][1:1][1:1])
  for (t = 0; t < 7; t++)
    {
#pragma pacc loop dim(3)
      for (z = 0; z < NZ; z++)
#pragma pacc loop dim(2)
        for (y = 0; y < NY; y++)
#pragma pacc loop dim(1)
          for (x = 0; x < NX; x++)
            {
              int zm = z > 0 ? z - 1 : z;
              int zp = z < NZ - 1 ? z + 1 : z;
              int xm = x == 0 ? x : x - 1;
              int xp = x == NX - 1 ? x : x + 1;
              B[z][y][x] = 0.4 * A[z][y][x]
                           + 0.1 * (A[zm][y][x] + A[zp][y][x])
                           + 0.1 * (A[z][MAX (y - 1, 0)][x]
                                    + A[z][MIN (y + 1, NY - 1)][x])
                           + 0.1 * (A[z][y][xm] + A[z][y][xp]);
            }
#pragma pacc loop dim(3)
      for (z = 0; z < NZ; z++)
#pragma pacc loop dim(2)
        for (y = 0; y < NY; y++)
#pragma pacc loop dim(1)
          for (x = 0; x < NX; x++)
            A[z][y][x] = 0.5 * B[z][y][x]
                         + 0.25 * (B[MAX (z - 1, 0)][y][x]
                                   + B[MIN (z + 1, NZ - 1)][y][x]);
    }

  pc_dump_double ("A", &A[0][0][0], (long) NX * NY * NZ);
  pc_dump_double ("B", &B[0][0][0], (long) NX * NY * NZ);
  return 0;
}
