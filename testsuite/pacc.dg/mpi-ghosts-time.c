/* The ghost rows are evaluated once, before the time loop: they may not
   use the time variable.  */
/* { dg-do compile } */
typedef struct ompi_communicator_t *MPI_Comm;
void f (int X, int Y, int T, MPI_Comm comm, float (*p)[Y], float (*q)[Y])
{
  int t, x, y;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][1:1]) mpi(comm, t) /* { dg-error "'mpi' uses the time variable 't': the clause is evaluated once, before the time loop, where 't' holds no step" } */
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
