/* { dg-do compile } */
void f (int X, int Y, int T, float (*p)[Y])
{
  int t, x, y;
#pragma pacc pipeline targetinout(p) size([0:X][0:Y]) halo([1:1]) /* { dg-error "'halo' has 1 dimensions but 'size' has 2" } */
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 0; x < X; x++)
#pragma pacc loop dim(1)
	for (y = 0; y < Y; y++)
	  p[x][y] = p[x][y] + 1;
    }
}
