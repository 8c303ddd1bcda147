/* Odd and prime sizes, from degenerate (no interior row at all) to long and
   thin in either direction, each with several step counts.  */

/* { dg-pacc-sweep "PACC_K=1,2,3,8 PACC_CHUNKS=1,2,5,13 PACC_QUEUES=3" } */
/* { dg-pacc-sweep "PACC_K=5 PACC_CHUNKS=7 PACC_QUEUES=1,2 PACC_DEVICES=1,2" } */

#include "pacc-check.h"

static void
run (int X, int Y, int T)
{
  int t, x, y;
  double (*p)[Y] = pc_alloc (sizeof (double[X][Y]));
  double (*q)[Y] = pc_alloc (sizeof (double[X][Y]));
  char name[64];

  pc_init_double (&p[0][0], (long) X * Y, (unsigned) (X * 1000 + Y * 10 + T));
  pc_init_double (&q[0][0], (long) X * Y, 7);

#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          q[x][y] = 0.5 * p[x][y]
                    + 0.125 * (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1]);
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          p[x][y] = q[x][y];
    }

  snprintf (name, sizeof name, "%dx%d T=%d p", X, Y, T);
  pc_dump_double (name, &p[0][0], (long) X * Y);
  free (p);
  free (q);
}

int
main (void)
{
  static const int sizes[][2] = {
    {1, 5}, {2, 7}, {3, 3}, {3, 11}, {5, 2}, {5, 3}, {7, 11}, {11, 7},
    {13, 5}, {37, 53}, {53, 37}, {101, 7}, {7, 101}, {127, 3}
  };
  static const int steps[] = {1, 2, 3, 7, 13};

  for (unsigned i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
    for (unsigned j = 0; j < sizeof steps / sizeof steps[0]; j++)
      run (sizes[i][0], sizes[i][1], steps[j]);
  return 0;
}
