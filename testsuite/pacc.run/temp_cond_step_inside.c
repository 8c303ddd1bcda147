/* A targettemp array whose columns the writing nest covers from bounds
   the step computes (`lo = 1 + t % 2;'), read by a loop one column
   wider on each side under a condition that keeps the read inside what
   the step wrote (`y >= lo && y < hi ? q[x][y] : p[x][y]'): the check
   made at each step (lower-steps.cc) reads the read's columns from where
   the condition lets it run, and the program runs (issue 48).  */

#include "pacc-check.h"

int
main (void)
{
  int X = 33, Y = 29, T = 7;
  int t, x, y, lo, hi;
  double (*p)[Y] = pc_alloc (sizeof (double[X][Y]));
  double (*q)[Y] = pc_alloc (sizeof (double[X][Y]));

  pc_init_double (&p[0][0], (long) X * Y, 4861);
  pc_init_double (&q[0][0], (long) X * Y, 4862);

#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1])
  for (t = 0; t < T; t++)
    {
      lo = 1 + t % 2;
      hi = Y - 1 - t % 3;
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = lo; y < hi; y++)
          q[x][y] = 0.25 * (p[x - 1][y] + p[x + 1][y] + p[x][y - 1]
                            + p[x][y + 1]);
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = lo - 1; y < hi + 1; y++)
          p[x][y] = y >= lo && y < hi ? q[x][y] : p[x][y];
    }

  pc_dump_double ("p", &p[0][0], (long) X * Y);
  free (p);
  free (q);
  return 0;
}
