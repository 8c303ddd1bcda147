/* The automatic plan on the host sizes chunks to the last-level cache
   (an eighth of it) with a k of up to 8: arrays of 2 x 7 MB here, larger
   than that on any host, so the automatic plan streams several chunks of
   a few hundred rows over k steps, in core and within a device memory
   cap; the results stay the sequential build's.  A 5-point stencil with
   a fixed coefficient array (targetin) and the copy-back.  */
/* { dg-pacc-sweep "PACC_K=- PACC_CHUNKS=- PACC_HOST_THREADS=1,2,3 ; PACC_K=- PACC_CHUNKS=- PACC_DEVICE_MEMORY=3M,9M ; PACC_K=2 PACC_CHUNKS=- ; PACC_K=- PACC_CHUNKS=3" } */

#include "pacc-check.h"

int
main (void)
{
  int X = 1803, Y = 487, t, x, y;
  double (*p)[Y] = pc_alloc (sizeof (double[X][Y]));
  double (*q)[Y] = pc_alloc (sizeof (double[X][Y]));
  float (*c)[Y] = pc_alloc (sizeof (float[X][Y]));

  pc_init_double (&p[0][0], (long) X * Y, 3);
  pc_init_double (&q[0][0], (long) X * Y, 4);
  pc_init_float (&c[0][0], (long) X * Y, 5);
#pragma pacc pipeline targetinout(p) targetin(c) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) async
  for (t = 0; t < 13; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          q[x][y] = p[x][y] + 0.1 * c[x][y] * (p[x - 1][y] + p[x + 1][y]
                                              + p[x][y - 1] + p[x][y + 1]
                                              - 4.0 * p[x][y]);
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          p[x][y] = q[x][y];
    }
  pc_dump_double ("p", &p[0][0], (long) X * Y);
  free (p);
  free (q);
  free (c);
  return 0;
}
