/* { dg-do compile } */
void f (int X, int T, double *p, double *q)
{
  int t, x;
  double sum = 0;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X]) halo([1:1]) reduction(+:sum)
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(1) private(sum) /* { dg-error "'sum' is listed in 'private' and in the 'reduction' clause" } */
      for (x = 1; x < X - 1; x++)
	{
	  q[x] = p[x - 1];
	  sum += q[x];
	}
#pragma pacc loop dim(1)
      for (x = 1; x < X - 1; x++)
	p[x] = q[x];
    }
}
