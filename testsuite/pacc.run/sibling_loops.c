/* Loop nests with sibling inner loops, each with its own `loop dim':
   2-D, two dim(1) loops under the decomposed loop writing two scratch
   arrays, the second reading what the first wrote in the same row at
   other columns; a statement of the outer loop's body between them (an
   imperfect nest); 3-D, two dim(2) loops each holding a dim(1) loop.
   Sequential semantics: every result equals the plain build's.  */

#include "pacc-check.h"

static void
run2 (int X, int Y, int T, unsigned seed)
{
  int t, x, y, yy;
  double (*p)[Y] = pc_alloc (sizeof (double[X][Y]));
  double (*u)[Y] = pc_alloc (sizeof (double[X][Y]));
  double (*v)[Y] = pc_alloc (sizeof (double[X][Y]));
  char name[64];

  pc_init_double (&p[0][0], (long) X * Y, seed);
  pc_init_double (&u[0][0], (long) X * Y, seed + 1);
  pc_init_double (&v[0][0], (long) X * Y, seed + 2);

#pragma pacc pipeline targetinout(p) targettemp(u, v) size([0:X][0:Y]) halo([1:1][0:0]) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
        {
#pragma pacc loop dim(1)
          for (y = 0; y < Y; y++)
            u[x][y] = 0.5 * (p[x - 1][y] + p[x + 1][y]);
          /* Between the siblings: one element of the row.  */
          u[x][0] = p[x][0];
#pragma pacc loop dim(1)
          for (yy = 1; yy < Y - 1; yy++)
            v[x][yy] = 0.25 * (u[x][yy - 1] + 2.0 * u[x][yy] + u[x][yy + 1]);
        }
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          p[x][y] = 0.5 * (p[x][y] + v[x][y]);
    }

  snprintf (name, sizeof name, "2-D %dx%d, %d steps: p", X, Y, T);
  pc_dump_double (name, &p[0][0], (long) X * Y);
  free (p);
  free (u);
  free (v);
}

static void
run3 (int X, int Y, int Z, int T, unsigned seed)
{
  int t, x, y, z;
  float (*p)[Y][Z] = pc_alloc (sizeof (float[X][Y][Z]));
  float (*q)[Y][Z] = pc_alloc (sizeof (float[X][Y][Z]));
  float (*s)[Y][Z] = pc_alloc (sizeof (float[X][Y][Z]));
  char name[64];

  pc_init_float (&p[0][0][0], (long) X * Y * Z, seed);
  pc_init_float (&q[0][0][0], (long) X * Y * Z, seed + 1);
  pc_init_float (&s[0][0][0], (long) X * Y * Z, seed + 2);

#pragma pacc pipeline targetinout(p) targettemp(q, s) size([0:X][0:Y][0:Z]) halo([1:1][1:1][1:1]) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(3)
      for (x = 1; x < X - 1; x++)
        {
#pragma pacc loop dim(2)
          for (y = 1; y < Y - 1; y++)
#pragma pacc loop dim(1)
            for (z = 1; z < Z - 1; z++)
              q[x][y][z] = (p[x - 1][y][z] + p[x + 1][y][z]
                            + p[x][y - 1][z] + p[x][y + 1][z]) * 0.25f;
#pragma pacc loop dim(2)
          for (y = 1; y < Y - 1; y++)
#pragma pacc loop dim(1)
            for (z = 1; z < Z - 1; z++)
              s[x][y][z] = (p[x][y][z - 1] + p[x][y][z + 1]) * 0.5f;
        }
#pragma pacc loop dim(3)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(2)
        for (y = 1; y < Y - 1; y++)
#pragma pacc loop dim(1)
          for (z = 1; z < Z - 1; z++)
            p[x][y][z] = 0.5f * q[x][y][z] + 0.5f * s[x][y][z];
    }

  snprintf (name, sizeof name, "3-D %dx%dx%d, %d steps: p", X, Y, Z, T);
  pc_dump_float (name, &p[0][0][0], (long) X * Y * Z);
  free (p);
  free (q);
  free (s);
}

int
main (void)
{
  run2 (41, 33, 9, 500);
  run2 (17, 9, 13, 510);
  run3 (19, 13, 11, 7, 520);
  return 0;
}
