/* Loop bounds that change with the step cannot be blocked (a launch takes several steps with one set of bounds). */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pacc-verbose" } */
void f (int X, int Y, int T, float (*p)[Y], float (*q)[Y])
{
  int t, x, y;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) /* { dg-message "pipeline" } */
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2) /* { dg-message "kernel 1: 2 loops, .*; one step per launch: the loops' bounds change from step to step" } */
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
	for (y = 1; y < Y - 1 - t % 2; y++)
	  q[x][y] = (p[x - 1][y] + p[x + 1][y]) * 0.5f;
#pragma pacc loop dim(2) /* { dg-message "kernel 2" } */
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
	for (y = 1; y < Y - 1 - t % 2; y++)
	  p[x][y] = q[x][y];
    }
}
