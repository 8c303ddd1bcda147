/* A re-plan whose buffers cannot be had (PACC_REPLAN=2 takes another
   plan after every block; PACC_FAULT=alloc:N makes the Nth buffer
   allocation fail, one of a re-plan's for N past the first plan's): the
   region warns, allocates its own plan's buffers again and goes on, and
   its results are still the sequential ones.  A region with a copyin
   array, a temp array and a reduction (whose chunk count a re-plan
   keeps), on one and two (emulated) devices.  */
/* { dg-pacc-sweep "PACC_REPLAN=2 PACC_FAULT=alloc:9,alloc:12,alloc:17,alloc:25,alloc:40 PACC_DEVICES=1,2" } */

#include "pacc-check.h"

static void
run (int X, int Y, int T, unsigned seed)
{
  int t, x, y;
  double sum = 0.0;
  double (*p)[Y] = pc_alloc (sizeof (double[X][Y]));
  double (*q)[Y] = pc_alloc (sizeof (double[X][Y]));
  double *w = pc_alloc (Y * sizeof (double));
  char name[64];

  pc_init_double (&p[0][0], (long) X * Y, seed);
  pc_init_double (&q[0][0], (long) X * Y, seed + 1);
  pc_init_double (w, Y, seed + 2);

#pragma pacc pipeline targetinout(p) targettemp(q) copyin(w[0:Y]) size([0:X][0:Y]) halo([1:1][0:0]) reduction(+:sum) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y; y++)
          q[x][y] = (p[x - 1][y] + p[x + 1][y]) * 0.5 * w[y] + p[x][y];
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y; y++)
          {
            p[x][y] = q[x][y] * 0.5;
            sum += p[x][y];
          }
    }

  snprintf (name, sizeof name, "%dx%d, %d steps: p", X, Y, T);
  pc_dump_double (name, &p[0][0], (long) X * Y);
  snprintf (name, sizeof name, "%dx%d, %d steps: sum", X, Y, T);
  pc_reduction (name, sum);
  free (p);
  free (q);
  free (w);
}

int
main (void)
{
  run (41, 17, 23, 500);
  run (64, 9, 31, 510);
  return 0;
}
