/* The stencil nest runs over every row and writes the scratch array
   under a condition that keeps it to the inner ones (`if (x >= 1 && x
   <= nx - 2)', nx known at run time); the copy-back nest reads exactly
   those: the writes count where the condition lets them run, and the
   program runs (issue 48).  Flat pointers, a static function.  */

#include "pacc-check.h"

static void
run (double *p, double *q, int nx, int ny, int steps)
{
  int t, x, y;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:nx][0:ny]) halo([1:1][1:1])
  for (t = 0; t < steps; t++)
    {
#pragma pacc loop dim(2)
      for (x = 0; x < nx; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < ny - 1; y++)
          if (x >= 1 && x <= nx - 2)
            q[x * ny + y] = 0.25 * (p[(x - 1) * ny + y] + p[(x + 1) * ny + y]
                                    + p[x * ny + y - 1] + p[x * ny + y + 1]);
#pragma pacc loop dim(2)
      for (x = 1; x < nx - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < ny - 1; y++)
          p[x * ny + y] = q[x * ny + y];
    }
}

int
main (void)
{
  int nx = 43, ny = 17;
  double *p = pc_alloc (sizeof (double) * nx * ny);
  double *q = pc_alloc (sizeof (double) * nx * ny);

  pc_init_double (p, (long) nx * ny, 4921);
  pc_init_double (q, (long) nx * ny, 4922);
  run (p, q, nx, ny, 7);
  pc_dump_double ("p", p, (long) nx * ny);
  free (p);
  free (q);
  return 0;
}
