/* corpus: jacobi-1d in the style of PolyBench/C 4.2, ported by adding
   the `#pragma pacc' lines of kernel_jacobi_1d only: two sweeps per
   step over 1-D arrays passed as `double A[n]'.  */

#include <stdio.h>
#include <stdlib.h>

#define TSTEPS 23
#define N 301

static void
init_array (int n, double A[n], double B[n])
{
  for (int i = 0; i < n; i++)
    {
      A[i] = ((double) i + 2) / n;
      B[i] = ((double) i + 3) / n;
    }
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
kernel_jacobi_1d (int tsteps, int n, double A[n], double B[n])
{
  int t, i;

#pragma pacc pipeline targetinout(A, B) size([0:n]) halo([2:2])
  for (t = 0; t < tsteps; t++)
    {
#pragma pacc loop dim(1)
      for (i = 1; i < n - 1; i++)
        B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
#pragma pacc loop dim(1)
      for (i = 1; i < n - 1; i++)
        A[i] = 0.33333 * (B[i - 1] + B[i] + B[i + 1]);
    }
}

int
main (void)
{
  double *A = malloc (N * sizeof (double)), *B = malloc (N * sizeof (double));
  init_array (N, A, B);
  kernel_jacobi_1d (TSTEPS, N, A, B);
  print_array ("A", A, N);
  free (A);
  free (B);
  return 0;
}
