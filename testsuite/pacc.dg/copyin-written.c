/* { dg-do compile } */
/* An array listed in copyin is read only in the region: a write to it
   is an error on the line of the write.  */
void f (int X, int T, float *p, float *c)
{
  int t, x;
#pragma pacc pipeline targetinout(p) copyin(c[0:X]) size([0:X])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(1)
      for (x = 0; x < X; x++)
	c[x] = p[x] * 0.5f; /* { dg-error "'c' is written in a '#pragma pacc loop' but is listed in 'copyin', which the region only reads" } */
    }
}
