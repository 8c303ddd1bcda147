/* patterns: do/while time loop do { ...; iter++; } while (iter < maxiter); Laplace relaxation on flat float arrays with a row stride variable (size gives the stride as the row extent); boundary values set once; copy-back nest; old-C declarations at the top. */
/* A Laplace solver as an engineering code writes it: the plate's edges
   held at fixed temperatures, a Jacobi sweep into a new array and a
   copy back, repeated in a do/while loop for a fixed number of sweeps
   (the count of sweeps it ran is printed with the field).  */

#include <stdio.h>
#include <stdlib.h>

int
main (void)
{
  float *T, *Tnew;
  int nrow, ncol, stride, i, j, iter, maxiter;
  double sum;
  unsigned long long h;
  const unsigned char *b;
  long k;

  nrow = 50;
  ncol = 35;
  stride = ncol;
  maxiter = 33;
  T = (float *) malloc (sizeof (float) * nrow * ncol);
  Tnew = (float *) malloc (sizeof (float) * nrow * ncol);
  for (i = 0; i < nrow; i++)
    for (j = 0; j < ncol; j++)
      T[i * stride + j] = 0.0f;
  for (j = 0; j < ncol; j++)
    {
      T[j] = 100.0f;                            /* top */
      T[(nrow - 1) * stride + j] = 25.0f;       /* bottom */
    }
  for (i = 0; i < nrow; i++)
    {
      T[i * stride] = 50.0f + i;                /* left */
      T[i * stride + ncol - 1] = 0.0f;          /* right */
    }
  for (k = 0; k < (long) nrow * ncol; k++)
    Tnew[k] = T[k];

  iter = 0;
#pragma pacc pipeline targetinout(T) targettemp(Tnew) size([0:nrow][0:stride]) halo([1:1][1:1]) async
  do
    {
#pragma pacc loop dim(2)
      for (i = 1; i < nrow - 1; i++)
#pragma pacc loop dim(1)
        for (j = 1; j < ncol - 1; j++)
          Tnew[i * stride + j] = 0.25f * (T[(i - 1) * stride + j]
                                          + T[(i + 1) * stride + j]
                                          + T[i * stride + j - 1]
                                          + T[i * stride + j + 1]);
#pragma pacc loop dim(2)
      for (i = 1; i < nrow - 1; i++)
#pragma pacc loop dim(1)
        for (j = 1; j < ncol - 1; j++)
          T[i * stride + j] = Tnew[i * stride + j];
      iter++;
    }
  while (iter < maxiter);

  sum = 0.0;
  for (k = 0; k < (long) nrow * ncol; k++)
    sum += T[k];
  h = 1469598103934665603ull;
  b = (const unsigned char *) T;
  for (k = 0; k < (long) (nrow * ncol * sizeof (float)); k++)
    h = (h ^ b[k]) * 1099511628211ull;
  printf ("laplace %dx%d: %d sweeps, sum %a fnv %016llx\n", nrow, ncol, iter,
          sum, h);
  free (T);
  free (Tnew);
  return 0;
}
