/* { dg-do compile } */
/* A component used as a whole, passed to a function.  */
#define X 16
#define Y 8
static double c[2][X][Y], p[X][Y];
__attribute__ ((pure)) double first (const double (*g)[Y]);

void f (int T)
{
  int t, x, y;
#pragma pacc pipeline targetinout(p) targetin(c) size([0:X][0:Y])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 0; x < X; x++)
#pragma pacc loop dim(1)
	for (y = 0; y < Y; y++)
	  p[x][y] = c[0][x][y] + first (c[1]); /* { dg-error ".c. is used other than through its components" } */
    }
}
