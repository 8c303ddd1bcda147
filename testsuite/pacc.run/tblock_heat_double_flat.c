/* In-kernel temporal blocking (issue 46): an explicit heat step on flat
   `double *' arrays indexed through a macro, two scalars, a subtraction
   and a division; odd sizes (a 65-column row: two strips of a warp at
   depth 6, 2 columns per lane), T = 41, a multiple of no depth.  On a GPU
   the step runs as launches of D steps (PACC_VERBOSE: "in-kernel depth
   D"); the result must be the sequential one bit for bit.  Built with
   -DTB_DUMP, make check-tblock emulates its kernels (tb-dump.h);
   depths: 2,6  */
/* { dg-pacc-sweep "PACC_K=1,3,8,41 PACC_CHUNKS=1,3 PACC_TBLOCK_DEPTH=-,0,2,5" } */

#include "pacc-check.h"
#include "tb-dump.h"

#define IDX(i, j) ((i) * NY + (j))

int
main (void)
{
  int NX = 37, NY = 65, T = 41;
  int t, i, j;
  double alpha = 0.1875, h2 = 1.5;
  double *u = pc_alloc (sizeof (double) * NX * NY);
  double *v = pc_alloc (sizeof (double) * NX * NY);

  pc_init_double (u, (long) NX * NY, 11);
  pc_init_double (v, (long) NX * NY, 12);

  TB_BEGIN (NX, NY, T, 1, NX - 1, 1, NY - 1, 8, 2,
            (double[]){ alpha, h2 }, u, v);
#pragma pacc pipeline targetinout(u) targettemp(v) size([0:NX][0:NY]) halo([1:1][1:1])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (i = 1; i < NX - 1; i++)
#pragma pacc loop dim(1)
        for (j = 1; j < NY - 1; j++)
          v[IDX (i, j)] = u[IDX (i, j)]
                          + alpha * (u[IDX (i - 1, j)] + u[IDX (i + 1, j)]
                                     - 4.0 * u[IDX (i, j)] + u[IDX (i, j - 1)]
                                     + u[IDX (i, j + 1)]) / h2;
#pragma pacc loop dim(2)
      for (i = 1; i < NX - 1; i++)
#pragma pacc loop dim(1)
        for (j = 1; j < NY - 1; j++)
          u[IDX (i, j)] = v[IDX (i, j)];
    }

  TB_END (u, NX, sizeof (double) * NY);
  pc_dump_double ("u", u, (long) NX * NY);
  free (u);
  free (v);
  return 0;
}
