/* corpus: jacobi-2d in the style of PolyBench/C 4.2, ported by adding
   the `#pragma pacc' lines of kernel_jacobi_2d only: two sweeps per
   step, 5-point stencils, float arrays of a fixed size (a global).  */

#include <stdio.h>
#include <stdlib.h>

#define TSTEPS 17
#define N 47

static float A[N][N], B[N][N];

static void
init_array (int n)
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      {
        A[i][j] = ((float) i * (j + 2) + 2) / n;
        B[i][j] = ((float) i * (j + 3) + 3) / n;
      }
}

static void
print_array (const char *name, const float *a, long n)
{
  unsigned long long h = 1469598103934665603ull;
  double s = 0;
  const unsigned char *b = (const unsigned char *) a;
  for (size_t i = 0; i < sizeof (float) * (size_t) n; i++)
    h = (h ^ b[i]) * 1099511628211ull;
  for (long i = 0; i < n; i++)
    s += a[i];
  printf ("%s: sum %.17g fnv %016llx\n", name, s, h);
}

static void
kernel_jacobi_2d (int tsteps, int n)
{
  int t, i, j;

#pragma pacc pipeline targetinout(A, B) size([0:N][0:N]) halo([2:2][2:2])
  for (t = 0; t < tsteps; t++)
    {
#pragma pacc loop dim(2)
      for (i = 1; i < n - 1; i++)
#pragma pacc loop dim(1)
        for (j = 1; j < n - 1; j++)
          B[i][j] = 0.2f * (A[i][j] + A[i][j - 1] + A[i][1 + j] + A[1 + i][j]
                            + A[i - 1][j]);
#pragma pacc loop dim(2)
      for (i = 1; i < n - 1; i++)
#pragma pacc loop dim(1)
        for (j = 1; j < n - 1; j++)
          A[i][j] = 0.2f * (B[i][j] + B[i][j - 1] + B[i][1 + j] + B[1 + i][j]
                            + B[i - 1][j]);
    }
}

int
main (void)
{
  init_array (N);
  kernel_jacobi_2d (TSTEPS, N);
  print_array ("A", &A[0][0], (long) N * N);
  return 0;
}
