/* { dg-do compile } */
/* A while time loop whose body does not end by stepping the counter.  */
void f (int X, int T, double *p, double *q)
{
  int t = 0, x;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X]) halo([1:1])
  while (t < T)
    {
      t++;
#pragma pacc loop dim(1)
      for (x = 1; x < X - 1; x++)
        q[x] = 0.5 * (p[x - 1] + p[x + 1]);
#pragma pacc loop dim(1)
      for (x = 1; x < X - 1; x++) /* { dg-error "'while' loop after '#pragma pacc pipeline' does not step its counter 't'" } */
        p[x] = q[x];
    }
}
