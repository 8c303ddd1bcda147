/* A step that rotates three pointers is outside the class of in-kernel
   temporal blocking (a copy-back or a swap of two): the note says so.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pacc-verbose" } */
void f (int X, int Y, int T, float (*p)[Y], float (*q)[Y], float (*o)[Y])
{
  int t, x, y;
#pragma pacc pipeline targetinout(p, q, o) size([0:X][0:Y]) halo([1:1][1:1]) /* { dg-message "pipeline" } */
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2) /* { dg-message "kernel 1: 2 loops, .*; one step per launch: the step rotates pointers \\(a copy-back or a swap of two is blocked\\)" } */
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
	for (y = 1; y < Y - 1; y++)
	  q[x][y] = (p[x - 1][y] + p[x + 1][y] + o[x][y]) * 0.25f;
      float (*s)[Y] = o;
      o = p;
      p = q;
      q = s;
    }
}
