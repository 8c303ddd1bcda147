/* { dg-do compile } */
void f (int X, int T, float *p)
{
  int t, x;
#pragma pacc pipeline targetinout(p) size([0:X])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2) /* { dg-error "'dim\\(2\\)' exceeds the rank 1 given by 'size'" } */
      for (x = 0; x < X; x++)
	p[x] = p[x] + 1;
    }
}
