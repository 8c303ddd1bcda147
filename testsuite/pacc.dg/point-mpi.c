/* With 'mpi' the ranks share out the rows: a point source written
   between the nests would be one rank's; the message says how to write
   it in a nest.  */
/* { dg-do compile } */
typedef struct ompi_communicator_t *MPI_Comm;
void f (int X, int Y, int T, MPI_Comm comm, float (*p)[Y], int ic, int jc)
{
  int t, x, y;
#pragma pacc pipeline targetinout(p) size([0:X][0:Y]) halo([0:0][0:0]) mpi(comm, 1)
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
	for (y = 0; y < Y; y++)
	  p[x][y] = p[x][y] + 1;
      p[ic][jc] = 1.0f; /* { dg-error "write to one element of a pipelined array in the time step of a pipeline with 'mpi': its row belongs to one rank; write it in a '#pragma pacc loop' nest over the decomposed dimension \\('dim\\(2\\)'\\) under a condition on the row and column" } */
    }
}
