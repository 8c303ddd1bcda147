/* { dg-do compile } */
struct pt { double a, b; };
void f (int X, int T, double *p, double *q)
{
  int t, x;
  struct pt s;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X]) halo([1:1])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(1) private(s) /* { dg-error "'s' in 'private' clause is not of an arithmetic type" } */
      for (x = 1; x < X - 1; x++)
	q[x] = p[x - 1];
#pragma pacc loop dim(1)
      for (x = 1; x < X - 1; x++)
	p[x] = q[x];
    }
}
