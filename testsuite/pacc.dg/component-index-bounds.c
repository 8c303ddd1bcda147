/* { dg-do compile } */
/* A component past the type's: c has components 0 to 2.  */
#define X 16
#define Y 8
static float c[3][X][Y];
static float p[X][Y];

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
	  p[x][y] = c[0][x][y] + c[3][x][y]; /* { dg-error "component index 3 of .c. is out of bounds" } */
    }
}
