/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* red-forms.c -- a Jacobi step with a residual (q = the mean of p's four
   neighbours, s += (q - p)^2), written as GCC 12 OpenACC kernels in the
   geometries PACC could give a nest with a reduction, to see what the
   reduction costs in each (issue 11).  PACC keeps nests with a reduction
   out of its segmented kernels because GCC combines the gangs' partial
   sums with a compare-and-swap loop on the one variable, once per gang:
   Himeno's kernels, segmented, took 70 times as long on an H100
   (benchmarks/RESULTS.md, "Segments of three loops").  The forms:

     rows        rows to gangs round robin (gang(static:1)), 16 workers,
                 the columns a worker-vector loop: PACC's form for such
                 nests today
     seg         segmented: a gang per (row, segment of 2048 columns), 8
                 workers, 8 columns per thread 256 apart, GCC's reduction
                 over workers, vector lanes and gangs
     seg_slots   the same, each gang adding its partial atomically into
                 one of 1024 slots (gang number modulo 1024), a second
                 one-gang kernel summing the slots and clearing them
     seg_none    the same without the residual: what the sum costs

   Speed, on the GPU (arrays on the device only, acc_malloc; kernels only,
   the two arrays swapped after each step):
     red-forms X Y T
   prints, per form, milliseconds per step, the last step's residual
   (equal across the forms but for the order of the additions) and a
   checksum of the last array, which must be equal.  Registers, no GPU:
     benchmarks/tools/ptx-registers.sh benchmarks/tools/red-forms.c  */

#include <openacc.h>
#include <stdio.h>
#include <stdlib.h>

#include "acc-probe-util.h"

#define SEG_THREADS 256
#define SEG_COLS 8
#define SEG (SEG_THREADS * SEG_COLS)
#define NSLOT 1024

/* q[i][j] from p, and its contribution to the residual.  */
#define POINT(i, j)                                                         \
  float nv = 0.25f * (p[(i) - 1][j] + p[(i) + 1][j] + p[i][(j) - 1]         \
                      + p[i][(j) + 1]);                                     \
  float d = nv - p[i][j];                                                   \
  q[i][j] = nv

static double
rows (int X, int Y, float *pp, float *pq)
{
  float (*p)[Y] = (void *) pp, (*q)[Y] = (void *) pq;
  double s = 0;
#pragma acc parallel loop gang(static:1) num_workers(16) vector_length(32) deviceptr(pp, pq) reduction(+:s)
  for (int i = 1; i < X - 1; i++)
#pragma acc loop worker vector reduction(+:s)
    for (int j = 1; j < Y - 1; j++)
      {
        POINT (i, j);
        s += (double) (d * d);
      }
  return s;
}

/* The column loop of a segmented gang G, running USE (d) on each
   point's difference.  */
#define SEG_BODY(USE)                                                       \
  for (int jj = 0; jj < SEG_THREADS; jj++)                                  \
    {                                                                       \
      int i = 1 + (int) (g / nseg);                                         \
      int j0 = 1 + (int) (g % nseg) * SEG + jj;                             \
      _Pragma ("GCC unroll 8")                                              \
      for (int c = 0; c < SEG_COLS; c++)                                    \
        {                                                                   \
          int j = j0 + c * SEG_THREADS;                                     \
          if (j < Y - 1)                                                    \
            {                                                               \
              POINT (i, j);                                                 \
              USE;                                                          \
            }                                                               \
        }                                                                   \
    }

static double
seg (int X, int Y, float *pp, float *pq)
{
  float (*p)[Y] = (void *) pp, (*q)[Y] = (void *) pq;
  unsigned nseg = (unsigned) ((Y - 2 + SEG - 1) / SEG);
  unsigned npairs = (unsigned) (X - 2) * nseg;
  double s = 0;
#pragma acc parallel loop gang num_gangs(npairs) num_workers(8) vector_length(32) deviceptr(pp, pq) reduction(+:s)
  for (unsigned g = 0; g < npairs; g++)
#pragma acc loop worker vector reduction(+:s)
    SEG_BODY (s += (double) (d * d))
  return s;
}

/* The sum of the NSLOT slots, which go back to zero: the second kernel
   of the forms through slots.  */
static double
sum_slots (double *slots)
{
  double s = 0;
#pragma acc parallel loop num_gangs(1) vector_length(256) deviceptr(slots) reduction(+:s)
  for (int k = 0; k < NSLOT; k++)
    {
      s += slots[k];
      slots[k] = 0;
    }
  return s;
}

