/* { dg-do compile } */
void f (int X, int T, float *p, float *q)
{
  int t, x;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X]) halo([1:1]) /* { dg-error "'halo' \\\[1:1\\\] of 'dim\\(1\\)' is smaller than what one time step reaches along it, \\\[2:1\\\]" } */
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(1) /* { dg-message "reach of this loop nest" } */
      for (x = 2; x < X - 1; x++)
	q[x] = p[x - 2] + p[x + 1];
#pragma pacc loop dim(1)
      for (x = 2; x < X - 1; x++)
	p[x] = q[x];
    }
}
