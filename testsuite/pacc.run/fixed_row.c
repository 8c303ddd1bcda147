/* Loop nests without the decomposed loop that update one row (a fixed
   row: a constant, an expression of t, or a scalar the step sets from t):
   an FDTD pair with a source row ey[0][*] written every step before the
   E and H updates read it, a moving row, and a 3-D source plane.  Every
   chunk whose buffer holds the row at that sub-step applies the update,
   so temporal blocking stays exact: results equal the sequential run.  */

#include "pacc-check.h"

static void
fdtd (int X, int Y, int T, unsigned seed)
{
  int t, i, j;
  double (*ey)[Y] = pc_alloc (sizeof (double[X][Y]));
  double (*hz)[Y] = pc_alloc (sizeof (double[X][Y]));
  char name[64];

  pc_init_double (&ey[0][0], (long) X * Y, seed);
  pc_init_double (&hz[0][0], (long) X * Y, seed + 1);

#pragma pacc pipeline targetinout(ey, hz) size([0:X][0:Y]) halo([1:1][0:0]) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(1)
      for (j = 0; j < Y; j++)
        ey[0][j] = 0.5 * t;
#pragma pacc loop dim(2)
      for (i = 1; i < X; i++)
#pragma pacc loop dim(1)
        for (j = 0; j < Y; j++)
          ey[i][j] = ey[i][j] - 0.5 * (hz[i][j] - hz[i - 1][j]);
#pragma pacc loop dim(2)
      for (i = 0; i < X - 1; i++)
#pragma pacc loop dim(1)
        for (j = 0; j < Y; j++)
          hz[i][j] = hz[i][j] - 0.7 * (ey[i + 1][j] - ey[i][j]);
    }

  snprintf (name, sizeof name, "fdtd %dx%d, %d steps: ey", X, Y, T);
  pc_dump_double (name, &ey[0][0], (long) X * Y);
  snprintf (name, sizeof name, "fdtd %dx%d, %d steps: hz", X, Y, T);
  pc_dump_double (name, &hz[0][0], (long) X * Y);
  free (ey);
  free (hz);
}

/* A row that moves: t + 2 directly, and 1 + t % (X - 2) through a scalar
   of the step; the Jacobi step after them reads across them, so the
   step reaches two rows each way (one through the first nest).  */
static void
moving (int X, int Y, int T, unsigned seed)
{
  int t, x, y, row;
  float (*p)[Y] = pc_alloc (sizeof (float[X][Y]));
  float (*q)[Y] = pc_alloc (sizeof (float[X][Y]));
  char name[64];

  pc_init_float (&p[0][0], (long) X * Y, seed);
  pc_init_float (&q[0][0], (long) X * Y, seed + 1);

#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([2:2][1:1]) async
  for (t = 0; t < T; t++)
    {
      row = 1 + t % (X - 2);
#pragma pacc loop dim(1)
      for (y = 1; y < Y - 1; y++)
        p[t + 2][y] = 0.25f * (p[t + 1][y] + p[t + 3][y]) + 1.0f;
#pragma pacc loop dim(1)
      for (y = 0; y < Y; y++)
        p[row][y] = p[row][y] * 0.5f + 0.125f * t;
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

  snprintf (name, sizeof name, "moving %dx%d, %d steps: p", X, Y, T);
  pc_dump_float (name, &p[0][0], (long) X * Y);
  free (p);
  free (q);
}

/* 3-D: a source plane at x = 3 set every step, then a 7-point step.  */
static void
plane (int X, int Y, int Z, int T, unsigned seed)
{
  int t, x, y, z;
  double (*p)[Y][Z] = pc_alloc (sizeof (double[X][Y][Z]));
  double (*q)[Y][Z] = pc_alloc (sizeof (double[X][Y][Z]));
  char name[64];

  pc_init_double (&p[0][0][0], (long) X * Y * Z, seed);
  pc_init_double (&q[0][0][0], (long) X * Y * Z, seed + 1);

#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y][0:Z]) halo([1:1][1:1][1:1]) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (y = 0; y < Y; y++)
#pragma pacc loop dim(1)
        for (z = 0; z < Z; z++)
          p[3][y][z] = 1.0 + 0.01 * (t + y - z);
#pragma pacc loop dim(3)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(2)
        for (y = 1; y < Y - 1; y++)
#pragma pacc loop dim(1)
          for (z = 1; z < Z - 1; z++)
            q[x][y][z] = (p[x - 1][y][z] + p[x + 1][y][z] + p[x][y - 1][z]
                          + p[x][y + 1][z] + p[x][y][z - 1] + p[x][y][z + 1])
                         / 6.0;
#pragma pacc loop dim(3)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(2)
        for (y = 1; y < Y - 1; y++)
#pragma pacc loop dim(1)
          for (z = 1; z < Z - 1; z++)
            p[x][y][z] = q[x][y][z];
    }

  snprintf (name, sizeof name, "plane %dx%dx%d, %d steps: p", X, Y, Z, T);
  pc_dump_double (name, &p[0][0][0], (long) X * Y * Z);
  free (p);
  free (q);
}

int
main (void)
{
  fdtd (60, 17, 23, 700);
  fdtd (9, 5, 11, 710);
  moving (31, 19, 25, 720);
  plane (23, 11, 9, 8, 730);
  return 0;
}
