/* { dg-do compile } */
/* printf in a nest: the pipeline computes halo rows in more than one
   chunk, so it would print more often than the sequential program.  */
#include <stdio.h>
void f (int X, int T, float *p, float *q)
{
  int t, x;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X]) halo([1:1])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(1)
      for (x = 1; x < X - 1; x++)
	{
	  q[x] = (p[x - 1] + p[x + 1]) * 0.5f;
	  if (x == 1)
	    printf ("step %d\n", t); /* { dg-error "'#pragma pacc loop' calls 'printf', which is not 'const' or 'pure'" } */
	}
#pragma pacc loop dim(1)
      for (x = 1; x < X - 1; x++)
	p[x] = q[x];
    }
}
