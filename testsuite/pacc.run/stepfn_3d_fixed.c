/* A 3-D step function over pointer-to-VLA parameters `double (*)[Y][Z]'
   given fixed-size global arrays, whose extents reach it as macros,
   twice per step in swapped order; -g -O0 (issue 45 item 2).  */
/* { dg-pacc-options "-g -O0" } */

#include <stdio.h>

#define NX 17
#define NY 9
#define NZ 11

static double U[NX][NY][NZ], V[NX][NY][NZ];

static void
diffuse (int X, int Y, int Z, double (*u)[Y][Z], const double (*v)[Y][Z],
	 double k)
{
#pragma pacc loop dim(3)
  for (int x = 1; x < X - 1; x++)
#pragma pacc loop dim(2)
    for (int y = 1; y < Y - 1; y++)
#pragma pacc loop dim(1)
      for (int z = 1; z < Z - 1; z++)
	u[x][y][z] = v[x][y][z]
		     + k * (v[x - 1][y][z] + v[x + 1][y][z] + v[x][y - 1][z]
			    + v[x][y + 1][z] + v[x][y][z - 1] + v[x][y][z + 1]
			    - 6 * v[x][y][z]);
}

int
main (void)
{
  int t;
  for (int x = 0; x < NX; x++)
    for (int y = 0; y < NY; y++)
      for (int z = 0; z < NZ; z++)
	U[x][y][z] = V[x][y][z] = ((x * 3 + y * 5 + z * 7) % 13) * 0.25;
#pragma pacc pipeline targetinout(U, V) size([0:NX][0:NY][0:NZ]) halo([2:2][2:2][2:2])
  for (t = 0; t < 6; t++)
    {
      diffuse (NX, NY, NZ, V, U, 0.1);
      diffuse (NX, NY, NZ, U, V, 0.1);
    }
  double s = 0;
  for (int x = 0; x < NX; x++)
    for (int y = 0; y < NY; y++)
      for (int z = 0; z < NZ; z++)
	s += U[x][y][z] * (x + 2 * y + 3 * z + 1) + V[x][y][z];
  printf ("U, V: %.17g\n", s);
  return 0;
}
