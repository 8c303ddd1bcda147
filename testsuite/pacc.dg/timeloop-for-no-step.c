/* { dg-do compile } */
/* A for time loop without its step whose body steps the counter by two:
   not a counted loop of step one.  */
void f (int X, int T, float *p, float *q)
{
  int t = 0, x;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X]) halo([1:1])
  for (; t < T;)
    {
#pragma pacc loop dim(1)
      for (x = 1; x < X - 1; x++)
        q[x] = 0.5f * (p[x - 1] + p[x + 1]);
#pragma pacc loop dim(1)
      for (x = 1; x < X - 1; x++)
        p[x] = q[x];
      t = t + 2; /* { dg-error "'for' loop after '#pragma pacc pipeline' does not step its counter 't'" } */
    }
}
