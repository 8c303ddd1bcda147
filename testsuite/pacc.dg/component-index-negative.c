/* { dg-do compile } */
/* A pointer to the components bounds none but below: u[-1].  */
void f (int X, int Y, int T, double (*u)[X][Y])
{
  int t, x, y;
#pragma pacc pipeline targetinout(u) size([0:X][0:Y])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 0; x < X; x++)
#pragma pacc loop dim(1)
	for (y = 0; y < Y; y++)
	  u[0][x][y] = u[-1][x][y]; /* { dg-error "component index -1 of .u. is negative" } */
    }
}
