/* { dg-do compile } */
/* A statement that is no loop at all after `pipeline'.  */
void f (int X, int T, float *p)
{
  int t = 0;
#pragma pacc pipeline targetinout(p) size([0:X]) /* { dg-error "must be followed by a 'for' loop" } */
  if (t < T)
    {
      t++;
    }
}
