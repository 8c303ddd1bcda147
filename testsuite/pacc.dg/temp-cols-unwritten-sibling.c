/* { dg-do compile } */
/* Two sibling loops of one nest: the second reads column 0 of the
   scratch array, which the first (columns from 1) never writes.  */
void f (int X, int Y, int T, double (*p)[Y], double (*r)[Y], double (*q)[Y])
{
  int t, x, y;
#pragma pacc pipeline targetin(p) targetinout(r) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
	{
#pragma pacc loop dim(1)
	  for (y = 1; y < Y - 1; y++)
	    q[x][y] = (p[x - 1][y] + p[x + 1][y]) * 0.5;
#pragma pacc loop dim(1)
	  for (y = 1; y < Y - 1; y++)
	    r[x][y] = q[x][y - 1] + q[x][y]; /* { dg-error "targettemp array 'q' is read at \\\[x\\\]\\\[0\\\], an element that the time step does not write before this read" } */
	}
    }
}
