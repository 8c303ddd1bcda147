/* A targettemp array whose columns the writing nest covers less of on
   some steps (bounds of t) than the reading nest reads: the sequential
   program reads values of an earlier step there, which a pipeline keeps
   only within a time block.  Every setting must stop with the step and
   the indices (issue 48, case 2: a silent wrong answer before).  */
/* { dg-pacc-run-error "temp_cols_unwritten_step.c:[0-9]+: kernel 2 reads targettemp array 'q' at indices 1 to 27 along dim\(1\) at t = 1, but the time step writes only 2 to 26 of it before" } */

#include "pacc-check.h"

int
main (void)
{
  int X = 33, Y = 29, T = 7;
  int t, x, y;
  double (*p)[Y] = pc_alloc (sizeof (double[X][Y]));
  double (*q)[Y] = pc_alloc (sizeof (double[X][Y]));

  pc_init_double (&p[0][0], (long) X * Y, 70);
  pc_init_double (&q[0][0], (long) X * Y, 71);

#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1 + t % 2; y < Y - 1 - t % 3; y++)
          q[x][y] = 0.25 * (p[x - 1][y] + p[x + 1][y] + p[x][y - 1]
                            + p[x][y + 1]);
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
