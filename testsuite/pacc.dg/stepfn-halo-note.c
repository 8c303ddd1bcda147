/* { dg-do compile } */
/* An error of the region about a nest seen through two calls of the
   same function: the notes point into the function, and one note per
   call says where it was called (issue 45 item 2).  */
#define N 64

static void
step (double *out, const double *in)
{
  int i;
#pragma pacc loop dim(1) /* { dg-message "adds up with what later nests" } */
  for (i = 1; i < N - 1; i++)
    out[i] = in[i - 1] + in[i + 1];
}

void
f (int T, double *p, double *q)
{
  int t;
#pragma pacc pipeline targetinout(p, q) size([0:N]) halo([1:1]) /* { dg-error "smaller than what one time step reaches along it, \\\[2:2\\\]" } */
  for (t = 0; t < T; t++)
    {
      step (q, p); /* { dg-message "'step' called here" } */
      step (p, q); /* { dg-message "'step' called here" } */
    }
}
