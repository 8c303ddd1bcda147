/* Seed: a 3-D heat step with a pointer swap, floats.  */
#include "fnv.h"

int
main (void)
{
  int X = 13, Y = 9, Z = 7, T = 8, t, x, y, z;
  float (*a)[Y][Z] = malloc (sizeof (float[X][Y][Z]));
  float (*b)[Y][Z] = malloc (sizeof (float[X][Y][Z]));
  for (x = 0; x < X; x++)
    for (y = 0; y < Y; y++)
      for (z = 0; z < Z; z++)
        a[x][y][z] = b[x][y][z] = (float) ((x * 5 + y * 3 + z) % 7);
#pragma pacc pipeline targetinout(a, b) size([0:X][0:Y][0:Z]) halo([1:1][1:1][1:1]) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(3)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(2)
        for (y = 1; y < Y - 1; y++)
#pragma pacc loop dim(1)
          for (z = 1; z < Z - 1; z++)
            b[x][y][z] = 0.4f * a[x][y][z]
                         + 0.1f * (a[x - 1][y][z] + a[x + 1][y][z]
                                   + a[x][y - 1][z] + a[x][y + 1][z]
                                   + a[x][y][z - 1] + a[x][y][z + 1]);
      float (*tmp)[Y][Z] = a;
      a = b;
      b = tmp;
    }
  dump ("a", a, sizeof (float[X][Y][Z]));
  dump ("b", b, sizeof (float[X][Y][Z]));
  return 0;
}
