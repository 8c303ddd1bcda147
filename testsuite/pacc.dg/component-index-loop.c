/* { dg-do compile } */
/* A loop over the components inside the nest whose bound is known only
   at run time: it cannot be written out, and its variable is no
   constant.  */
#define X 16
#define Y 8
static double c[3][X][Y], p[X][Y];

void f (int T, int nc)
{
  int t, x, y, m;
#pragma pacc pipeline targetinout(p) targetin(c) size([0:X][0:Y])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 0; x < X; x++)
#pragma pacc loop dim(1)
	for (y = 0; y < Y; y++)
	  {
	    double s = 0;
	    for (m = 0; m < nc; m++)
	      s += c[m][x][y]; /* { dg-error "leading index .m. of .c. is not an integer constant" } */
	    p[x][y] = s;
	  }
    }
}
