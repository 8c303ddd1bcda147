/* { dg-do compile } */
/* x > 0 || y > 0 holds at x == 0 when y > 0: the read of row x - 1
   under it may run at row 0, and is refused as before.  */
#define X 30
#define Y 30
void f (int T, float (*a)[Y], float (*b)[Y])
{
  int t, x, y;
#pragma pacc pipeline targetinout(a, b) size([0:X][0:Y]) halo([1:1][1:1])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2) /* { dg-error "kernel 1 touches rows -1 to 29 of the first dimension" } */
      for (x = 0; x < X; x++)
#pragma pacc loop dim(1)
	for (y = 0; y < Y; y++)
	  b[x][y] = (x > 0 || y > 0) ? a[x - 1][y] : a[x][y];
    }
}
