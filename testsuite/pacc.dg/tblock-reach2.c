/* A read two rows away is outside the class of in-kernel temporal
   blocking (offsets -1 to 1): the note says so.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pacc-verbose" } */
void f (int X, int Y, int T, float (*p)[Y], float (*q)[Y])
{
  int t, x, y;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([2:2][1:1]) /* { dg-message "pipeline" } */
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2) /* { dg-message "kernel 1: 2 loops, .*; one step per launch: a read is not at a constant offset of -1, 0 or 1 from the point" } */
      for (x = 2; x < X - 2; x++)
#pragma pacc loop dim(1)
	for (y = 1; y < Y - 1; y++)
	  q[x][y] = (p[x - 2][y] + p[x + 2][y]) * 0.5f;
#pragma pacc loop dim(2) /* { dg-message "kernel 2" } */
      for (x = 2; x < X - 2; x++)
#pragma pacc loop dim(1)
	for (y = 1; y < Y - 1; y++)
	  p[x][y] = q[x][y];
    }
}
