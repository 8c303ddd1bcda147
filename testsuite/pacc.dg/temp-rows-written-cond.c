/* { dg-do compile } */
/* The stencil nest writes the scratch array under `if (x > 2)', so rows
   1 and 2 are not written; the copy-back nest reads them from row 1:
   their values would come from an earlier step.  A write under a
   condition counts where the condition lets it run; it counted over its
   loop's rows, and the pipeline gave another answer than the sequential
   program (issue 48).  */
#define X 64
#define Y 48

static double p[X][Y], q[X][Y];

void
f (int T)
{
  int t, x, y;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2) /* { dg-message "written by this loop nest" } */
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
	for (y = 1; y < Y - 1; y++)
	  if (x > 2)
	    q[x][y] = (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1]) * 0.25;
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
	for (y = 1; y < Y - 1; y++)
	  p[x][y] = q[x][y]; /* { dg-error "targettemp array 'q' is read at rows that the time step does not write" } */
    }
}
