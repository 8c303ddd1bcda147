/* { dg-do compile } */
/* patterns: course-style Jacobi on double ** row-pointer matrices (malloc'd row by row); alloc_matrix helper; residual max reduction with fabs and ?:; copy-back nest; iteration count in a #define. */
/* Jacobi iteration for the Poisson equation as a parallel-programming
   course writes it before its MPI chapter: matrices as arrays of row
   pointers, a helper that allocates them, the new values into a second
   matrix, the largest change as the residual, and a copy back.
   Refused by design: the rows of a pipelined array must be one block
   of memory (the chunks copy rows as one range), and the message says
   how to allocate it so.  */

#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#define N 38
#define M 26
#define ITMAX 21

static double **
alloc_matrix (int n, int m)
{
  double **a = malloc (n * sizeof (double *));
  int i;

  for (i = 0; i < n; i++)
    a[i] = calloc (m, sizeof (double));
  return a;
}

static void
free_matrix (double **a, int n)
{
  int i;

  for (i = 0; i < n; i++)
    free (a[i]);
  free (a);
}

int
main (void)
{
  double **u = alloc_matrix (N, M), **unew = alloc_matrix (N, M), **f;
  double h2 = 1.0 / ((N - 1) * (N - 1)), diff, resid = 0.0, sum = 0.0;
  unsigned long long h = 1469598103934665603ull;
  int i, j, it;
  size_t k;

  f = alloc_matrix (N, M);
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      {
        f[i][j] = ((i * 5 + j * 3) % 7) - 3.0;
        u[i][j] = (i == 0) ? 1.0 : 0.0;
        unew[i][j] = u[i][j];
      }

#pragma pacc pipeline targetinout(u) targettemp(unew) targetin(f) size([0:N][0:M]) halo([1:1][1:1]) reduction(max:resid) /* { dg-error "'u' in 'targetinout' clause has type 'double \\*\\*', an array of row pointers: the rows of a pipelined array must be one block of memory; allocate it as one block, 'double \\(\\*u\\)\\\[M\\\] = malloc \\(sizeof \\(double\\\[N\\\]\\\[M\\\]\\)\\)', or use a flat pointer" } */
  for (it = 0; it < ITMAX; it++)
    {
      resid = 0.0;
#pragma pacc loop dim(2)
      for (i = 1; i < N - 1; i++)
#pragma pacc loop dim(1)
        for (j = 1; j < M - 1; j++)
          {
            unew[i][j] = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1]
                                 + u[i][j + 1] - h2 * f[i][j]);
            diff = fabs (unew[i][j] - u[i][j]);
            resid = diff > resid ? diff : resid;
          }
#pragma pacc loop dim(2)
      for (i = 1; i < N - 1; i++)
#pragma pacc loop dim(1)
        for (j = 1; j < M - 1; j++)
          u[i][j] = unew[i][j];
    }

  for (i = 0; i < N; i++)
    {
      const unsigned char *b = (const unsigned char *) u[i];
      for (k = 0; k < M * sizeof (double); k++)
        h = (h ^ b[k]) * 1099511628211ull;
      for (j = 0; j < M; j++)
        sum += u[i][j];
    }
  printf ("jacobi %dx%d, %d iterations: residual %a sum %a fnv %016llx\n",
          N, M, ITMAX, resid, sum, h);
  free_matrix (u, N);
  free_matrix (unew, N);
  free_matrix (f, N);
  return 0;
}
