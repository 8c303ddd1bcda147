/* { dg-do compile } */
/* A step function's array parameter given an address computed in the
   call, not one of the pipeline's arrays (issue 45 item 2).  */
#define N 32
#define M 16

static void
step (double *out, const double *in)
{
  int i;
#pragma pacc loop dim(1)
  for (i = 1; i < N * M - 1; i++)
    out[i] = in[i - 1] + in[i + 1];
}

void
f (int T, double (*p)[M], double (*q)[M])
{
  int t;
#pragma pacc pipeline targetinout(p) targettemp(q) size([0:N][0:M]) halo([1:1][1:1])
  for (t = 0; t < T; t++)
    {
      step (&q[0][0], &p[0][0]); /* { dg-error "argument 1 of 'step' in the time step of a '#pragma pacc pipeline' must name an array of the pipeline" } */
#pragma pacc loop dim(2)
      for (int x = 0; x < N; x++)
#pragma pacc loop dim(1)
	for (int y = 0; y < M; y++)
	  p[x][y] = q[x][y];
    }
}
