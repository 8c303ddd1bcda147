/* The stencil nest runs over every column and writes the scratch array
   under a condition that keeps it to the inner ones (`if (y > 0 && y <
   Y - 1)'); the copy-back nest reads exactly those: the check that the
   step writes what it reads counts the write where the condition lets
   it run, and the program runs (issue 48).  Fixed-size globals, sizes
   in macros, -g -O2.  */
/* { dg-pacc-options "-g" } */

#include "pacc-check.h"

#define X 36
#define Y 22

static float p[X][Y], q[X][Y];

int
main (void)
{
  int t, x, y;

  pc_init_float (&p[0][0], (long) X * Y, 4911);
  pc_init_float (&q[0][0], (long) X * Y, 4912);
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1])
  for (t = 0; t < 9; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y; y++)
          if (y > 0 && y < Y - 1)
            q[x][y] = 0.25f * (p[x - 1][y] + p[x + 1][y] + p[x][y - 1]
                               + p[x][y + 1]);
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          p[x][y] = q[x][y];
    }
  pc_dump_float ("p", &p[0][0], (long) X * Y);
  return 0;
}
