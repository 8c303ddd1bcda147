/* { dg-do compile } */
/* The variable of a sequential loop inside a nest is private to the
   iteration too: the sequential program leaves 3 in `l', the pipeline
   would leave what it held before the region.  */
int f (double *p, double *q, int X, int T)
{
  int t, x, l;
  l = 0;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X]) halo([1:1])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(1)
      for (x = 1; x < X - 1; x++)
	{
	  q[x] = 0;
	  for (l = 0; l < 3; l++)
	    q[x] += p[x - 1] * l;
	}
#pragma pacc loop dim(1)
      for (x = 1; x < X - 1; x++)
	p[x] = q[x] + 1;
    }
  return l; /* { dg-error "'l' is read here, where it may hold the value that a '#pragma pacc loop' nest left in it" } */
}
