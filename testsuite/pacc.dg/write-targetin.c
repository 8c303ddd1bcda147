/* { dg-do compile } */
void f (int X, int T, float *p, float *c)
{
  int t, x;
#pragma pacc pipeline targetinout(p) targetin(c) size([0:X])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(1)
      for (x = 0; x < X; x++)
	c[x] = p[x]; /* { dg-error "'c' is written in a '#pragma pacc loop' but is listed in 'targetin'" } */
    }
}
