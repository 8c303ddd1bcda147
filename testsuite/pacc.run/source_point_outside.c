/* A point source whose column moves with t, past the columns size
   gives at t = 5 (the array has spare elements at its end, so the
   sequential build is valid C): the element then lies in another row
   than the one the index names, which the chunks do not hold as the
   sequential run does.  The PACC build stops at that sub-step naming
   the write's line, the index and size's range.  */
/* { dg-pacc-run-error "source_point_outside.c:[0-9]+: kernel 2 touches indices 15 to 15 along dim\(1\), outside the 0 to 12 that size gives \(\[0:13\]\)" } */

#include "pacc-check.h"

int
main (void)
{
  int X = 30, Y = 13, t, x, y, jc;
  double *p = pc_alloc (sizeof (double) * (X * Y + 64));

  pc_init_double (p, X * Y + 64, 1200);
#pragma pacc pipeline targetinout(p) size([0:X][0:Y]) halo([0:0][0:0])
  for (t = 0; t < 8; t++)
    {
#pragma pacc loop dim(2)
      for (x = 0; x < X; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y; y++)
          p[x * Y + y] = 0.5 * p[x * Y + y] + 0.25;
      jc = 3 * t;
      p[(X - 1) * Y + jc] = 1.0;
    }
  pc_dump_double ("p", p, X * Y + 64);
  free (p);
  return 0;
}
