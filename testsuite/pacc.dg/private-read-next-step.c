/* { dg-do compile } */
/* A nest that reads the temporary before the nest that writes it: from
   the second step on it reads what the writing nest left.  */
void f (int X, int T, double *p, double *q)
{
  int t, x;
  double tmp = 1.0;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X]) halo([1:1])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(1)
      for (x = 1; x < X - 1; x++)
	q[x] = p[x] * tmp; /* { dg-error "'tmp' is read here, where it may hold the value" } */
#pragma pacc loop dim(1)
      for (x = 1; x < X - 1; x++)
	{
	  tmp = q[x - 1] + q[x + 1];
	  p[x] = 0.5 * tmp;
	}
    }
}
