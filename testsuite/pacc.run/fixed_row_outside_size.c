/* A nest without the decomposed loop (a fixed row) must write and read
   rows inside size's, like a decomposed loop: here the row is X, one past
   the rows size gives (the arrays have a spare row, so the sequential
   build is valid C); the chunks hold only size's rows.  The PACC build
   stops at region entry naming the kernel, the rows and the clause's
   range.  */
/* { dg-pacc-run-error "fixed_row_outside_size.c:[0-9]+: kernel 1 touches rows 36 to 37 of the first dimension, outside the rows 0 to 36 that size gives \(\[0:37\]\)" } */

#include "pacc-check.h"

int
main (void)
{
  int X = 37, Y = 13, t, x, y, row = X;
  double (*p)[Y] = pc_alloc (sizeof (double[X + 1][Y]));
  double (*q)[Y] = pc_alloc (sizeof (double[X + 1][Y]));

  pc_init_double (&p[0][0], (long) (X + 1) * Y, 1100);
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([2:1][0:0])
  for (t = 0; t < 5; t++)
    {
#pragma pacc loop dim(1)
      for (y = 0; y < Y; y++)
        p[row][y] = 0.5 * p[row - 1][y] + 0.25;
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
