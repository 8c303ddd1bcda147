/* { dg-do compile } */
/* A point write through a flat view of an array of rows: PACC splits
   indices along the strides of the array as declared.  */
void f (int X, int Y, int T, double (*p)[Y], int ic, int jc)
{
  int t, x, y;
#pragma pacc pipeline targetinout(p) size([0:X][0:Y]) halo([0:0][0:0])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 0; x < X; x++)
#pragma pacc loop dim(1)
	for (y = 0; y < Y; y++)
	  p[x][y] = 0.5 * p[x][y];
      ((double *) p)[ic * Y + jc] = 3.0; /* { dg-error "this write to one element of 'p' in the time step of a '#pragma pacc pipeline' accesses 'p' through a cast; index it as it is declared" } */
    }
}
