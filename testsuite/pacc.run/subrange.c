/* Loops over a sub-range of the arrays (x from 3 to X-5, y from 2 to Y-4);
   the copy-back of the second region covers a narrower range than the
   stencil.  Everything outside keeps its initial value.  */

#include "pacc-check.h"

static void
run (int X, int Y, int T, int narrow)
{
  int t, x, y;
  float (*p)[Y] = pc_alloc (sizeof (float[X][Y]));
  float (*q)[Y] = pc_alloc (sizeof (float[X][Y]));
  char name[32];

  pc_init_float (&p[0][0], (long) X * Y, 110 + narrow);
  pc_init_float (&q[0][0], (long) X * Y, 112 + narrow);

#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 3; x < X - 5; x++)
#pragma pacc loop dim(1)
        for (y = 2; y < Y - 4; y++)
          q[x][y] = (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1]) * 0.25f;
#pragma pacc loop dim(2)
      for (x = 3 + narrow; x < X - 5 - narrow; x++)
#pragma pacc loop dim(1)
        for (y = 2 + narrow; y < Y - 4; y++)
          p[x][y] = q[x][y];
    }

  snprintf (name, sizeof name, "narrow=%d p", narrow);
  pc_dump_float (name, &p[0][0], (long) X * Y);
  free (p);
  free (q);
}

int
main (void)
{
  run (41, 31, 14, 0);
  run (37, 23, 11, 2);
  return 0;
}
