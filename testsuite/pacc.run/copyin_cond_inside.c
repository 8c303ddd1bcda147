/* Coefficients per column in a copyin section known at run time
   (`copyin(c[0:n])', n = Y - 2), read under a condition that keeps the
   read inside it (`y > 0 && y < Y - 1 ? c[y - 1] : 0.0' over every
   column): the check at entry counts the read where the condition lets
   it run, and the program runs (issue 48).  Flat pointers, the size in
   a macro.  */

#include "pacc-check.h"

#define Y 19

int
main (int argc, char **argv)
{
  int X = 27, T = 5, t, x, y;
  int n = argc > 100 ? 1 : Y - 2;
  double *u = pc_alloc (sizeof (double) * X * Y);
  double *v = pc_alloc (sizeof (double) * X * Y);
  double *c = pc_alloc (sizeof (double) * (Y - 2));

  (void) argv;
  pc_init_double (u, (long) X * Y, 4891);
  pc_init_double (v, (long) X * Y, 4892);
  pc_init_double (c, Y - 2, 4893);
#pragma pacc pipeline targetinout(u) targettemp(v) size([0:X][0:Y]) halo([1:1][1:1]) copyin(c[0:n])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y; y++)
          v[x * Y + y] = 0.5 * u[x * Y + y]
                         + (y > 0 && y < Y - 1 ? c[y - 1] : 0.0)
                           * (u[(x - 1) * Y + y] - u[(x + 1) * Y + y]);
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y; y++)
          u[x * Y + y] = v[x * Y + y];
    }
  pc_dump_double ("u", u, (long) X * Y);
  free (u);
  free (v);
  free (c);
  return 0;
}
