/* { dg-do compile } */
/* A while loop whose condition tests the data, not a counter: not a
   counted loop.  */
void f (int X, float *p, float *q)
{
  int x;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X]) halo([1:1])
  while (p[1] > 0.5f) /* { dg-error "'while' loop after '#pragma pacc pipeline' is not a counted loop" } */
    {
#pragma pacc loop dim(1)
      for (x = 1; x < X - 1; x++)
        q[x] = 0.5f * (p[x - 1] + p[x + 1]);
#pragma pacc loop dim(1)
      for (x = 1; x < X - 1; x++)
        p[x] = q[x];
    }
}
