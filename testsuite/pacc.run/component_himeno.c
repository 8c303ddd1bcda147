/* Himeno as RIKEN distributes it (himenoBMTxps.c): the coefficients in
   4-D global arrays a[4][MIMAX][MJMAX][MKMAX], b[3][...], c[3][...]
   whose first index is a constant in the 19-point kernel, p, bnd, wrk1,
   wrk2 3-D, the residual gosa a float reduction.  Each component of a,
   b and c is streamed as an array of its own; every element differs so
   that a component taken for another shows.  gosa is a float, as in
   the original: its sum in another order differs in the last bits.  */

/* { dg-pacc-tolerance 1e-5 } */

#include "pacc-check.h"

#define MIMAX 17
#define MJMAX 9
#define MKMAX 13
#define NN 6

static float p[MIMAX][MJMAX][MKMAX];
static float a[4][MIMAX][MJMAX][MKMAX], b[3][MIMAX][MJMAX][MKMAX],
  c[3][MIMAX][MJMAX][MKMAX];
static float bnd[MIMAX][MJMAX][MKMAX];
static float wrk1[MIMAX][MJMAX][MKMAX], wrk2[MIMAX][MJMAX][MKMAX];
static int imax, jmax, kmax;
static float omega = 0.8f;

static void
initmt (void)
{
  long n = (long) MIMAX * MJMAX * MKMAX;
  float *f = &a[0][0][0][0];
  for (long i = 0; i < 4 * n; i++)
    f[i] = (float) ((pc_value (1, i) + 2.0) / 16.0);
  f = &b[0][0][0][0];
  for (long i = 0; i < 3 * n; i++)
    f[i] = (float) (pc_value (2, i) / 64.0);
  f = &c[0][0][0][0];
  for (long i = 0; i < 3 * n; i++)
    f[i] = (float) ((pc_value (3, i) + 2.0) / 16.0);
  pc_init_float (&p[0][0][0], n, 4);
  pc_init_float (&wrk1[0][0][0], n, 5);
  for (long i = 0; i < n; i++)
    (&bnd[0][0][0])[i] = (float) (i % 7 != 0);
}

static float
jacobi (int nn)
{
  int i, j, k, n;
  float gosa;

#pragma pacc pipeline targetinout(p) targetin(a, b, c, bnd, wrk1) targettemp(wrk2) size([0:MIMAX][0:MJMAX][0:MKMAX]) halo([1:1][1:1][1:1]) reduction(+:gosa) async
  for (n = 0; n < nn; ++n)
    {
      gosa = 0.0;

#pragma pacc loop dim(3)
      for (i = 1; i < imax - 1; i++)
#pragma pacc loop dim(2)
        for (j = 1; j < jmax - 1; j++)
#pragma pacc loop dim(1)
          for (k = 1; k < kmax - 1; k++)
            {
              /* Declared here: the scalar temporaries of the original,
                 declared with gosa, are another feature.  */
              float s0, ss;
              s0 = a[0][i][j][k] * p[i + 1][j][k]
                   + a[1][i][j][k] * p[i][j + 1][k]
                   + a[2][i][j][k] * p[i][j][k + 1]
                   + b[0][i][j][k] * (p[i + 1][j + 1][k] - p[i + 1][j - 1][k]
                                      - p[i - 1][j + 1][k] + p[i - 1][j - 1][k])
                   + b[1][i][j][k] * (p[i][j + 1][k + 1] - p[i][j - 1][k + 1]
                                      - p[i][j + 1][k - 1] + p[i][j - 1][k - 1])
                   + b[2][i][j][k] * (p[i + 1][j][k + 1] - p[i - 1][j][k + 1]
                                      - p[i + 1][j][k - 1] + p[i - 1][j][k - 1])
                   + c[0][i][j][k] * p[i - 1][j][k]
                   + c[1][i][j][k] * p[i][j - 1][k]
                   + c[2][i][j][k] * p[i][j][k - 1]
                   + wrk1[i][j][k];

              ss = (s0 * a[3][i][j][k] - p[i][j][k]) * bnd[i][j][k];

              gosa += ss * ss;
              wrk2[i][j][k] = p[i][j][k] + omega * ss;
            }

#pragma pacc loop dim(3)
      for (i = 1; i < imax - 1; ++i)
#pragma pacc loop dim(2)
        for (j = 1; j < jmax - 1; ++j)
#pragma pacc loop dim(1)
          for (k = 1; k < kmax - 1; ++k)
            p[i][j][k] = wrk2[i][j][k];
    }

  return gosa;
}

int
main (void)
{
  imax = MIMAX;
  jmax = MJMAX;
  kmax = MKMAX;
  initmt ();
  float gosa = jacobi (NN);
  pc_dump_float ("p", &p[0][0][0], (long) MIMAX * MJMAX * MKMAX);
  pc_dump_float ("a", &a[0][0][0][0], 4L * MIMAX * MJMAX * MKMAX);
  pc_reduction ("gosa", gosa);
  return 0;
}
