/* Rows given to gangs in GCC's contiguous blocks
   (-fplugin-arg-pacc-gang-static=0) instead of round robin (the
   default): the same result.  */
/* { dg-pacc-options "-fplugin-arg-pacc-gang-static=0" } */

#include "pacc-check.h"

#define X 53
#define Y 29

static float p[X][Y], q[X][Y];

int
main (void)
{
  int t, x, y;
  for (x = 0; x < X; x++)
    for (y = 0; y < Y; y++)
      p[x][y] = (float) ((x * 7 + y * 3) % 13) / 13.0f;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) async
  for (t = 0; t < 11; t++)
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
  pc_dump_float ("p", &p[0][0], X * Y);
  return 0;
}
