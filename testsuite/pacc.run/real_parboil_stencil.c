/* patterns: Parboil stencil; 3-D 7-point on flat float arrays; index macro Index3D(nx,ny,i,j,k); step function cpu_stencil called from the time loop; loop order i, j, k with i the fastest index; pointer swap. */
/* The 3-D 7-point stencil of the Parboil benchmarks (CPU version): an
   index macro over flat arrays, the stencil in a function of its own
   whose loops run i (the fastest index) outermost, and the two buffers
   swapped in main's time loop.  */

#include <stdio.h>
#include <stdlib.h>

#define Index3D(_nx,_ny,_i,_j,_k) ((_i)+_nx*((_j)+_ny*(_k)))

static void
cpu_stencil (float c0, float c1, float *A0, float *Anext, const int nx,
             const int ny, const int nz)
{
  int i, j, k;

#pragma pacc loop dim(1)
  for (i = 1; i < nx - 1; i++)
    {
#pragma pacc loop dim(2)
      for (j = 1; j < ny - 1; j++)
        {
#pragma pacc loop dim(3)
          for (k = 1; k < nz - 1; k++)
            {
              Anext[Index3D (nx, ny, i, j, k)] =
                (A0[Index3D (nx, ny, i, j, k + 1)] +
                 A0[Index3D (nx, ny, i, j, k - 1)] +
                 A0[Index3D (nx, ny, i, j + 1, k)] +
                 A0[Index3D (nx, ny, i, j - 1, k)] +
                 A0[Index3D (nx, ny, i + 1, j, k)] +
                 A0[Index3D (nx, ny, i - 1, j, k)]) * c1
                - A0[Index3D (nx, ny, i, j, k)] * c0;
            }
        }
    }
}

static void
generate_data (float *A0, int nx, int ny, int nz)
{
  int s = 0;
  int i, j, k;

  for (k = 0; k < nz; k++)
    for (j = 0; j < ny; j++)
      for (i = 0; i < nx; i++)
        {
          A0[s] = (float) ((s * 1103515245u + 12345u) % 1000u) / 1000.0f;
          s++;
        }
}

int
main (void)
{
  int nx = 21, ny = 13, nz = 17, iteration = 6;
  float c0 = 1.0f / 6.0f;
  float c1 = 1.0f / 6.0f / 6.0f;
  float *h_A0, *h_Anext, *h_temp;
  int t, size, n;
  unsigned long long h = 1469598103934665603ull;
  const unsigned char *b;
  double sum = 0.0;

  size = nx * ny * nz;
  h_A0 = (float *) malloc (sizeof (float) * size);
  h_Anext = (float *) malloc (sizeof (float) * size);
  generate_data (h_A0, nx, ny, nz);
  for (n = 0; n < size; n++)
    h_Anext[n] = h_A0[n];

#pragma pacc pipeline targetinout(h_A0, h_Anext) size([0:nz][0:ny][0:nx]) halo([1:1][1:1][1:1]) async
  for (t = 0; t < iteration; t++)
    {
      cpu_stencil (c0, c1, h_A0, h_Anext, nx, ny, nz);
      h_temp = h_A0;
      h_A0 = h_Anext;
      h_Anext = h_temp;
    }

  b = (const unsigned char *) h_A0;
  for (n = 0; n < size * (int) sizeof (float); n++)
    h = (h ^ b[n]) * 1099511628211ull;
  for (n = 0; n < size; n++)
    sum += h_A0[n];
  printf ("stencil %dx%dx%d, %d iterations: sum %a fnv %016llx\n", nx, ny,
          nz, iteration, sum, h);
  free (h_A0);
  free (h_Anext);
  return 0;
}
