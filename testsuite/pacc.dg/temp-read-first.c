/* { dg-do compile } */
void f (int X, int T, float *p, float *q)
{
  int t, x;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(1)
      for (x = 0; x < X; x++)
	p[x] = q[x]; /* { dg-error "targettemp array 'q' is read before it is written in the time step" } */
#pragma pacc loop dim(1)
      for (x = 0; x < X; x++)
	q[x] = p[x] * 2;
    }
}
