/* { dg-do compile } */
/* A `return' before the end of a function that the time step calls:
   its body is copied into the step, where the `return' would leave the
   caller (issue 45 item 2).  */
#define N 64

static void
step (double *out, const double *in, int t)
{
  int i;
  if (t % 2)
    return; /* { dg-error "'return' before the end of 'step', which the time step of a '#pragma pacc pipeline' calls" } */
#pragma pacc loop dim(1)
  for (i = 1; i < N - 1; i++)
    out[i] = in[i - 1] + in[i + 1];
}

void
f (int T, double *p, double *q)
{
  double *tmp;
  int t;
#pragma pacc pipeline targetinout(p, q) size([0:N]) halo([1:1])
  for (t = 0; t < T; t++)
    {
      step (q, p, t); /* { dg-message "'step' called here" } */
      tmp = p;
      p = q;
      q = tmp;
    }
}
