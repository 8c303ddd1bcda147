/* Two targetinout arrays swapped every step through a tmp pointer declared
   in the time-step body.  Which buffer p names after the region depends on
   the parity of the number of steps: odd and even T.  */

#include "pacc-check.h"

static void
run (int X, int Y, int T, unsigned seed)
{
  int t, x, y;
  float (*A)[Y] = pc_alloc (sizeof (float[X][Y]));
  float (*B)[Y] = pc_alloc (sizeof (float[X][Y]));
  float (*p)[Y] = A;
  float (*q)[Y] = B;
  char name[64];

  pc_init_float (&A[0][0], (long) X * Y, seed);
  pc_init_float (&B[0][0], (long) X * Y, seed + 1);

#pragma pacc pipeline targetinout(p, q) size([0:X][0:Y]) halo([1:1][1:1]) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          q[x][y] = (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1]) * 0.25f;
      float (*tmp)[Y] = p;
      p = q;
      q = tmp;
    }

  printf ("T=%d: p names %s, q names %s\n", T,
          p == A ? "A" : p == B ? "B" : "?", q == A ? "A" : q == B ? "B" : "?");
  snprintf (name, sizeof name, "T=%d A", T);
  pc_dump_float (name, &A[0][0], (long) X * Y);
  snprintf (name, sizeof name, "T=%d B", T);
  pc_dump_float (name, &B[0][0], (long) X * Y);
  free (A);
  free (B);
}

int
main (void)
{
  run (37, 53, 7, 20);
  run (37, 53, 8, 22);
  run (31, 17, 1, 24);
  run (31, 17, 12, 26);
  return 0;
}
