/* patterns: 2-D heat (FTCS) on pointer-to-VLA rows from malloc; parameters in a struct copied into locals; Dirichlet border left untouched; pointer swap; -g -O2. */
/* { dg-pacc-options "-g" } */
/* The explicit (FTCS) 2-D heat equation as a research code writes it:
   the grid's parameters in a struct, the two temperature fields
   allocated as pointers to rows, the border held at its initial values,
   and the fields swapped every step.  */

#include <stdio.h>
#include <stdlib.h>

struct params
{
  int nx, ny, nsteps;
  double alpha, dt, dx, dy;
};

static void
init_field (int nx, int ny, double (*u)[ny])
{
  int i, j;

  for (i = 0; i < nx; i++)
    for (j = 0; j < ny; j++)
      u[i][j] = (i == 0 || j == 0) ? 100.0 : ((i * 7 + j * 3) % 10) * 0.5;
}

static void
solve (const struct params *prm, double (**pu)[prm->ny],
       double (**pv)[prm->ny])
{
  int nx = prm->nx, ny = prm->ny, nsteps = prm->nsteps;
  double rx = prm->alpha * prm->dt / (prm->dx * prm->dx);
  double ry = prm->alpha * prm->dt / (prm->dy * prm->dy);
  double (*u)[ny] = *pu, (*v)[ny] = *pv, (*w)[ny];
  int i, j, step;

#pragma pacc pipeline targetinout(u, v) size([0:nx][0:ny]) halo([1:1][1:1]) async
  for (step = 0; step < nsteps; step++)
    {
#pragma pacc loop dim(2)
      for (i = 1; i < nx - 1; i++)
#pragma pacc loop dim(1)
        for (j = 1; j < ny - 1; j++)
          v[i][j] = u[i][j]
                    + rx * (u[i + 1][j] - 2.0 * u[i][j] + u[i - 1][j])
                    + ry * (u[i][j + 1] - 2.0 * u[i][j] + u[i][j - 1]);
      w = u;
      u = v;
      v = w;
    }
  *pu = u;
  *pv = v;
}

int
main (void)
{
  struct params prm = { 53, 41, 60, 1.0, 0.0001, 0.02, 0.025 };
  double (*u)[prm.ny] = malloc (sizeof (double[prm.nx][prm.ny]));
  double (*v)[prm.ny] = malloc (sizeof (double[prm.nx][prm.ny]));
  unsigned long long h = 1469598103934665603ull;
  const unsigned char *b;
  double sum = 0.0;
  size_t k;
  int i, j;

  init_field (prm.nx, prm.ny, u);
  init_field (prm.nx, prm.ny, v);
  solve (&prm, &u, &v);

  b = (const unsigned char *) &u[0][0];
  for (k = 0; k < sizeof (double[prm.nx][prm.ny]); k++)
    h = (h ^ b[k]) * 1099511628211ull;
  for (i = 0; i < prm.nx; i++)
    for (j = 0; j < prm.ny; j++)
      sum += u[i][j];
  printf ("heat %dx%d, %d steps: sum %a fnv %016llx\n", prm.nx, prm.ny,
          prm.nsteps, sum, h);
  free (u);
  free (v);
  return 0;
}
