/* Built with -fstack-protector-all (the PACC build; the reference has
   no kernels): GCC 12 records the stack protector with each function,
   so the kernels carried it to the nvptx compiler, which has no guard,
   and ptxas stopped the build ("Unknown symbol '__stack_chk_guard'",
   issue 48).  The kernels are built without it; main keeps it.  Flat
   pointers, the region in a static function.  */
/* { dg-pacc-options "-fstack-protector-all -D_FORTIFY_SOURCE=2" } */

#include "pacc-check.h"

#define X 45
#define Y 23

static void
run (float *p, float *q, int steps)
{
  int t, x, y;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1])
  for (t = 0; t < steps; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          q[x * Y + y] = 0.25f * (p[(x - 1) * Y + y] + p[(x + 1) * Y + y]
                                  + p[x * Y + y - 1] + p[x * Y + y + 1]);
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          p[x * Y + y] = q[x * Y + y];
    }
}

int
main (void)
{
  float *p = pc_alloc (sizeof (float) * X * Y);
  float *q = pc_alloc (sizeof (float) * X * Y);

  pc_init_float (p, (long) X * Y, 4881);
  pc_init_float (q, (long) X * Y, 4882);
  run (p, q, 6);
  pc_dump_float ("p", p, (long) X * Y);
  free (p);
  free (q);
  return 0;
}
