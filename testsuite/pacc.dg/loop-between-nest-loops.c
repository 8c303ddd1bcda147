/* { dg-do compile } */
/* A 3-D nest whose middle loop is not a '#pragma pacc loop': the gangs
   of the dim(3) loop would run the dim(1) loop without the loop over y
   around it (only plane y = 1 was updated).  */
void f (int X, int Y, int Z, int T, float (*p)[Y][Z], float (*q)[Y][Z])
{
  int t, x, y, z;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y][0:Z]) halo([1:1][0:0][0:0])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(3)
      for (x = 1; x < X - 1; x++)
	for (y = 0; y < Y; y++) /* { dg-error "this loop lies between the '#pragma pacc loop dim\\(3\\)' loop around it and the '#pragma pacc loop dim\\(1\\)' loop inside it: every loop between two loops of a nest must be a '#pragma pacc loop'; mark it '#pragma pacc loop dim\\(2\\)'" } */
#pragma pacc loop dim(1)
	  for (z = 0; z < Z; z++)
	    q[x][y][z] = p[x - 1][y][z] + p[x + 1][y][z];
#pragma pacc loop dim(3)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(2)
	for (y = 0; y < Y; y++)
#pragma pacc loop dim(1)
	  for (z = 0; z < Z; z++)
	    p[x][y][z] = q[x][y][z] * 0.5f;
    }
}
