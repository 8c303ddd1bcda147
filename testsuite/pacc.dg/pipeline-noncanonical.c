/* { dg-do compile } */
void f (int X, int T, float *p)
{
  int t, x;
#pragma pacc pipeline targetinout(p) size([0:X])
  for (t = 0; t < T; t += 2) /* { dg-error "time loop of a '#pragma pacc pipeline' must have the form" } */
    {
#pragma pacc loop dim(1)
      for (x = 0; x < X; x++)
	p[x] = p[x] + 1;
    }
}
