/* { dg-do compile } */
double g;
void f (int X, int T, double *p, double *q)
{
  int t, x;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X]) halo([1:1])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(1) private(g) /* { dg-error "'g' in 'private' must be a local variable of the function" } */
      for (x = 1; x < X - 1; x++)
	{
	  g = p[x - 1];
	  q[x] = g;
	}
#pragma pacc loop dim(1)
      for (x = 1; x < X - 1; x++)
	p[x] = q[x];
    }
}
