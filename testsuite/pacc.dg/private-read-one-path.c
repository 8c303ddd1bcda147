/* { dg-do compile } */
/* Written on one arm of an if only: the other path reads the value of
   an earlier iteration.  */
void f (int X, int T, float *p, float *q)
{
  int t, x;
  float v;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X]) halo([1:1])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(1)
      for (x = 1; x < X - 1; x++)
	{
	  if (p[x] > 0)
	    v = p[x - 1];
	  q[x] = v * 0.5f; /* { dg-error "'v' is read here before it is written in an iteration" } */
	}
#pragma pacc loop dim(1)
      for (x = 1; x < X - 1; x++)
	p[x] = q[x];
    }
}
