/* { dg-do compile } */
/* A step function that moves its array parameter before indexing it:
   the nest would not index the pipeline's array as written (issue 45
   item 2).  */
#define N 64

static void
step (double *out, const double *in)
{
  int i;
  in = in + 1;
#pragma pacc loop dim(1)
  for (i = 1; i < N - 2; i++)
    out[i] = in[i - 1] + in[i + 1];
}

void
f (int T, double *p, double *q)
{
  double *tmp;
  int t;
#pragma pacc pipeline targetinout(p, q) size([0:N]) halo([2:2])
  for (t = 0; t < T; t++)
    {
      step (q, p); /* { dg-error "parameter 'in' of 'step', which the time step of a '#pragma pacc pipeline' calls, is assigned in 'step'" } */
      tmp = p;
      p = q;
      q = tmp;
    }
}
