/* patterns: Rodinia hotspot3D; 3-D flat float arrays; index locals c = i + j*nx + k*nx*ny; clamped neighbour indices w = (i == 0) ? c : c - 1; coefficient scalars; pointer swap in the time loop. */
/* A 3-D thermal simulation in the style of Rodinia's hotspot3D: flat
   arrays indexed through locals computed per point, the six neighbours'
   indices clamped at the faces, and tIn/tOut swapped every step.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define STR_SIZE 256
#define MAX_PD (3.0e6)
#define PRECISION 0.001
#define SPEC_HEAT_SI 1.75e6
#define K_SI 100
#define FACTOR_CHIP 0.5

static float amb_temp = 80.0;

static void
computeTempCPU (float *pIn, float *tIn, float *tOut, int nx, int ny, int nz,
                float Cap, float Rx, float Ry, float Rz, float dt,
                int numiter)
{
  float ce, cw, cn, cs, ct, cb, cc;
  float stepDivCap = dt / Cap;
  int c, w, e, n, s, b, t;
  int x, y, z;
  int i = 0;
  float *tmp;

  ce = cw = stepDivCap / Rx;
  cn = cs = stepDivCap / Ry;
  ct = cb = stepDivCap / Rz;
  cc = 1.0 - (2.0 * ce + 2.0 * cn + 3.0 * ct);

#pragma pacc pipeline targetinout(tIn, tOut) targetin(pIn) size([0:nz][0:ny][0:nx]) halo([1:1][1:1][1:1]) async
  for (i = 0; i < numiter; i++)
    {
#pragma pacc loop dim(3)
      for (z = 0; z < nz; z++)
#pragma pacc loop dim(2)
        for (y = 0; y < ny; y++)
#pragma pacc loop dim(1)
          for (x = 0; x < nx; x++)
            {
              c = x + y * nx + z * nx * ny;

              w = (x == 0) ? c : c - 1;
              e = (x == nx - 1) ? c : c + 1;
              n = (y == 0) ? c : c - nx;
              s = (y == ny - 1) ? c : c + nx;
              b = (z == 0) ? c : c - nx * ny;
              t = (z == nz - 1) ? c : c + nx * ny;

              tOut[c] = tIn[c] * cc + tIn[n] * cn + tIn[s] * cs
                        + tIn[e] * ce + tIn[w] * cw + tIn[t] * ct
                        + tIn[b] * cb + (dt / Cap) * pIn[c] + ct * amb_temp;
            }
      tmp = tIn;
      tIn = tOut;
      tOut = tmp;
    }
}

int
main (void)
{
  int numCols = 19, numRows = 13, layers = 7, iterations = 9;
  float dx, dy, dz, Cap, Rx, Ry, Rz, max_slope, dt;
  float *powerIn, *tempOut, *tempIn, *tempCopy, *answer;
  int size = numCols * numRows * layers;
  unsigned long long h = 1469598103934665603ull;
  const unsigned char *bytes;
  double sum = 0.0;
  int i;

  dx = 0.016 / numRows;
  dy = 0.016 / numCols;
  dz = 0.0005 / layers;
  Cap = FACTOR_CHIP * SPEC_HEAT_SI * 0.0005 * dx * dy;
  Rx = dy / (2.0 * K_SI * 0.0005 * dx);
  Ry = dx / (2.0 * K_SI * 0.0005 * dy);
  Rz = dz / (K_SI * dx * dy);
  max_slope = MAX_PD / (FACTOR_CHIP * 0.0005 * SPEC_HEAT_SI);
  dt = PRECISION / max_slope;

  powerIn = (float *) calloc (size, sizeof (float));
  tempCopy = (float *) malloc (size * sizeof (float));
  tempIn = (float *) calloc (size, sizeof (float));
  tempOut = (float *) calloc (size, sizeof (float));
  for (i = 0; i < size; i++)
    {
      powerIn[i] = (float) ((i * 7) % 23) * 0.01f;
      tempIn[i] = 320.0f + (float) ((i * 29) % 61) * 0.1f;
    }
  memcpy (tempCopy, tempIn, size * sizeof (float));

  computeTempCPU (powerIn, tempIn, tempOut, numCols, numRows, layers, Cap,
                  Rx, Ry, Rz, dt, iterations);

  answer = iterations % 2 ? tempOut : tempIn;
  bytes = (const unsigned char *) answer;
  for (i = 0; i < size * (int) sizeof (float); i++)
    h = (h ^ bytes[i]) * 1099511628211ull;
  for (i = 0; i < size; i++)
    sum += answer[i] - tempCopy[i];
  printf ("hotspot3D %dx%dx%d, %d steps: change %a fnv %016llx\n", numCols,
          numRows, layers, iterations, sum, h);
  free (powerIn);
  free (tempCopy);
  free (tempIn);
  free (tempOut);
  return 0;
}
