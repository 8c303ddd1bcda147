/* A resident plan whose first block has fewer steps than the others
   (PACC_K_FIRST below PACC_K) reads deeper into its targetin arrays'
   halo rows in the later blocks: those rows must be loaded then, since
   no halo copy moves read-only arrays (issue 48, case 1).  */
/* { dg-pacc-sweep "PACC_K_FIRST=1,2 PACC_K=3,5 PACC_CHUNKS=2,3 PACC_QUEUES=1,2 ; PACC_K_FIRST=1 PACC_K=4 PACC_DEVICES=2,3 ; PACC_K_FIRST=6 PACC_K=2 PACC_CHUNKS=2" } */

#include "pacc-check.h"

int
main (void)
{
  int X = 41, Y = 23, T = 17;
  int t, x, y;
  double (*u)[Y] = pc_alloc (sizeof (double[X][Y]));
  double (*v)[Y] = pc_alloc (sizeof (double[X][Y]));
  double (*c)[Y] = pc_alloc (sizeof (double[X][Y]));
  double (*d)[Y] = pc_alloc (sizeof (double[X][Y]));

  pc_init_double (&u[0][0], (long) X * Y, 7);
  pc_init_double (&v[0][0], (long) X * Y, 8);
  pc_init_coef_double (&c[0][0], (long) X * Y, 9);
  pc_init_coef_double (&d[0][0], (long) X * Y, 10);

#pragma pacc pipeline targetin(c, d) targetinout(u) targettemp(v) size([0:X][0:Y]) halo([2:1][1:1]) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 2; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          v[x][y] = 0.5 * u[x][y]
                    + 0.25 * c[x - 2][y] * (u[x - 1][y] - u[x + 1][y])
                    + 0.25 * d[x + 1][y] * (u[x][y - 1] - u[x - 2][y + 1]);
#pragma pacc loop dim(2)
      for (x = 2; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          u[x][y] = v[x][y];
    }

  pc_dump_double ("u", &u[0][0], (long) X * Y);
  pc_dump_double ("c", &c[0][0], (long) X * Y);
  pc_dump_double ("d", &d[0][0], (long) X * Y);
  free (u);
  free (v);
  free (c);
  free (d);
  return 0;
}
