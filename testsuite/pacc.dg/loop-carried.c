/* { dg-do compile } */
void f (int X, int T, float *p)
{
  int t, x;
#pragma pacc pipeline targetinout(p) size([0:X]) halo([1:0])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(1)
      for (x = 1; x < X; x++)
	p[x] = p[x - 1] * 0.5f; /* { dg-error "'p' is read at a different point than it is written.*loop-carried dependence.*targettemp" } */
    }
}
