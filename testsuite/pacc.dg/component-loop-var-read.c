/* { dg-do compile } */
/* A loop over the components whose variable the nest reads after it
   (its value, NC, would be lost if the loop were written out).  */
#define NC 2
#define X 16
#define Y 8
static double u[NC][X][Y], p[X][Y];

void f (int T)
{
  int t, x, y, m;
#pragma pacc pipeline targetinout(p) targetin(u) size([0:X][0:Y])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 0; x < X; x++)
#pragma pacc loop dim(1)
	for (y = 0; y < Y; y++)
	  {
	    double s = 0;
	    for (m = 0; m < NC; m++)
	      s += u[m][x][y]; /* { dg-error "leading index .m. of .u. is not an integer constant" } */
	    p[x][y] = s / m;
	  }
    }
}
