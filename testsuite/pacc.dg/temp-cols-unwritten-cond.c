/* { dg-do compile } */
/* The copy-back nest reads the scratch array under `if (y < Y - 1)',
   which over columns from 0 still reads column 0, which the stencil
   nest (columns from 1) never writes: its value would come from an
   earlier step.  A read under a condition counts from where the
   condition lets it run; it was not checked at all, and the pipeline
   gave another answer than the sequential program (issue 48).  */
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
	  q[x][y] = (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1]) * 0.25;
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
	for (y = 0; y < Y; y++)
	  if (y < Y - 1)
	    p[x][y] = q[x][y]; /* { dg-error "targettemp array 'q' is read at \\\[x\\\]\\\[0\\\], an element that the time step does not write before this read" } */
	  else
	    p[x][y] = 0.5 * p[x][y];
    }
}
