/* { dg-do compile } */
/* A condition that does not keep the access from the grid's edge (x >= 0
   holds at x == 0 too): row -1 is still read, and refused.  */
#define X 40
#define Y 20
void f (int T, double (*a)[Y], double (*b)[Y])
{
  int t, x, y;
#pragma pacc pipeline targetinout(a, b) size([0:X][0:Y]) halo([1:1][1:1])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2) /* { dg-error "kernel 1 touches rows -1 to 39 of the first dimension" } */
      for (x = 0; x < X; x++)
#pragma pacc loop dim(1)
	for (y = 0; y < Y; y++)
	  b[x][y] = x >= 0 ? a[x - 1][y] : a[x][y];
    }
}
