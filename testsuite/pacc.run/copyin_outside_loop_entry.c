/* A copyin array read at a loop variable plus a constant, c[x + 1], in
   loops whose bounds are known only at run time: x runs from 1 to X - 2,
   so the kernel reads c[2] to c[X - 1], but the section is c[0:X - 2]
   (the pointer's allocation goes on, so the sequential build is valid C
   and the PACC run read past the device's copy without a word, issue
   48).  The PACC build stops at region entry naming the kernel, the
   elements read and the section.  */
/* { dg-pacc-run-error "copyin_outside_loop_entry.c:[0-9]+: kernel 1 reads c\[2\] to c\[36\], outside the section c\[0:35\] that copyin gives" } */

#include "pacc-check.h"

int
main (void)
{
  int X = 37, Y = 13, t, x, y, nc = X - 2;
  double (*p)[Y] = pc_alloc (sizeof (double[X][Y]));
  double (*q)[Y] = pc_alloc (sizeof (double[X][Y]));
  double *c = pc_alloc (sizeof (double) * X);

  pc_init_double (&p[0][0], (long) X * Y, 1600);
  pc_init_double (c, X, 1601);
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][0:0]) copyin(c[0:nc])
  for (t = 0; t < 5; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y; y++)
          q[x][y] = 0.25 * c[x + 1] * (p[x - 1][y] + p[x + 1][y]);
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y; y++)
          p[x][y] = q[x][y];
    }
  pc_dump_double ("p", &p[0][0], (long) X * Y);
  free (p);
  free (q);
  free (c);
  return 0;
}
