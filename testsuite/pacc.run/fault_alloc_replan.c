/* A chunk buffer that cannot be had (PACC_FAULT=alloc:N makes the Nth
   allocation fail, as when another process took the device memory since
   the plan was made): the region plans again within less memory and goes
   on, and its results are still the sequential ones.  A region with
   copyin arrays (their whole copies are allocations too), a temp array,
   a reduction and the async queues, on one and two (emulated) devices;
   the failure hits the first, a middle and a late allocation.  */
/* { dg-pacc-sweep "PACC_FAULT=alloc:1,alloc:2,alloc:4,alloc:9 PACC_DEVICES=1,2 PACC_WORKERS=0,1 PACC_DEVICE_MEMORY=24K,1M" } */

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
          q[x][y] = 0.25 * (p[x - 1][y] + 2.0 * p[x][y] + p[x + 1][y]) * w[y];
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y; y++)
          {
            p[x][y] = q[x][y];
            sum += q[x][y];
          }
    }

  snprintf (name, sizeof name, "%dx%d, %d steps: p", X, Y, T);
  pc_dump_double (name, &p[0][0], (long) X * Y);
  pc_reduction ("sum", sum);
  free (p);
  free (q);
  free (w);
}

int
main (void)
{
  run (61, 19, 9, 300);
  return 0;
}
