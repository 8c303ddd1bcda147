/* corpus: heat-3d in the style of PolyBench/C 4.2, ported by adding the
   `#pragma pacc' lines of kernel_heat_3d only.  Two sweeps per step (B
   from A, then A from B), a time loop from 1 to TSTEPS inclusive.  */

#include <stdio.h>
#include <stdlib.h>

#define TSTEPS 7
#define N 19

static void
init_array (int n, double A[n][n][n], double B[n][n][n])
{
  int i, j, k;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      for (k = 0; k < n; k++)
        A[i][j][k] = B[i][j][k] = (double) (i + j + (n - k)) * 10 / n;
}

static void
print_array (const char *name, const double *a, long n)
{
  unsigned long long h = 1469598103934665603ull;
  double s = 0;
  const unsigned char *b = (const unsigned char *) a;
  for (size_t i = 0; i < sizeof (double) * (size_t) n; i++)
    h = (h ^ b[i]) * 1099511628211ull;
  for (long i = 0; i < n; i++)
    s += a[i];
  printf ("%s: sum %.17g fnv %016llx\n", name, s, h);
}

static void
kernel_heat_3d (int tsteps, int n, double A[n][n][n], double B[n][n][n])
{
  int t, i, j, k;

#pragma pacc pipeline targetinout(A, B) size([0:n][0:n][0:n]) halo([2:2][2:2][2:2])
  for (t = 1; t <= tsteps; t++)
    {
#pragma pacc loop dim(3)
      for (i = 1; i < n - 1; i++)
#pragma pacc loop dim(2)
        for (j = 1; j < n - 1; j++)
#pragma pacc loop dim(1)
          for (k = 1; k < n - 1; k++)
            B[i][j][k] = 0.125 * (A[i + 1][j][k] - 2.0 * A[i][j][k] + A[i - 1][j][k])
                         + 0.125 * (A[i][j + 1][k] - 2.0 * A[i][j][k] + A[i][j - 1][k])
                         + 0.125 * (A[i][j][k + 1] - 2.0 * A[i][j][k] + A[i][j][k - 1])
                         + A[i][j][k];
#pragma pacc loop dim(3)
      for (i = 1; i < n - 1; i++)
#pragma pacc loop dim(2)
        for (j = 1; j < n - 1; j++)
#pragma pacc loop dim(1)
          for (k = 1; k < n - 1; k++)
            A[i][j][k] = 0.125 * (B[i + 1][j][k] - 2.0 * B[i][j][k] + B[i - 1][j][k])
                         + 0.125 * (B[i][j + 1][k] - 2.0 * B[i][j][k] + B[i][j - 1][k])
                         + 0.125 * (B[i][j][k + 1] - 2.0 * B[i][j][k] + B[i][j][k - 1])
                         + B[i][j][k];
    }
}

int
main (void)
{
  double (*A)[N][N] = malloc (sizeof (double[N][N][N]));
  double (*B)[N][N] = malloc (sizeof (double[N][N][N]));
  init_array (N, A, B);
  kernel_heat_3d (TSTEPS, N, A, B);
  print_array ("A", &A[0][0][0], (long) N * N * N);
  free (A);
  free (B);
  return 0;
}
