/* Clamps in index locals with flat arrays: `int xm = x > 0 ? x - 1 : x;'
   then `u[xm * Y + y]' (A and B together), every row computed, a halo
   along the rows only.  */

#include "pacc-check.h"

int
main (void)
{
  int X = 33, Y = 14, t, x, y;

  double *u = pc_alloc (sizeof (double) * X * Y);
  double *v = pc_alloc (sizeof (double) * X * Y);
  pc_init_double (u, (long) X * Y, 1);
  pc_init_double (v, (long) X * Y, 2);
#pragma pacc pipeline targetinout(u, v) size([0:X][0:Y]) halo([2:2][0:0])
  for (t = 0; t < 5; t++)
    {
#pragma pacc loop dim(2)
      for (x = 0; x < X; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y; y++)
          {
            int xm = x > 0 ? x - 1 : x;
            int xp = x < X - 1 ? x + 1 : x;
            v[x * Y + y] = u[xm * Y + y] + u[xp * Y + y];
          }
#pragma pacc loop dim(2)
      for (x = 0; x < X; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y; y++)
          u[x * Y + y] = 0.5 * v[x * Y + y];
    }
  pc_dump_double ("u", u, (long) X * Y);
  free (u);
  free (v);
  return 0;
}
