/* { dg-do compile } */
void f (int X, int T, double *p, double *q)
{
  int t, x;
  double a, b;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X]) halo([1:1])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(1) private(a, b, a) /* { dg-error "'a' appears more than once in 'private'" } */
      for (x = 1; x < X - 1; x++)
	{
	  a = p[x - 1];
	  b = p[x + 1];
	  q[x] = a + b;
	}
#pragma pacc loop dim(1)
      for (x = 1; x < X - 1; x++)
	p[x] = q[x];
    }
}
