/* Point sources written by host statements of the step into flat
   arrays through an index macro: the row stride a macro constant
   (`ez[IDX (ic, jc)]' is `ic * NY + jc' with NY 33) or a parameter
   (`e[i * Y + j]'), `=' and `+=', the position from a parameter and from
   constants, the value from a scalar the step computes from t.  Built
   with -g as well: the nest made for the write carries no user
   variable.  */
/* { dg-pacc-options "-g" } */

#include "pacc-check.h"

#define NX 45
#define NY 33
#define IDX(i, j) ((i) * NY + (j))

static void
macro_stride (int T, int ic, unsigned seed)
{
  double *ez = pc_alloc (sizeof (double) * NX * NY);
  double *hx = pc_alloc (sizeof (double) * NX * NY);
  double pulse;
  int n, i, j;

  pc_init_double (ez, NX * NY, seed);
  pc_init_double (hx, NX * NY, seed + 1);

#pragma pacc pipeline targetinout(ez, hx) size([0:NX][0:NY]) halo([1:1][1:1]) async
  for (n = 0; n < T; n++)
    {
#pragma pacc loop dim(2)
      for (i = 0; i < NX; i++)
#pragma pacc loop dim(1)
        for (j = 0; j < NY - 1; j++)
          hx[IDX (i, j)] -= 0.25 * (ez[IDX (i, j + 1)] - ez[IDX (i, j)]);
#pragma pacc loop dim(2)
      for (i = 1; i < NX - 1; i++)
#pragma pacc loop dim(1)
        for (j = 1; j < NY; j++)
          ez[IDX (i, j)] -= 0.25 * (hx[IDX (i - 1, j)] - hx[IDX (i, j - 1)]);
      pulse = exp (-(n - 6.0) * (n - 6.0) / 9.0);
      ez[IDX (ic, NY / 2)] = pulse;
      ez[IDX (NX - 3, 2)] += 0.5 * pulse;
      hx[ic * NY + 1] = hx[IDX (ic, 1)] * 0.75;
    }

  pc_dump_double ("macro stride: ez", ez, NX * NY);
  pc_dump_double ("macro stride: hx", hx, NX * NY);
  free (ez);
  free (hx);
}

static void
param_stride (int X, int Y, int T, int ic, int jc, unsigned seed)
{
  float *e = pc_alloc (sizeof (float) * X * Y);
  float *h = pc_alloc (sizeof (float) * X * Y);
  float src;
  int t, i, j;

  pc_init_float (e, (long) X * Y, seed);
  pc_init_float (h, (long) X * Y, seed + 1);

#pragma pacc pipeline targetinout(e) targettemp(h) size([0:X][0:Y]) halo([1:1][1:1])
  for (t = 0; t < T; t++)
    {
      src = (float) sin (0.3 * t);
      e[ic * Y + jc] += src;
      e[(ic + 1) * Y + jc - 1] = 2.0f * src;
#pragma pacc loop dim(2)
      for (i = 1; i < X - 1; i++)
#pragma pacc loop dim(1)
        for (j = 1; j < Y - 1; j++)
          h[i * Y + j] = 0.25f * (e[(i - 1) * Y + j] + e[(i + 1) * Y + j]
                                  + e[i * Y + j - 1] + e[i * Y + j + 1]);
#pragma pacc loop dim(2)
      for (i = 1; i < X - 1; i++)
#pragma pacc loop dim(1)
        for (j = 1; j < Y - 1; j++)
          e[i * Y + j] = h[i * Y + j];
    }

  pc_dump_float ("param stride: e", e, (long) X * Y);
  free (e);
  free (h);
}

int
main (void)
{
  macro_stride (21, NX / 2, 400);
  macro_stride (9, 1, 410);
  param_stride (50, 19, 17, 24, 9, 420);
  param_stride (7, 6, 9, 1, 1, 430);
  return 0;
}
