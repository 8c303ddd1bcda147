/* { dg-do compile } */
/* The time step calls a function that this file only declares: its
   `#pragma pacc loop' nests, in another translation unit, are not seen
   (issue 45 item 2).  An error at the call saying so.  */
void step (int X, int Y, double (*out)[Y], const double (*in)[Y]);

void
f (int X, int Y, int T, double (*a)[Y], double (*b)[Y])
{
  double (*tmp)[Y];
  int t;
#pragma pacc pipeline targetinout(a, b) size([0:X][0:Y]) halo([1:1][1:1])
  for (t = 0; t < T; t++)
    {
      step (X, Y, b, a); /* { dg-error "'step' is called in the time step of a '#pragma pacc pipeline' but not defined in this file: '#pragma pacc loop' nests in another translation unit are not seen" } */
      tmp = a;
      a = b;
      b = tmp;
    }
}
