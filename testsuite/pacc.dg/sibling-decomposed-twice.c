/* { dg-do compile } */
/* The decomposed dimension in two sibling loops of one nest: refused
   (a nest has one decomposed loop), saying to split the nest.  */
void f (int X, int Y, int Z, int T, float (*p)[Y][Z], float (*q)[Y][Z])
{
  int t, x, y, z;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:X][0:Y][0:Z])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(1)
      for (z = 0; z < Z; z++)
	{
#pragma pacc loop dim(3)
	  for (x = 0; x < X; x++)
	    q[x][0][z] = p[x][0][z];
#pragma pacc loop dim(3) /* { dg-error "'dim\\(3\\)', the decomposed dimension, appears in two sibling loops of one '#pragma pacc loop' nest; split the nest into two" } */
	  for (x = 0; x < X; x++)
	    p[x][0][z] = q[x][0][z];
	}
    }
}
