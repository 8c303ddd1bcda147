/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pacc-verbose" } */
/* A perfect nest of three pacc loops: the two outer ones go to gangs and
   workers as one loop.  */
void f (int X, int Y, int Z, int T, float (*p)[Y][Z], float (*q)[Y][Z])
{
  int t, x, y, z;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y][0:Z]) halo([1:1][1:1][1:1])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(3) /* { dg-message "kernel 1: 3 loops, rows widened by \\\[0:0\\\]; the two outer loops go to gangs and workers as one \\(collapse\\(2\\)\\)" } */
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(2)
	for (y = 1; y < Y - 1; y++)
#pragma pacc loop dim(1)
	  for (z = 1; z < Z - 1; z++)
	    q[x][y][z] = p[x - 1][y][z] + p[x + 1][y][z] + p[x][y][z - 1];
#pragma pacc loop dim(3) /* { dg-message "kernel 2: 3 loops" } */
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(2)
	for (y = 1; y < Y - 1; y++)
#pragma pacc loop dim(1)
	  for (z = 1; z < Z - 1; z++)
	    p[x][y][z] = q[x][y][z];
    }
}
