/* Time levels through a pointer to fixed-size grids, `float (*w)[NX][NY]'
   (a parameter of a static function), declared at the top, with a
   constant component of another such pointer (the coefficient k[1], k[0]
   unused) and a reduction of the new level's sum: the leading index
   `t % 2' of the pointer is read from its byte offset, (t % 2) *
   sizeof *w.  */

#include "pacc-check.h"

#define NX 26
#define NY 11
#define NT 8

static double
run (float (*w)[NX][NY], const float (*k)[NX][NY], int nt)
{
  int t, i, j;
  double sum = 0.0;

#pragma pacc pipeline targetinout(w) targetin(k) size([0:NX][0:NY]) halo([1:1][1:1]) reduction(+:sum)
  for (t = 0; t < nt; t++)
    {
      sum = 0.0;
#pragma pacc loop dim(2)
      for (i = 1; i < NX - 1; i++)
#pragma pacc loop dim(1)
        for (j = 1; j < NY - 1; j++)
          {
            w[(t + 1) % 2][i][j] = w[t % 2][i][j]
                                   + k[1][i][j] * (w[t % 2][i - 1][j]
                                                   + w[t % 2][i + 1][j]
                                                   + w[t % 2][i][j - 1]
                                                   + w[t % 2][i][j + 1]
                                                   - 4.0f * w[t % 2][i][j]);
            sum += w[(t + 1) % 2][i][j];
          }
    }
  return sum;
}

int
main (void)
{
  float (*w)[NX][NY] = pc_alloc (sizeof (float[2][NX][NY]));
  float (*k)[NX][NY] = pc_alloc (sizeof (float[2][NX][NY]));
  long n = (long) NX * NY;

  pc_init_float (&w[0][0][0], 2 * n, 51);
  for (long i = 0; i < 2 * n; i++)
    (&k[0][0][0])[i] = (float) ((pc_value (52, i) + 2.0) / 32.0);
  double s = run (w, (const float (*)[NX][NY]) k, NT);
  pc_dump_float ("w", &w[0][0][0], 2 * n);
  pc_reduction ("sum", s);
  free (w);
  free (k);
  return 0;
}
