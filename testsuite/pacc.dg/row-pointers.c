/* { dg-do compile } */
/* A matrix as an array of row pointers, as course codes allocate it row
   by row: refused at the clause, naming the type and the one-block
   allocation to write instead.  */
#include <stdlib.h>

void f (int n, int m, int T)
{
  double **u = malloc (n * sizeof (double *)), **v = malloc (n * sizeof (double *));
  int t, i, j;

  for (i = 0; i < n; i++)
    {
      u[i] = calloc (m, sizeof (double));
      v[i] = calloc (m, sizeof (double));
    }
#pragma pacc pipeline targetinout(u) targettemp(v) size([0:n][0:m]) halo([1:1][1:1]) /* { dg-error "'u' in 'targetinout' clause has type 'double \\*\\*', an array of row pointers" } */
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (i = 1; i < n - 1; i++)
#pragma pacc loop dim(1)
        for (j = 1; j < m - 1; j++)
          v[i][j] = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]);
#pragma pacc loop dim(2)
      for (i = 1; i < n - 1; i++)
#pragma pacc loop dim(1)
        for (j = 1; j < m - 1; j++)
          u[i][j] = v[i][j];
    }
}
