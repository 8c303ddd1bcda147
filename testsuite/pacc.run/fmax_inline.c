/* fmax, fmin, fmaxf and fminf in kernels become comparisons
   (lower-math.cc): their results must stay those of the C library's
   functions, bit for bit, with NaN operands (the other operand) and
   zeros, in stores, in a reduction and nested in one another.  Results
   equal the sequential run.  (Not -0 against +0: which one fmax gives,
   C leaves open, and the sequential build's answer changes with how GCC
   compiles the call.)  */

#include <math.h>

#include "pacc-check.h"

/* A deterministic value that is sometimes NaN or 0.  */
static double
special (unsigned seed, long i)
{
  double v = pc_value (seed, i);
  switch ((i * 7 + seed) % 11)
    {
    case 0: return NAN;
    case 1:
    case 2: return 0.0;
    default: return v;
    }
}

static void
run (int X, int Y, int T, unsigned seed)
{
  int t, x, y;
  double (*p)[Y] = pc_alloc (sizeof (double[X][Y]));
  double (*q)[Y] = pc_alloc (sizeof (double[X][Y]));
  float (*f)[Y] = pc_alloc (sizeof (float[X][Y]));
  double big = -1.0;

  for (long i = 0; i < (long) X * Y; i++)
    {
      p[0][i] = special (seed, i);
      q[0][i] = special (seed + 1, i);
      f[0][i] = (float) special (seed + 2, i);
    }

#pragma pacc pipeline targetinout(p, q, f) size([0:X][0:Y]) halo([1:1][1:1]) reduction(max:big) async
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          {
            q[x][y] = fmax (p[x][y], fmin (p[x - 1][y], p[x][y + 1]));
            f[x][y] = fmaxf (fminf (f[x][y], (float) p[x][y]), -0.5f);
          }
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
        for (y = 1; y < Y - 1; y++)
          {
            big = fmax (big, fabs (q[x][y] - p[x][y]));
            p[x][y] = fmin (q[x][y], 0.25) + fmax (-0.25, q[x][y]);
          }
    }
  pc_reduction ("big", big);
  pc_dump_double ("p", &p[0][0], (long) X * Y);
  pc_dump_double ("q", &q[0][0], (long) X * Y);
  pc_dump_float ("f", &f[0][0], (long) X * Y);
  free (p);
  free (q);
  free (f);
}

int
main (void)
{
  run (23, 31, 5, 2100);
  run (300, 9, 3, 2110);
  run (9, 1100, 2, 2120);
  return 0;
}
