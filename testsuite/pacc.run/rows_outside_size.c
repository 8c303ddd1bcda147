/* The rows a kernel's loops touch must lie inside size's: here size
   gives the first half of the rows while the loops run over all of them
   (the chunks would hold only the first half).  The sequential build runs;
   the PACC build stops at region entry naming the kernel, the rows and
   the clause's range.  */
/* { dg-pacc-run-error "rows_outside_size.c:[0-9]+: kernel 1 touches rows 0 to 39 of the first dimension, outside the rows 0 to 19 that size gives \(\[0:20\]\)" } */

#include "pacc-check.h"

int
main (void)
{
  int X = 40, Y = 8, t, x, y;
  float (*p)[Y] = pc_alloc (sizeof (float[X][Y]));
  float (*q)[Y] = pc_alloc (sizeof (float[X][Y]));
  int half = X / 2;

  pc_init_float (&p[0][0], (long) X * Y, 1000);
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:half][0:Y]) halo([1:1][0:0])
  for (t = 0; t < 3; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y; y++)
          q[x][y] = 0.5f * (p[x - 1][y] + p[x + 1][y]);
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y; y++)
          p[x][y] = q[x][y];
    }
  pc_dump_float ("p", &p[0][0], (long) X * Y);
  free (p);
  free (q);
  return 0;
}
