/* { dg-do compile } */
/* Clauses of loop after dim, with commas between them or not, and
   several private clauses.  */
void f (int X, int T, double *p, double *q)
{
  int t, x;
  double a, b, c;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X]) halo([1:1])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(1), private(a), private(b) private(c)
      for (x = 1; x < X - 1; x++)
	{
	  if (x > 0)
	    a = p[x - 1];
	  b = p[x + 1];
	  c = a + b;
	  q[x] = c;
	}
#pragma pacc loop dim(1)
      for (x = 1; x < X - 1; x++)
	p[x] = q[x];
    }
}
