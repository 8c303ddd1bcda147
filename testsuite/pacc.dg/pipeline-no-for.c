/* { dg-do compile } */
void f (int X, int T, float *p)
{
  int t = 0, x;
#pragma pacc pipeline targetinout(p) size([0:X]) /* { dg-error "must be followed by a 'for' loop" } */
  while (t < T)
    {
      t++;
    }
}
