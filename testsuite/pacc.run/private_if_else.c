/* Temporaries written on every path through if/else (nested, and an
   else-if chain) and ?:, and one written before an inner sequential loop
   that reads and rewrites it; declared at the top of a function with the
   pipeline over fixed-size array parameters.  */

#include "pacc-check.h"

#define N 39
#define M 33

static void
smooth (double a[N][M], double b[N][M], int steps, double lim)
{
  double g, h, acc;
  int t, i, j, l, sel;

#pragma pacc pipeline targetinout(a) targettemp(b) size([0:N][0:M]) halo([1:1][1:1])
  for (t = 0; t < steps; t++)
    {
#pragma pacc loop dim(2)
      for (i = 1; i < N - 1; i++)
#pragma pacc loop dim(1)
        for (j = 1; j < M - 1; j++)
          {
            if (a[i][j] > lim)
              g = a[i - 1][j];
            else
              {
                if (a[i][j] < -lim)
                  g = a[i + 1][j];
                else
                  g = a[i][j];
              }
            h = a[i][j - 1] > a[i][j + 1] ? a[i][j - 1] : a[i][j + 1];
            if ((i + j) % 3 == 0)
              sel = 1;
            else if ((i + j) % 3 == 1)
              sel = 2;
            else
              sel = 3;
            acc = 0.0;
            for (l = 0; l < sel; l++)
              acc = acc * 0.5 + h;
            b[i][j] = 0.5 * g + 0.25 * acc;
          }
#pragma pacc loop dim(2)
      for (i = 1; i < N - 1; i++)
#pragma pacc loop dim(1)
        for (j = 1; j < M - 1; j++)
          a[i][j] = b[i][j];
    }
}

int
main (void)
{
  static double a[N][M], b[N][M];
  pc_init_double (&a[0][0], (long) N * M, 457);
  pc_init_double (&b[0][0], (long) N * M, 458);
  smooth (a, b, 10, 0.3);
  pc_dump_double ("a", &a[0][0], (long) N * M);
  return 0;
}
