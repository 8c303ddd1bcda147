/* A size that gives the first dimension no rows while the loops run is
   an error at region entry, not a region silently skipped.  */
/* { dg-pacc-run-error "kernel 1 touches rows 0 to 9 of the first dimension, but size gives it no rows \(\[0:0\]\)" } */

#include "pacc-check.h"

int
main (void)
{
  int X = 10, t, x;
  double *p = pc_alloc (sizeof (double[X]));
  double *q = pc_alloc (sizeof (double[X]));
  int none = X - X;

  pc_init_double (p, X, 1010);
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:none]) halo([1:1])
  for (t = 0; t < 2; t++)
    {
#pragma pacc loop dim(1)
      for (x = 1; x < X - 1; x++)
        q[x] = 0.5 * (p[x - 1] + p[x + 1]);
#pragma pacc loop dim(1)
      for (x = 1; x < X - 1; x++)
        p[x] = q[x];
    }
  pc_dump_double ("p", p, X);
  free (p);
  free (q);
  return 0;
}
