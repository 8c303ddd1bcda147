/* The indices a kernel's inner loop touches must lie inside size's range
   of that dimension: with a flat pointer, p[x * Y + y] for y up to Y + 1
   is valid C (the allocation goes on) and reads the next row, which the
   chunk holding row x may not hold, so the PACC run gave another answer
   than the sequential one without a word.  The sequential build runs;
   the PACC build stops at region entry naming the kernel, the loop's
   dimension, the indices and the clause's range.  */
/* { dg-pacc-run-error "cols_outside_size.c:[0-9]+: kernel 1 touches indices 0 to 9 along dim\(1\), outside the 0 to 7 that size gives \(\[0:8\]\)" } */

#include "pacc-check.h"

int
main (void)
{
  int X = 40, Y = 8, YE = Y + 2, t, x, y;
  float *p = pc_alloc (sizeof (float) * (size_t) (X * Y + YE));
  float *q = pc_alloc (sizeof (float) * (size_t) (X * Y + YE));

  pc_init_float (p, (long) X * Y + YE, 1300);
  pc_init_float (q, (long) X * Y + YE, 1301);
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][0:0])
  for (t = 0; t < 4; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < YE; y++)
          q[x * Y + y] = 0.5f * (p[(x - 1) * Y + y] + p[(x + 1) * Y + y]);
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < YE; y++)
          p[x * Y + y] = q[x * Y + y];
    }
  pc_dump_float ("p", p, (long) X * Y);
  free (p);
  free (q);
  return 0;
}
