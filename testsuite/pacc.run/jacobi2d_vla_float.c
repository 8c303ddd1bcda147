/* The design's example: 2-D Jacobi on a pointer to VLA `float (*p)[Y]`,
   targetinout p, targettemp q, a stencil kernel and a copy-back kernel,
   `#pragma pacc init`, async.  */

#include "pacc-check.h"

int
main (void)
{
  int X = 37, Y = 53, T = 20;
  int t, x, y;
  float (*p)[Y] = pc_alloc (sizeof (float[X][Y]));
  float (*q)[Y] = pc_alloc (sizeof (float[X][Y]));

  pc_init_float (&p[0][0], (long) X * Y, 1);
  pc_init_float (&q[0][0], (long) X * Y, 2);

#pragma pacc init
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          q[x][y] = (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1]) * 0.25f;
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          p[x][y] = q[x][y];
    }

  pc_dump_float ("p", &p[0][0], (long) X * Y);
  free (p);
  free (q);
  return 0;
}
