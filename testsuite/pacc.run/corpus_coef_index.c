/* corpus: 2-D diffusion with a coefficient per material, read through an
   index array, coef[mat[j]], and a time-dependent source term table,
   as material-aware solvers write it; ported by adding the `#pragma pacc'
   lines of diffuse only (the tables go in copyin).  */

#include <stdio.h>
#include <stdlib.h>

#define NX 39
#define NY 27
#define NMAT 4
#define STEPS 21

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
diffuse (int nx, int ny, int steps, double (*u)[NY], double (*v)[NY],
         const int *mat, const double *coef, const double *source)
{
  int s, i, j;

#pragma pacc pipeline targetinout(u) targettemp(v) copyin(mat[0:ny], coef[0:NMAT], source[0:steps]) size([0:nx][0:NY]) halo([1:1][1:1])
  for (s = 0; s < steps; s++)
    {
#pragma pacc loop dim(2)
      for (i = 1; i < nx - 1; i++)
#pragma pacc loop dim(1)
        for (j = 1; j < ny - 1; j++)
          v[i][j] = u[i][j] + coef[mat[j]] * (u[i + 1][j] + u[i - 1][j]
                                              + u[i][j + 1] + u[i][j - 1]
                                              - 4.0 * u[i][j])
                    + (i == nx / 2 ? source[s] : 0.0);
#pragma pacc loop dim(2)
      for (i = 1; i < nx - 1; i++)
#pragma pacc loop dim(1)
        for (j = 1; j < ny - 1; j++)
          u[i][j] = v[i][j];
    }
}

int
main (void)
{
  double (*u)[NY] = calloc (NX, sizeof *u), (*v)[NY] = calloc (NX, sizeof *v);
  int *mat = malloc (NY * sizeof (int));
  double coef[NMAT] = { 0.05, 0.1, 0.2, 0.15 };
  double *source = malloc (STEPS * sizeof (double));
  for (int j = 0; j < NY; j++)
    mat[j] = (j / 5) % NMAT;
  for (int s = 0; s < STEPS; s++)
    source[s] = 1.0 / (1 + s);
  for (int i = 0; i < NX; i++)
    for (int j = 0; j < NY; j++)
      u[i][j] = (double) ((i * 7 + j * 3) % 11) / 11;
  diffuse (NX, NY, STEPS, u, v, mat, coef, source);
  print_array ("u", &u[0][0], (long) NX * NY);
  free (u);
  free (v);
  free (mat);
  free (source);
  return 0;
}
