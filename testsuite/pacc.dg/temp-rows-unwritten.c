/* { dg-do compile } */
/* The copy-back nest reads rows 0 and X-1 of the scratch array, which the
   stencil nest never writes: their values would come from before the
   region.  */
void f (int X, int T, float *p, float *q)
{
  int t, x;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X]) halo([1:1])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(1) /* { dg-message "written by this loop nest" } */
      for (x = 1; x < X - 1; x++)
	q[x] = (p[x - 1] + p[x + 1]) * 0.5f;
#pragma pacc loop dim(1)
      for (x = 0; x < X; x++)
	p[x] = q[x]; /* { dg-error "targettemp array 'q' is read at rows that the time step does not write" } */
    }
}
