/* { dg-do compile } */
/* A nest without the decomposed loop must touch one row (plus constant
   offsets): here it reads row t and writes row 0.  */
void f (int X, int Y, int T, float (*p)[Y])
{
  int t, y;
#pragma pacc pipeline targetinout(p) size([0:X][0:Y])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(1)
      for (y = 0; y < Y; y++)
	p[0][y] = p[t][y]; /* { dg-error "in a '#pragma pacc loop' nest without the decomposed loop, every first index must be the same row plus a constant" } */
    }
}
