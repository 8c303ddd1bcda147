/* { dg-do compile } */
/* The copy-back nest reads column 0 of the scratch array, which the
   stencil nest (columns from 1) never writes: its value would come from
   an earlier step, and across a block from before the region.  */
void f (int X, int Y, int T, double (*p)[Y], double (*q)[Y])
{
  int t, x, y;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2) /* { dg-message "written by this loop nest" } */
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
	for (y = 1; y < Y - 1; y++)
	  q[x][y] = (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1]) * 0.25;
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
	for (y = 0; y < Y - 1; y++)
	  p[x][y] = q[x][y]; /* { dg-error "targettemp array 'q' is read at \\\[x\\\]\\\[0\\\], an element that the time step does not write before this read" } */
    }
}
