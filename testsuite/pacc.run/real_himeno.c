/* patterns: Himeno (RIKEN, static allocation); fixed-size global arrays; component arrays a[4][..][..][..], b[3], c[3]; scalar temporaries s0, ss declared at the top; reduction gosa reset every step; wrk2 copy-back nest; time loop inside a function. */
/* The Himeno benchmark as RIKEN distributes it (the static C version):
   a Jacobi iteration for Poisson's equation with 19 points and the
   coefficient arrays a, b, c held as arrays of components, the residual
   gosa summed every iteration, the new pressure into wrk2 and copied
   back.  The sizes are far below the "XS" grid.  */

/* { dg-pacc-tolerance 1e-5 } */

#include <stdio.h>

#define MIMAX 17
#define MJMAX 17
#define MKMAX 33

static float p[MIMAX][MJMAX][MKMAX];
static float a[4][MIMAX][MJMAX][MKMAX],
             b[3][MIMAX][MJMAX][MKMAX],
             c[3][MIMAX][MJMAX][MKMAX];
static float bnd[MIMAX][MJMAX][MKMAX];
static float wrk1[MIMAX][MJMAX][MKMAX],
             wrk2[MIMAX][MJMAX][MKMAX];

static int imax, jmax, kmax;
static float omega;

static void
initmt (void)
{
  int i, j, k;

  for (i = 0; i < imax; ++i)
    for (j = 0; j < jmax; ++j)
      for (k = 0; k < kmax; ++k)
        {
          a[0][i][j][k] = 0.0;
          a[1][i][j][k] = 0.0;
          a[2][i][j][k] = 0.0;
          a[3][i][j][k] = 0.0;
          b[0][i][j][k] = 0.0;
          b[1][i][j][k] = 0.0;
          b[2][i][j][k] = 0.0;
          c[0][i][j][k] = 0.0;
          c[1][i][j][k] = 0.0;
          c[2][i][j][k] = 0.0;
          p[i][j][k] = 0.0;
          wrk1[i][j][k] = 0.0;
          bnd[i][j][k] = 0.0;
        }

  for (i = 0; i < imax; ++i)
    for (j = 0; j < jmax; ++j)
      for (k = 0; k < kmax; ++k)
        {
          a[0][i][j][k] = 1.0;
          a[1][i][j][k] = 1.0;
          a[2][i][j][k] = 1.0;
          a[3][i][j][k] = 1.0 / 6.0;
          b[0][i][j][k] = 0.0;
          b[1][i][j][k] = 0.0;
          b[2][i][j][k] = 0.0;
          c[0][i][j][k] = 1.0;
          c[1][i][j][k] = 1.0;
          c[2][i][j][k] = 1.0;
          p[i][j][k] = (float) (i * i) / (float) ((imax - 1) * (imax - 1));
          wrk1[i][j][k] = 0.0;
          bnd[i][j][k] = 1.0;
        }
}

static float
jacobi (int nn)
{
  int i, j, k, n;
  float gosa, s0, ss;

#pragma pacc pipeline targetinout(p) targetin(a, b, c, bnd, wrk1) targettemp(wrk2) size([0:MIMAX][0:MJMAX][0:MKMAX]) halo([1:1][1:1][1:1]) reduction(+:gosa)
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
  int nn = 9, i, j, k;
  float gosa;
  double sum = 0.0;
  unsigned long long h = 1469598103934665603ull;
  const unsigned char *bytes = (const unsigned char *) p;
  size_t n;

  imax = MIMAX;
  jmax = MJMAX;
  kmax = MKMAX;
  omega = 0.8;

  initmt ();
  gosa = jacobi (nn);

  for (n = 0; n < sizeof p; n++)
    h = (h ^ bytes[n]) * 1099511628211ull;
  for (i = 0; i < imax; i++)
    for (j = 0; j < jmax; j++)
      for (k = 0; k < kmax; k++)
        sum += p[i][j][k];
  printf ("himeno %dx%dx%d, %d iterations: sum %a fnv %016llx\n", imax,
          jmax, kmax, nn, sum, h);
  /* gosa is a float sum: its last bits depend on the order of the
     additions, which the harness allows on `reduction:' lines.  */
  printf ("reduction: gosa %.9g\n", gosa);
  return 0;
}
