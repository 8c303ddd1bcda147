/* { dg-do compile } */
/* A fixed row X / n whose n the time step changes: not constant over the
   region, so not taken as an invariant term.  */
void f (int X, int Y, int T, double *e)
{
  int t, y, n = 2;
#pragma pacc pipeline targetinout(e) size([0:X][0:Y]) halo([0:0][0:0])
  for (t = 0; t < T; t++)
    {
      n = 2 + t % 3;
#pragma pacc loop dim(1)
      for (y = 0; y < Y; y++)
        e[(X / n) * Y + y] = 1.0; /* { dg-error "cannot analyse the index of 'e'" } */
    }
}
