/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pacc-verbose" } */
void f (int X, int Y, int T, float (*p)[Y], float (*q)[Y])
{
  int t, x, y;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) async /* { dg-message "pacc: pipeline: arrays p \\(targetinout\\), q \\(targettemp\\); decomposed dimension 'dim\\(2\\)' \\(the first index\\) of 2; halo \\\[1:1\\\]\\\[1:1\\\]; derived reach \\\[1:1\\\]\\\[1:1\\\]; 2 kernels per step" } */
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2) /* { dg-message "kernel 1: 2 loops, rows widened by \\\[0:0\\\]" } */
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
	for (y = 1; y < Y - 1; y++)
	  q[x][y] = (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1]) * 0.25f;
#pragma pacc loop dim(2) /* { dg-message "kernel 2: 2 loops" } */
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
	for (y = 1; y < Y - 1; y++)
	  p[x][y] = q[x][y];
    }
}
