/* corpus: a finite-volume style 2-D update with an imperfect nest: for
   each row, one inner loop computes the fluxes between cells and a
   second one updates the cells from them, with a boundary flux set
   between the two; ported by adding the `#pragma pacc' lines of advect
   only.  */

#include <stdio.h>
#include <stdlib.h>

#define NX 35
#define NY 31
#define STEPS 15

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
advect (int nx, int ny, int steps, double (*q)[NY], double (*flux)[NY],
        double (*q2)[NY], double cfl)
{
  int s, i, j;

#pragma pacc pipeline targetinout(q) targettemp(flux, q2) size([0:nx][0:NY]) halo([1:1][1:0])
  for (s = 0; s < steps; s++)
    {
#pragma pacc loop dim(2)
      for (i = 1; i < nx - 1; i++)
        {
#pragma pacc loop dim(1)
          for (j = 1; j < ny; j++)
            flux[i][j] = cfl * (q[i][j - 1] - q[i][j])
                         + 0.25 * cfl * (q[i - 1][j] - q[i + 1][j]);
          flux[i][0] = 0.0;
#pragma pacc loop dim(1)
          for (j = 0; j < ny - 1; j++)
            q2[i][j] = q[i][j] + flux[i][j] - flux[i][j + 1];
        }
#pragma pacc loop dim(2)
      for (i = 1; i < nx - 1; i++)
#pragma pacc loop dim(1)
        for (j = 0; j < ny - 1; j++)
          q[i][j] = q2[i][j];
    }
}

int
main (void)
{
  double (*q)[NY] = malloc (sizeof (double[NX][NY]));
  double (*f)[NY] = malloc (sizeof (double[NX][NY]));
  double (*q2)[NY] = malloc (sizeof (double[NX][NY]));
  for (int i = 0; i < NX; i++)
    for (int j = 0; j < NY; j++)
      q[i][j] = (double) ((i * 13 + j * 5) % 17) / 17;
  advect (NX, NY, STEPS, q, f, q2, 0.3);
  print_array ("q", &q[0][0], (long) NX * NY);
  free (q);
  free (f);
  free (q2);
  return 0;
}
