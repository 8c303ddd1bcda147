/* patterns: course-style 2-D FDTD (TM mode); flat double arrays ez, hx, hy with an index macro; a hard point source written by a host statement in the time step, ez[IDX(ic, jc)] = ...; the source value from t by a host statement; PEC border left at zero. */
/* The 2-D FDTD method (TM mode) as an electromagnetics course writes it:
   Ez on the nodes, Hx and Hy between them, flat arrays and an index
   macro, the magnetic then the electric update, and a hard source that
   sets one point of Ez every step to a Gaussian pulse.  */

#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#define NX 41
#define NY 33
#define IDX(i, j) ((i) * NY + (j))

int
main (void)
{
  double *ez, *hx, *hy;
  double cezh = 0.5, chxe = 0.5, chye = 0.5, pulse;
  int i, j, n, nsteps = 30, ic = NX / 2, jc = NY / 2;
  double sum = 0.0;
  unsigned long long h = 1469598103934665603ull;
  const unsigned char *b;
  size_t k;

  ez = calloc (NX * NY, sizeof (double));
  hx = calloc (NX * NY, sizeof (double));
  hy = calloc (NX * NY, sizeof (double));

#pragma pacc pipeline targetinout(ez, hx, hy) size([0:NX][0:NY]) halo([1:1][1:1]) async
  for (n = 0; n < nsteps; n++)
    {
      /* magnetic field */
#pragma pacc loop dim(2)
      for (i = 0; i < NX; i++)
#pragma pacc loop dim(1)
        for (j = 0; j < NY - 1; j++)
          hx[IDX (i, j)] -= chxe * (ez[IDX (i, j + 1)] - ez[IDX (i, j)]);
#pragma pacc loop dim(2)
      for (i = 0; i < NX - 1; i++)
#pragma pacc loop dim(1)
        for (j = 0; j < NY; j++)
          hy[IDX (i, j)] += chye * (ez[IDX (i + 1, j)] - ez[IDX (i, j)]);

      /* electric field */
#pragma pacc loop dim(2)
      for (i = 1; i < NX - 1; i++)
#pragma pacc loop dim(1)
        for (j = 1; j < NY - 1; j++)
          ez[IDX (i, j)] += cezh * ((hy[IDX (i, j)] - hy[IDX (i - 1, j)])
                                    - (hx[IDX (i, j)] - hx[IDX (i, j - 1)]));

      /* hard source */
      pulse = exp (-(n - 10.0) * (n - 10.0) / 16.0);
      ez[IDX (ic, jc)] = pulse;
    }

  b = (const unsigned char *) ez;
  for (k = 0; k < NX * NY * sizeof (double); k++)
    h = (h ^ b[k]) * 1099511628211ull;
  for (k = 0; k < NX * NY; k++)
    sum += ez[k] * ez[k];
  printf ("fdtd %dx%d, %d steps: ez energy %a fnv %016llx\n", NX, NY,
          nsteps, sum, h);
  free (ez);
  free (hx);
  free (hy);
  return 0;
}
