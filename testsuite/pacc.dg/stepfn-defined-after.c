/* { dg-do compile } */
/* The time step calls a function declared by a prototype and defined
   after the function with the pipeline: its nests are not known when
   the pipeline is lowered.  An error at the call: define it before
   (issue 45 item 2); no error at its loops.  */
static void step (int X, int Y, double (*out)[Y], const double (*in)[Y]);

void
f (int X, int Y, int T, double (*a)[Y], double (*b)[Y])
{
  double (*tmp)[Y];
  int t;
#pragma pacc pipeline targetinout(a, b) size([0:X][0:Y]) halo([1:1][1:1])
  for (t = 0; t < T; t++)
    {
      step (X, Y, b, a); /* { dg-error "'step' is called in the time step of a '#pragma pacc pipeline' but defined after 'f': .* define 'step' before 'f'" } */
      tmp = a;
      a = b;
      b = tmp;
    }
}

static void
step (int X, int Y, double (*out)[Y], const double (*in)[Y])
{
#pragma pacc loop dim(2)
  for (int x = 1; x < X - 1; x++)
#pragma pacc loop dim(1)
    for (int y = 1; y < Y - 1; y++)
      out[x][y] = 0.5 * (in[x - 1][y] + in[x + 1][y]);
}
