/* { dg-do compile } */
void f (int X, int T, float *p)
{
  int t, x;
  float s = 0;
#pragma pacc pipeline targetinout(p) targetin(s) size([0:X]) /* { dg-error "'s' in 'targetin' clause is not a variable of pointer or array type" } */
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(1)
      for (x = 0; x < X; x++)
	p[x] = p[x] + s;
    }
}
