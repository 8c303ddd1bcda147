/* Copy-like vector loops: (row, segment) kernels of four columns per
   thread, all loads first (plugin/lower-shape.cc, pacc_paired_columns;
   with -fplugin-arg-pacc-copy-cols=0 and -fplugin-arg-pacc-pairs=N:
   rows to gangs, each thread running iterations y, y + h, ...,
   paired_copies_three.c and the like).  Row lengths
   odd, even, 1 and 2; several stores in one loop (CIP's copy-back); an
   int array; and loops that must stay one iteration per thread (a loop
   that reads what it writes, a reduction).  Results equal the
   sequential run.  */

#include "pacc-check.h"

static void
pairs (int X, int Y, int T, unsigned seed)
{
  int t, x, y;
  float (*f)[Y] = pc_alloc (sizeof (float[X][Y]));
  float (*g)[Y] = pc_alloc (sizeof (float[X][Y]));
  float (*fn)[Y] = pc_alloc (sizeof (float[X][Y]));
  float (*gn)[Y] = pc_alloc (sizeof (float[X][Y]));
  int (*c)[Y] = pc_alloc (sizeof (int[X][Y]));
  double sum = 0;
  char name[80];

  pc_init_float (&f[0][0], (long) X * Y, seed);
  pc_init_float (&g[0][0], (long) X * Y, seed + 1);
  for (long i = 0; i < (long) X * Y; i++)
    (&c[0][0])[i] = (int) (i % 7);

#pragma pacc pipeline targetinout(f, g, c) targettemp(fn, gn) size([0:X][0:Y]) halo([1:1][1:1]) reduction(+:sum) async
  for (t = 0; t < T; t++)
    {
      sum = 0;
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y; y++)
          {
            fn[x][y] = 0.5f * (f[x - 1][y] + f[x + 1][y]) + 0.001f * c[x][y];
            gn[x][y] = 0.25f * (g[x - 1][y] + g[x + 1][y] + 2.0f * f[x][y]);
          }
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y; y++)
          {
            f[x][y] = fn[x][y];
            g[x][y] = gn[x][y];
          }
      /* Reads what it writes: one iteration per thread.  */
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y; y++)
          c[x][y] = (c[x][y] * 3 + 1) % 11;
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y; y++)
          sum += f[x][y];
    }

  snprintf (name, sizeof name, "pairs %dx%d, %d steps: f", X, Y, T);
  pc_dump_float (name, &f[0][0], (long) X * Y);
  snprintf (name, sizeof name, "pairs %dx%d, %d steps: g", X, Y, T);
  pc_dump_float (name, &g[0][0], (long) X * Y);
  printf ("pairs c[%d][%d] = %d\n", X / 2, Y - 1, c[X / 2][Y - 1]);
  pc_reduction ("pairs sum", sum);
  free (f);
  free (g);
  free (fn);
  free (gn);
  free (c);
}

int
main (void)
{
  pairs (23, 37, 6, 900);	/* Odd rows.  */
  pairs (17, 64, 5, 910);	/* Even rows.  */
  pairs (12, 1, 4, 920);	/* One column.  */
  pairs (12, 2, 4, 930);
  return 0;
}
