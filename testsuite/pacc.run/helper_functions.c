/* Small helper functions without attributes, defined before the region
   as real codes write them (a weighted average, a clamp that calls
   another helper, a flux with a local loop): their bodies store only to
   their own locals, so a nest may call them.  */

#include "pacc-check.h"

static double
avg (double a, double b)
{
  return 0.5 * (a + b);
}

static double
clampd (double v, double lo, double hi)
{
  double r = v;
  if (r < lo)
    r = lo;
  else if (r > hi)
    r = hi;
  return avg (r, r);
}

double
flux (double a, int n)
{
  double w[3] = { 0.25, 0.5, 0.25 }, s = 0;
  for (int i = 0; i < n; i++)
    s += w[i] * a;
  return s;
}

int
main (void)
{
  int X = 39, Y = 25, T = 11;
  int t, x, y;
  double (*p)[Y] = pc_alloc (sizeof (double[X][Y]));
  double (*q)[Y] = pc_alloc (sizeof (double[X][Y]));

  pc_init_double (&p[0][0], (long) X * Y, 31);
  pc_init_double (&q[0][0], (long) X * Y, 32);

#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          q[x][y] = clampd (avg (p[x - 1][y], p[x + 1][y])
                            + 0.1 * flux (p[x][y - 1] - p[x][y + 1], 3),
                            -1.5, 1.5);
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          p[x][y] = q[x][y];
    }

  pc_dump_double ("p", &p[0][0], (long) X * Y);
  free (p);
  free (q);
  return 0;
}
