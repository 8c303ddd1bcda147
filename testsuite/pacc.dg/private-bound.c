/* { dg-do compile } */
void f (int X, int Y, int T, double (*p)[Y], double (*q)[Y])
{
  int t, x, y, n;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][0:0])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2) /* { dg-error "'n', which the '#pragma pacc loop' nest assigns, is used in the bounds or the step" } */
      for (x = 1; x < X - 1; x++)
	{
	  n = Y - x % 2;
#pragma pacc loop dim(1)
	  for (y = 0; y < n; y++)
	    q[x][y] = p[x - 1][y];
	}
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
	for (y = 0; y < Y; y++)
	  p[x][y] = q[x][y];
    }
}
