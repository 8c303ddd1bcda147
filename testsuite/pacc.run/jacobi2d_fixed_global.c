/* 2-D Jacobi on file-scope fixed-size arrays `static float p[X][Y]` with
   #define'd sizes.  */

#include "pacc-check.h"

#define X 37
#define Y 53
#define T 20

static float p[X][Y];
static float q[X][Y];

int
main (void)
{
  int t, x, y;

  pc_init_float (&p[0][0], (long) X * Y, 7);
  pc_init_float (&q[0][0], (long) X * Y, 8);

#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) async
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
          p[x][y] = q[x][y];
    }

  pc_dump_float ("p", &p[0][0], (long) X * Y);
  return 0;
}
