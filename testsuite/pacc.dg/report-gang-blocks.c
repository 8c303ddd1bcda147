/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pacc-verbose -fplugin-arg-pacc-gang-static=0" } */
/* -fplugin-arg-pacc-gang-static=0: one contiguous block of rows per gang (GCC's own distribution).  */
void f (int X, int Y, int T, float (*p)[Y], float (*q)[Y])
{
  int t, x, y;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) /* { dg-message "2 kernels per step; rows to gangs in blocks" } */
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
	for (y = 1; y < Y - 1; y++)
	  q[x][y] = p[x - 1][y] + p[x + 1][y];
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
	for (y = 1; y < Y - 1; y++)
	  p[x][y] = q[x][y];
    }
}
