/* In-kernel temporal blocking, checked by ptx-emu.py: a 9-point step
   (the diagonals: shuffles of the rows above and below) on fixed-size
   global float arrays, in a static function, computed in double (a
   double constant) and converted on assignment; negation; weights that
   differ above and below, left and right (a ring slot or a shuffle in
   the wrong direction changes the result).
   depths: 4,7  */

#include "tb-dump.h"

#define N 29
#define M 131
#define T 17

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
main (int argc, char **argv)
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      A[i][j] = (float) ((i * 11 + j * 7) % 23) / 9.0f - 1.0f;
  tb_dump_begin (argv[1], N, M, T, 1, N - 1, 1, M - 1, 4, 0, NULL, A, B);
  smooth ();
  tb_dump_end (A, N, sizeof (float) * M);
  return 0;
}
