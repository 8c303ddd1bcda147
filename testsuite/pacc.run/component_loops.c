/* Loops over the components inside the nests, as codes with NCOMP
   fields write them: `for (m = 0; m < NC; m++) w[m][x][y] = ...
   u[m][...]', a nested loop over the coupling coefficients c[n], and a
   reduction over every component, the loop variables declared at the
   top or in the loop (C99).  The plugin writes each loop out, one copy
   of the body per component.  u and w are fixed-size globals; the
   coefficients come through a pointer to variable-length grids.  */

#include "pacc-check.h"

#define NC 3
#define X 22
#define Y 10

static double u[NC][X][Y], w[NC][X][Y];

static double
evolve (int steps, int ny, float (*c)[X][ny])
{
  int t, x, y, m;
  double s = 0;

#pragma pacc pipeline targetinout(u) targetin(c) targettemp(w) size([0:X][0:ny]) halo([1:1][0:0]) reduction(+:s)
  for (t = 0; t < steps; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < ny; y++)
          for (m = 0; m < NC; m++)
            {
              w[m][x][y] = 0.5 * u[m][x][y]
                           + 0.25 * (u[m][x - 1][y] + u[m][x + 1][y]);
              for (int n = 0; n < NC; n++)
                w[m][x][y] += 0.01 * c[n][x][y] * u[n][x][y];
            }
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < ny; y++)
          for (int k = 0; k < NC; k++)
            {
              u[k][x][y] = w[k][x][y];
              s += u[k][x][y];
            }
    }
  return s;
}

int
main (void)
{
  float (*c)[X][Y] = pc_alloc (sizeof (float[NC][X][Y]));

  pc_init_double (&u[0][0][0], (long) NC * X * Y, 5);
  pc_init_double (&w[0][0][0], (long) NC * X * Y, 6);
  pc_init_float (&c[0][0][0], (long) NC * X * Y, 7);
  double s = evolve (5, Y, c);
  pc_dump_double ("u", &u[0][0][0], (long) NC * X * Y);
  pc_reduction ("s", s);
  free (c);
  return 0;
}
