/* A 1-D step function that returns a value the step drops (`return 0;'
   at its end), given fixed-size global arrays for flat pointer
   parameters, twice per step in swapped order (issue 45 item 2).  */

#include <stdio.h>

#define N 97

static double P[N], Q[N];

static int
smooth (double *out, const double *in, double w)
{
#pragma pacc loop dim(1)
  for (int i = 1; i < N - 1; i++)
    out[i] = w * in[i] + (1 - w) * 0.5 * (in[i - 1] + in[i + 1]);
  return 0;
}

int
main (void)
{
  int t;
  for (int i = 0; i < N; i++)
    P[i] = Q[i] = (i * 7) % 13;
#pragma pacc pipeline targetinout(P, Q) size([0:N]) halo([2:2])
  for (t = 0; t < 23; t++)
    {
      smooth (Q, P, 0.5);
      smooth (P, Q, 0.25);
    }
  double s = 0;
  for (int i = 0; i < N; i++)
    s += P[i] * (i + 1) + Q[i];
  printf ("P, Q: %.17g\n", s);
  return 0;
}
