/* { dg-do compile } */
/* A local of the outer loop's body that bounds the inner loop and is
   assigned again under a condition: the host cannot read the bound
   through one definition to check the loop's indices against size, and
   the local is out of its scope there (issue 48: an internal compiler
   error at -O2 before).  Refused at the loop, naming the local.  */
#define X 40
#define Y 30

static double a[X][Y], b[X][Y];

void
f (int steps)
{
  int t, x, y;
#pragma pacc pipeline targetinout(a, b) size([0:X][0:Y]) halo([1:1][1:1])
  for (t = 0; t < steps; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
	{
	  int n = Y - 1;
	  if (x > 20)
	    n = Y;
#pragma pacc loop dim(1) /* { dg-error "a bound of this .#pragma pacc loop. reads .n., which the nest assigns more than once or changes" } */
	  for (y = 1; y < n; y++)
	    b[x][y] = 0.5 * (a[x-1][y] + a[x+1][y]);
	}
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
	for (y = 1; y < Y - 1; y++)
	  a[x][y] = b[x][y];
    }
}
