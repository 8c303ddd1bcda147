/* With 'mpi' the bounds of each decomposed loop must be known at entry
   (libpacc turns them into the rank's rows there): one that uses the
   time variable is refused at the loop.  */
/* { dg-do compile } */
typedef struct ompi_communicator_t *MPI_Comm;
void f (int X, int Y, int T, MPI_Comm comm, float (*p)[Y])
{
  int t, x, y;
#pragma pacc pipeline targetinout(p) size([0:X][0:Y]) mpi(comm, 1)
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2) /* { dg-error "with 'mpi', the bounds of the decomposed '#pragma pacc loop' must be known when the region starts, but 'X - t' depends on the time step, on a scalar the step assigns, on a loop variable, on memory or on a call" } */
      for (x = 1; x < X - t; x++)
#pragma pacc loop dim(1)
	for (y = 0; y < Y; y++)
	  p[x][y] = p[x][y] + 1;
    }
}
