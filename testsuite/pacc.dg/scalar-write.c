/* { dg-do compile } */
/* A static variable keeps its value from call to call: PACC cannot see
   every read of it, so it cannot be made private to the iterations.  */
void f (int X, int T, float *p)
{
  int t, x;
  static float last = 0;
#pragma pacc pipeline targetinout(p) size([0:X])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(1)
      for (x = 0; x < X; x++)
	last = p[x]; /* { dg-error "assigns 'last', which is declared outside the loop nest" } */
    }
}
