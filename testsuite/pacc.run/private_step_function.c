/* Temporaries declared at the top of a static function that holds the
   pipeline, over flat float arrays indexed by hand; the function's
   parameter `w' is a temporary too, and `tmp' is assigned again after
   the region before it is read (which is allowed).  */

#include "pacc-check.h"

static float
step (int nx, int ny, int steps, float *u, float *v, float w)
{
  float tmp, east, west;
  int i, j, t;

#pragma pacc pipeline targetinout(u) targettemp(v) size([0:nx][0:ny]) halo([1:1][1:1])
  for (t = 0; t < steps; t++)
    {
#pragma pacc loop dim(2)
      for (i = 1; i < nx - 1; i++)
#pragma pacc loop dim(1)
        for (j = 1; j < ny - 1; j++)
          {
            east = u[i * ny + j + 1];
            west = u[i * ny + j - 1];
            w = u[(i - 1) * ny + j] + u[(i + 1) * ny + j];
            tmp = 0.5f * (east + west);
            v[i * ny + j] = 0.5f * tmp + 0.25f * w;
          }
#pragma pacc loop dim(2)
      for (i = 1; i < nx - 1; i++)
#pragma pacc loop dim(1)
        for (j = 1; j < ny - 1; j++)
          u[i * ny + j] = v[i * ny + j];
    }
  tmp = u[ny + 1];
  return tmp * 2.0f;
}

int
main (void)
{
  int nx = 37, ny = 45, steps = 11;
  float *u = pc_alloc (sizeof (float) * nx * ny);
  float *v = pc_alloc (sizeof (float) * nx * ny);
  pc_init_float (u, (long) nx * ny, 452);
  pc_init_float (v, (long) nx * ny, 453);
  float r = step (nx, ny, steps, u, v, 1.0f);
  printf ("r %a\n", (double) r);
  pc_dump_float ("u", u, (long) nx * ny);
  free (u);
  free (v);
  return 0;
}
