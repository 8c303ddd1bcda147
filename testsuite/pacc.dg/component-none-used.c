/* { dg-do compile } */
/* The only array listed is an array of components the region never
   uses: nothing is left to stream.  */
#define X 16
#define Y 8
static double c[2][X][Y];
double s;

void f (int T)
{
  int t, x, y;
#pragma pacc pipeline targetin(c) size([0:X][0:Y]) reduction(+:s) /* { dg-error "uses no component of its arrays" } */
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 0; x < X; x++)
#pragma pacc loop dim(1)
	for (y = 0; y < Y; y++)
	  s += 1.0;
    }
}
