/* { dg-do compile } */
void f (int X, int T, double *p, double *q)
{
  int t, x;
  double a;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X]) halo([1:1])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(1) private(a) gang /* { dg-error "unexpected 'gang' at the end of '#pragma pacc loop'" } */
      for (x = 1; x < X - 1; x++)
	{
	  a = p[x - 1];
	  q[x] = a;
	}
#pragma pacc loop dim(1)
      for (x = 1; x < X - 1; x++)
	p[x] = q[x];
    }
}
