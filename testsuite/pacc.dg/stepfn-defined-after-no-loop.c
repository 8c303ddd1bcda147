/* { dg-do compile } */
/* The time step calls a function defined after the pipeline that holds
   no `#pragma pacc loop' nest: the call is a host statement the step may
   not hold, as for a function defined before (issue 45 item 2).  */
#define N 64

static void reset (double *p);

void
f (int T, double *p, double *q)
{
  int t;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:N]) halo([1:1])
  for (t = 0; t < T; t++)
    {
      reset (q); /* { dg-error "statement not allowed in the time step of a '#pragma pacc pipeline'" } */
#pragma pacc loop dim(1)
      for (int i = 1; i < N - 1; i++)
	p[i] = p[i - 1] + p[i + 1];
    }
}

static void
reset (double *p)
{
  for (int i = 0; i < N; i++)
    p[i] = 0;
}
