/* { dg-do compile } */
/* A nest without the decomposed loop must update one fixed row; here its
   first index is the dim(1) loop's variable.  */
void f (int X, int Y, int T, float (*p)[Y])
{
  int t, y;
#pragma pacc pipeline targetinout(p) size([0:X][0:Y])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(1)
      for (y = 0; y < Y; y++)
	p[y][0] = p[y][0] + 1; /* { dg-error "the first index of 'p' is 'y', the variable of the 'dim\\(1\\)' loop; in a nest without the decomposed loop \\('dim\\(2\\)'\\) it must be a fixed row" } */
    }
}
