/* Seed: flat indexing through a pointer, a copyin table, a max
   reduction, a step-dependent scalar.  */
#include "fnv.h"

int
main (void)
{
  int X = 23, Y = 19, T = 10, t, x, y;
  double *u = malloc (sizeof (double) * X * Y);
  double *v = malloc (sizeof (double) * X * Y);
  double w[4] = { 0.1, 0.2, 0.3, 0.15 };
  double m = 0, g;
  for (x = 0; x < X * Y; x++)
    u[x] = v[x] = (x * 13 % 17) * 0.125;
#pragma pacc pipeline targetinout(u) targettemp(v) size([0:X][0:Y]) halo([1:1][1:1]) reduction(max:m) copyin(w[0:4]) async
  for (t = 0; t < T; t++)
    {
      g = 0.5 + 0.01 * t;
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          v[x * Y + y] = g * u[x * Y + y]
                         + w[0] * u[(x - 1) * Y + y] + w[1] * u[(x + 1) * Y + y]
                         + w[2] * u[x * Y + y - 1] + w[3] * u[x * Y + y + 1];
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          {
            u[x * Y + y] = v[x * Y + y] * 0.5;
            m = fmax (m, u[x * Y + y]);
          }
    }
  dump ("u", u, sizeof (double) * X * Y);
  printf ("m %.6e\n", m);
  return 0;
}
