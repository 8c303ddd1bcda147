/* { dg-do compile } */
void f (int X, int Y, int T, double (*p)[Y], double (*q)[Y])
{
  int t, x, y;
  double a;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][0:0])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1) private(a) /* { dg-error "'private' on a '#pragma pacc loop' inside a nest; put it on the outermost" } */
	for (y = 0; y < Y; y++)
	  {
	    a = p[x - 1][y];
	    q[x][y] = a;
	  }
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
	for (y = 0; y < Y; y++)
	  p[x][y] = q[x][y];
    }
}
