/* { dg-do compile } */
void f (int X, int T, float *p)
{
  int t, x;
#pragma pacc pipeline targetinout(p) size([0:X]) copyout(p) /* { dg-error "unknown clause 'copyout'" } */
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(1)
      for (x = 0; x < X; x++)
	p[x] = p[x] + 1;
    }
}
