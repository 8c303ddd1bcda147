/* { dg-do compile } */
void f (int X, int T, float *p, float *q)
{
  int t, x;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X]) halo([1:1])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(1) private(q) /* { dg-error "'q' in 'private' clause is an array or a pointer" } */
      for (x = 1; x < X - 1; x++)
	q[x] = p[x - 1];
#pragma pacc loop dim(1)
      for (x = 1; x < X - 1; x++)
	p[x] = q[x];
    }
}
