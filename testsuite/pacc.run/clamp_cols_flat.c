/* The faster dimension clamped only: interior rows, every column, the
   column neighbours of a flat array read under `y > 0' and `y + 1 < Y'
   (in a static function's nest, sizes as parameters).  The check of the
   columns against size stopped the run at entry before: "touches
   indices -1 to ... along dim(1)".  */

#include "pacc-check.h"

static void
smooth (double *p, double *q, int X, int Y, int T)
{
  int t, x, y;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y; y++)
          {
            double l = y > 0 ? p[x * Y + y - 1] : 0.0;
            double r = 0.0;
            if (y + 1 < Y)
              r = p[x * Y + y + 1];
            q[x * Y + y] = 0.5 * p[x * Y + y] + 0.125 * (l + r)
                           + 0.125 * (p[(x - 1) * Y + y] + p[(x + 1) * Y + y]);
          }
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y; y++)
          p[x * Y + y] = q[x * Y + y];
    }
}

int
main (void)
{
  int X = 39, Y = 21;
  double *p = pc_alloc (sizeof (double) * X * Y);
  double *q = pc_alloc (sizeof (double) * X * Y);
  pc_init_double (p, (long) X * Y, 71);
  pc_init_double (q, (long) X * Y, 72);
  smooth (p, q, X, Y, 12);
  pc_dump_double ("p", p, (long) X * Y);
  free (p);
  free (q);
  return 0;
}
