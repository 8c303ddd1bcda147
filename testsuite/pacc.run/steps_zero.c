/* Zero and one time steps: T = 0 leaves every array (and a reset
   reduction variable) untouched, T = 1 is a single step; with a swap,
   T = 1 leaves p naming the other buffer.  */

#include "pacc-check.h"

static void
run (int X, int Y, int T)
{
  int t, x, y;
  float (*p)[Y] = pc_alloc (sizeof (float[X][Y]));
  float (*q)[Y] = pc_alloc (sizeof (float[X][Y]));
  double res = 42.0;
  char name[64];

  pc_init_float (&p[0][0], (long) X * Y, 160 + T);
  pc_init_float (&q[0][0], (long) X * Y, 170 + T);

#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) reduction(+:res) async
  for (t = 0; t < T; t++)
    {
      res = 0.0;
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          {
            q[x][y] = (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1]) * 0.25f;
            res += fabs ((double) q[x][y]);
          }
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          p[x][y] = q[x][y];
    }

  snprintf (name, sizeof name, "copy T=%d res", T);
  pc_reduction (name, res);
  snprintf (name, sizeof name, "copy T=%d p", T);
  pc_dump_float (name, &p[0][0], (long) X * Y);
  free (p);
  free (q);
}

static void
run_swap (int X, int Y, int T)
{
  int t, x, y;
  double (*A)[Y] = pc_alloc (sizeof (double[X][Y]));
  double (*B)[Y] = pc_alloc (sizeof (double[X][Y]));
  double (*p)[Y] = A, (*q)[Y] = B, (*tmp)[Y];
  char name[64];

  pc_init_double (&A[0][0], (long) X * Y, 180 + T);
  pc_init_double (&B[0][0], (long) X * Y, 190 + T);

#pragma pacc pipeline targetinout(p, q) size([0:X][0:Y]) halo([1:1][1:1])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          q[x][y] = (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1]) * 0.25;
      tmp = p;
      p = q;
      q = tmp;
    }

  printf ("swap T=%d: p names %s\n", T, p == A ? "A" : p == B ? "B" : "?");
  snprintf (name, sizeof name, "swap T=%d A", T);
  pc_dump_double (name, &A[0][0], (long) X * Y);
  snprintf (name, sizeof name, "swap T=%d B", T);
  pc_dump_double (name, &B[0][0], (long) X * Y);
  free (A);
  free (B);
}

int
main (void)
{
  run (37, 29, 0);
  run (37, 29, 1);
  run_swap (31, 23, 0);
  run_swap (31, 23, 1);
  return 0;
}
