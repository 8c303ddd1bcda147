/* A decomposed loop whose bound depends on the time step (allowed) must
   still keep its rows, widened by the offsets it reads at, inside size's
   on every step: here the loop reaches one row past them at t = 1 (the
   arrays have spare rows, so the sequential build is valid C).  Only a
   step can tell, so the PACC build stops at that step naming the kernel,
   the rows and the clause's range, before the kernel runs.  */
/* { dg-pacc-run-error "rows_outside_size_step.c:[0-9]+: kernel 1 touches rows 0 to 37 of the first dimension, outside the rows 0 to 36 that size gives \(\[0:37\]\)" } */

#include "pacc-check.h"

int
main (void)
{
  int X = 37, Y = 13, t, x, y;
  double (*p)[Y] = pc_alloc (sizeof (double[X + 2][Y]));
  double (*q)[Y] = pc_alloc (sizeof (double[X + 2][Y]));

  pc_init_double (&p[0][0], (long) (X + 2) * Y, 1200);
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][0:0])
  for (t = 0; t < 7; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1 + t % 3; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y; y++)
          q[x][y] = 0.5 * (p[x - 1][y] + p[x + 1][y]);
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1 + t % 3; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y; y++)
          p[x][y] = q[x][y];
    }
  pc_dump_double ("p", &p[0][0], (long) (X + 2) * Y);
  free (p);
  free (q);
  return 0;
}
