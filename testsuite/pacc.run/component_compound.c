/* Compound assignments to components (+=, ++, *=) of a pointer to
   fixed-size grids, `double (*u)[X][Y]', beside time levels of a pointer
   to variable-length grids, `double (*v)[XV][Y]', whose byte offset GCC
   folds as ((t % 2) * XV) * 72: the level is found among its factors.  */

#include "pacc-check.h"

#define X 30
#define Y 9

int
main (void)
{
  int XV = X;			/* A run-time extent: v points to VLAs.  */
  double (*u)[X][Y] = pc_alloc (sizeof (double[3][X][Y]));
  double (*v)[XV][Y] = pc_alloc (sizeof (double[2][X][Y]));
  int t, x, y;

  pc_init_double (&u[0][0][0], 3L * X * Y, 3);
  pc_init_double (&v[0][0][0], 2L * X * Y, 4);

#pragma pacc pipeline targetinout(u, v) size([0:X][0:Y]) halo([1:1][0:0])
  for (t = 0; t < 5; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y; y++)
          {
            u[0][x][y] += 0.5 * u[1][x][y] - v[t % 2][x + 1][y];
            u[2][x][y]++;
            v[(t + 1) % 2][x][y] *= 0.25;
          }
    }

  pc_dump_double ("u", &u[0][0][0], 3L * X * Y);
  pc_dump_double ("v", &v[0][0][0], 2L * X * Y);
  free (u);
  free (v);
  return 0;
}
