/* Two fields in one allocation through a pointer to the fields,
   `double (*u)[X][Y]' (u[0] and u[1] the components, X and Y run-time
   extents): a coupled 2-D step that reads both components at
   neighbours, writes both components of the targettemp w, then copies
   them back into u's: writes to components of a targetinout array and
   of a targettemp one.  */

#include "pacc-check.h"

int
main (void)
{
  int X = 23, Y = 14, T = 7;
  int t, x, y;
  double (*u)[X][Y] = pc_alloc (2 * sizeof (double[X][Y]));
  double (*w)[X][Y] = pc_alloc (2 * sizeof (double[X][Y]));

  pc_init_double (&u[0][0][0], 2L * X * Y, 21);
  pc_init_double (&w[0][0][0], 2L * X * Y, 22);

#pragma pacc pipeline targetinout(u) targettemp(w) size([0:X][0:Y]) halo([1:1][1:1]) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          {
            w[0][x][y] = u[0][x][y]
                         + 0.125 * (u[1][x + 1][y] - u[1][x - 1][y])
                         + 0.0625 * (u[0][x][y - 1] + u[0][x][y + 1]
                                     - 2.0 * u[0][x][y]);
            w[1][x][y] = u[1][x][y]
                         + 0.125 * (u[0][x][y + 1] - u[0][x][y - 1])
                         + 0.0625 * (u[1][x - 1][y] + u[1][x + 1][y]
                                     - 2.0 * u[1][x][y]);
          }
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          {
            u[0][x][y] = w[0][x][y];
            u[1][x][y] = w[1][x][y];
          }
    }

  pc_dump_double ("u0", &u[0][0][0], (long) X * Y);
  pc_dump_double ("u1", &u[1][0][0], (long) X * Y);
  free (u);
  free (w);
  return 0;
}
