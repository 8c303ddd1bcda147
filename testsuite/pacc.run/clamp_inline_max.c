/* The neighbours clamped with static inline helpers in the index
   (`a[imax (x - 1, 0)][y]', `a[x][imin (y + 1, Y - 1)]'), built with -g
   as well: the helpers' bodies are `return ...;' alone, read through
   with their arguments.  Every cell computed; row -1 is never read.  */

/* { dg-pacc-options "-g" } */

#include "pacc-check.h"

static inline int
imax (int a, int b)
{
  return a > b ? a : b;
}

static inline int
imin (int a, int b)
{
  return a < b ? a : b;
}

int
main (void)
{
  int X = 49, Y = 17, T = 10;
  int t, x, y;
  float (*a)[Y] = pc_alloc (sizeof (float[X][Y]));
  float (*b)[Y] = pc_alloc (sizeof (float[X][Y]));

  pc_init_float (&a[0][0], (long) X * Y, 61);
  pc_init_float (&b[0][0], (long) X * Y, 62);

#pragma pacc pipeline targetinout(a, b) size([0:X][0:Y]) halo([2:2][1:1])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 0; x < X; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y; y++)
          b[x][y] = 0.5f * a[x][y]
                    + 0.125f * (a[imax (x - 1, 0)][y] + a[imin (x + 1, X - 1)][y]
                                + a[x][imax (y - 1, 0)] + a[x][imin (y + 1, Y - 1)]);
#pragma pacc loop dim(2)
      for (x = 0; x < X; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y; y++)
          a[x][y] = 0.75f * b[x][y] + 0.25f * b[imax (x - 1, 0)][y];
    }

  pc_dump_float ("a", &a[0][0], (long) X * Y);
  free (a);
  free (b);
  return 0;
}
