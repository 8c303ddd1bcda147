/* reduction(max:err): the largest change of the last step (reset every
   step), and, in a second region, the largest change over all steps (no
   reset, starting from the value before the region).  */

#include "pacc-check.h"

static void
run_reset (int X, int Y, int T, unsigned seed)
{
  int t, x, y;
  double (*p)[Y] = pc_alloc (sizeof (double[X][Y]));
  double (*q)[Y] = pc_alloc (sizeof (double[X][Y]));
  double err = -1.0;

  pc_init_double (&p[0][0], (long) X * Y, seed);
  pc_init_double (&q[0][0], (long) X * Y, seed + 1);

#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) reduction(max:err) async
  for (t = 0; t < T; t++)
    {
      err = 0.0;
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          {
            q[x][y] = (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1]) * 0.25;
            err = fmax (err, fabs (q[x][y] - p[x][y]));
          }
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          p[x][y] = q[x][y];
    }

  pc_reduction ("reset err", err);
  pc_dump_double ("reset p", &p[0][0], (long) X * Y);
  free (p);
  free (q);
}

static void
run_accum (int X, int Y, int T, unsigned seed)
{
  int t, x, y;
  float (*p)[Y] = pc_alloc (sizeof (float[X][Y]));
  float (*q)[Y] = pc_alloc (sizeof (float[X][Y]));
  double err = 0.03125;

  pc_init_float (&p[0][0], (long) X * Y, seed);
  pc_init_float (&q[0][0], (long) X * Y, seed + 1);

#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) reduction(max:err)
  for (t = 0; t < T; t++)
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
          {
            err = fmax (err, (double) p[x][y] - (double) q[x][y]);
            p[x][y] = q[x][y];
          }
    }

  pc_reduction ("accum err", err);
  pc_dump_float ("accum p", &p[0][0], (long) X * Y);
  free (p);
  free (q);
}

int
main (void)
{
  run_reset (37, 53, 14, 70);
  run_accum (31, 43, 11, 72);
  return 0;
}
