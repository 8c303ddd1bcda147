/* One-dimensional grids: a 1-D heat equation whose two time levels are
   the components of `float h[2][N]' (size([0:N])), with the
   conductivity's three components in `double (*kc)[N]', flat rows of a
   pointer to the components, read at constant components only.  */

#include "pacc-check.h"

#define N 97

static float h[2][N];

int
main (void)
{
  double (*kc)[N] = pc_alloc (sizeof (double[3][N]));
  int t, i;

  pc_init_float (&h[0][0], 2L * N, 61);
  for (i = 0; i < 3 * N; i++)
    (&kc[0][0])[i] = (pc_value (62, i) + 2.0) / 16.0;

#pragma pacc pipeline targetinout(h) targetin(kc) size([0:N]) halo([1:1]) async
  for (t = 0; t < 12; t++)
    {
#pragma pacc loop dim(1)
      for (i = 1; i < N - 1; i++)
        h[(t + 1) % 2][i] = h[t % 2][i]
                            + (float) (kc[0][i] * h[t % 2][i - 1]
                                       - kc[1][i] * 2.0f * h[t % 2][i]
                                       + kc[2][i] * h[t % 2][i + 1]);
    }

  pc_dump_float ("h", &h[0][0], 2L * N);
  free (kc);
  return 0;
}
