/* { dg-do compile } */
void f (int X, int Y, int T, float (*p)[Y], float (*q)[Y])
{
  int t, x, y;
#pragma pacc pipeline targetinout(p) targetin(q) size([0:X][0:Y])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 0; x < X; x++)
#pragma pacc loop dim(1)
	for (y = 0; y < Y; y++)
	  p[x][y] = q[X - 1 - x][y]; /* { dg-error "index of .q." } */
    }
}
