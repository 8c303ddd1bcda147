/* { dg-do compile } */
/* __float128 arrays: the nvptx offload compiler fails internally on
   them at link time; refused here.  */
void f (int X, int T, float *p, __float128 *c)
{
  int t, x;
#pragma pacc pipeline targetinout(p) targetin(c) size([0:X]) /* { dg-error "elements of 'c' in 'targetin' clause have type '_Float128', which GCC 12's nvptx offload compiler cannot compile" } */
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(1)
      for (x = 0; x < X; x++)
	p[x] = p[x] * (float) c[x];
    }
}
