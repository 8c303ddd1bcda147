/* reduction(+:res) with `res = 0;` at the start of every step and the
   stencil kernel accumulating a residual: after the region res holds the
   last step's residual.  Each row must be counted once per step, never from
   halo rows computed redundantly.  */

#include "pacc-check.h"

static void
run (int X, int Y, int T, unsigned seed)
{
  int t, x, y;
  double (*p)[Y] = pc_alloc (sizeof (double[X][Y]));
  double (*q)[Y] = pc_alloc (sizeof (double[X][Y]));
  double res = -1.0;
  char name[64];

  pc_init_double (&p[0][0], (long) X * Y, seed);
  pc_init_double (&q[0][0], (long) X * Y, seed + 1);

#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) reduction(+:res) async
  for (t = 0; t < T; t++)
    {
      res = 0;
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          {
            double v = (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1]) * 0.25;
            q[x][y] = v;
            res += fabs (v - p[x][y]);
          }
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          p[x][y] = q[x][y];
    }

  snprintf (name, sizeof name, "T=%d res", T);
  pc_reduction (name, res);
  snprintf (name, sizeof name, "T=%d p", T);
  pc_dump_double (name, &p[0][0], (long) X * Y);
  free (p);
  free (q);
}

int
main (void)
{
  run (37, 53, 15, 50);
  run (29, 23, 1, 52);
  run (41, 13, 8, 54);
  return 0;
}
