/* The loop nest lives in a function that the time step calls with the
   arrays as arguments, pointer-to-VLA parameters (restrict, const), and
   the buffers are swapped after the call (issue 45 item 2).  The nest is
   seen through the call as if written in the step; the function still
   runs as sequential code before the region.  Built with -g: the copy of
   the body brings its scopes along.  */
/* { dg-pacc-options "-g" } */

#include <stdio.h>
#include <stdlib.h>

static void
step (int X, int Y, double (*restrict out)[Y],
      const double (*restrict in)[Y])
{
#pragma pacc loop dim(2)
  for (int x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
    for (int y = 1; y < Y - 1; y++)
      out[x][y] = 0.25 * (in[x - 1][y] + in[x + 1][y] + in[x][y - 1]
			  + in[x][y + 1]);
}

int
main (void)
{
  int X = 53, Y = 31, T = 17, t;
  double (*a)[Y] = malloc (sizeof (double[X][Y]));
  double (*b)[Y] = malloc (sizeof (double[X][Y]));
  double (*tmp)[Y];
  for (int x = 0; x < X; x++)
    for (int y = 0; y < Y; y++)
      a[x][y] = b[x][y] = (x * 7 + y * 3) % 11 + 0.125 * x;
  /* An ordinary call outside any pipeline: plain loops.  */
  step (X, Y, b, a);
#pragma pacc pipeline targetinout(a, b) size([0:X][0:Y]) halo([1:1][1:1])
  for (t = 0; t < T; t++)
    {
      step (X, Y, b, a);
      tmp = a;
      a = b;
      b = tmp;
    }
  double s = 0;
  for (int x = 0; x < X; x++)
    for (int y = 0; y < Y; y++)
      s += a[x][y] * (x + 1) + b[x][y] * (y + 2);
  printf ("a, b: %.17g\n", s);
  free (a);
  free (b);
  return 0;
}
