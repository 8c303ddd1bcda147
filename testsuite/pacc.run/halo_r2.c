/* Radius-2 stencils: a 9-point star (offsets +-1 and +-2 along each
   dimension) in float and a 13-point diamond (|dx|+|dy| <= 2) in double,
   halo([2:2][2:2]).  */

#include "pacc-check.h"

static void
run_star (int X, int Y, int T)
{
  int t, x, y;
  float (*p)[Y] = pc_alloc (sizeof (float[X][Y]));
  float (*q)[Y] = pc_alloc (sizeof (float[X][Y]));

  pc_init_float (&p[0][0], (long) X * Y, 100);
  pc_init_float (&q[0][0], (long) X * Y, 101);

#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([2:2][2:2]) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 2; x < X - 2; x++)
#pragma pacc loop dim(1)
        for (y = 2; y < Y - 2; y++)
          q[x][y] = 0.25f * p[x][y]
                    + 0.125f * (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1])
                    + 0.0625f * (p[x - 2][y] + p[x + 2][y] + p[x][y - 2] + p[x][y + 2]);
#pragma pacc loop dim(2)
      for (x = 2; x < X - 2; x++)
#pragma pacc loop dim(1)
        for (y = 2; y < Y - 2; y++)
          p[x][y] = q[x][y];
    }

  pc_dump_float ("star p", &p[0][0], (long) X * Y);
  free (p);
  free (q);
}

static void
run_diamond (int X, int Y, int T)
{
  int t, x, y;
  double (*p)[Y] = pc_alloc (sizeof (double[X][Y]));
  double (*q)[Y] = pc_alloc (sizeof (double[X][Y]));

  pc_init_double (&p[0][0], (long) X * Y, 102);
  pc_init_double (&q[0][0], (long) X * Y, 103);

#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([2:2][2:2]) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 2; x < X - 2; x++)
#pragma pacc loop dim(1)
        for (y = 2; y < Y - 2; y++)
          q[x][y] = 0.25 * p[x][y]
                    + 0.0625 * (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1])
                    + 0.0625 * (p[x - 1][y - 1] + p[x - 1][y + 1]
                                + p[x + 1][y - 1] + p[x + 1][y + 1])
                    + 0.0625 * (p[x - 2][y] + p[x + 2][y] + p[x][y - 2] + p[x][y + 2]);
#pragma pacc loop dim(2)
      for (x = 2; x < X - 2; x++)
#pragma pacc loop dim(1)
        for (y = 2; y < Y - 2; y++)
          p[x][y] = q[x][y];
    }

  pc_dump_double ("diamond p", &p[0][0], (long) X * Y);
  free (p);
  free (q);
}

int
main (void)
{
  run_star (43, 29, 16);
  run_diamond (37, 31, 13);
  return 0;
}
