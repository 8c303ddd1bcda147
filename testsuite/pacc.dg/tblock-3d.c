/* A 3-D step is outside the class (2-D only, for now): the note says
   so.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pacc-verbose" } */
void f (int X, int Y, int Z, int T, double (*u)[Y][Z], double (*v)[Y][Z])
{
  int t, x, y, z;
#pragma pacc pipeline targetinout(u) targettemp(v) size([0:X][0:Y][0:Z]) halo([1:1][1:1][1:1]) /* { dg-message "pipeline" } */
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(3) /* { dg-message "kernel 1: 3 loops, .*; one step per launch: the pipeline is not 2-D" } */
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(2)
	for (y = 1; y < Y - 1; y++)
#pragma pacc loop dim(1)
	  for (z = 1; z < Z - 1; z++)
	    v[x][y][z] = (u[x - 1][y][z] + u[x + 1][y][z] + u[x][y][z - 1]) / 3.0;
#pragma pacc loop dim(3) /* { dg-message "kernel 2" } */
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(2)
	for (y = 1; y < Y - 1; y++)
#pragma pacc loop dim(1)
	  for (z = 1; z < Z - 1; z++)
	    u[x][y][z] = v[x][y][z];
    }
}
