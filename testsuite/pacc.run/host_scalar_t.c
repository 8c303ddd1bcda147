/* A host statement `c = 0.5 + 0.01*t;` in the time-step body, read by the
   kernel: every sub-step must see its own step's value.  */

#include "pacc-check.h"

int
main (void)
{
  int X = 37, Y = 41, T = 19;
  int t, x, y;
  double (*p)[Y] = pc_alloc (sizeof (double[X][Y]));
  double (*q)[Y] = pc_alloc (sizeof (double[X][Y]));
  double c = 100.0;

  pc_init_double (&p[0][0], (long) X * Y, 80);
  pc_init_double (&q[0][0], (long) X * Y, 81);

#pragma pacc init
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) async
  for (t = 0; t < T; t++)
    {
      c = 0.5 + 0.01 * t;
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          q[x][y] = (1.0 - c) * p[x][y]
                    + c * 0.25 * (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1]);
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          p[x][y] = q[x][y];
    }

  pc_dump_double ("p", &p[0][0], (long) X * Y);
  free (p);
  free (q);
  return 0;
}
