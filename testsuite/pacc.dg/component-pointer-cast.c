/* { dg-do compile } */
/* Byte arithmetic on a pointer to the components through a cast: no
   component of it (512 bytes is half of one).  */
#define X 16
#define Y 8
void f (int T, double (*u)[X][Y], double (*v)[X][Y])
{
  int t, x, y;
#pragma pacc pipeline targetinout(u, v) size([0:X][0:Y])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 0; x < X; x++)
#pragma pacc loop dim(1)
	for (y = 0; y < Y; y++)
	  u[0][x][y] = (*(double (*)[X][Y]) ((char *) v + 512))[x][y] /* { dg-error ".v. is used other than through its components" } */
		       + v[1][x][y];
    }
}
