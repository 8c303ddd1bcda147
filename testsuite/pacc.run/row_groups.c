/* Kernel geometry of deeper nests (plugin/lower-kernel.cc, row groups):
   gangs take (plane, group of rows) pairs when the decomposed loop holds
   nothing but the second loop and that loop counts up by one to an
   invariant bound, written `<', `<=' or folded by the front end; other
   nests keep planes to gangs.  The arrays are pointers to VLA rows whose
   extents the kernels share (plugin/lower-shape.cc), of two element
   types.  Row counts that are not multiples of the group, one row, and a
   reduction: results equal the sequential run.  */

#include "pacc-check.h"

static void
groups (int X, int Y, int Z, int T, unsigned seed)
{
  int t, x, y, z;
  float (*p)[Y][Z] = pc_alloc (sizeof (float[X][Y][Z]));
  float (*q)[Y][Z] = pc_alloc (sizeof (float[X][Y][Z]));
  double (*c)[Y][Z] = pc_alloc (sizeof (double[X][Y][Z]));
  double sum = 0;
  char name[80];

  pc_init_float (&p[0][0][0], (long) X * Y * Z, seed);
  pc_init_float (&q[0][0][0], (long) X * Y * Z, seed + 1);
  pc_init_coef_double (&c[0][0][0], (long) X * Y * Z, seed + 2);

#pragma pacc pipeline targetinout(p) targetin(c) targettemp(q) size([0:X][0:Y][0:Z]) halo([1:1][1:1][1:1]) reduction(+:sum) async
  for (t = 0; t < T; t++)
    {
      sum = 0;
      /* Perfect nest, `<=': row groups.  */
#pragma pacc loop dim(3)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(2)
        for (y = 1; y <= Y - 2; y++)
#pragma pacc loop dim(1)
          for (z = 1; z < Z - 1; z++)
            {
              float s = (float) c[x][y][z]
                        * (p[x - 1][y][z] + p[x + 1][y][z] + p[x][y - 1][z]
                           + p[x][y + 1][z] + p[x][y][z - 1] + p[x][y][z + 1]);
              q[x][y][z] = s;
              sum += s;
            }
      /* A statement between the two outer loops: planes to gangs.  */
#pragma pacc loop dim(3)
      for (x = 1; x < X - 1; x++)
        {
          int h = x % 3;
#pragma pacc loop dim(2)
          for (y = 1; y < Y - 1; y++)
#pragma pacc loop dim(1)
            for (z = 1; z < Z - 1; z++)
              p[x][y][z] = q[x][y][z] + 0.001f * h;
        }
    }

  snprintf (name, sizeof name, "groups %dx%dx%d, %d steps: p", X, Y, Z, T);
  pc_dump_float (name, &p[0][0][0], (long) X * Y * Z);
  pc_reduction ("groups sum", sum);
  free (p);
  free (q);
  free (c);
}

int
main (void)
{
  groups (21, 19, 37, 7, 800);	/* 17 rows: groups of 8, 8 and 1.  */
  groups (9, 3, 5, 4, 810);	/* One row.  */
  groups (12, 35, 4, 5, 820);
  return 0;
}
