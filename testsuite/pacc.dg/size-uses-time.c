/* The clauses are evaluated once, before the time loop: a size that
   uses the time variable is refused where it is written.  */
/* { dg-do compile } */
void f (int X, int Y, int T, float (*p)[Y], float (*q)[Y])
{
  int t, x, y;
  t = 0;
#pragma pacc pipeline targetinout(p) targettemp(q) size([t:X][0:Y]) halo([1:1][0:0]) /* { dg-error "'size' uses the time variable 't': the clause is evaluated once, before the time loop, where 't' holds no step" } */
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
	for (y = 0; y < Y; y++)
	  q[x][y] = p[x - 1][y] + p[x + 1][y];
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
	for (y = 0; y < Y; y++)
	  p[x][y] = q[x][y];
    }
}
