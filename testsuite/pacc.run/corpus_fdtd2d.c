/* corpus: fdtd-2d in the style of PolyBench/C 4.2 (init, kernel, print),
   ported by adding the four `#pragma pacc' lines of kernel_fdtd_2d and
   nothing else.  The kernel sets a source row, ey[0][*] = _fict_[t],
   every step: a fixed-row nest reading a 1-D table (copyin).  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TMAX 13
#define NX 43
#define NY 29

static void
init_array (int tmax, int nx, int ny, double ex[nx][ny], double ey[nx][ny],
            double hz[nx][ny], double _fict_[tmax])
{
  int i, j;
  for (i = 0; i < tmax; i++)
    _fict_[i] = (double) i;
  for (i = 0; i < nx; i++)
    for (j = 0; j < ny; j++)
      {
        ex[i][j] = ((double) i * (j + 1)) / nx;
        ey[i][j] = ((double) i * (j + 2)) / ny;
        hz[i][j] = ((double) i * (j + 3)) / nx;
      }
}

static void
print_array (const char *name, int nx, int ny, double a[nx][ny])
{
  unsigned long long h = 1469598103934665603ull;
  double s = 0;
  const unsigned char *b = (const unsigned char *) &a[0][0];
  for (size_t i = 0; i < sizeof (double) * nx * ny; i++)
    h = (h ^ b[i]) * 1099511628211ull;
  for (int i = 0; i < nx; i++)
    for (int j = 0; j < ny; j++)
      s += a[i][j];
  printf ("%s: sum %.17g fnv %016llx\n", name, s, h);
}

static void
kernel_fdtd_2d (int tmax, int nx, int ny, double ex[nx][ny],
                double ey[nx][ny], double hz[nx][ny], double _fict_[tmax])
{
  int t, i, j;

#pragma pacc pipeline targetinout(ex, ey, hz) copyin(_fict_[0:tmax]) size([0:nx][0:ny]) halo([1:1][1:1])
  for (t = 0; t < tmax; t++)
    {
#pragma pacc loop dim(1)
      for (j = 0; j < ny; j++)
        ey[0][j] = _fict_[t];
#pragma pacc loop dim(2)
      for (i = 1; i < nx; i++)
#pragma pacc loop dim(1)
        for (j = 0; j < ny; j++)
          ey[i][j] = ey[i][j] - 0.5 * (hz[i][j] - hz[i - 1][j]);
#pragma pacc loop dim(2)
      for (i = 0; i < nx; i++)
#pragma pacc loop dim(1)
        for (j = 1; j < ny; j++)
          ex[i][j] = ex[i][j] - 0.5 * (hz[i][j] - hz[i][j - 1]);
#pragma pacc loop dim(2)
      for (i = 0; i < nx - 1; i++)
#pragma pacc loop dim(1)
        for (j = 0; j < ny - 1; j++)
          hz[i][j] = hz[i][j] - 0.7 * (ex[i][j + 1] - ex[i][j]
                                       + ey[i + 1][j] - ey[i][j]);
    }
}

int
main (void)
{
  double (*ex)[NY] = malloc (sizeof (double[NX][NY]));
  double (*ey)[NY] = malloc (sizeof (double[NX][NY]));
  double (*hz)[NY] = malloc (sizeof (double[NX][NY]));
  double *fict = malloc (TMAX * sizeof (double));
  init_array (TMAX, NX, NY, ex, ey, hz, fict);
  kernel_fdtd_2d (TMAX, NX, NY, ex, ey, hz, fict);
  print_array ("ex", NX, NY, ex);
  print_array ("ey", NX, NY, ey);
  print_array ("hz", NX, NY, hz);
  free (ex);
  free (ey);
  free (hz);
  free (fict);
  return 0;
}
