/* { dg-do compile } */
/* !(x == 0 && k == 1) and then k == 1 would give x != 0, but k is a
   local of the nest (here changed between the two conditions): nothing
   is implied from conditions on it, and the read of row x - 1 is refused
   at x == 0.  */
#define X 24
#define Y 24
void f (int T, double (*a)[Y], double (*b)[Y], const int *m)
{
  int t, x, y;
#pragma pacc pipeline targetinout(a, b) copyin(m[0:Y]) size([0:X][0:Y]) halo([1:1][1:1])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2) /* { dg-error "kernel 1 touches rows -1 to 23 of the first dimension" } */
      for (x = 0; x < X; x++)
#pragma pacc loop dim(1)
	for (y = 0; y < Y; y++)
	  {
	    int k = m[y];
	    if (!(x == 0 && k == 1))
	      {
		k = m[Y - 1 - y];
		if (k == 1)
		  b[x][y] = a[x - 1][y];
	      }
	  }
    }
}
