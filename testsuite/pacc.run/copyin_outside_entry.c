/* Each device holds only the section that copyin gives of an array, and
   the kernels index it with the program's indices: here the kernel reads
   w[0] to w[3] but the section, known only at run time, is w[0:2], so
   the PACC run read the memory after the device's copy (garbage, -nan
   with two devices) and printed another answer without a word (issue
   48).  The sequential build runs; the PACC build stops at region entry
   naming the kernel, the elements read and the section.  */
/* { dg-pacc-run-error "copyin_outside_entry.c:[0-9]+: kernel 1 reads w\[0\] to w\[3\], outside the section w\[0:2\] that copyin gives" } */

#include "pacc-check.h"

int
main (int argc, char **argv)
{
  int X = 23, Y = 19, T = 6, t, x, y;
  int n = argc > 100 ? 4 : 2;
  double *u = pc_alloc (sizeof (double) * X * Y);
  double *v = pc_alloc (sizeof (double) * X * Y);
  double *w = pc_alloc (sizeof (double) * 4);

  (void) argv;
  pc_init_double (u, (long) X * Y, 1500);
  pc_init_double (w, 4, 1501);
  for (x = 0; x < 4; x++)
    w[x] *= 0.125;
#pragma pacc pipeline targetinout(u) targettemp(v) size([0:X][0:Y]) halo([1:1][1:1]) copyin(w[0:n])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          v[x * Y + y] = 0.5 * u[x * Y + y]
                         + w[0] * u[(x - 1) * Y + y] + w[1] * u[(x + 1) * Y + y]
                         + w[2] * u[x * Y + y - 1] + w[3] * u[x * Y + y + 1];
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          u[x * Y + y] = v[x * Y + y];
    }
  pc_dump_double ("u", u, (long) X * Y);
  free (u);
  free (v);
  free (w);
  return 0;
}
