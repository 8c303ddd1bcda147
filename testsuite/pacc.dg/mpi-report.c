/* A correct 'mpi' region compiles; the verbose note names the clause.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pacc-verbose" } */
typedef struct ompi_communicator_t *MPI_Comm;
void f (int nloc, int Y, int T, MPI_Comm comm, float (*p)[Y], float (*q)[Y])
{
  int t, x, y;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:nloc][0:Y]) halo([1:1][1:1]) mpi(comm, 1) /* { dg-message "pacc: pipeline: arrays p \\(targetinout\\), q \\(targettemp\\); decomposed dimension 'dim\\(2\\)' \\(the first index\\) of 2; halo \\\[1:1\\\]\\\[1:1\\\]; derived reach \\\[1:1\\\]\\\[1:1\\\]; 2 kernels per step; rows to gangs \[^;\]*; mpi\\(comm, 1\\)" } */
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2) /* { dg-message "kernel 1: 2 loops" } */
      for (x = 1; x < nloc - 1; x++)
#pragma pacc loop dim(1)
	for (y = 1; y < Y - 1; y++)
	  q[x][y] = (p[x - 1][y] + p[x + 1][y] + p[x][y - 1] + p[x][y + 1]) * 0.25f;
#pragma pacc loop dim(2) /* { dg-message "kernel 2: 2 loops" } */
      for (x = 1; x < nloc - 1; x++)
#pragma pacc loop dim(1)
	for (y = 1; y < Y - 1; y++)
	  p[x][y] = q[x][y];
    }
}
