/* Coefficients per column in a copyin section known at run time
   (`copyin(c[0:n])', n = Y - 3), read under a condition that does not
   keep the read inside it (`if (y < Y - 1) ... c[y] ...' over columns 1
   to Y - 2 reads c[Y - 2]): reads under a condition were not checked,
   and the PACC run read the memory after the device's copy without a
   word (issue 48).  The sequential build runs; the PACC build stops at
   region entry naming the kernel, the elements read and the section.
   Pointers to VLA rows, declarations at the top.  */
/* { dg-pacc-run-error "copyin_cond_outside.c:[0-9]+: kernel 1 reads c\[1\] to c\[17\], outside the section c\[0:16\] that copyin gives" } */

#include "pacc-check.h"

int
main (int argc, char **argv)
{
  int X = 27, Y = 19, T = 5, t, x, y;
  int n = argc > 100 ? 1 : Y - 3;
  double (*u)[Y] = pc_alloc (sizeof (double[X][Y]));
  double (*v)[Y] = pc_alloc (sizeof (double[X][Y]));
  double *c = pc_alloc (sizeof (double) * Y);

  (void) argv;
  pc_init_double (&u[0][0], (long) X * Y, 4901);
  pc_init_double (&v[0][0], (long) X * Y, 4902);
  pc_init_double (c, Y, 4903);
#pragma pacc pipeline targetinout(u) targettemp(v) size([0:X][0:Y]) halo([1:1][1:1]) copyin(c[0:n])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          {
            if (y < Y - 1)
              v[x][y] = 0.5 * u[x][y] + c[y] * (u[x - 1][y] - u[x + 1][y]);
            else
              v[x][y] = u[x][y];
          }
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          u[x][y] = v[x][y];
    }
  pc_dump_double ("u", &u[0][0], (long) X * Y);
  free (u);
  free (v);
  free (c);
  return 0;
}
