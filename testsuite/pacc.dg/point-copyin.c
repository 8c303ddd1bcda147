/* { dg-do compile } */
/* A point write into a copyin table: copyin arrays are read only.  */
#define N 50
double src[N];
void f (int X, int Y, int T, double (*p)[Y])
{
  int t, x, y;
#pragma pacc pipeline targetinout(p) copyin(src) size([0:X][0:Y]) halo([1:1][0:0])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
	for (y = 0; y < Y; y++)
	  p[x][y] = 0.5 * p[x][y] + src[t];
      src[3] = 1.0; /* { dg-error "host statement in a '#pragma pacc pipeline' time step writes 'src', which is listed in 'copyin' \\(read only\\)" } */
    }
}
