/* Fields as a parameter `float f[NF][NX][NY]' of a static function (a
   pointer to the fields once adjusted), sizes from macros, components
   named by an enum and by a macro, one component (F_UNUSED) never used
   by the region, and a fixed-size global with two leading dimensions,
   `coef[2][2][NX][NY]', read-only.  Built with -g.  */

/* { dg-pacc-options "-g" } */

#include "pacc-check.h"

#define NX 29
#define NY 12
#define NF 3
#define STEPS 9
#define LAST (NF - 1)

enum { F_HEAT, F_UNUSED };

static double coef[2][2][NX][NY];

static void
evolve (float f[NF][NX][NY], float tmp[NX][NY], int steps)
{
  int t, x, y;

#pragma pacc pipeline targetinout(f) targetin(coef) targettemp(tmp) size([0:NX][0:NY]) halo([2:1][0:1])
  for (t = 0; t < steps; t++)
    {
#pragma pacc loop dim(2)
      for (x = 2; x < NX - 1; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < NY - 1; y++)
          tmp[x][y] = (float) (coef[0][0][x][y] * f[F_HEAT][x - 2][y]
                               + coef[0][1][x][y] * f[F_HEAT][x + 1][y]
                               + coef[1][0][x][y] * f[LAST][x][y + 1]
                               + coef[1][1][x][y] * f[LAST][x][y]);
#pragma pacc loop dim(2)
      for (x = 2; x < NX - 1; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < NY - 1; y++)
          {
            f[LAST][x][y] = f[F_HEAT][x][y];
            f[F_HEAT][x][y] = tmp[x][y];
          }
    }
}

int
main (void)
{
  float (*f)[NX][NY] = pc_alloc (sizeof (float[NF][NX][NY]));
  float (*tmp)[NY] = pc_alloc (sizeof (float[NX][NY]));
  int i;

  pc_init_float (&f[0][0][0], (long) NF * NX * NY, 31);
  pc_init_float (&tmp[0][0], (long) NX * NY, 32);
  for (i = 0; i < 4 * NX * NY; i++)
    (&coef[0][0][0][0])[i] = (pc_value (33, i) + 2.0) / 17.0;
  evolve (f, tmp, STEPS);
  pc_dump_float ("f", &f[0][0][0], (long) NF * NX * NY);
  free (f);
  free (tmp);
  return 0;
}
