/* Seed: a 2-D FDTD pair with a source row written every step (a fixed
   row) and a chain of kernels, fixed-size global arrays.  */
#include "fnv.h"

#define NX 31
#define NY 12
static double ey[NX][NY], hz[NX][NY];

int
main (void)
{
  int T = 9, t, i, j;
  for (i = 0; i < NX; i++)
    for (j = 0; j < NY; j++)
      {
        ey[i][j] = (i * 3 + j) % 5 * 0.25;
        hz[i][j] = (i + j * 7) % 3 * 0.5;
      }
#pragma pacc pipeline targetinout(ey, hz) size([0:NX][0:NY]) halo([1:1][0:0]) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(1)
      for (j = 0; j < NY; j++)
        ey[0][j] = 0.1 * t;
#pragma pacc loop dim(2)
      for (i = 1; i < NX; i++)
#pragma pacc loop dim(1)
        for (j = 0; j < NY; j++)
          ey[i][j] = ey[i][j] - 0.5 * (hz[i][j] - hz[i - 1][j]);
#pragma pacc loop dim(2)
      for (i = 0; i < NX - 1; i++)
#pragma pacc loop dim(1)
        for (j = 0; j < NY; j++)
          hz[i][j] = hz[i][j] - 0.7 * (ey[i + 1][j] - ey[i][j]);
    }
  dump ("ey", ey, sizeof ey);
  dump ("hz", hz, sizeof hz);
  return 0;
}
