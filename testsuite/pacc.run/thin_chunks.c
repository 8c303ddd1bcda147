/* Chunks much thinner than the halo times k: 31 rows in up to 31 chunks
   (one row each) with k up to 16 and a radius-2 stencil, so a chunk's
   widened range reaches across several neighbours.  */

/* { dg-pacc-sweep "PACC_K=1,4,8,16 PACC_CHUNKS=1,9,17,31 PACC_QUEUES=1,3" } */
/* { dg-pacc-sweep "PACC_K=5,13 PACC_CHUNKS=15,31 PACC_QUEUES=2 PACC_DEVICES=1,3" } */

#include "pacc-check.h"

int
main (void)
{
  int X = 31, Y = 23, T = 20;
  int t, x, y;
  double (*p)[Y] = pc_alloc (sizeof (double[X][Y]));
  double (*q)[Y] = pc_alloc (sizeof (double[X][Y]));

  pc_init_double (&p[0][0], (long) X * Y, 130);
  pc_init_double (&q[0][0], (long) X * Y, 131);

#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([2:2][1:1]) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 2; x < X - 2; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          q[x][y] = 0.375 * p[x][y]
                    + 0.125 * (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1])
                    + 0.0625 * (p[x - 2][y] + p[x + 2][y]);
#pragma pacc loop dim(2)
      for (x = 2; x < X - 2; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          p[x][y] = q[x][y];
    }

  pc_dump_double ("p", &p[0][0], (long) X * Y);
  free (p);
  free (q);
  return 0;
}
