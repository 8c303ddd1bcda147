/* MPI_COMM_WORLD expands to a cast (here as in Open MPI): 'mpi' takes the
   name of an MPI_Comm variable, and the message says how to get one.  */
/* { dg-do compile } */
typedef struct ompi_communicator_t *MPI_Comm;
extern struct ompi_communicator_t ompi_mpi_comm_world;
#define MPI_COMM_WORLD ((MPI_Comm) ((void *) &(ompi_mpi_comm_world))) /* { dg-error "expected the name of an 'MPI_Comm' variable in 'mpi' clause, not an expression \\(for 'MPI_COMM_WORLD', which expands to a cast, declare 'MPI_Comm comm = MPI_COMM_WORLD;' and write 'mpi\\(comm, ...\\)'\\)" } */
void f (int X, int Y, int T, float (*p)[Y], float (*q)[Y])
{
  int t, x, y;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) mpi(MPI_COMM_WORLD, 1)
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
	for (y = 1; y < Y - 1; y++)
	  q[x][y] = (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1]) * 0.25f;
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
	for (y = 1; y < Y - 1; y++)
	  p[x][y] = q[x][y];
    }
}
