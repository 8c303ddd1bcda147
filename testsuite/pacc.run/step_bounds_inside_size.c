/* Loop bounds that depend on the time step, inside size's rows on every
   step: a decomposed loop whose upper bound is X - 1 - t % 3 and whose
   lower bound is a scalar the step sets from t, and a fixed row that a
   scalar moves with t up to the last row size gives.  Each chunk runs
   the rows of each sub-step's own bounds, and the run checks them
   against size at every step: results equal the sequential run.  */

#include "pacc-check.h"

static void
run (int X, int Y, int T, unsigned seed)
{
  int t, x, y, lo, row;
  double (*p)[Y] = pc_alloc (sizeof (double[X][Y]));
  double (*q)[Y] = pc_alloc (sizeof (double[X][Y]));
  char name[64];

  pc_init_double (&p[0][0], (long) X * Y, seed);
  pc_init_double (&q[0][0], (long) X * Y, seed + 1);
#pragma pacc pipeline targetinout(p, q) size([0:X][0:Y]) halo([1:1][0:0]) async
  for (t = 0; t < T; t++)
    {
      lo = 1 + t % 2;
      row = X - 1 - t % 5;
#pragma pacc loop dim(1)
      for (y = 0; y < Y; y++)
        p[row][y] = 0.5 * p[row][y] + 0.125 * (t % 4);
#pragma pacc loop dim(2)
      for (x = lo; x < X - 1 - t % 3; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y; y++)
          q[x][y] = 0.5 * (p[x - 1][y] + p[x + 1][y]);
#pragma pacc loop dim(2)
      for (x = lo; x < X - 1 - t % 3; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y; y++)
          p[x][y] = q[x][y];
    }
  snprintf (name, sizeof name, "%dx%d, %d steps: p", X, Y, T);
  pc_dump_double (name, &p[0][0], (long) X * Y);
  snprintf (name, sizeof name, "%dx%d, %d steps: q", X, Y, T);
  pc_dump_double (name, &q[0][0], (long) X * Y);
  free (p);
  free (q);
}

int
main (void)
{
  run (37, 13, 17, 1500);
  run (9, 5, 11, 1510);
  return 0;
}
