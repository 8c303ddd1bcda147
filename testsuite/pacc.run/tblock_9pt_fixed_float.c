/* In-kernel temporal blocking (issue 46): a 9-point step whose weights
   differ above and below, left and right, on fixed-size global float
   arrays in a static function; a double constant (the sum computed in
   double, converted on assignment), a negation; 131 columns (two strips
   at depth 8), T = 23.  The result must be the sequential one bit for
   bit on a GPU, where the step runs D steps per launch.  Built with
   -DTB_DUMP, make check-tblock emulates its kernels (tb-dump.h);
   depths: 4,7  */
/* { dg-pacc-sweep "PACC_K=2,7,23 PACC_CHUNKS=1,4 PACC_TBLOCK_DEPTH=-,3,8" } */

#include "pacc-check.h"
#include "tb-dump.h"

#define N 29
#define M 131
#define T 23

static float A[N][M], B[N][M];

static void
smooth (void)
{
  int t, i, j;
#pragma pacc pipeline targetinout(A) targettemp(B) size([0:N][0:M]) halo([1:1][1:1])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (i = 1; i < N - 1; i++)
#pragma pacc loop dim(1)
        for (j = 1; j < M - 1; j++)
          B[i][j] = 0.0625 * (A[i - 1][j - 1] + A[i - 1][j + 1])
                    + 0.03125 * (A[i + 1][j - 1] - A[i + 1][j + 1])
                    + 0.125f * (A[i - 1][j] + A[i][j - 1])
                    + 0.25f * (A[i + 1][j] - A[i][j + 1])
                    - -0.25f * A[i][j];
#pragma pacc loop dim(2)
      for (i = 1; i < N - 1; i++)
#pragma pacc loop dim(1)
        for (j = 1; j < M - 1; j++)
          A[i][j] = B[i][j];
    }
}

int
main (void)
{
  pc_init_float (&A[0][0], (long) N * M, 21);
  pc_init_float (&B[0][0], (long) N * M, 22);
  TB_BEGIN (N, M, T, 1, N - 1, 1, M - 1, 4, 0, NULL, &A[0][0], &B[0][0]);
  smooth ();
  TB_END (&A[0][0], N, sizeof (float) * M);
  pc_dump_float ("A", &A[0][0], (long) N * M);
  return 0;
}
