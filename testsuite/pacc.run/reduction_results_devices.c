/* Two reduction variables in one kernel, on two devices, over more
   launches per device than the CUDA back end has argument slots (1024):
   each launch's results are deferred one variable at a time by each
   device's worker thread, so the two devices' results interleave, and
   each slot is reused while results are still deferred.  A flush that
   ended between the two results of one launch used to release its slot,
   whose next launch then overwrote the second (libpacc/cuda-launch.c;
   testsuite/pacc.unit/deferred.c drives the same code against a fake
   driver): on two H100s every run of this test with 600 steps, k 1 or 3
   and 4 or 6 chunks printed a wrong count (benchmarks/RESULTS.md).
   With 4 chunks, 4 launches a step on each device: 1600 in 400 steps.
   The sum and the count equal the sequential run's.  */
/* { dg-pacc-sweep "PACC_DEVICES=2 PACC_CHUNKS=4,6 PACC_K=3" } */

#include "pacc-check.h"

#define X 40
#define Y 33
#define T 400

int
main (void)
{
  int t, x, y;
  double (*p)[Y] = pc_alloc (sizeof (double[X][Y]));
  double (*q)[Y] = pc_alloc (sizeof (double[X][Y]));
  double sum = 0.5;
  long cnt = 7;

  pc_init_double (&p[0][0], (long) X * Y, 11);
  pc_init_double (&q[0][0], (long) X * Y, 12);

#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) reduction(+:sum, cnt) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          {
            q[x][y] = 0.25 * (p[x - 1][y] + p[x + 1][y] + p[x][y - 1]
                              + p[x][y + 1]) + 0.001 * ((x + y + t) % 5);
            sum += q[x][y] * q[x][y];
            cnt += (x * 7 + y * 3 + t) % 11 == 0;
          }
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          p[x][y] = q[x][y];
    }
  pc_reduction ("sum", sum);
  printf ("cnt %ld\n", cnt);
  pc_dump_double ("p", &p[0][0], (long) X * Y);
  free (p);
  free (q);
  return 0;
}
