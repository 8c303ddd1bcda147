/* patterns: benchmark-collection style (PolyBench-like heat-3d); old-C declarations at the top; DATA_TYPE and size macros; arrays passed as DATA_TYPE A[N][N][N] parameters; time loop for (t = 1; t <= TSTEPS; t++); two nests A->B and B->A per step. */
/* A 3-D heat kernel in the manner of a benchmark collection: the sizes
   and the element type are macros, main declares everything at the top
   and allocates the arrays as pointers to planes, the kernel takes them
   as fixed-size array parameters and updates B from A and A from B in
   each of its TSTEPS steps.  */

#include <stdio.h>
#include <stdlib.h>

#ifndef N
# define N 14
#endif
#ifndef TSTEPS
# define TSTEPS 11
#endif
#define DATA_TYPE double
#define DATA_PRINTF_MODIFIER "%a "
#define SCALAR_VAL(x) x

static void
init_array (int n, DATA_TYPE A[N][N][N], DATA_TYPE B[N][N][N])
{
  int i, j, k;

  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      for (k = 0; k < n; k++)
        A[i][j][k] = B[i][j][k] = (DATA_TYPE) ((i * j + (n - k) * k) % 7) * 10 / (n);
}

static void
print_array (int n, DATA_TYPE A[N][N][N])
{
  int i, j, k;
  unsigned long long h = 1469598103934665603ull;
  const unsigned char *b;
  DATA_TYPE s;

  s = SCALAR_VAL (0.0);
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      for (k = 0; k < n; k++)
        s += A[i][j][k];
  b = (const unsigned char *) A;
  for (i = 0; i < (int) (n * n * n * sizeof (DATA_TYPE)); i++)
    h = (h ^ b[i]) * 1099511628211ull;
  printf ("heat-3d: sum " DATA_PRINTF_MODIFIER "fnv %016llx\n", s, h);
  printf ("A[1][2][3] " DATA_PRINTF_MODIFIER "\n", A[1][2][3]);
}

static void
kernel_heat_3d (int tsteps, int n, DATA_TYPE A[N][N][N],
                DATA_TYPE B[N][N][N])
{
  int t, i, j, k;

#pragma pacc pipeline targetinout(A, B) size([0:N][0:N][0:N]) halo([2:2][2:2][2:2]) async
  for (t = 1; t <= TSTEPS; t++)
    {
#pragma pacc loop dim(3)
      for (i = 1; i < n - 1; i++)
        {
#pragma pacc loop dim(2)
          for (j = 1; j < n - 1; j++)
            {
#pragma pacc loop dim(1)
              for (k = 1; k < n - 1; k++)
                {
                  B[i][j][k] = SCALAR_VAL (0.125) * (A[i + 1][j][k] - SCALAR_VAL (2.0) * A[i][j][k] + A[i - 1][j][k])
                               + SCALAR_VAL (0.125) * (A[i][j + 1][k] - SCALAR_VAL (2.0) * A[i][j][k] + A[i][j - 1][k])
                               + SCALAR_VAL (0.125) * (A[i][j][k + 1] - SCALAR_VAL (2.0) * A[i][j][k] + A[i][j][k - 1])
                               + A[i][j][k];
                }
            }
        }
#pragma pacc loop dim(3)
      for (i = 1; i < n - 1; i++)
        {
#pragma pacc loop dim(2)
          for (j = 1; j < n - 1; j++)
            {
#pragma pacc loop dim(1)
              for (k = 1; k < n - 1; k++)
                {
                  A[i][j][k] = SCALAR_VAL (0.125) * (B[i + 1][j][k] - SCALAR_VAL (2.0) * B[i][j][k] + B[i - 1][j][k])
                               + SCALAR_VAL (0.125) * (B[i][j + 1][k] - SCALAR_VAL (2.0) * B[i][j][k] + B[i][j - 1][k])
                               + SCALAR_VAL (0.125) * (B[i][j][k + 1] - SCALAR_VAL (2.0) * B[i][j][k] + B[i][j][k - 1])
                               + B[i][j][k];
                }
            }
        }
    }
  (void) tsteps;
}

int
main (int argc, char **argv)
{
  int n = N;
  int tsteps = TSTEPS;
  DATA_TYPE (*A)[N][N];
  DATA_TYPE (*B)[N][N];

  (void) argc;
  (void) argv;
  A = (DATA_TYPE (*)[N][N]) malloc (N * N * N * sizeof (DATA_TYPE));
  B = (DATA_TYPE (*)[N][N]) malloc (N * N * N * sizeof (DATA_TYPE));

  init_array (n, A, B);
  kernel_heat_3d (tsteps, n, A, B);
  print_array (n, A);

  free ((void *) A);
  free ((void *) B);
  return 0;
}
