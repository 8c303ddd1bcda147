/* Time loops that do not start at 0: `for (t = 5; t < T; t++)`, one whose
   host scalar depends on t (so a wrong t shows), and one with T <= t0 (no
   step at all).  */

#include "pacc-check.h"

static void
run (int X, int Y, int t0, int T, int use_t, unsigned seed)
{
  int t, x, y;
  double (*p)[Y] = pc_alloc (sizeof (double[X][Y]));
  double (*q)[Y] = pc_alloc (sizeof (double[X][Y]));
  double w = 1.0;
  char name[64];

  pc_init_double (&p[0][0], (long) X * Y, seed);
  pc_init_double (&q[0][0], (long) X * Y, seed + 1);

  if (!use_t)
    {
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) async
      for (t = 5; t < T; t++)
        {
#pragma pacc loop dim(2)
          for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
            for (y = 1; y < Y - 1; y++)
              q[x][y] = (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1]) * 0.25;
#pragma pacc loop dim(2)
          for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
            for (y = 1; y < Y - 1; y++)
              p[x][y] = q[x][y];
        }
    }
  else
    {
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) async
      for (t = t0; t < T; t++)
        {
          w = 0.0625 * (t % 16);
#pragma pacc loop dim(2)
          for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
            for (y = 1; y < Y - 1; y++)
              q[x][y] = (1.0 - w) * p[x][y]
                        + w * 0.25 * (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1]);
#pragma pacc loop dim(2)
          for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
            for (y = 1; y < Y - 1; y++)
              p[x][y] = q[x][y];
        }
    }

  snprintf (name, sizeof name, "t0=%d T=%d p", use_t ? t0 : 5, T);
  pc_dump_double (name, &p[0][0], (long) X * Y);
  free (p);
  free (q);
}

int
main (void)
{
  run (37, 29, 5, 17, 0, 120);
  run (31, 23, 3, 20, 1, 122);
  run (29, 19, 11, 20, 1, 124);
  run (23, 17, 5, 4, 0, 126);
  return 0;
}
