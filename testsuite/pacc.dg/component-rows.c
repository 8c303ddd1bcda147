/* { dg-do compile } */
/* size gives rows past each component's: they would run into the next
   component.  */
#define Y 8
static double c[2][10][Y];
static double p[12][Y];

void f (int T)
{
  int t, x, y;
#pragma pacc pipeline targetinout(p) targetin(c) size([0:12][0:Y]) /* { dg-error "gives the components of .c. rows 0 to 11, but each component" } */
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 0; x < 10; x++)
#pragma pacc loop dim(1)
	for (y = 0; y < Y; y++)
	  p[x][y] = c[1][x][y];
    }
}
