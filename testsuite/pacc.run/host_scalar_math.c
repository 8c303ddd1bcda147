/* Host statements of the time step that call libm functions which are
   not `const' under -fmath-errno only because they may set errno: a
   Gaussian pulse exp (-(t - t0)^2 / w) and a ramp with pow and sqrt,
   which a fixed-row nest and a Jacobi step read.  Results must equal the
   sequential run's.  */

#include <math.h>
#include "pacc-check.h"

static void
run (int X, int Y, int T, unsigned seed)
{
  int t, x, y;
  double pulse, ramp;
  double (*p)[Y] = pc_alloc (sizeof (double[X][Y]));
  double (*q)[Y] = pc_alloc (sizeof (double[X][Y]));
  char name[64];

  pc_init_double (&p[0][0], (long) X * Y, seed);
  pc_init_double (&q[0][0], (long) X * Y, seed + 1);

#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) async
  for (t = 0; t < T; t++)
    {
      pulse = exp (-(t - 6.0) * (t - 6.0) / 9.0);
      ramp = pow (sqrt (t + 1.0), 1.5) * 0.01;
#pragma pacc loop dim(1)
      for (y = 1; y < Y - 1; y++)
        p[X / 2][y] = pulse;
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          q[x][y] = 0.25 * (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1]) + ramp;
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          p[x][y] = q[x][y];
    }

  snprintf (name, sizeof name, "math %dx%d, %d steps: p", X, Y, T);
  pc_dump_double (name, &p[0][0], (long) X * Y);
  free (p);
  free (q);
}

int
main (void)
{
  run (33, 17, 19, 300);
  run (8, 6, 5, 310);
  return 0;
}
