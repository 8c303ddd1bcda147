/* A fixed row that moves with the time step (allowed) must stay inside
   size's rows on every step: here a scalar the step sets from t puts it
   one row past them at t = 3 (the arrays have a spare row, so the
   sequential build is valid C).  The PACC build stops at that step,
   before the kernel runs, naming the kernel, the row and the clause's
   range.  */
/* { dg-pacc-run-error "fixed_row_outside_size_step.c:[0-9]+: kernel 1 touches rows 37 to 37 of the first dimension, outside the rows 0 to 36 that size gives \(\[0:37\]\)" } */

#include "pacc-check.h"

int
main (void)
{
  int X = 37, Y = 13, t, x, y, row;
  double (*p)[Y] = pc_alloc (sizeof (double[X + 1][Y]));
  double (*q)[Y] = pc_alloc (sizeof (double[X + 1][Y]));

  pc_init_double (&p[0][0], (long) (X + 1) * Y, 1300);
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][0:0])
  for (t = 0; t < 9; t++)
    {
      row = X - 3 + t % 4;
#pragma pacc loop dim(1)
      for (y = 0; y < Y; y++)
        p[row][y] = 0.5 * p[row][y] + 0.125 * t;
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y; y++)
          q[x][y] = 0.5 * (p[x - 1][y] + p[x + 1][y]);
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y; y++)
          p[x][y] = q[x][y];
    }
  pc_dump_double ("p", &p[0][0], (long) (X + 1) * Y);
  free (p);
  free (q);
  return 0;
}
