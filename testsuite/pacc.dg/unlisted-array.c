/* { dg-do compile } */
void f (int X, int T, float *p, float *w)
{
  int t, x;
#pragma pacc pipeline targetinout(p) size([0:X])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(1)
      for (x = 0; x < X; x++)
	p[x] = p[x] + w[x]; /* { dg-error "'w' is used in a '#pragma pacc loop' but is not listed" } */
    }
}
