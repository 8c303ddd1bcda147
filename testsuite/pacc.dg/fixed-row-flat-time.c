/* { dg-do compile } */
/* A flat fixed row that is no polynomial of the time step, (t / 2) * Y:
   refused (only terms the time loop never changes become atoms); a
   scalar the step sets, `row = t / 2;', is the way to write it.  */
void f (int X, int Y, int T, double *e, double *h)
{
  int t, x, y;
#pragma pacc pipeline targetinout(e, h) size([0:X][0:Y]) halo([1:1][0:0])
  for (t = 0; t < T; t++)
    {
#pragma pacc loop dim(1)
      for (y = 0; y < Y; y++)
        e[(t / 2) * Y + y] = 1.0; /* { dg-error "cannot analyse the index of 'e'" } */
#pragma pacc loop dim(2)
      for (x = 1; x < X; x++)
#pragma pacc loop dim(1)
        for (y = 0; y < Y; y++)
          e[x * Y + y] = e[x * Y + y] - 0.5 * (h[x * Y + y] - h[(x - 1) * Y + y]);
    }
}
