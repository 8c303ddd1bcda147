/* { dg-do compile } */
/* Rodinia hotspot's `delta': accumulated over the iterations, read
   before each write.  */
#define N 64
void f (double (*t)[N], double (*r)[N], int steps)
{
  double delta;
  int s, x, y;
  delta = 0;
#pragma pacc pipeline targetinout(t) targettemp(r) size([0:N][0:N]) halo([1:1][1:1])
  for (s = 0; s < steps; s++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < N - 1; x++)
#pragma pacc loop dim(1)
	for (y = 1; y < N - 1; y++)
	  {
	    delta = delta + 0.1 * (t[x - 1][y] - t[x][y]); /* { dg-error "'delta' is read here before it is written in an iteration of the '#pragma pacc loop' nest" } */
	    r[x][y] = t[x][y] + delta;
	  }
#pragma pacc loop dim(2)
      for (x = 1; x < N - 1; x++)
#pragma pacc loop dim(1)
	for (y = 1; y < N - 1; y++)
	  t[x][y] = r[x][y];
    }
}
