/* In-kernel temporal blocking, checked by ptx-emu.py: benchmarks/jacobi's
   step on `float (*)[Y]' arrays (VLA rows), copy-back; 150 columns (two
   strips of a warp at depth 8), T not a multiple of any depth.
   depths: 2,3,8  */

#include "tb-dump.h"

int
main (int argc, char **argv)
{
  int X = 45, Y = 150, T = 19;
  int t, x, y;
  float (*p)[Y] = malloc (sizeof (float) * X * Y);
  float (*q)[Y] = malloc (sizeof (float) * X * Y);
  for (x = 0; x < X; x++)
    for (y = 0; y < Y; y++)
      {
        p[x][y] = (float) ((x * 7 + y * 13) % 101) / 101.0f;
        q[x][y] = -1.0f;
      }
  tb_dump_begin (argv[1], X, Y, T, 1, X - 1, 1, Y - 1, 4, 0, NULL, p, q);
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          q[x][y] = (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1])
                    * 0.25f;
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          p[x][y] = q[x][y];
    }
  tb_dump_end (p, X, sizeof (float) * Y);
  return 0;
}
