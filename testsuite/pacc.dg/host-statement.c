/* { dg-do compile } */
extern int printf (const char *, ...);
void f (int X, int T, float *p)
{
  int t, x;
#pragma pacc pipeline targetinout(p) size([0:X])
  for (t = 0; t < T; t++)
    {
      printf ("%d\n", t); /* { dg-error "statement not allowed in the time step" } */
#pragma pacc loop dim(1)
      for (x = 0; x < X; x++)
	p[x] = p[x] + 1;
    }
}
