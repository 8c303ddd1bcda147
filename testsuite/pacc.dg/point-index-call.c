/* { dg-do compile } */
/* A point write at a position drawn by a function with side effects:
   no step can repeat it for each chunk.  */
#include <stdlib.h>
#define IDX(i, j) ((i) * 32 + (j))
void f (double *ez, int T)
{
  int t, i, j;
#pragma pacc pipeline targetinout(ez) size([0:64][0:32]) halo([1:1][0:0])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (i = 1; i < 63; i++)
#pragma pacc loop dim(1)
	for (j = 0; j < 32; j++)
	  ez[IDX (i, j)] = 0.5 * ez[IDX (i, j)];
      ez[IDX (rand () % 64, 3)] += 1.0; /* { dg-error "the index of this write to 'ez' in the time step of a '#pragma pacc pipeline' calls a function that is not 'const'" } */
    }
}
