/* Scalar temporaries declared at the top of main, old C style, and
   assigned in the nest before they are read (issue 45): each iteration
   gets its own copy.  Fixed-size global arrays, sizes from macros.  */

#include "pacc-check.h"

#define X 41
#define Y 29
#define T 13

static double a[X][Y], b[X][Y];

int
main (void)
{
  double tmp, c, n, s;
  int t, x, y;

  pc_init_double (&a[0][0], (long) X * Y, 450);
  pc_init_double (&b[0][0], (long) X * Y, 451);

#pragma pacc pipeline targetinout(a) targettemp(b) size([0:X][0:Y]) halo([1:1][1:1]) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          {
            c = a[x][y]; n = a[x-1][y]; s = a[x+1][y];
            tmp = 0.25 * (n + s + a[x][y-1] + a[x][y+1]);
            b[x][y] = tmp + 0.125 * c;
          }
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          a[x][y] = b[x][y];
    }

  pc_dump_double ("a", &a[0][0], (long) X * Y);
  return 0;
}
