/* { dg-do compile } */
/* Every directive and clause keyword spelled __NAME__, in a program that
   defines macros named like them (object-like and function-like): the
   reserved spellings are not replaced, and they mix with the plain
   ones.  */
#define dim 3
#define size(a) ((int) (sizeof (a) / sizeof *(a)))
#define halo 2
#define loop for
#define max(a, b) ((a) > (b) ? (a) : (b))
#define async
#define pipeline 1
#define copyin(x) x

static double w[4] = { 0.25, 0.5, 0.25, 0.0 };

double f (int X, int Y, int T, double (*p)[Y], double (*q)[Y])
{
  int t, x, y;
  double e = 0.0;
#pragma pacc __init__
#pragma pacc __pipeline__ targetinout(p) __targettemp__(q) __size__([0:X][0:Y]) __halo__([1:1][1:1]) __async__ __reduction__(__max__:e) __copyin__(w)
  for (t = 0; t < T; t++)
    {
#pragma pacc __loop__ __dim__(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc __loop__ __dim__(1)
        for (y = 1; y < Y - 1; y++)
          q[x][y] = w[0] * p[x - 1][y] + w[1] * p[x][y] + w[2] * p[x + 1][y];
#pragma pacc __loop__ __dim__(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc __loop__ __dim__(1)
        for (y = 1; y < Y - 1; y++)
          {
            e = max (e, q[x][y] - p[x][y]);
            p[x][y] = q[x][y];
          }
    }
#pragma pacc __wait__ __device__(0)
  return e + size (w);
}
