/* 2-D Jacobi on flat `float *` arrays with manual indexing p[x*Y+y] and
   size([0:X][0:Y]).  */

#include "pacc-check.h"

int
main (void)
{
  int X = 43, Y = 31, T = 19;
  int t, x, y;
  float *p = pc_alloc (sizeof (float) * X * Y);
  float *q = pc_alloc (sizeof (float) * X * Y);

  pc_init_float (p, (long) X * Y, 5);
  pc_init_float (q, (long) X * Y, 6);

#pragma pacc init
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          q[x * Y + y] = (p[(x - 1) * Y + y] + p[(x + 1) * Y + y]
                          + p[x * Y + y - 1] + p[x * Y + y + 1]) * 0.25f;
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          p[x * Y + y] = q[x * Y + y];
    }

  pc_dump_float ("p", p, (long) X * Y);
  free (p);
  free (q);
  return 0;
}
