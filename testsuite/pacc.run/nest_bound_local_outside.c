/* A local of the outer loop's body bounds the inner loop past size's
   range (`int n = YE;' with YE = Y + 2): with a flat pointer the reads
   run into the next row, which the chunk may not hold.  The host's check
   at region entry reads the bound through the local's definition and
   stops the program naming the kernel, the indices and the range (issue
   48: an internal compiler error at -O2 before).  */
/* { dg-pacc-run-error "nest_bound_local_outside.c:[0-9]+: kernel 1 touches indices 0 to 9 along dim\(1\), outside the 0 to 7 that size gives \(\[0:8\]\)" } */

#include "pacc-check.h"

int
main (void)
{
  int X = 40, Y = 8, YE = Y + 2, t, x, y;
  float *p = pc_alloc (sizeof (float) * (size_t) (X * Y + YE));
  float *q = pc_alloc (sizeof (float) * (size_t) (X * Y + YE));

  pc_init_float (p, (long) X * Y + YE, 4831);
  pc_init_float (q, (long) X * Y + YE, 4832);
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][0:0])
  for (t = 0; t < 4; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
        {
          int n = YE;
#pragma pacc loop dim(1)
          for (y = 0; y < n; y++)
            q[x * Y + y] = 0.5f * (p[(x - 1) * Y + y] + p[(x + 1) * Y + y]);
        }
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y; y++)
          p[x * Y + y] = q[x * Y + y];
    }
  pc_dump_float ("p", p, (long) X * Y);
  free (p);
  free (q);
  return 0;
}
