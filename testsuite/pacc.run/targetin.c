/* A read-only coefficient array in targetin, read at the point and at an
   offset; it must be unchanged after the region.  */

#include "pacc-check.h"

int
main (void)
{
  int X = 47, Y = 31, T = 15;
  int t, x, y;
  double (*p)[Y] = pc_alloc (sizeof (double[X][Y]));
  double (*q)[Y] = pc_alloc (sizeof (double[X][Y]));
  double (*a)[Y] = pc_alloc (sizeof (double[X][Y]));

  pc_init_double (&p[0][0], (long) X * Y, 40);
  pc_init_double (&q[0][0], (long) X * Y, 41);
  pc_init_coef_double (&a[0][0], (long) X * Y, 42);

#pragma pacc pipeline targetin(a) targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          q[x][y] = p[x][y]
                    + 0.5 * (a[x][y] + a[x + 1][y])
                      * (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1]
                         - 4.0 * p[x][y]);
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          p[x][y] = q[x][y];
    }

  pc_dump_double ("p", &p[0][0], (long) X * Y);
  pc_dump_double ("a", &a[0][0], (long) X * Y);
  free (p);
  free (q);
  free (a);
  return 0;
}
