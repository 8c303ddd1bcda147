/* In-kernel temporal blocking (issue 46): benchmarks/jacobi's step on
   `float (*)[Y]' rows, declarations at the top of the function, loop
   variables declared in the loops, rows and columns that start at 2
   (the boundary two wide: rows 0 and 1 never written), 260 columns
   (three strips of a warp at depth 8), T = 30.  Bit for bit the
   sequential result on a GPU, D steps per launch.  Built with
   -DTB_DUMP, make check-tblock emulates its kernels (tb-dump.h);
   depths: 2,3,8  */
/* { dg-pacc-sweep "PACC_K=4,16,30 PACC_CHUNKS=1,2,6 PACC_TBLOCK_DEPTH=-,7" } */

#include "pacc-check.h"
#include "tb-dump.h"

static void
relax (int X, int Y, int T, float (*p)[Y], float (*q)[Y])
{
  TB_BEGIN (X, Y, T, 2, X - 2, 2, Y - 2, 4, 0, NULL, p, q);
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1])
  for (int t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (int x = 2; x < X - 2; x++)
#pragma pacc loop dim(1)
        for (int y = 2; y < Y - 2; y++)
          q[x][y] = (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1])
                    * 0.25f;
#pragma pacc loop dim(2)
      for (int x = 2; x < X - 2; x++)
#pragma pacc loop dim(1)
        for (int y = 2; y < Y - 2; y++)
          p[x][y] = q[x][y];
    }
  TB_END (p, X, sizeof (float) * Y);
}

int
main (void)
{
  int X = 41, Y = 260, T = 30;
  float (*p)[Y], (*q)[Y];

  p = pc_alloc (sizeof (float) * X * Y);
  q = pc_alloc (sizeof (float) * X * Y);
  pc_init_float (&p[0][0], (long) X * Y, 31);
  pc_init_float (&q[0][0], (long) X * Y, 32);
  relax (X, Y, T, p, q);
  pc_dump_float ("p", &p[0][0], (long) X * Y);
  free (p);
  free (q);
  return 0;
}
