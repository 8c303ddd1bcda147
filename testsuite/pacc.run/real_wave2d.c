/* patterns: course-style 2-D wave equation; three time levels u_prev, u, u_next as flat double pointers rotated each step; index macro IDX(i,j); coefficient computed before the loop; a fixed-row source whose amplitude a host statement computes from t. */
/* The 2-D wave equation as a numerical-methods course writes it: three
   time levels in flat arrays addressed through a macro, the Courant
   number squared computed up front, a sinusoidal source on one row,
   and the three pointers rotated at the end of each step.  */

#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#define NX 45
#define NY 27
#define IDX(i, j) ((i) * NY + (j))

int
main (void)
{
  double *u_prev, *u, *u_next, *tmp;
  double c = 1.0, dx = 0.01, dt = 0.005, r2, src;
  int i, j, n, nsteps = 40;
  double sum = 0.0;
  unsigned long long h = 1469598103934665603ull;
  const unsigned char *b;
  size_t k;

  u_prev = calloc (NX * NY, sizeof (double));
  u = calloc (NX * NY, sizeof (double));
  u_next = calloc (NX * NY, sizeof (double));
  r2 = (c * dt / dx) * (c * dt / dx);

  /* A Gaussian bump in the middle, at rest.  */
  for (i = 0; i < NX; i++)
    for (j = 0; j < NY; j++)
      {
        double x = (i - NX / 2) * dx, y = (j - NY / 3) * dx;
        u[IDX (i, j)] = exp (-(x * x + y * y) / (0.0004));
        u_prev[IDX (i, j)] = u[IDX (i, j)];
      }

#pragma pacc pipeline targetinout(u_prev, u, u_next) size([0:NX][0:NY]) halo([1:1][1:1]) async
  for (n = 0; n < nsteps; n++)
    {
#pragma pacc loop dim(2)
      for (i = 1; i < NX - 1; i++)
#pragma pacc loop dim(1)
        for (j = 1; j < NY - 1; j++)
          u_next[IDX (i, j)] = 2.0 * u[IDX (i, j)] - u_prev[IDX (i, j)]
                               + r2 * (u[IDX (i + 1, j)] + u[IDX (i - 1, j)]
                                       + u[IDX (i, j + 1)] + u[IDX (i, j - 1)]
                                       - 4.0 * u[IDX (i, j)]);
      src = 0.01 * sin (0.3 * n);
#pragma pacc loop dim(1)
      for (j = 1; j < NY - 1; j++)
        u_next[IDX (3, j)] += src;
      tmp = u_prev;
      u_prev = u;
      u = u_next;
      u_next = tmp;
    }

  b = (const unsigned char *) u;
  for (k = 0; k < NX * NY * sizeof (double); k++)
    h = (h ^ b[k]) * 1099511628211ull;
  for (k = 0; k < NX * NY; k++)
    sum += u[k] * u[k];
  printf ("wave %dx%d, %d steps: energy %a fnv %016llx\n", NX, NY, nsteps,
          sum, h);
  free (u_prev);
  free (u);
  free (u_next);
  return 0;
}
