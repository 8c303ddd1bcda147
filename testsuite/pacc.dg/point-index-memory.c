/* { dg-do compile } */
/* A point source whose position is read from memory at each step: the
   host must know the row of the write at every sub-step.  */
#define X 40
#define Y 30
void f (double (*ez)[Y], const int *pos, int T)
{
  int t, i, j;
#pragma pacc pipeline targetinout(ez) size([0:X][0:Y]) halo([1:1][0:0])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (i = 1; i < X - 1; i++)
#pragma pacc loop dim(1)
	for (j = 0; j < Y; j++)
	  ez[i][j] = 0.5 * ez[i][j];
      ez[pos[t]][Y / 2] = 1.0; /* { dg-error "the index of this write to 'ez' in the time step of a '#pragma pacc pipeline' reads memory" } */
    }
}
