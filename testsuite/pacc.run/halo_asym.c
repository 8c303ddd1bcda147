/* Asymmetric halos: halo([2:1][0:0]) with a kernel reading p[x-2][y] and
   p[x+1][y] (no offset along y), and halo([0:2][1:0]) reading p[x+1][y],
   p[x+2][y] and p[x][y-1] (nothing below along the decomposed
   dimension).  */

#include "pacc-check.h"

static void
run_21 (int X, int Y, int T)
{
  int t, x, y;
  float (*p)[Y] = pc_alloc (sizeof (float[X][Y]));
  float (*q)[Y] = pc_alloc (sizeof (float[X][Y]));

  pc_init_float (&p[0][0], (long) X * Y, 90);
  pc_init_float (&q[0][0], (long) X * Y, 91);

#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([2:1][0:0]) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 2; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y; y++)
          q[x][y] = 0.5f * p[x][y] + 0.375f * p[x - 2][y] + 0.125f * p[x + 1][y];
#pragma pacc loop dim(2)
      for (x = 2; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y; y++)
          p[x][y] = q[x][y];
    }

  pc_dump_float ("halo[2:1][0:0] p", &p[0][0], (long) X * Y);
  free (p);
  free (q);
}

static void
run_02 (int X, int Y, int T)
{
  int t, x, y;
  float (*p)[Y] = pc_alloc (sizeof (float[X][Y]));
  float (*q)[Y] = pc_alloc (sizeof (float[X][Y]));

  pc_init_float (&p[0][0], (long) X * Y, 92);
  pc_init_float (&q[0][0], (long) X * Y, 93);

#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([0:2][1:0])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 0; x < X - 2; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y; y++)
          q[x][y] = 0.25f * p[x][y] + 0.25f * p[x + 1][y] + 0.25f * p[x + 2][y]
                    + 0.25f * p[x][y - 1];
#pragma pacc loop dim(2)
      for (x = 0; x < X - 2; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y; y++)
          p[x][y] = q[x][y];
    }

  pc_dump_float ("halo[0:2][1:0] p", &p[0][0], (long) X * Y);
  free (p);
  free (q);
}

int
main (void)
{
  run_21 (41, 23, 17);
  run_02 (37, 19, 13);
  return 0;
}
