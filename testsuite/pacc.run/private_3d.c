/* A 3-D nest over a pointer to VLA planes with its temporaries declared
   at the top: one set per plane, read in the rows and columns, the
   others per point.  Built at -O0 -g for PACC.  */
/* { dg-pacc-options "-O0 -g" } */

#include "pacc-check.h"

int
main (void)
{
  int X = 19, Y = 13, Z = 17, T = 7;
  double (*u)[Y][Z] = pc_alloc (sizeof (double[X][Y][Z]));
  double (*v)[Y][Z] = pc_alloc (sizeof (double[X][Y][Z]));
  double c0, c1, lap, plane;
  int t, x, y, z;

  pc_init_double (&u[0][0][0], (long) X * Y * Z, 459);
  pc_init_double (&v[0][0][0], (long) X * Y * Z, 460);

#pragma pacc pipeline targetinout(u) targettemp(v) size([0:X][0:Y][0:Z]) halo([1:1][1:1][1:1])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(3)
      for (x = 1; x < X - 1; x++)
        {
          plane = 1.0 / (x + 1);
#pragma pacc loop dim(2)
          for (y = 1; y < Y - 1; y++)
#pragma pacc loop dim(1)
            for (z = 1; z < Z - 1; z++)
              {
                c0 = u[x][y][z];
                c1 = u[x - 1][y][z] + u[x + 1][y][z];
                lap = c1 + u[x][y - 1][z] + u[x][y + 1][z]
                      + u[x][y][z - 1] + u[x][y][z + 1] - 6.0 * c0;
                v[x][y][z] = c0 + 0.1 * lap + 0.001 * plane;
              }
        }
#pragma pacc loop dim(3)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(2)
        for (y = 1; y < Y - 1; y++)
#pragma pacc loop dim(1)
          for (z = 1; z < Z - 1; z++)
            u[x][y][z] = v[x][y][z];
    }

  pc_dump_double ("u", &u[0][0][0], (long) X * Y * Z);
  free (u);
  free (v);
  return 0;
}
