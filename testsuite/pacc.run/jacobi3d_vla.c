/* 3-D 7-point Jacobi in double on `double (*p)[Y][Z]`, loops dim(3)/dim(2)/
   dim(1), targettemp q with a copy-back kernel.  */

#include "pacc-check.h"

int
main (void)
{
  int X = 19, Y = 11, Z = 17, T = 9;
  int t, x, y, z;
  double (*p)[Y][Z] = pc_alloc (sizeof (double[X][Y][Z]));
  double (*q)[Y][Z] = pc_alloc (sizeof (double[X][Y][Z]));

  pc_init_double (&p[0][0][0], (long) X * Y * Z, 15);
  pc_init_double (&q[0][0][0], (long) X * Y * Z, 16);

#pragma pacc init
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y][0:Z]) halo([1:1][1:1][1:1]) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(3)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(2)
        for (y = 1; y < Y - 1; y++)
#pragma pacc loop dim(1)
          for (z = 1; z < Z - 1; z++)
            q[x][y][z] = 0.25 * p[x][y][z]
                         + 0.125 * (p[x - 1][y][z] + p[x + 1][y][z]
                                    + p[x][y - 1][z] + p[x][y + 1][z]
                                    + p[x][y][z - 1] + p[x][y][z + 1]);
#pragma pacc loop dim(3)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(2)
        for (y = 1; y < Y - 1; y++)
#pragma pacc loop dim(1)
          for (z = 1; z < Z - 1; z++)
            p[x][y][z] = q[x][y][z];
    }

  pc_dump_double ("p", &p[0][0][0], (long) X * Y * Z);
  free (p);
  free (q);
  return 0;
}
