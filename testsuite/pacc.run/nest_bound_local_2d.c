/* A local declared between the loops of a nest bounds the inner loop
   (`int n = Y - 1;' in the body of the dim(2) loop).  The checks the
   host makes of the loop's indices against size read it through its
   definition: they referenced the local outside its scope, an internal
   compiler error at -O2 (issue 48).  Fixed-size arrays, sizes in
   macros, -g.  */
/* { dg-pacc-options "-g" } */

#include "pacc-check.h"

#define X 40
#define Y 30

static double a[X][Y], b[X][Y];

int
main (void)
{
  pc_init_double (&a[0][0], (long) X * Y, 4801);
  pc_init_double (&b[0][0], (long) X * Y, 4802);
#pragma pacc pipeline targetinout(a, b) size([0:X][0:Y]) halo([1:1][1:1])
  for (int t = 0; t < 10; t++)
    {
#pragma pacc loop dim(2)
      for (int x = 1; x < X - 1; x++)
        {
          int n = Y - 1;
#pragma pacc loop dim(1)
          for (int y = 1; y < n; y++)
            b[x][y] = 0.25 * (a[x-1][y] + a[x+1][y] + a[x][y-1] + a[x][y+1]);
        }
#pragma pacc loop dim(2)
      for (int x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (int y = 1; y < Y - 1; y++)
          a[x][y] = b[x][y];
    }
  pc_dump_double ("a", &a[0][0], (long) X * Y);
  return 0;
}
