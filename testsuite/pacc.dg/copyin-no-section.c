/* { dg-do compile } */
/* copyin of a pointer needs a section: the size of what it points to is
   not known.  */
void f (int X, int T, float *p, float *c)
{
  int t, x;
#pragma pacc pipeline targetinout(p) copyin(c) size([0:X]) /* { dg-error "'copyin\\(c\\)' needs a section such as 'c\\\[0:n\\\]': the size of what a pointer points to is not known" } */
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(1)
      for (x = 0; x < X; x++)
	p[x] = p[x] * c[0];
    }
}
