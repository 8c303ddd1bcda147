/* Three targetinout arrays rotated every step (a <- b <- c <- a): a wave
   equation reading two previous levels, u_next = 2u - u_prev + k*lap(u).
   T = 12, 13, 14 end in the three rotation phases.  */

#include "pacc-check.h"

static const char *
which (void *v, void *A, void *B, void *C)
{
  return v == A ? "A" : v == B ? "B" : v == C ? "C" : "?";
}

static void
run (int X, int Y, int T, unsigned seed)
{
  int t, x, y;
  double (*A)[Y] = pc_alloc (sizeof (double[X][Y]));
  double (*B)[Y] = pc_alloc (sizeof (double[X][Y]));
  double (*C)[Y] = pc_alloc (sizeof (double[X][Y]));
  double (*a)[Y] = A, (*b)[Y] = B, (*c)[Y] = C, (*tmp)[Y];
  double k = 0.125;
  char name[64];

  pc_init_double (&A[0][0], (long) X * Y, seed);
  pc_init_double (&B[0][0], (long) X * Y, seed + 1);
  pc_init_double (&C[0][0], (long) X * Y, seed + 2);

#pragma pacc pipeline targetinout(a, b, c) size([0:X][0:Y]) halo([1:1][1:1]) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          c[x][y] = 2.0 * b[x][y] - a[x][y]
                    + k * (b[x - 1][y] + b[x + 1][y] + b[x][y - 1] + b[x][y + 1]
                           - 4.0 * b[x][y]);
      tmp = a;
      a = b;
      b = c;
      c = tmp;
    }

  printf ("T=%d: a names %s, b names %s, c names %s\n", T,
          which (a, A, B, C), which (b, A, B, C), which (c, A, B, C));
  snprintf (name, sizeof name, "T=%d A", T);
  pc_dump_double (name, &A[0][0], (long) X * Y);
  snprintf (name, sizeof name, "T=%d B", T);
  pc_dump_double (name, &B[0][0], (long) X * Y);
  snprintf (name, sizeof name, "T=%d C", T);
  pc_dump_double (name, &C[0][0], (long) X * Y);
  free (A);
  free (B);
  free (C);
}

int
main (void)
{
  run (37, 29, 12, 30);
  run (37, 29, 13, 33);
  run (23, 41, 14, 36);
  return 0;
}
