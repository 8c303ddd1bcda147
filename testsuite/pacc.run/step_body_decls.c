/* The loop variables declared at the top of the time step's body (old C
   style: `int i, j;' then `for (i = ...)'), and a nest of its own with
   a local block: each kernel uses variables whose scope is the step
   (issue 45, item 6: an internal compiler error in the gimplifier).  */

#include "pacc-check.h"

int
main (void)
{
  int X = 43, Y = 27, T = 13;
  int t;
  double (*p)[Y] = pc_alloc (sizeof (double[X][Y]));
  double (*q)[Y] = pc_alloc (sizeof (double[X][Y]));

  pc_init_double (&p[0][0], (long) X * Y, 21);
  pc_init_double (&q[0][0], (long) X * Y, 22);

#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) async
  for (t = 0; t < T; t++)
    {
      int i, j;
#pragma pacc loop dim(2)
      for (i = 1; i < X - 1; i++)
#pragma pacc loop dim(1)
        for (j = 1; j < Y - 1; j++)
          q[i][j] = 0.2 * (p[i][j] + p[i - 1][j] + p[i + 1][j] + p[i][j - 1]
                           + p[i][j + 1]);
      {
        int x, y;
#pragma pacc loop dim(2)
        for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
          for (y = 1; y < Y - 1; y++)
            p[x][y] = q[x][y];
      }
    }

  pc_dump_double ("p", &p[0][0], (long) X * Y);
  free (p);
  free (q);
  return 0;
}
