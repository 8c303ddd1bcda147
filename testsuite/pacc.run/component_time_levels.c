/* Two time levels in one array, `double u[2][X][Y]' (a fixed-size
   global, sizes from macros), the leading index the step's parity:
   u[(t + 1) % 2] computed from u[t % 2], as codes that keep the levels
   in one array write it.  The time loop starts at 1 and runs an odd
   number of steps, so that the last level written is u[0]; a third
   level, u[2][...] of v[3][X][Y], cycles modulo 3 in a second region
   declared `for (int n = ...)'.  */

#include "pacc-check.h"

#define X 21
#define Y 10
#define T 7

static double u[2][X][Y];
static float v[3][X][Y];

int
main (void)
{
  int t, x, y;

  pc_init_double (&u[0][0][0], 2L * X * Y, 41);
  pc_init_float (&v[0][0][0], 3L * X * Y, 42);

#pragma pacc pipeline targetinout(u) size([0:X][0:Y]) halo([1:1][1:1]) async
  for (t = 1; t <= T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          u[(t + 1) % 2][x][y] = 0.25 * (u[t % 2][x - 1][y] + u[t % 2][x + 1][y]
                                         + u[t % 2][x][y - 1]
                                         + u[t % 2][x][y + 1]);
    }

#pragma pacc pipeline targetinout(v) size([0:X][0:Y]) halo([2:0][0:0])
  for (int n = 0; n < T; n++)
    {
#pragma pacc loop dim(2)
      for (x = 2; x < X; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y; y++)
          v[(n + 2) % 3][x][y] = v[(n + 4) % 3][x - 1][y] * 0.5f
                                 + v[n % 3][x - 2][y] * 0.25f;
    }

  pc_dump_double ("u", &u[0][0][0], 2L * X * Y);
  pc_dump_float ("v", &v[0][0][0], 3L * X * Y);
  return 0;
}
