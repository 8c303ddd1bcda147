/* { dg-do compile } */
void f (int X, int T, float *p, float *q)
{
  int t, x;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(1)
      for (x = 0; x < X; x++)
	q[x] = p[x] * 2;
      float *tmp = p;
      p = q; /* { dg-error "arrays that swap or rotate must be listed in the same clause" } */
      q = tmp; /* { dg-error "arrays that swap or rotate must be listed in the same clause" } */
    }
}
