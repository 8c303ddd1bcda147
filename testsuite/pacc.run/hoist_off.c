/* -fplugin-arg-pacc-hoist=0: the kernels read the chunk pointers and the
   copies of copyin arrays where they use them, not once per gang (the
   default, which every other run test checks).  A segmented two-level
   nest with a copyin table, a copy-like loop, and a three-level nest
   with a swap: results must equal the sequential ones.  */
/* { dg-pacc-options "-fplugin-arg-pacc-hoist=0" } */

#include "pacc-check.h"

static void
run2 (int X, int Y, int T, unsigned seed)
{
  int t, x, y;
  float (*a)[Y] = pc_alloc (sizeof (float[X][Y]));
  float (*b)[Y] = pc_alloc (sizeof (float[X][Y]));
  float w[4] = { 0.25f, 0.125f, 0.5f, 0.0625f };
  char name[64];

  pc_init_float (&a[0][0], (long) X * Y, seed);
  pc_init_float (&b[0][0], (long) X * Y, seed + 1);

#pragma pacc pipeline targetinout(a) targettemp(b) copyin(w) size([0:X][0:Y]) halo([1:1][0:0]) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y; y++)
          b[x][y] = (a[x - 1][y] + a[x + 1][y]) * w[t % 4] + a[x][y];
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y; y++)
          a[x][y] = b[x][y];
    }

  snprintf (name, sizeof name, "%dx%d, %d steps: a", X, Y, T);
  pc_dump_float (name, &a[0][0], (long) X * Y);
  free (a);
  free (b);
}

static void
run3 (int X, int Y, int Z, int T, unsigned seed)
{
  int t, x, y, z;
  float (*u)[Y][Z] = pc_alloc (sizeof (float[X][Y][Z]));
  float (*v)[Y][Z] = pc_alloc (sizeof (float[X][Y][Z]));
  char name[64];

  pc_init_float (&u[0][0][0], (long) X * Y * Z, seed);
  pc_init_float (&v[0][0][0], (long) X * Y * Z, seed + 1);

#pragma pacc pipeline targetinout(u, v) size([0:X][0:Y][0:Z]) halo([1:1][0:0][0:0]) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(3)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(2)
        for (y = 0; y < Y; y++)
#pragma pacc loop dim(1)
          for (z = 0; z < Z; z++)
            v[x][y][z] = (u[x - 1][y][z] + u[x + 1][y][z]) * 0.5f
                         + u[x][y][z] * 0.25f;
      float (*s)[Y][Z] = u;
      u = v;
      v = s;
    }

  snprintf (name, sizeof name, "%dx%dx%d, %d steps: u", X, Y, Z, T);
  pc_dump_float (name, &u[0][0][0], (long) X * Y * Z);
  snprintf (name, sizeof name, "%dx%dx%d, %d steps: v", X, Y, Z, T);
  pc_dump_float (name, &v[0][0][0], (long) X * Y * Z);
  free (u);
  free (v);
}

int
main (void)
{
  run2 (29, 70, 9, 700);
  run2 (11, 40, 14, 710);
  run3 (23, 13, 7, 9, 720);
  run3 (9, 5, 40, 6, 730);
  return 0;
}
