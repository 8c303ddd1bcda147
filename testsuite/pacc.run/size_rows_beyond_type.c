/* size may not give an array of fixed size more rows than its C type
   has: the region would copy (and write back) rows past the array.  The
   other extents are checked against the C type already; here the loops
   stay inside the array (the sequential build is valid C) but size's
   first extent, known only at run time, is 45 rows for arrays of 37.
   The PACC build stops at region entry naming the array.  */
/* { dg-pacc-run-error "size_rows_beyond_type.c:[0-9]+: array 'p': the extents of its C type are not those of the size clause" } */

#include "pacc-check.h"

#define X 37
#define Y 13

static double p[X][Y], q[X][Y];

int
main (void)
{
  int rows = X + 8, t, x, y;

  (void) rows;
  pc_init_double (&p[0][0], (long) X * Y, 1400);
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:rows][0:Y]) halo([1:1][0:0])
  for (t = 0; t < 5; t++)
    {
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
  pc_dump_double ("p", &p[0][0], (long) X * Y);
  return 0;
}
