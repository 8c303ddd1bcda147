/* Device memory for the buffers of one queue but not of three: with the
   queues left automatic the plan drops to two or one queue and streams,
   where it stopped with "nothing fits" (issue 45, item 8).  A row of the
   three arrays is 3 x 31 x 8 = 744 B; one queue with one-row chunks
   needs about 3.2 KiB, three queues about 7 KiB.  */
/* { dg-pacc-sweep "PACC_DEVICE_MEMORY=3500,5K,6K PACC_K=-,1" } */

#include "pacc-check.h"

int
main (void)
{
  int X = 47, Y = 31, T = 9;
  int t, x, y;
  double (*p)[Y] = pc_alloc (sizeof (double[X][Y]));
  double (*q)[Y] = pc_alloc (sizeof (double[X][Y]));
  double (*a)[Y] = pc_alloc (sizeof (double[X][Y]));

  pc_init_double (&p[0][0], (long) X * Y, 60);
  pc_init_double (&q[0][0], (long) X * Y, 61);
  pc_init_coef_double (&a[0][0], (long) X * Y, 62);

#pragma pacc pipeline targetin(a) targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          q[x][y] = p[x][y] + a[x][y] * (p[x - 1][y] + p[x + 1][y]
                                         - 2.0 * p[x][y]);
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          p[x][y] = q[x][y];
    }

  pc_dump_double ("p", &p[0][0], (long) X * Y);
  pc_dump_double ("a", &a[0][0], (long) X * Y);
  free (p);
  free (q);
  free (a);
  return 0;
}
