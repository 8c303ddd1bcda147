/* 3-D nests whose two outer loops cannot become one loop (collapse(2)):
   the second loop's bound depends on the first loop's variable.  They
   keep gangs on the outer loop alone; the perfect nests after them in
   the same step are collapsed.  Same result as the sequential build.  */

#include "pacc-check.h"

int
main (void)
{
  int X = 21, Y = 13, Z = 11, T = 7;
  int t, x, y, z;
  float (*p)[Y][Z] = pc_alloc (sizeof (float[X][Y][Z]));
  float (*q)[Y][Z] = pc_alloc (sizeof (float[X][Y][Z]));

  pc_init_float (&p[0][0][0], (long) X * Y * Z, 5);
  pc_init_float (&q[0][0][0], (long) X * Y * Z, 6);

#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y][0:Z]) halo([1:1][1:1][1:1]) async
  for (t = 0; t < T; t++)
    {
      /* Rows past 1 + x % 5 in y are left as they were: a bound that
         depends on x.  */
#pragma pacc loop dim(3)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(2)
        for (y = 1; y < Y - 1 - x % 5; y++)
#pragma pacc loop dim(1)
          for (z = 1; z < Z - 1; z++)
            q[x][y][z] = 0.5f * p[x][y][z]
                         + 0.125f * (p[x - 1][y][z] + p[x + 1][y][z]
                                     + p[x][y - 1][z] + p[x][y + 1][z]);
#pragma pacc loop dim(3)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(2)
        for (y = 1; y < Y - 1 - x % 5; y++)
#pragma pacc loop dim(1)
          for (z = 1; z < Z - 1; z++)
            p[x][y][z] = q[x][y][z];
      /* A perfect nest: collapsed.  */
#pragma pacc loop dim(3)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(2)
        for (y = 1; y < Y - 1; y++)
#pragma pacc loop dim(1)
          for (z = 1; z < Z - 1; z++)
            q[x][y][z] = p[x][y][z] + 0.001f * (float) z;
#pragma pacc loop dim(3)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(2)
        for (y = 1; y < Y - 1; y++)
#pragma pacc loop dim(1)
          for (z = 1; z < Z - 1; z++)
            p[x][y][z] = q[x][y][z];
    }

  pc_dump_float ("p", &p[0][0][0], (long) X * Y * Z);
  free (p);
  free (q);
  return 0;
}
