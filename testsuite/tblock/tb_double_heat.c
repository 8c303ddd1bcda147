/* In-kernel temporal blocking, checked by ptx-emu.py: an explicit heat
   step on flat `double *' arrays indexed through a macro, with two
   scalars, a subtraction and a division; 75 columns (two strips at
   depth 6, 2 columns per lane), odd rows.
   depths: 2,6  */

#include "tb-dump.h"

#define IDX(i, j) ((i) * NY + (j))

int
main (int argc, char **argv)
{
  int NX = 33, NY = 75, T = 13;
  int t, i, j;
  double alpha = 0.1875, h2 = 1.5;
  double *u = malloc (sizeof (double) * NX * NY);
  double *v = malloc (sizeof (double) * NX * NY);
  for (i = 0; i < NX; i++)
    for (j = 0; j < NY; j++)
      {
        u[IDX (i, j)] = (i == 0 || j == 0) ? 1.0 : (double) ((i * 5 + j * 3) % 17) / 7.0;
        v[IDX (i, j)] = 0.0;
      }
  double sc[2] = { alpha, h2 };
  tb_dump_begin (argv[1], NX, NY, T, 1, NX - 1, 1, NY - 1, 8, 2, sc, u, v);
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
  tb_dump_end (u, NX, sizeof (double) * NY);
  return 0;
}
