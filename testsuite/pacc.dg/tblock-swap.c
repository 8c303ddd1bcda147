/* A step that swaps its two pointers (no copy-back) is in the class of
   in-kernel temporal blocking: the note says so.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pacc-verbose" } */
void f (int X, int Y, int T, float (*p)[Y], float (*q)[Y])
{
  int t, x, y;
#pragma pacc pipeline targetinout(p, q) size([0:X][0:Y]) halo([1:1][1:1]) /* { dg-message "pipeline" } */
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2) /* { dg-message "kernel 1: 2 loops, .*; in-kernel temporal blocking, with the step's swap" } */
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
	for (y = 1; y < Y - 1; y++)
	  q[x][y] = (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1]) * 0.25f;
      { float (*s)[Y] = p; p = q; q = s; }
    }
}
