/* A halo wider than 2^20 rows is refused where it is written: near the
   range of the runtime's row numbers it overflowed them ("internal
   error: halo -2147483647/+1").  */
/* { dg-do compile } */
void f (int X, int Y, int T, float (*p)[Y])
{
  int t, x, y;
#pragma pacc pipeline targetinout(p) size([0:X][0:Y]) halo([2147483647:1][1:1]) /* { dg-error "halo 2147483647 is more than 1048576 rows" } */
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
	for (y = 0; y < Y; y++)
	  p[x][y] = p[x][y] + 1;
    }
}
