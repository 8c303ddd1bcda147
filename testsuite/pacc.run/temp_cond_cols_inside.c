/* A targettemp array read under a condition that keeps the read inside
   the columns the step writes of it (`y > 0 && y < Y - 1 ? q[x][y] :
   p[x][y]', the loop over every column, the writes over the inner
   ones): it runs, and gives the sequential answer.  Pointers to VLA
   rows, declarations at the top.  */

#include "pacc-check.h"

static void
run (int X, int Y, int steps, double (*p)[Y], double (*q)[Y])
{
  int t, x, y;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1])
  for (t = 0; t < steps; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          q[x][y] = 0.25 * (p[x-1][y] + p[x+1][y] + p[x][y-1] + p[x][y+1]);
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y; y++)
          p[x][y] = y > 0 && y < Y - 1 ? q[x][y] : 0.5 * p[x][y];
    }
}

int
main (void)
{
  int X = 41, Y = 19;
  double (*p)[Y] = pc_alloc (sizeof (double) * (size_t) (X * Y));
  double (*q)[Y] = pc_alloc (sizeof (double) * (size_t) (X * Y));

  pc_init_double (&p[0][0], (long) X * Y, 4841);
  pc_init_double (&q[0][0], (long) X * Y, 4842);
  run (X, Y, 8, p, q);
  pc_dump_double ("p", &p[0][0], (long) X * Y);
  free (p);
  free (q);
  return 0;
}
