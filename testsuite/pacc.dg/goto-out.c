/* { dg-do compile } */
void f (int X, int T, float *p)
{
  int t, x;
#pragma pacc pipeline targetinout(p) size([0:X])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(1)
      for (x = 0; x < X; x++)
	{
	  if (p[x] < 0)
	    goto out; /* { dg-error "'goto' or label inside a '#pragma pacc pipeline' region" } */
	  p[x] = p[x] + 1;
	}
    }
 out:;
}
