/* copyin sections that do not start at 0 and are shorter than the
   memory behind them: each device holds only the section, copied from
   a + lo, and the kernels index it with the program's indices (libpacc
   rebases the copy by lo).  A pointer to 10 elements with copyin(w[2:5])
   read at w[2] to w[6] (constants), a table c[3:X] read at c[x + 2] for
   x from 1 to X - 2 (c[3] to c[X]), and a fixed-size array with
   copyin(g[1:3]) read at g[1] to g[3].  The results must equal the
   sequential ones bit for bit (issue 48: the checks of the sections
   must let these through).  */

#include "pacc-check.h"

static double g[5] = { 9.0, 0.0625, 0.125, 0.03125, 9.0 };

static void
run (int X, int Y, int T, unsigned seed)
{
  int t, x, y;
  double (*p)[Y] = pc_alloc (sizeof (double[X][Y]));
  double (*q)[Y] = pc_alloc (sizeof (double[X][Y]));
  double *w = pc_alloc (sizeof (double) * 10);
  double *c = pc_alloc (sizeof (double) * (X + 8));
  char name[64];

  pc_init_double (&p[0][0], (long) X * Y, seed);
  pc_init_double (w, 10, seed + 1);
  pc_init_double (c, X + 8, seed + 2);
  for (x = 0; x < 10; x++)
    w[x] *= 0.0625;
  for (x = 0; x < X + 8; x++)
    c[x] *= 0.125;
#pragma pacc pipeline targetinout(p) targettemp(q) copyin(w[2:5], c[3:X], g[1:3]) size([0:X][0:Y]) halo([1:1][1:1]) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          q[x][y] = w[2] * p[x - 1][y] + w[3] * p[x + 1][y]
                    + w[4] * p[x][y - 1] + w[5] * p[x][y + 1]
                    + w[6] * p[x][y] + c[x + 2] * g[2];
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          p[x][y] = q[x][y] * (g[1] + g[3] + 0.5);
    }
  snprintf (name, sizeof name, "%dx%d, %d steps: p", X, Y, T);
  pc_dump_double (name, &p[0][0], (long) X * Y);
  free (p);
  free (q);
  free (w);
  free (c);
}

int
main (void)
{
  run (37, 23, 11, 1800);
  run (9, 7, 17, 1810);
  return 0;
}
