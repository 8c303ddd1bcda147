/* PACC_HOST_THREADS is the number of threads of the host kernels, 1 to
   256: 0 and 257 are refused by name at the region (the sequential
   build runs).  */
/* { dg-pacc-sweep "PACC_HOST_THREADS=0,257,x" } */
/* { dg-pacc-run-error "PACC_HOST_THREADS: expected an integer from 1 to 256, got '(0|257|x)'" } */

#include "pacc-check.h"

int
main (void)
{
  int X = 16, Y = 8, t, x, y;
  float (*p)[Y] = pc_alloc (sizeof (float[X][Y]));
  float (*q)[Y] = pc_alloc (sizeof (float[X][Y]));

  pc_init_float (&p[0][0], (long) X * Y, 1);
  pc_init_float (&q[0][0], (long) X * Y, 2);
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1])
  for (t = 0; t < 3; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          q[x][y] = (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1]) * 0.25f;
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          p[x][y] = q[x][y];
    }
  pc_dump_float ("p", &p[0][0], (long) X * Y);
  free (p);
  free (q);
  return 0;
}
