/* { dg-do compile } */
/* A constant component and time levels of the same array would name the
   same memory.  */
#define X 16
#define Y 8
static double u[2][X][Y];

void f (int T)
{
  int t, x, y;
#pragma pacc pipeline targetinout(u) size([0:X][0:Y])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 0; x < X; x++)
#pragma pacc loop dim(1)
	for (y = 0; y < Y; y++)
	  u[(t + 1) % 2][x][y] = u[t % 2][x][y] + 1.0;
#pragma pacc loop dim(2)
      for (x = 0; x < X; x++)
#pragma pacc loop dim(1)
	for (y = 0; y < Y; y++)
	  u[0][x][y] = 2.0 * u[0][x][y]; /* { dg-error "indexed both by a constant component and by time levels" } */
    }
}
