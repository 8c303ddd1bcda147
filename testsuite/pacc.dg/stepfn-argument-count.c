/* { dg-do compile } */
/* A step function defined in the old style (no prototype) called in the
   time step with fewer arguments than it has parameters: nothing to bind
   the missing ones to (issue 45 item 2).  */
#define N 16

static void
copy (out, in)
     double *out, *in;
{
#pragma pacc loop dim(1)
  for (int x = 1; x < N - 1; x++)
    out[x] = in[x];
}

void
f (int T, double *p, double *q)
{
  int t;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:N]) halo([0:0])
  for (t = 0; t < T; t++)
    {
      copy (q); /* { dg-error "'copy' is called with 1 arguments in the time step of a '#pragma pacc pipeline' and has 2 parameters" } */
      copy (p, q);
    }
}
