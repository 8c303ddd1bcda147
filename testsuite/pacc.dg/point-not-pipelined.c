/* { dg-do compile } */
/* A probe recorded into an array the pipeline does not list: only the
   pipelined arrays' elements can be written between the nests.  */
void f (int X, int Y, int T, float (*p)[Y], float *probe)
{
  int t, x, y;
  float v;
#pragma pacc pipeline targetinout(p) size([0:X][0:Y]) halo([1:1][0:0])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(2)
      for (x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
	for (y = 0; y < Y; y++)
	  p[x][y] = 0.5f * p[x][y];
      v = 0.5f * t;
      probe[t] = v; /* { dg-error "host statement in a '#pragma pacc pipeline' time step writes an element of 'probe', which is not a pipelined array; list 'probe' in 'targetinout'" } */
    }
}