static double
seg_slots (int X, int Y, float *pp, float *pq, double *slots)
{
  float (*p)[Y] = (void *) pp, (*q)[Y] = (void *) pq;
  unsigned nseg = (unsigned) ((Y - 2 + SEG - 1) / SEG);
  unsigned npairs = (unsigned) (X - 2) * nseg;
#pragma acc parallel loop gang num_gangs(npairs) num_workers(8) vector_length(32) deviceptr(pp, pq, slots)
  for (unsigned g = 0; g < npairs; g++)
    {
      double gs = 0;
#pragma acc loop worker vector reduction(+:gs)
      SEG_BODY (gs += (double) (d * d))
#pragma acc atomic update
      slots[g % NSLOT] += gs;
    }
  return sum_slots (slots);
}

static double
seg_none (int X, int Y, float *pp, float *pq)
{
  float (*p)[Y] = (void *) pp, (*q)[Y] = (void *) pq;
  unsigned nseg = (unsigned) ((Y - 2 + SEG - 1) / SEG);
  unsigned npairs = (unsigned) (X - 2) * nseg;
#pragma acc parallel loop gang num_gangs(npairs) num_workers(8) vector_length(32) deviceptr(pp, pq)
  for (unsigned g = 0; g < npairs; g++)
#pragma acc loop worker vector
    SEG_BODY ((void) d)
  return 0;
}

/* The copy-back with a residual, as Jacobi codes write it after the
   stencil: s += (q - p)^2; p = q.  Each step runs the stencil without a
   residual (seg_none's form, q from p) and then one of these.  */
#define CB_THREADS 256
#define CB_COLS 4
#define CB_SEG (CB_THREADS * CB_COLS)

static void
stencil_only (int X, int Y, float *pp, float *pq)
{
  seg_none (X, Y, pp, pq);
}

/* Rows to gangs: PACC's form for such a copy-back today.  */
static double
copy_rows (int X, int Y, float *pp, float *pq)
{
  float (*p)[Y] = (void *) pp, (*q)[Y] = (void *) pq;
  double s = 0;
#pragma acc parallel loop gang(static:1) num_workers(16) vector_length(32) deviceptr(pp, pq) reduction(+:s)
  for (int i = 1; i < X - 1; i++)
#pragma acc loop worker vector reduction(+:s)
    for (int j = 1; j < Y - 1; j++)
      {
        float d = q[i][j] - p[i][j];
        s += (double) (d * d);
        p[i][j] = q[i][j];
      }
  return s;
}

/* Segmented, CB_COLS columns per thread one after the other, the gang's
   partial into a slot.  */
static double
copy_seg_slots (int X, int Y, float *pp, float *pq, double *slots)
{
  float (*p)[Y] = (void *) pp, (*q)[Y] = (void *) pq;
  unsigned nseg = (unsigned) ((Y - 2 + CB_SEG - 1) / CB_SEG);
  unsigned npairs = (unsigned) (X - 2) * nseg;
#pragma acc parallel loop gang num_gangs(npairs) num_workers(8) vector_length(32) deviceptr(pp, pq, slots)
  for (unsigned g = 0; g < npairs; g++)
    {
      double gs = 0;
#pragma acc loop worker vector reduction(+:gs)
      for (int jj = 0; jj < CB_THREADS; jj++)
        {
          int i = 1 + (int) (g / nseg);
          int j0 = 1 + (int) (g % nseg) * CB_SEG + jj;
          _Pragma ("GCC unroll 4")
          for (int c = 0; c < CB_COLS; c++)
            {
              int j = j0 + c * CB_THREADS;
              if (j < Y - 1)
                {
                  float d = q[i][j] - p[i][j];
                  gs += (double) (d * d);
                  p[i][j] = q[i][j];
                }
            }
        }
#pragma acc atomic update
      slots[g % NSLOT] += gs;
    }
  return sum_slots (slots);
}

/* Segmented, every load of the thread's CB_COLS columns first (a column
   past the row's end loads the last one and stores nothing), the
   residual's terms added after, the gang's partial into a slot: the
   form PACC gives a copy-back without a residual, plus the slot.  NONE:
   without the residual (PACC's copy-back today).  */
