/* private(list) for what the analysis cannot prove: `w' is written under
   a condition the author knows always holds (the mask is never zero
   inside), `e' on one arm only of an if whose other arm never runs.  */

#include "pacc-check.h"

#define NX 35
#define NY 27

int
main (void)
{
  double (*a)[NY] = pc_alloc (sizeof (double[NX][NY]));
  double (*b)[NY] = pc_alloc (sizeof (double[NX][NY]));
  int (*mask)[NY] = pc_alloc (sizeof (int[NX][NY]));
  double w, e;
  int t, x, y;

  pc_init_double (&a[0][0], (long) NX * NY, 461);
  pc_init_double (&b[0][0], (long) NX * NY, 462);
  for (x = 0; x < NX; x++)
    for (y = 0; y < NY; y++)
      mask[x][y] = 1 + (x + y) % 2;

#pragma pacc pipeline targetin(mask) targetinout(a) targettemp(b) size([0:NX][0:NY]) halo([1:1][1:1])
  for (t = 0; t < 8; t++)
    {
#pragma pacc loop dim(2) private(w, e)
      for (x = 1; x < NX - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < NY - 1; y++)
          {
            if (mask[x][y] != 0)
              w = mask[x][y] * 0.5;
            if (x > 0)
              e = a[x][y + 1] - a[x][y - 1];
            b[x][y] = a[x][y] + 0.1 * w * e + 0.05 * (a[x - 1][y] + a[x + 1][y]);
          }
#pragma pacc loop dim(2)
      for (x = 1; x < NX - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < NY - 1; y++)
          a[x][y] = b[x][y];
    }

  pc_dump_double ("a", &a[0][0], (long) NX * NY);
  free (a);
  free (b);
  free (mask);
  return 0;
}
