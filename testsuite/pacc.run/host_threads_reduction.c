/* Reductions of host kernels: each thread's partial over its rows,
   combined in thread order after the team, then the chunks' partials in
   chunk order.  An integer sum (exact under any order) and a double sum
   (up to the order of the additions) in one region, a max in a second,
   of stencils on fixed-size arrays in a static function; 3-D, rows not
   divisible by the thread counts.  */
/* { dg-pacc-sweep "PACC_HOST_THREADS=1,2,3 PACC_K=1,2 PACC_CHUNKS=1,4 ; PACC_HOST_THREADS=5 PACC_K=3 PACC_CHUNKS=2 PACC_DEVICES=1,2 ; PACC_HOST_THREADS=- PACC_K=- PACC_CHUNKS=-" } */
/* { dg-pacc-tolerance 1e-12 } */

#include "pacc-check.h"

#define NX 23
#define NY 12
#define NZ 10

static double a[NX][NY][NZ], b[NX][NY][NZ];

static void
run (int T)
{
  int t, i, j, k;
  long hot = 0;
  double top = -1.0, sum = 0.0;

#pragma pacc pipeline targetinout(a) targettemp(b) size([0:NX][0:NY][0:NZ]) halo([1:1][1:1][1:1]) reduction(+:hot, sum)
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(3)
      for (i = 1; i < NX - 1; i++)
#pragma pacc loop dim(2)
        for (j = 1; j < NY - 1; j++)
#pragma pacc loop dim(1)
          for (k = 1; k < NZ - 1; k++)
            {
              b[i][j][k] = (a[i - 1][j][k] + a[i + 1][j][k] + a[i][j - 1][k]
                            + a[i][j + 1][k] + a[i][j][k - 1]
                            + a[i][j][k + 1]) / 6.0;
              hot += b[i][j][k] > 0.5;
            }
#pragma pacc loop dim(3)
      for (i = 1; i < NX - 1; i++)
#pragma pacc loop dim(2)
        for (j = 1; j < NY - 1; j++)
#pragma pacc loop dim(1)
          for (k = 1; k < NZ - 1; k++)
            {
              sum += b[i][j][k] * b[i][j][k];
              a[i][j][k] = b[i][j][k];
            }
    }

  /* The largest value, in a region of its own (one reduction clause
     per pipeline).  */
#pragma pacc pipeline targetinout(a) targettemp(b) size([0:NX][0:NY][0:NZ]) halo([1:1][1:1][1:1]) reduction(max:top) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(3)
      for (i = 1; i < NX - 1; i++)
#pragma pacc loop dim(2)
        for (j = 1; j < NY - 1; j++)
#pragma pacc loop dim(1)
          for (k = 1; k < NZ - 1; k++)
            {
              b[i][j][k] = 0.25 * a[i][j][k] + 0.125 * (a[i - 1][j][k]
                                                         + a[i + 1][j][k]
                                                         + a[i][j - 1][k]
                                                         + a[i][j + 1][k]
                                                         + a[i][j][k - 1]
                                                         + a[i][j][k + 1]);
              top = b[i][j][k] > top ? b[i][j][k] : top;
            }
#pragma pacc loop dim(3)
      for (i = 1; i < NX - 1; i++)
#pragma pacc loop dim(2)
        for (j = 1; j < NY - 1; j++)
#pragma pacc loop dim(1)
          for (k = 1; k < NZ - 1; k++)
            a[i][j][k] = b[i][j][k];
    }

  pc_reduction ("hot", (double) hot);
  pc_reduction ("top", top);
  pc_reduction ("sum", sum);
  pc_dump_double ("a", &a[0][0][0], (long) NX * NY * NZ);
}

int
main (void)
{
  pc_init_double (&a[0][0][0], (long) NX * NY * NZ, 5);
  pc_init_double (&b[0][0][0], (long) NX * NY * NZ, 6);
  run (7);
  return 0;
}
