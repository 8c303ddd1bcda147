/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pacc-verbose" } */
void f (int X, int T, float *e, float *h)
{
  int t, x;
#pragma pacc pipeline targetinout(e, h) size([0:X]) halo([1:1]) /* { dg-message "derived reach \\\[1:1\\\]; 2 kernels per step" } */
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(1) /* { dg-message "kernel 1: 1 loops, rows widened by \\\[1:0\\\]" } */
      for (x = 0; x < X - 1; x++)
	h[x] = h[x] + (e[x + 1] - e[x]);
#pragma pacc loop dim(1) /* { dg-message "kernel 2: 1 loops, rows widened by \\\[0:0\\\]" } */
      for (x = 1; x < X; x++)
	e[x] = e[x] + (h[x] - h[x - 1]);
    }
}
