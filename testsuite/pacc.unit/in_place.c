/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* in_place.c - on the host path a resident plan of one chunk runs in the
   user's arrays (schedule-alloc.c, PACC_IN_PLACE): the chunk pointers of
   the targetinout and targetin arrays are the host arrays themselves,
   the targettemp array keeps a buffer of its own (its host array is
   never written), and the results equal the sequential loop's.  Any
   other plan (several chunks or devices, streaming, PACC_IN_PLACE=0)
   has buffers of its own for every array.  Out of core
   (PACC_DEVICE_MEMORY below the three arrays, above the temp one) the
   automatic plan is that chunk in place, its buffer the temp array's
   alone; with PACC_IN_PLACE=0 it streams within the cap (sweep.sh runs
   both).

   #pragma pacc pipeline targetinout(p) targetin(c) targettemp(q)
                         size([0:X][0:Y]) halo([1:1][1:1])
   for (t = 0; t < T; t++) { q = p + c * lap (p); p = q; }  */

/* setenv.  */
#define _POSIX_C_SOURCE 200809L

#include "unit.h"

#define X 29
#define Y 11
#define T 7

static void
kernel_q (double (*q)[Y], double (*p)[Y], double (*c)[Y], long x)
{
  long y;
  for (y = 1; y < Y - 1; y++)
    q[x][y] = p[x][y]
              + c[x][y] * (p[x - 1][y] + p[x + 1][y] + p[x][y - 1]
                           + p[x][y + 1] - 4.0 * p[x][y]);
}

static void
kernel_p (double (*p)[Y], double (*q)[Y], long x)
{
  long y;
  for (y = 1; y < Y - 1; y++)
    p[x][y] = q[x][y];
}

/* Whether a block of NCHUNKS chunks runs in place under this run's
   settings: one chunk (hence one device), resident.  */
static int
expect_in_place (long nchunks)
{
  const char *r = getenv ("PACC_RESIDENT"), *i = getenv ("PACC_IN_PLACE");
  return nchunks == 1 && (!r || strcmp (r, "0")) && (!i || strcmp (i, "0"));
}

/* Whether this run's settings cap the memory below the arrays with the
   chunks automatic on one device: then the plan must be one chunk in
   place (in-place on), or several streaming (off).  -1: no such cap.  */
static int
expect_capped_in_place (void)
{
  const char *m = getenv ("PACC_DEVICE_MEMORY"), *i = getenv ("PACC_IN_PLACE");
  const char *r = getenv ("PACC_RESIDENT"), *d = getenv ("PACC_DEVICES");
  if (!m || getenv ("PACC_CHUNKS") || getenv ("PACC_BLOCK")
      || (d && strcmp (d, "1")) || (r && !strcmp (r, "0")))
    return -1;
  return !i || strcmp (i, "0");
}

static int
run (int async)
{
  size_t bytes = X * sizeof (double[Y]);
  double (*p)[Y] = unit_alloc (bytes), (*q)[Y] = unit_alloc (bytes);
  double (*c)[Y] = unit_alloc (bytes);
  double (*pr)[Y], (*qr)[Y], (*q0)[Y], (*c0)[Y];
  long t, x, blk[PACC_BLK_N], ci[PACC_CI_N];
  void *host[3], *ptr[3], *R;
  long ainfo[3 * PACC_AI_N] = {
    PACC_KIND_INOUT, sizeof (double[Y]), sizeof (double[Y]), sizeof (double),
    PACC_KIND_IN, sizeof (double[Y]), sizeof (double[Y]), sizeof (double),
    PACC_KIND_TEMP, sizeof (double[Y]), sizeof (double[Y]), sizeof (double) };
  long rinfo[PACC_RI_N] = { 0 };
  int ok = 1;

  unit_fill_double (&p[0][0], X * Y, 3);
  unit_fill_double (&q[0][0], X * Y, 4);
  unit_fill_double (&c[0][0], X * Y, 5);
  for (x = 0; x < X * Y; x++)
    (&c[0][0])[x] *= 0.2;
  pr = unit_dup (p, bytes);
  qr = unit_dup (q, bytes);
  q0 = unit_dup (q, bytes);
  c0 = unit_dup (c, bytes);
  for (t = 0; t < T; t++)
    {
      for (x = 1; x < X - 1; x++)
        kernel_q (qr, pr, c0, x);
      for (x = 1; x < X - 1; x++)
        kernel_p (pr, qr, x);
    }

  host[0] = p;
  host[1] = c;
  host[2] = q;
  rinfo[PACC_RI_LO0] = 0;
  rinfo[PACC_RI_LEN0] = X;
  rinfo[PACC_RI_HLO] = 1;
  rinfo[PACC_RI_HHI] = 1;
  rinfo[PACC_RI_T0] = 0;
  rinfo[PACC_RI_NSTEPS] = T;
  rinfo[PACC_RI_ASYNC] = async;
  rinfo[PACC_RI_NKERNELS] = 2;
  R = __pacc_region_begin (PACC_ABI_VERSION, "in_place.c:1", "p, c, q", 3,
                           host, ainfo, rinfo);
  while (__pacc_next_block (R, blk))
    {
      long nchunks = 0, nplace = 0;
      while (__pacc_next_chunk (R, ci, ptr))
      {
        long s, kk = blk[PACC_BLK_KK];
        nchunks++;
        nplace += ptr[0] == (void *) p && ptr[1] == (void *) c;
        if ((ptr[0] == (void *) p) != (ptr[1] == (void *) c))
          {
            fprintf (stderr, "in_place: chunk %ld: p and c not both in "
                     "place\n", ci[PACC_CI_INDEX]);
            ok = 0;
          }
        if (ptr[2] == (void *) q)
          {
            fprintf (stderr, "in_place: the temp array q runs in place\n");
            ok = 0;
          }
        for (s = 0; s < kk; s++)
          {
            __pacc_step (R, ci, ptr, s);
            double (*P)[Y] = ptr[0], (*C)[Y] = ptr[1], (*Q)[Y] = ptr[2];
            long lo = unit_lo (1, ci, kk, s, 0);
            long hi = unit_hi (X - 1, ci, kk, s, 0);
            for (x = lo; x < hi; x++)
              kernel_q (Q, P, C, x);
            for (x = lo; x < hi; x++)
              kernel_p (P, Q, x);
          }
        __pacc_chunk_done (R, ci, ptr);
      }
      int capped = expect_capped_in_place ();
      if ((nplace == nchunks) != expect_in_place (nchunks) || nplace > 1
          || (capped >= 0 && (nchunks == 1) != capped))
        {
          fprintf (stderr, "in_place: a block of %ld chunks, %ld in place\n",
                   nchunks, nplace);
          ok = 0;
        }
    }
  __pacc_region_end (R);

  ok &= unit_same ("in_place", "p", p, pr, X, sizeof (double[Y]));
  ok &= unit_same ("in_place", "c (targetin)", c, c0, X, sizeof (double[Y]));
  ok &= unit_same ("in_place", "q (temp, never transferred)", q, q0, X,
                   sizeof (double[Y]));
  free (p), free (q), free (c), free (pr), free (qr), free (q0), free (c0);
  return ok;
}

int
main (void)
{
  /* The host path, where a GPU is too: in place is the host's.  */
  setenv ("PACC_DATA_PATH", "host", 1);
  __pacc_init ();
  unit_report ("in_place async", run (1));
  unit_report ("in_place sync", run (0));
  return unit_exit ();
}
