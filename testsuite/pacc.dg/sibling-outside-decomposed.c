/* { dg-do compile } */
/* Sibling loops outside the decomposed loop: the second dim(2) loop has
   no decomposed loop inside it.  Refused.  */
void f (int X, int Y, int Z, int T, float (*p)[Y][Z], float (*q)[Y][Z])
{
  int t, x, y, z;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y][0:Z])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(1)
      for (z = 0; z < Z; z++)
	{
#pragma pacc loop dim(2)
	  for (y = 0; y < Y; y++)
#pragma pacc loop dim(3)
	    for (x = 0; x < X; x++)
	      q[x][y][z] = p[x][y][z];
#pragma pacc loop dim(2) /* { dg-error "sibling '#pragma pacc loop' loops must be inside the decomposed loop \\('dim\\(3\\)'\\)" } */
	  for (y = 0; y < Y; y++)
	    q[0][y][z] = 0;
	}
    }
}
