/* Besides the stencil, a boundary kernel over x only that copies the first
   and last interior columns into the boundary columns (p[x][0] = p[x][1]),
   which the next step's stencil reads.  */

#include "pacc-check.h"

int
main (void)
{
  int X = 37, Y = 29, T = 15;
  int t, x, y;
  float (*p)[Y] = pc_alloc (sizeof (float[X][Y]));
  float (*q)[Y] = pc_alloc (sizeof (float[X][Y]));

  pc_init_float (&p[0][0], (long) X * Y, 150);
  pc_init_float (&q[0][0], (long) X * Y, 151);

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
#pragma pacc loop dim(2)
      for (x = 0; x < X; x++)
        {
          p[x][0] = p[x][1];
          p[x][Y - 1] = p[x][Y - 2];
        }
    }

  pc_dump_float ("p", &p[0][0], (long) X * Y);
  free (p);
  free (q);
  return 0;
}
