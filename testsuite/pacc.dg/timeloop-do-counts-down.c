/* { dg-do compile } */
/* A do time loop counting down.  */
void f (int X, int T, double *p, double *q)
{
  int t = T, x;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X]) halo([1:1])
  do
    {
#pragma pacc loop dim(1)
      for (x = 1; x < X - 1; x++)
        q[x] = 0.5 * (p[x - 1] + p[x + 1]);
#pragma pacc loop dim(1)
      for (x = 1; x < X - 1; x++)
        p[x] = q[x];
    }
  while (--t > 0); /* { dg-error "must count up by one; 't' counts down" } */
}
