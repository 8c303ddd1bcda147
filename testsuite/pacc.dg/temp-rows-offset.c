/* { dg-do compile } */
/* Reading the scratch array one row beyond the rows written.  */
void f (int X, int T, float *p, float *q)
{
  int t, x;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X]) halo([1:1])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(1)
      for (x = 1; x < X - 1; x++)
	q[x] = p[x] * 0.5f;
#pragma pacc loop dim(1)
      for (x = 1; x < X - 1; x++)
	p[x] = q[x] + q[x + 1]; /* { dg-error "read at rows that the time step does not write" } */
    }
}
