/* Step functions declared by prototypes first and defined before main:
   `update' holds a 3-D nest over pointer-to-VLA parameters
   `double (*)[Y][Z]' and calls `diffuse', whose nest is seen through
   both calls; a parameter that the function assigns (a local copy), a
   scalar argument computed by a const call, and `t' as an argument;
   the extents assigned before the arrays are declared (issue 45 item
   2).  */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static void diffuse (int X, int Y, int Z, double (*u)[Y][Z],
		     const double (*v)[Y][Z], double k);
static void update (int X, int Y, int Z, double (*u)[Y][Z],
		    double (*v)[Y][Z], double k, int t);

static void
diffuse (int X, int Y, int Z, double (*u)[Y][Z], const double (*v)[Y][Z],
	 double k)
{
  int x, y, z;
  X = X - 1;
#pragma pacc loop dim(3)
  for (x = 1; x < X; x++)
#pragma pacc loop dim(2)
    for (y = 1; y < Y - 1; y++)
#pragma pacc loop dim(1)
      for (z = 1; z < Z - 1; z++)
	u[x][y][z] = v[x][y][z]
		     + k * (v[x - 1][y][z] + v[x + 1][y][z] + v[x][y - 1][z]
			    + v[x][y + 1][z] + v[x][y][z - 1] + v[x][y][z + 1]
			    - 6 * v[x][y][z]);
}

static void
update (int X, int Y, int Z, double (*u)[Y][Z], double (*v)[Y][Z],
	double k, int t)
{
  diffuse (X, Y, Z, v, (const double (*)[Y][Z]) u, k);
#pragma pacc loop dim(3)
  for (int x = 1; x < X - 1; x++)
#pragma pacc loop dim(2)
    for (int y = 1; y < Y - 1; y++)
#pragma pacc loop dim(1)
      for (int z = 1; z < Z - 1; z++)
	u[x][y][z] = v[x][y][z] + 1e-4 * (t % 3);
}

int
main (void)
{
  int X, Y, Z, T = 7, t;
  X = 19;
  Y = 11;
  Z = 13;
  double (*u)[Y][Z] = malloc (sizeof (double[X][Y][Z]));
  double (*v)[Y][Z] = malloc (sizeof (double[X][Y][Z]));
  double k0 = -0.1;
  for (int x = 0; x < X; x++)
    for (int y = 0; y < Y; y++)
      for (int z = 0; z < Z; z++)
	u[x][y][z] = v[x][y][z] = ((x * 3 + y * 5 + z * 7) % 13) * 0.25;
#pragma pacc pipeline targetinout(u) targettemp(v) size([0:X][0:Y][0:Z]) halo([1:1][1:1][1:1])
  for (t = 0; t < T; t++)
    update (X, Y, Z, u, v, fabs (k0), t);
  double s = 0;
  for (int x = 0; x < X; x++)
    for (int y = 0; y < Y; y++)
      for (int z = 0; z < Z; z++)
	s += u[x][y][z] * (x + 2 * y + 3 * z + 1);
  printf ("u: %.17g\n", s);
  free (u);
  free (v);
  return 0;
}
