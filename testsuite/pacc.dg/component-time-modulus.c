/* { dg-do compile } */
/* Time levels modulo 3 in an array of two.  */
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
	  u[(t + 1) % 3][x][y] = u[t % 3][x][y]; /* { dg-error "takes 3 values, but its type" } */
    }
}
