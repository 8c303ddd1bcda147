/* Loop variables declared in the `for` statements (C99 style), including
   the time loop's, and a local declared in the kernel body.  */

#include "pacc-check.h"

int
main (void)
{
  int X = 39, Y = 27, T = 12;
  float (*p)[Y] = pc_alloc (sizeof (float[X][Y]));
  float (*q)[Y] = pc_alloc (sizeof (float[X][Y]));

  pc_init_float (&p[0][0], (long) X * Y, 200);
  pc_init_float (&q[0][0], (long) X * Y, 201);

#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) async
  for (int t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (int x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (int y = 1; y < Y - 1; y++)
          {
            float s = p[x - 1][y] + p[x + 1][y];
            s += p[x][y - 1] + p[x][y + 1];
            q[x][y] = s * 0.25f;
          }
#pragma pacc loop dim(2)
      for (int x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (int y = 1; y < Y - 1; y++)
          p[x][y] = q[x][y];
    }

  pc_dump_float ("p", &p[0][0], (long) X * Y);
  free (p);
  free (q);
  return 0;
}
