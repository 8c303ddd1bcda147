/* { dg-do compile } */
/* A reserved spelling of no keyword is an unknown clause, named as
   written.  */
void f (int X, int T, double *p, double *q)
{
  int t, x;
#pragma pacc pipeline targetinout(p) targettemp(q) __sizes__([0:X]) halo([1:1]) /* { dg-error "unknown clause '__sizes__' in '#pragma pacc pipeline'" } */
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(1)
      for (x = 1; x < X - 1; x++)
        q[x] = 0.5 * (p[x - 1] + p[x + 1]);
    }
}
