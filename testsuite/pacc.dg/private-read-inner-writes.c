/* { dg-do compile } */
/* Written in the column loop, whose iterations run in parallel, and read
   after it in the row: that is the last column's value.  */
void f (int X, int Y, int T, double (*p)[Y], double (*q)[Y])
{
  int t, x, y;
  double last;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][0:0])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
	{
#pragma pacc loop dim(1)
	  for (y = 0; y < Y; y++)
	    {
	      last = p[x - 1][y];
	      q[x][y] = last;
	    }
	  q[x][0] = last; /* { dg-error "'last' is read here before it is written in an iteration" } */
	}
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
	for (y = 0; y < Y; y++)
	  p[x][y] = q[x][y];
    }
}
