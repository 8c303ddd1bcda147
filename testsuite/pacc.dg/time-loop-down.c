/* { dg-do compile } */
/* A time loop that counts down: refused, saying that it must count up.  */
void f (int X, int T, float *p)
{
  int t, x;
#pragma pacc pipeline targetinout(p) size([0:X])
  for (t = T - 1; t >= 0; t--) /* { dg-error "time loop of a '#pragma pacc pipeline' must count up by one \\('t\\+\\+', '\\+\\+t', 't \\+= 1' or 't = t \\+ 1'\\); 't' counts down" } */
    {
#pragma pacc loop dim(1)
      for (x = 0; x < X; x++)
	p[x] = p[x] + 1;
    }
}
