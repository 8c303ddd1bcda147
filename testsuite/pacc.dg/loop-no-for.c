/* { dg-do compile } */
void f (int X, int T, float *p)
{
  int t, x = 0;
#pragma pacc pipeline targetinout(p) size([0:X])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(1) /* { dg-error "must be followed by a 'for' loop" } */
      while (x < X)
	x++;
    }
}
