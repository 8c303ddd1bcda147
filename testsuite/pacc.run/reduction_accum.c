/* reduction(+:acc) with no reset: the sum accumulates over all steps on top
   of the value acc had before the region.  float arrays, double sum.  */

#include "pacc-check.h"

int
main (void)
{
  int X = 43, Y = 37, T = 18;
  int t, x, y;
  float (*p)[Y] = pc_alloc (sizeof (float[X][Y]));
  float (*q)[Y] = pc_alloc (sizeof (float[X][Y]));
  double acc = 1.5;

  pc_init_float (&p[0][0], (long) X * Y, 60);
  pc_init_float (&q[0][0], (long) X * Y, 61);

#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) reduction(+:acc) async
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
          {
            p[x][y] = q[x][y];
            acc += (double) q[x][y] * (double) q[x][y];
          }
    }

  pc_reduction ("acc", acc);
  pc_dump_float ("p", &p[0][0], (long) X * Y);
  free (p);
  free (q);
  return 0;
}
