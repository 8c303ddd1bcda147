/* With 'mpi' the ranks share out the rows of the decomposed loop: a
   nest without it (a fixed row) is refused.  */
/* { dg-do compile } */
typedef struct ompi_communicator_t *MPI_Comm;
void f (int X, int Y, int T, MPI_Comm comm, float (*p)[Y])
{
  int t, x, y;
#pragma pacc pipeline targetinout(p) size([0:X][0:Y]) halo([1:1][0:0]) mpi(comm, 1)
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(1) /* { dg-error "fixed-row nest in a pipeline with 'mpi': with 'mpi' every '#pragma pacc loop' nest needs the decomposed loop \\('dim\\(2\\)'\\), whose rows the ranks share out" } */
      for (y = 0; y < Y; y++)
	p[0][y] = p[1][y];
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
	for (y = 0; y < Y; y++)
	  p[x][y] = p[x][y] + 1;
    }
}
