/* { dg-do compile } */
/* FDTD-like: the second nest reads the first one's output at an offset, so
   the reaches add up along the chain.  */
void f (int X, int T, float *e, float *h)
{
  int t, x;
#pragma pacc pipeline targetinout(e, h) size([0:X]) halo([1:0]) /* { dg-error "smaller than what one time step reaches along it, \\\[1:1\\\]" } */
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(1) /* { dg-message "adds up with what later nests" } */
      for (x = 0; x < X - 1; x++)
	h[x] = h[x] + (e[x + 1] - e[x]);
#pragma pacc loop dim(1) /* { dg-message "later loop nest of the chain" } */
      for (x = 1; x < X; x++)
	e[x] = e[x] + (h[x] - h[x - 1]);
    }
}
