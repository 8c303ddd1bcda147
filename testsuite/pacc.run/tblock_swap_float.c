/* In-kernel temporal blocking (issue 46), the swap form: an explicit
   heat step on `float (*)[NY]' rows whose pointers the step swaps
   through a temporary (no copy-back), both arrays targetinout and with
   different boundaries (each step reads the boundary of the array it
   reads, so the kernels read it from memory at every level); 140
   columns, T = 22.  On a GPU the step runs as launches of an odd number
   of steps; the results (both arrays) must be the sequential ones bit
   for bit.  Built with -DTB_DUMP, make check-tblock emulates its
   kernels (tb-dump.h); depths: 3,8  */
/* { dg-pacc-sweep "PACC_K=2,5,22 PACC_CHUNKS=1,3 PACC_TBLOCK_DEPTH=-,3,4" } */

#include "pacc-check.h"
#include "tb-dump.h"

int
main (void)
{
  int NX = 31, NY = 140, T = 22;
  int t, i, j;
  float r = 0.125f;
  float (*u)[NY] = pc_alloc (sizeof (float) * NX * NY);
  float (*v)[NY] = pc_alloc (sizeof (float) * NX * NY);

  pc_init_float (&u[0][0], (long) NX * NY, 41);
  pc_init_float (&v[0][0], (long) NX * NY, 42);

  TB_BEGIN_SWAP (NX, NY, T, 1, NX - 1, 1, NY - 1, 4, 1, (double[]){ r }, u,
                 v);
#pragma pacc pipeline targetinout(u, v) size([0:NX][0:NY]) halo([1:1][1:1])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (i = 1; i < NX - 1; i++)
#pragma pacc loop dim(1)
        for (j = 1; j < NY - 1; j++)
          v[i][j] = u[i][j] + r * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1]
                                   + u[i][j + 1] - 4.0f * u[i][j]);
      float (*w)[NY] = u;
      u = v;
      v = w;
    }

  TB_ROWS (u, NX, sizeof (float) * NY);
  TB_END (v, NX, sizeof (float) * NY);
  pc_dump_float ("u", &u[0][0], (long) NX * NY);
  pc_dump_float ("v", &v[0][0], (long) NX * NY);
  free (u);
  free (v);
  return 0;
}
