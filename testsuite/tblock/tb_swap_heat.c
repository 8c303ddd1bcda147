/* In-kernel temporal blocking, checked by ptx-emu.py: the swap form (no
   copy-back: the step swaps its two pointers through a temporary), an
   explicit heat step on `float (*)[NY]' arrays with a scalar, both
   arrays targetinout (the one that ends holding the step before the last
   must hold it as the sequential program's does); T = 22.
   depths: 3,8  */

#include "tb-dump.h"

int
main (int argc, char **argv)
{
  int NX = 31, NY = 140, T = 22;
  int t, i, j;
  float r = 0.125f;
  float (*u)[NY] = malloc (sizeof (float) * NX * NY);
  float (*v)[NY] = malloc (sizeof (float) * NX * NY);
  for (i = 0; i < NX; i++)
    for (j = 0; j < NY; j++)
      {
        u[i][j] = (float) ((i * 3 + j * 5) % 29) / 29.0f;
        v[i][j] = (float) ((i + j) % 7) - 3.0f;
      }
  double sc[1] = { r };
  tb_dump_begin_swap (argv[1], NX, NY, T, 1, NX - 1, 1, NY - 1, 4, 1, sc, u,
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
  tb_rows (u, NX, sizeof (float) * NY);
  tb_dump_end (v, NX, sizeof (float) * NY);
  return 0;
}
