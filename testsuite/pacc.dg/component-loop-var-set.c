/* { dg-do compile } */
/* A loop over the components whose body changes its variable: its
   copies could not hold constants, so it is not written out.  */
#define NC 4
#define X 16
#define Y 8
static double u[NC][X][Y];

void f (int T)
{
  int t, x, y, m;
#pragma pacc pipeline targetinout(u) size([0:X][0:Y])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 0; x < X; x++)
#pragma pacc loop dim(1)
	for (y = 0; y < Y; y++)
	  for (m = 0; m < NC; m++)
	    u[m++][x][y] *= 2.0; /* { dg-error "leading index .m\\+\\+. of .u. is not an integer constant" } */
    }
}
