/* copyin: read-only arrays of any shape that every device gets whole,
   once per region: a per-step source term src[t], read by a kernel and by
   a host statement; a coefficient table read through an index array,
   coef[idx[y]][x % M]; a section that does not start at 0, w2[2:3]; and
   a fixed-size global table without a section.  Results must equal the
   sequential ones.  */

#include "pacc-check.h"

#define M 4
#define NC 6

static double wtab[5] = { 0.125, 0.25, 0.0625, 0.5, 0.03125 };

static void
run (int X, int Y, int T, unsigned seed)
{
  int t, x, y;
  double s;
  double (*p)[Y] = pc_alloc (sizeof (double[X][Y]));
  double (*q)[Y] = pc_alloc (sizeof (double[X][Y]));
  float *src = pc_alloc (T * sizeof (float));
  int *idx = pc_alloc (Y * sizeof (int));
  double (*coef)[M] = pc_alloc (sizeof (double[NC][M]));
  double *w2 = pc_alloc (8 * sizeof (double));
  char name[64];

  pc_init_double (&p[0][0], (long) X * Y, seed);
  pc_init_double (&q[0][0], (long) X * Y, seed + 1);
  pc_init_float (src, T, seed + 2);
  pc_init_double (&coef[0][0], NC * M, seed + 3);
  pc_init_double (w2, 8, seed + 4);
  for (y = 0; y < Y; y++)
    idx[y] = (y * 7 + 3) % NC;

#pragma pacc pipeline targetinout(p) targettemp(q) copyin(src[0:T], idx[0:Y], coef[0:NC][0:M], w2[2:3], wtab) size([0:X][0:Y]) halo([1:1][1:1]) async
  for (t = 0; t < T; t++)
    {
      s = 0.5 * src[t] + wtab[t % 5];
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          q[x][y] = (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1])
                    * coef[idx[y]][x % M] * 0.25
                    + src[t] * w2[2 + (x + t) % 3] + s;
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          p[x][y] = q[x][y] * 0.5;
    }

  snprintf (name, sizeof name, "%dx%d, %d steps: p", X, Y, T);
  pc_dump_double (name, &p[0][0], (long) X * Y);
  free (p);
  free (q);
  free (src);
  free (idx);
  free (coef);
  free (w2);
}

int
main (void)
{
  run (37, 23, 11, 900);
  run (9, 7, 17, 910);
  return 0;
}
