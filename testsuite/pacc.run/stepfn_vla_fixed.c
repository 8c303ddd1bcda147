/* A `static inline' step function with pointer-to-VLA parameters,
   given fixed-size global arrays and their extents as macros, called
   twice per step in swapped order, with a coefficient (issue 45 item
   2): the parameters' extents are the arrays' (checked), so `out[x][y]'
   is `B[x][y]'.  */

#include <stdio.h>

#define N 29
#define M 21

static double A[N][M], B[N][M];

static inline void
step (int X, int Y, double (*restrict out)[Y],
      const double (*restrict in)[Y], double c)
{
#pragma pacc loop dim(2)
  for (int x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
    for (int y = 1; y < Y - 1; y++)
      out[x][y] = c * (in[x - 1][y] + in[x + 1][y] + in[x][y - 1]
		       + in[x][y + 1]);
}

int
main (void)
{
  int t;
  for (int x = 0; x < N; x++)
    for (int y = 0; y < M; y++)
      A[x][y] = B[x][y] = (x * 7 + y * 3) % 11;
#pragma pacc pipeline targetinout(A, B) size([0:N][0:M]) halo([2:2][2:2])
  for (t = 0; t < 11; t++)
    {
      step (N, M, B, A, 0.25);
      step (N, M, A, B, 0.25);
    }
  double s = 0;
  for (int x = 0; x < N; x++)
    for (int y = 0; y < M; y++)
      s += A[x][y] * (x + 1) + B[x][y] * (y + 2);
  printf ("A, B: %.17g\n", s);
  return 0;
}
