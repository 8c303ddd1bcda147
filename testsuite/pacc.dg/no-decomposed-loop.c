/* { dg-do compile } */
void f (int X, int Y, int T, float (*p)[Y])
{
  int t, y;
#pragma pacc pipeline targetinout(p) size([0:X][0:Y])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(1) /* { dg-error "has no decomposed loop" } */
      for (y = 0; y < Y; y++)
	p[0][y] = p[0][y] + 1;
    }
}
