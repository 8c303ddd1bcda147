/* A source row in the middle of the grid written by a nest without the
   decomposed loop, at a row that is no polynomial of the sizes but is
   constant over the region: the flat `e[(X / 2) * Y + y]' (also without
   the parentheses), the 2-D `e[X / 2][y]' with X a parameter, and a 3-D
   flat source plane `p[(X / 3) * Y * Z + y * Z + z]'.  An FDTD pair
   reads across the row; results must equal the sequential run's.  */

#include "pacc-check.h"

static void
fdtd_flat (int X, int Y, int T, unsigned seed)
{
  double *e, *h, *src;
  int t, x, y;
  char name[64];

  e = pc_alloc (sizeof (double) * X * Y);
  h = pc_alloc (sizeof (double) * X * Y);
  src = pc_alloc (sizeof (double) * T);
  pc_init_double (e, (long) X * Y, seed);
  pc_init_double (h, (long) X * Y, seed + 1);
  pc_init_double (src, T, seed + 2);

#pragma pacc pipeline targetinout(e, h) copyin(src[0:T]) size([0:X][0:Y]) halo([1:1][0:0]) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(1)
      for (y = 0; y < Y; y++)
        e[(X / 2) * Y + y] = src[t];
#pragma pacc loop dim(2)
      for (x = 1; x < X; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y; y++)
          e[x * Y + y] = e[x * Y + y] - 0.5 * (h[x * Y + y] - h[(x - 1) * Y + y]);
#pragma pacc loop dim(2)
      for (x = 0; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y; y++)
          h[x * Y + y] = h[x * Y + y] - 0.7 * (e[(x + 1) * Y + y] - e[x * Y + y]);
    }

  snprintf (name, sizeof name, "flat %dx%d, %d steps: e", X, Y, T);
  pc_dump_double (name, e, (long) X * Y);
  snprintf (name, sizeof name, "flat %dx%d, %d steps: h", X, Y, T);
  pc_dump_double (name, h, (long) X * Y);
  free (e);
  free (h);
  free (src);
}

/* Float, no parentheses, the row read and written at the same point,
   then read across by a Jacobi step.  */
static void
flat_noparen (int X, int Y, int T, unsigned seed)
{
  float *p = pc_alloc (sizeof (float) * X * Y);
  float *q = pc_alloc (sizeof (float) * X * Y);
  int t, x, y;
  char name[64];

  pc_init_float (p, (long) X * Y, seed);
  pc_init_float (q, (long) X * Y, seed + 1);

#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(1)
      for (y = 1; y < Y - 1; y++)
        p[X / 2 * Y + y] = 0.5f * p[X / 2 * Y + y] + 0.125f * t;
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          q[x * Y + y] = 0.25f * (p[(x - 1) * Y + y] + p[(x + 1) * Y + y] + p[x * Y + y - 1] + p[x * Y + y + 1]);
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          p[x * Y + y] = q[x * Y + y];
    }

  snprintf (name, sizeof name, "noparen %dx%d, %d steps: p", X, Y, T);
  pc_dump_float (name, p, (long) X * Y);
  free (p);
  free (q);
}

/* 2-D pointer to VLA rows, the row X / 2 of a parameter.  */
static void
vla_row (int X, int Y, int T, unsigned seed)
{
  int t, x, y;
  double (*e)[Y] = pc_alloc (sizeof (double[X][Y]));
  double (*h)[Y] = pc_alloc (sizeof (double[X][Y]));
  char name[64];

  pc_init_double (&e[0][0], (long) X * Y, seed);
  pc_init_double (&h[0][0], (long) X * Y, seed + 1);

#pragma pacc pipeline targetinout(e, h) size([0:X][0:Y]) halo([1:1][0:0]) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(1)
      for (y = 0; y < Y; y++)
        e[X / 2][y] = 0.01 * t + 0.001 * y;
#pragma pacc loop dim(2)
      for (x = 1; x < X; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y; y++)
          e[x][y] = e[x][y] - 0.5 * (h[x][y] - h[x - 1][y]);
#pragma pacc loop dim(2)
      for (x = 0; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y; y++)
          h[x][y] = h[x][y] - 0.7 * (e[x + 1][y] - e[x][y]);
    }

  snprintf (name, sizeof name, "vla %dx%d, %d steps: e", X, Y, T);
  pc_dump_double (name, &e[0][0], (long) X * Y);
  snprintf (name, sizeof name, "vla %dx%d, %d steps: h", X, Y, T);
  pc_dump_double (name, &h[0][0], (long) X * Y);
  free (e);
  free (h);
}

/* 3-D flat: a source plane at X / 3, then a 7-point step.  */
static void
plane_flat (int X, int Y, int Z, int T, unsigned seed)
{
  double *p = pc_alloc (sizeof (double) * X * Y * Z);
  double *q = pc_alloc (sizeof (double) * X * Y * Z);
  int t, x, y, z;
  char name[64];

  pc_init_double (p, (long) X * Y * Z, seed);
  pc_init_double (q, (long) X * Y * Z, seed + 1);

#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y][0:Z]) halo([1:1][1:1][1:1]) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (y = 0; y < Y; y++)
#pragma pacc loop dim(1)
        for (z = 0; z < Z; z++)
          p[(X / 3) * Y * Z + y * Z + z] = 1.0 + 0.01 * (t + y - z);
#pragma pacc loop dim(3)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(2)
        for (y = 1; y < Y - 1; y++)
#pragma pacc loop dim(1)
          for (z = 1; z < Z - 1; z++)
            q[(x * Y + y) * Z + z]
              = (p[((x - 1) * Y + y) * Z + z] + p[((x + 1) * Y + y) * Z + z]
                 + p[(x * Y + y - 1) * Z + z] + p[(x * Y + y + 1) * Z + z]
                 + p[(x * Y + y) * Z + z - 1] + p[(x * Y + y) * Z + z + 1]) / 6.0;
#pragma pacc loop dim(3)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(2)
        for (y = 1; y < Y - 1; y++)
#pragma pacc loop dim(1)
          for (z = 1; z < Z - 1; z++)
            p[(x * Y + y) * Z + z] = q[(x * Y + y) * Z + z];
    }

  snprintf (name, sizeof name, "plane %dx%dx%d, %d steps: p", X, Y, Z, T);
  pc_dump_double (name, p, (long) X * Y * Z);
  free (p);
  free (q);
}

int
main (void)
{
  fdtd_flat (61, 17, 23, 900);
  fdtd_flat (9, 5, 11, 910);
  flat_noparen (31, 19, 21, 920);
  vla_row (44, 13, 19, 930);
  plane_flat (23, 11, 9, 8, 940);
  return 0;
}
