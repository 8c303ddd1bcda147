/* Hotspot style: every cell of the grid computed, the neighbours
   clamped at the borders with selects on both loop variables:
   `(x == 0) ? a[x][y] : a[x-1][y]', `(y == Y - 1) ? ...'.  Row -1 and
   row X are never read, but the region stopped at entry: "kernel 1
   touches rows -1 to 57 of the first dimension".  A pointer to VLA rows;
   a second nest over the interior with the selects the other way
   round (x != 0, x < X - 1).  */

#include "pacc-check.h"

int
main (void)
{
  int X = 57, Y = 31, T = 11;
  int t, x, y;
  double (*a)[Y] = pc_alloc (sizeof (double[X][Y]));
  double (*b)[Y] = pc_alloc (sizeof (double[X][Y]));
  double (*p)[Y] = pc_alloc (sizeof (double[X][Y]));

  pc_init_double (&a[0][0], (long) X * Y, 21);
  pc_init_double (&b[0][0], (long) X * Y, 22);
  pc_init_double (&p[0][0], (long) X * Y, 23);

#pragma pacc pipeline targetinout(a, b) targetin(p) size([0:X][0:Y]) halo([2:2][1:1])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 0; x < X; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y; y++)
          {
            double c = a[x][y];
            double n = (x == 0) ? c : a[x - 1][y];
            double s = (x == X - 1) ? c : a[x + 1][y];
            double w = (y == 0) ? c : a[x][y - 1];
            double e = (y == Y - 1) ? c : a[x][y + 1];
            b[x][y] = c + 0.1 * (n + s + w + e - 4.0 * c) + 0.01 * p[x][y];
          }
#pragma pacc loop dim(2)
      for (x = 0; x < X; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y; y++)
          a[x][y] = 0.5 * b[x][y]
                    + 0.25 * (x != 0 ? b[x - 1][y] : b[x][y])
                    + 0.25 * (x < X - 1 ? b[x + 1][y] : b[x][y]);
    }

  pc_dump_double ("a", &a[0][0], (long) X * Y);
  pc_dump_double ("b", &b[0][0], (long) X * Y);
  free (a);
  free (b);
  free (p);
  return 0;
}
