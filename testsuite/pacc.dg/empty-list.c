/* { dg-do compile } */
void f (int X, int T, float *p)
{
  int t, x;
#pragma pacc pipeline targetinout() size([0:X]) /* { dg-error "empty list in 'targetinout' clause" } */
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(1)
      for (x = 0; x < X; x++)
	p[x] = p[x] + 1;
    }
}
