/* { dg-do compile } */
/* The variable a pointer-to-VLA array was declared with changes before
   the call: the function indexes the array with the new extent, its
   type with the old one (issue 45 item 2).  */
#include <stdlib.h>

static void
step (int X, int Y, double (*out)[Y], const double (*in)[Y])
{
#pragma pacc loop dim(2)
  for (int x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
    for (int y = 1; y < Y - 1; y++)
      out[x][y] = in[x - 1][y] + in[x + 1][y];
}

void
f (int X, int Y, int T)
{
  double (*a)[Y] = malloc (sizeof (double[X][Y]));
  double (*b)[Y] = malloc (sizeof (double[X][Y]));
  double (*tmp)[Y];
  int t;
  Y = Y - 1;
#pragma pacc pipeline targetinout(a, b) size([0:X][0:Y + 1]) halo([1:1][0:0])
  for (t = 0; t < T; t++)
    {
      step (X, Y, b, a); /* { dg-error "the extents of parameter 'out' of 'step' are not those of 'b', argument 3, as declared" } */
      tmp = a;
      a = b;
      b = tmp;
    }
  free (a);
  free (b);
}
