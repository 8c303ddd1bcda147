/* { dg-do compile } */
/* A later nest of the step reads the temporary without writing it: it
   would read the value the first nest's last iteration left.  */
void f (int X, int T, double *p, double *q)
{
  int t, x;
  double tmp = 1.0;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X]) halo([1:1])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(1)
      for (x = 1; x < X - 1; x++)
	{
	  tmp = p[x - 1] + p[x + 1];
	  q[x] = 0.5 * tmp;
	}
#pragma pacc loop dim(1)
      for (x = 1; x < X - 1; x++)
	p[x] = q[x] + tmp; /* { dg-error "'tmp' is read here, where it may hold the value" } */
    }
}
