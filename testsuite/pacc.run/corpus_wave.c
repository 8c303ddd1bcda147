/* corpus: a 2-D wave equation with three time levels, u_prev, u and
   u_next, rotated by pointers every step, as many teaching and
   benchmark codes write it; ported by adding the `#pragma pacc' lines of
   wave only.  */

#include <stdio.h>
#include <stdlib.h>

#define NX 41
#define NY 33
#define STEPS 19

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
wave (int nx, int ny, int steps, double c2, double (**pu_prev)[NY],
      double (**pu)[NY], double (**pu_next)[NY])
{
  double (*u_prev)[NY] = *pu_prev, (*u)[NY] = *pu, (*u_next)[NY] = *pu_next;
  double (*tmp)[NY];
  int n, i, j;

#pragma pacc pipeline targetinout(u_prev, u, u_next) size([0:nx][0:NY]) halo([1:1][1:1])
  for (n = 0; n < steps; n++)
    {
#pragma pacc loop dim(2)
      for (i = 1; i < nx - 1; i++)
#pragma pacc loop dim(1)
        for (j = 1; j < ny - 1; j++)
          u_next[i][j] = 2.0 * u[i][j] - u_prev[i][j]
                         + c2 * (u[i + 1][j] + u[i - 1][j] + u[i][j + 1]
                                 + u[i][j - 1] - 4.0 * u[i][j]);
      tmp = u_prev;
      u_prev = u;
      u = u_next;
      u_next = tmp;
    }
  *pu_prev = u_prev;
  *pu = u;
  *pu_next = u_next;
}

int
main (void)
{
  double (*a)[NY] = calloc (NX, sizeof *a), (*b)[NY] = calloc (NX, sizeof *b);
  double (*c)[NY] = calloc (NX, sizeof *c);
  for (int i = 0; i < NX; i++)
    for (int j = 0; j < NY; j++)
      a[i][j] = b[i][j] = (i - NX / 2) * (i - NX / 2) + (j - NY / 3) * (j - NY / 3) < 25
                          ? 1.0 : 0.0;
  wave (NX, NY, STEPS, 0.2, &a, &b, &c);
  print_array ("u", &b[0][0], (long) NX * NY);
  print_array ("u_prev", &a[0][0], (long) NX * NY);
  free (a);
  free (b);
  free (c);
  return 0;
}
