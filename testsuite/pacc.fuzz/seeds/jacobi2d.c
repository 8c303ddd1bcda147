/* Seed: 2-D Jacobi with a targetin coefficient, a reduction, pointers to
   VLAs.  */
#include "fnv.h"

int
main (void)
{
  int X = 29, Y = 17, T = 11, t, x, y;
  double (*p)[Y] = malloc (sizeof (double[X][Y]));
  double (*q)[Y] = malloc (sizeof (double[X][Y]));
  double (*c)[Y] = malloc (sizeof (double[X][Y]));
  double s = 0;
  for (x = 0; x < X; x++)
    for (y = 0; y < Y; y++)
      {
        p[x][y] = q[x][y] = (x * 7 + y * 3) % 11 - 5;
        c[x][y] = ((x + 2 * y) % 5) * 0.05;
      }
#pragma pacc pipeline targetin(c) targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) reduction(+:s) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          q[x][y] = p[x][y] + c[x][y] * (p[x - 1][y] + p[x + 1][y]
                                         + p[x][y - 1] + p[x][y + 1]
                                         - 4.0 * p[x][y]);
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          {
            s += fabs (q[x][y] - p[x][y]);
            p[x][y] = q[x][y];
          }
    }
  dump ("p", p, sizeof (double[X][Y]));
  printf ("s %.6e\n", s);
  return 0;
}
