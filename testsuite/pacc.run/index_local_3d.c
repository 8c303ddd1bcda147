/* 3-D flat arrays (Parboil stencil style): the linear index in a local
   of type long, `idx = (z * NY + y) * NX + x', with its neighbours; a
   second nest with the index in a size_t assigned once after its
   declaration and an unsigned plane offset.  Built with -g too.  */

/* { dg-pacc-options "-g" } */

#include <stddef.h>
#include "pacc-check.h"

#define NX 13
#define NY 11
#define NZ 29

int
main (void)
{
  float *a0 = pc_alloc (sizeof (float) * NX * NY * NZ);
  float *a1 = pc_alloc (sizeof (float) * NX * NY * NZ);
  int t, x, y, z;

  pc_init_float (a0, (long) NX * NY * NZ, 41);
  pc_init_float (a1, (long) NX * NY * NZ, 42);

#pragma pacc pipeline targetinout(a0, a1) size([0:NZ][0:NY][0:NX]) halo([2:2][1:1][1:1])
  for (t = 0; t < 8; t++)
    {
#pragma pacc loop dim(3)
      for (z = 1; z < NZ - 1; z++)
#pragma pacc loop dim(2)
        for (y = 1; y < NY - 1; y++)
#pragma pacc loop dim(1)
          for (x = 1; x < NX - 1; x++)
            {
              long idx = (z * NY + y) * NX + x;
              a1[idx] = 0.5f * a0[idx]
                        + 0.125f * (a0[idx - 1] + a0[idx + 1]
                                    + a0[idx - NX] + a0[idx + NX])
                        - 0.0625f * (a0[idx - NX * NY] + a0[idx + NX * NY]);
            }
#pragma pacc loop dim(3)
      for (z = 1; z < NZ - 1; z++)
#pragma pacc loop dim(2)
        for (y = 1; y < NY - 1; y++)
#pragma pacc loop dim(1)
          for (x = 1; x < NX - 1; x++)
            {
              unsigned plane = NX * NY;
              size_t i;
              i = (size_t) z * plane + (size_t) y * NX + x;
              a0[i] = a1[i] + 0.25f * (a1[i + plane] - a1[i - plane]);
            }
    }

  pc_dump_float ("a0", a0, (long) NX * NY * NZ);
  pc_dump_float ("a1", a1, (long) NX * NY * NZ);
  free (a0);
  free (a1);
  return 0;
}
