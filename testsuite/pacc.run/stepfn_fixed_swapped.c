/* Fixed-size global float arrays passed to a function whose parameters
   are declared as arrays (`float out[N][M]'), called twice per step with
   the arrays in swapped order instead of a pointer swap; a float
   coefficient by value.  Built with -g -O0.  */
/* { dg-pacc-options "-g -O0" } */

#include <stdio.h>

#define N 45
#define M 26

static float A[N][M], B[N][M];

static void
relax (float out[N][M], float in[N][M], float w)
{
#pragma pacc loop dim(2)
  for (int i = 1; i < N - 1; i++)
#pragma pacc loop dim(1)
    for (int j = 1; j < M - 1; j++)
      out[i][j] = (1 - w) * in[i][j]
		  + w * 0.25f * (in[i - 1][j] + in[i + 1][j] + in[i][j - 1]
				 + in[i][j + 1]);
}

int
main (void)
{
  int t;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      A[i][j] = B[i][j] = (float) ((i * 5 + j * 3) % 7);
#pragma pacc pipeline targetinout(A, B) size([0:N][0:M]) halo([2:2][2:2])
  for (t = 0; t < 9; t++)
    {
      relax (B, A, 0.8f);
      relax (A, B, 0.8f);
    }
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      s += A[i][j] * (i + 1) + B[i][j];
  printf ("A, B: %.9g\n", s);
  return 0;
}
