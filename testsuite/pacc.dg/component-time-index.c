/* { dg-do compile } */
/* A leading index that depends on the time step other than as
   (t + constant) % M: t / 2.  */
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
	  u[0][x][y] = u[t / 2][x][y]; /* { dg-error "leading index .t / 2. of .u. depends on the time step" } */
    }
}
