/* An 'mpi' region with reductions of floating, signed and unsigned
   variables compiles (their partials are combined over the ranks after
   the region's blocks); the ghost rows may be a variable.  */
/* { dg-do compile } */
typedef int MPI_Comm;		/* MPICH's MPI_Comm is an int.  */
void f (int X, int Y, int T, MPI_Comm comm, int g, double (*p)[Y],
	double (*q)[Y], double *out)
{
  int t, x, y;
  double s = 0;
  long n = 0;
  unsigned u = 0;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y]) halo([1:1][0:0]) mpi(comm, g) reduction(+:s,n,u)
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
	for (y = 0; y < Y; y++)
	  q[x][y] = (p[x - 1][y] + p[x + 1][y]) * 0.5;
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
	for (y = 0; y < Y; y++)
	  {
	    p[x][y] = q[x][y];
	    s += q[x][y];
	    n += 1;
	    u += (unsigned) y;
	  }
    }
  out[0] = s + n + u;
}
