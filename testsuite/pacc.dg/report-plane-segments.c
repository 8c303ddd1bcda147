/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pacc-verbose" } */
/* What the gangs take in three-level nests (plugin/lower-geometry.cc):
   (plane, row, segment) triples for a perfect nest whose inner loops
   have bounds the host computes, copy-like or not, and one that only
   reduces, its partials through slots; (plane, row group) pairs for one
   with a reduction whose loads cannot all come first; with
   -fplugin-arg-pacc-segment-depth=2, report-segment-depth-two.c.  */
void f (int X, int Y, int Z, int T, float (*p)[Y][Z], float (*q)[Y][Z])
{
  int t, x, y, z;
  double s = 0;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y][0:Z]) halo([1:1][1:1][1:1]) reduction(+:s) /* { dg-message "pipeline: arrays" } */
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(3) /* { dg-message "kernel 1: 3 loops, rows widened by \\\[0:0\\\]; \\\(plane, row, segment\\\) triples to gangs, 8 columns per thread" } */
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(2)
	for (y = 1; y < Y - 1; y++)
#pragma pacc loop dim(1)
	  for (z = 1; z < Z - 1; z++)
	    {
	      float a = p[x - 1][y][z];
	      q[x][y][z] = a + p[x + 1][y][z] + p[x][y - 1][z];
	    }
#pragma pacc loop dim(3) /* { dg-message "kernel 2: 3 loops, rows widened by \\\[0:0\\\]; \\\(plane, row, segment\\\) triples to gangs, 4 columns per thread, loads first" } */
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(2)
	for (y = 1; y < Y - 1; y++)
#pragma pacc loop dim(1)
	  for (z = 1; z < Z - 1; z++)
	    p[x][y][z] = q[x][y][z];
#pragma pacc loop dim(3) /* { dg-message "kernel 3: 3 loops, rows widened by \\\[0:0\\\], reduction; \\\(plane, row, segment\\\) triples to gangs, 4 columns per thread, loads first, partials through slots" } */
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(2)
	for (y = 1; y < Y - 1; y++)
#pragma pacc loop dim(1)
	  for (z = 1; z < Z - 1; z++)
	    s += p[x][y][z];
#pragma pacc loop dim(3) /* { dg-message "kernel 4: 3 loops, rows widened by \\\[0:0\\\], reduction; \\\(plane, row group\\\) pairs to gangs" } */
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(2)
	for (y = 1; y < Y - 1; y++)
#pragma pacc loop dim(1)
	  for (z = 1; z < Z - 1; z++)
	    {
	      q[x][y][z] = 2 * p[x][y][z];
	      p[x][y][z] = q[x][y][z] + 1;
	      s += p[x][y][z];
	    }
    }
}
