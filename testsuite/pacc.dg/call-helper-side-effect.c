/* { dg-do compile } */
/* A helper defined in the file that stores outside its own locals (a
   counter) has a side effect: refused.  One that only computes
   (pacc.run/helper_functions.c) is accepted without attributes.  */
static int calls;
static double
avg_counted (double a, double b)
{
  calls++;
  return 0.5 * (a + b);
}
void f (int X, int T, double *p, double *q)
{
  int t, x;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X]) halo([1:1])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(1)
      for (x = 1; x < X - 1; x++)
	q[x] = avg_counted (p[x - 1], p[x + 1]); /* { dg-error "'#pragma pacc loop' calls 'avg_counted', which is not 'const' or 'pure'" } */
#pragma pacc loop dim(1)
      for (x = 1; x < X - 1; x++)
	p[x] = q[x];
    }
}
