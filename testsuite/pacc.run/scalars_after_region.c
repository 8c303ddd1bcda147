/* Scalars the time-step body assigns hold their sequential values after the
   region: the time variable (T, or t0 when there is no step) and a host
   scalar computed from t (its last step's value, or the value from before
   the region when there is no step).  Beyond the letter of the design's
   contract (which names arrays and reduction variables) but what the
   sequential program does.  */

#include "pacc-check.h"

static void
run (int X, int Y, int t0, int T)
{
  int t = -7, x, y;
  double (*p)[Y] = pc_alloc (sizeof (double[X][Y]));
  double (*q)[Y] = pc_alloc (sizeof (double[X][Y]));
  double c = 100.0;
  char name[64];

  pc_init_double (&p[0][0], (long) X * Y, 210);
  pc_init_double (&q[0][0], (long) X * Y, 211);

#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) async
  for (t = t0; t < T; t++)
    {
      c = 0.5 + 0.01 * t;
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          q[x][y] = (1.0 - c) * p[x][y]
                    + c * 0.25 * (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1]);
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          p[x][y] = q[x][y];
    }

  printf ("t0=%d T=%d: t=%d c=%a\n", t0, T, t, c);
  snprintf (name, sizeof name, "t0=%d T=%d p", t0, T);
  pc_dump_double (name, &p[0][0], (long) X * Y);
  free (p);
  free (q);
}

int
main (void)
{
  run (29, 23, 0, 11);
  run (29, 23, 4, 9);
  run (29, 23, 6, 6);
  run (29, 23, 6, 2);
  return 0;
}
