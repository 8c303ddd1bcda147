/* { dg-do compile } */
/* long double arrays: the nvptx offload compiler stops on 80-bit
   floating point at link time, with no location; refused here.  */
void f (int X, int T, long double *p)
{
  int t, x;
#pragma pacc pipeline targetinout(p) size([0:X]) /* { dg-error "elements of 'p' in 'targetinout' clause have type 'long double', which GCC 12's nvptx offload compiler cannot compile; use 'float' or 'double'" } */
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(1)
      for (x = 0; x < X; x++)
	p[x] = p[x] * 0.5L;
    }
}
