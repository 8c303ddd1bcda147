/* corpus: a heat-2d solver whose time bound is a function parameter,
   with the loop written `for (int t = 0; t <= tsteps - 1; ++t)' (the C
   front end folds the bound into `tsteps > t'); ported by adding the
   `#pragma pacc' lines of heat only.  */

#include <stdio.h>
#include <stdlib.h>

#define N 45

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
heat (int tsteps, int n, double a[n][n], double b[n][n], double alpha)
{
#pragma pacc pipeline targetinout(a) targettemp(b) size([0:n][0:n]) halo([1:1][1:1])
  for (int t = 0; t <= tsteps - 1; ++t)
    {
#pragma pacc loop dim(2)
      for (int i = 1; i <= n - 2; i++)
#pragma pacc loop dim(1)
        for (int j = 1; j <= n - 2; j++)
          b[i][j] = a[i][j] + alpha * (a[i - 1][j] + a[i + 1][j] + a[i][j - 1]
                                       + a[i][j + 1] - 4 * a[i][j]);
#pragma pacc loop dim(2)
      for (int i = 1; i <= n - 2; i++)
#pragma pacc loop dim(1)
        for (int j = 1; j <= n - 2; j++)
          a[i][j] = b[i][j];
    }
}

int
main (int argc, char **argv)
{
  int tsteps = argc > 1 ? atoi (argv[1]) : 14;
  double (*a)[N] = malloc (sizeof (double[N][N]));
  double (*b)[N] = malloc (sizeof (double[N][N]));
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      a[i][j] = b[i][j] = (i == 0 || j == 0) ? 100.0 : (double) (i ^ j) / N;
  heat (tsteps, N, a, b, 0.125);
  print_array ("a", &a[0][0], (long) N * N);
  free (a);
  free (b);
  return 0;
}