static double
copy_lf (int X, int Y, float *pp, float *pq, double *slots, int none)
{
  float (*p)[Y] = (void *) pp, (*q)[Y] = (void *) pq;
  unsigned nseg = (unsigned) ((Y - 2 + CB_SEG - 1) / CB_SEG);
  unsigned npairs = (unsigned) (X - 2) * nseg;
#pragma acc parallel loop gang num_gangs(npairs) num_workers(8) vector_length(32) deviceptr(pp, pq, slots)
  for (unsigned g = 0; g < npairs; g++)
    {
      double gs = 0;
#pragma acc loop worker vector reduction(+:gs)
      for (int jj = 0; jj < CB_THREADS; jj++)
        {
          int i = 1 + (int) (g / nseg);
          int j0 = 1 + (int) (g % nseg) * CB_SEG + jj;
          int ja = j0, jb = j0 + CB_THREADS, jc = j0 + 2 * CB_THREADS,
              jd = j0 + 3 * CB_THREADS;
          int ma = ja < Y - 2 ? ja : Y - 2, mb = jb < Y - 2 ? jb : Y - 2,
              mc = jc < Y - 2 ? jc : Y - 2, md = jd < Y - 2 ? jd : Y - 2;
          float qa = q[i][ma], qb = q[i][mb], qc = q[i][mc], qd = q[i][md];
          float pa = none ? 0 : p[i][ma], pb = none ? 0 : p[i][mb],
                pc = none ? 0 : p[i][mc], pd = none ? 0 : p[i][md];
          if (ja < Y - 1)
            {
              p[i][ja] = qa;
              gs += (double) ((qa - pa) * (qa - pa));
            }
          if (jb < Y - 1)
            {
              p[i][jb] = qb;
              gs += (double) ((qb - pb) * (qb - pb));
            }
          if (jc < Y - 1)
            {
              p[i][jc] = qc;
              gs += (double) ((qc - pc) * (qc - pc));
            }
          if (jd < Y - 1)
            {
              p[i][jd] = qd;
              gs += (double) ((qd - pd) * (qd - pd));
            }
        }
      if (!none)
        {
#pragma acc atomic update
          slots[g % NSLOT] += gs;
        }
    }
  if (none)
    return 0;
  return sum_slots (slots);
}

/* Both arrays: a smooth field with a bump, the same for every form.  */
static void
init (int X, int Y, float *pp, float *pq)
{
  long n = (long) X * Y;
#pragma acc parallel loop deviceptr(pp, pq)
  for (long k = 0; k < n; k++)
    {
      long i = k / Y, j = k % Y;
      float v = (float) ((i * 7 + j * 13) % 101) / 101.0f;
      pp[k] = v;
      pq[k] = v;
    }
}

int
main (int argc, char **argv)
{
  int X = argc > 1 ? atoi (argv[1]) : 8192;
  int Y = argc > 2 ? atoi (argv[2]) : 8192;
  int T = argc > 3 ? atoi (argv[3]) : 20;
  if (X < 3 || Y < 3 || T < 1)
    {
      fprintf (stderr, "usage: red-forms X Y T (X, Y >= 3, T >= 1)\n");
      return 2;
    }
  size_t bytes = (size_t) X * Y * sizeof (float);
  float *a = acc_malloc (bytes), *b = acc_malloc (bytes);
  double *slots = acc_malloc (NSLOT * sizeof (double));
  if (!a || !b || !slots)
    {
      fprintf (stderr, "red-forms: acc_malloc of %zu bytes failed\n", bytes);
      return 1;
    }
  static const char *const names[] = { "rows", "seg", "seg_slots",
                                        "seg_none", "cb_rows", "cb_seg_slots",
                                        "cb_lf_slots", "cb_lf_none" };
  printf ("red-forms X=%d Y=%d T=%d\n", X, Y, T);
  for (int f = 0; f < 8; f++)
    {
      double zero = 0;
      for (int k = 0; k < NSLOT; k++)
        acc_memcpy_to_device (slots + k, &zero, sizeof zero);
      init (X, Y, a, b);
      float *p = a, *q = b;
      double s = 0, t0 = 0;
      /* One step first, untimed: the kernels' JIT and launch set-up.  */
      for (int t = -1; t < T; t++)
        {
          if (t == 0)
            {
              acc_wait_all ();
              init (X, Y, a, b);
              p = a;
              q = b;
              acc_wait_all ();
              t0 = now ();
            }
          switch (f)
            {
            case 0: s = rows (X, Y, p, q); break;
            case 1: s = seg (X, Y, p, q); break;
            case 2: s = seg_slots (X, Y, p, q, slots); break;
            case 3: s = seg_none (X, Y, p, q); break;
            default:
              stencil_only (X, Y, p, q);
              switch (f)
                {
                case 4: s = copy_rows (X, Y, p, q); break;
                case 5: s = copy_seg_slots (X, Y, p, q, slots); break;
                case 6: s = copy_lf (X, Y, p, q, slots, 0); break;
                default: s = copy_lf (X, Y, p, q, slots, 1); break;
                }
              continue;
            }
          float *w = p;
          p = q;
          q = w;
        }
      acc_wait_all ();
      double ms = (now () - t0) * 1e3 / T;
      printf ("%-10s %9.3f ms per step  residual %.10e  checksum %.6f\n",
              names[f], ms, s, checksum (p, (long) X * Y));
    }
  acc_free (a);
  acc_free (b);
  acc_free (slots);
  return 0;
}
