/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* tb-run.h -- how the temporal-blocking prototypes time their variants on
   the device, in OpenACC (acc_malloc, acc_wait) or in CUDA (cudaMalloc,
   events): the two arrays, the initial grid, a warm-up launch, then T
   steps in launches of D (the last one takes the rest) alternating
   between the arrays, timed without the copies in and out.  Include after
   tb-common.h.  */

#ifndef TB_RUN_H
#define TB_RUN_H

/* Launches variant V for D steps, SRC -> DST; SCRATCH holds G slices of
   the variant's scratch_elems (OpenACC variants with a global buffer).  */
typedef void tb_launch_fn (int v, const REAL *src, REAL *dst, REAL *scratch,
                           int G, const struct tb_args *a, int d);

/* Elements of global scratch a gang of variant V needs (0: none).  */
typedef long tb_scratch_fn (int v, const struct tb_args *a, int d);

/* The most gangs of a variant with a global scratch buffer.  */
#define TB_GANGS 4096

/* Tiles of A, one gang each.  */
static long
tb_tiles (const struct tb_args *a)
{
  long n = (long) ((a->X - 2 + a->TX - 1) / a->TX) * ((a->Y - 2 + a->TY - 1) / a->TY);
  return a->dims == 3 ? n * ((a->Z - 2 + a->TZ - 1) / a->TZ) : n;
}

static void
tb_init_grid (REAL *p, const struct tb_args *a)
{
  if (a->dims == 3)
    tb_init3 (p, a->X, a->Y, a->Z);
  else
    tb_init (p, a->X, a->Y);
}

#ifdef __CUDACC__

#define CK(call)                                                        \
  do {                                                                  \
    cudaError_t e_ = (call);                                            \
    if (e_ != cudaSuccess)                                              \
      {                                                                 \
        fprintf (stderr, "%s: %s: %s\n", __FILE__, #call,               \
                 cudaGetErrorString (e_));                              \
        exit (1);                                                       \
      }                                                                 \
  } while (0)

static double
tb_run (int v, REAL *out, const struct tb_args *a, tb_launch_fn *launch,
        tb_scratch_fn *)
{
  size_t bytes = sizeof (REAL) * (size_t) a->X * a->Y * a->Z;
  int G = (int) tb_tiles (a);
  REAL *da, *db;
  CK (cudaMalloc (&da, bytes));
  CK (cudaMalloc (&db, bytes));
  tb_init_grid (out, a);
  CK (cudaMemcpy (da, out, bytes, cudaMemcpyHostToDevice));
  CK (cudaMemcpy (db, out, bytes, cudaMemcpyHostToDevice));
  /* Warm-up launch, then the initial grid again.  */
  launch (v, da, db, NULL, G, a, 1);
  CK (cudaGetLastError ());
  CK (cudaDeviceSynchronize ());
  CK (cudaMemcpy (db, out, bytes, cudaMemcpyHostToDevice));
  cudaEvent_t e0, e1;
  CK (cudaEventCreate (&e0));
  CK (cudaEventCreate (&e1));
  CK (cudaEventRecord (e0));
  REAL *src = da, *dst = db;
  for (int t = 0; t < a->T;)
    {
      int d = v == 0 ? 1 : a->T - t < a->D ? a->T - t : a->D;
      launch (v, src, dst, NULL, G, a, d);
      REAL *tmp = src;
      src = dst;
      dst = tmp;
      t += d;
    }
  CK (cudaEventRecord (e1));
  CK (cudaEventSynchronize (e1));
  CK (cudaGetLastError ());
  float ms;
  CK (cudaEventElapsedTime (&ms, e0, e1));
  CK (cudaMemcpy (out, src, bytes, cudaMemcpyDeviceToHost));
  CK (cudaFree (da));
  CK (cudaFree (db));
  return ms * 1e-3;
}

#else /* OpenACC */

#include <openacc.h>
#include <time.h>

static double
tb_now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

/* The kernels run on async queue 1: the timing ends with acc_wait (1).  */
static double
tb_run (int v, REAL *out, const struct tb_args *a, tb_launch_fn *launch,
        tb_scratch_fn *scratch_elems)
{
  size_t bytes = sizeof (REAL) * (size_t) a->X * a->Y * a->Z;
  long tiles = tb_tiles (a);
  int G = tiles < TB_GANGS ? (int) tiles : TB_GANGS;
  size_t sbytes = sizeof (REAL) * (size_t) G * scratch_elems (v, a, a->D);
  REAL *da = (REAL *) acc_malloc (bytes), *db = (REAL *) acc_malloc (bytes);
  REAL *ds = sbytes ? (REAL *) acc_malloc (sbytes) : NULL;
  if (!da || !db || (sbytes && !ds))
    {
      fprintf (stderr, "%s: acc_malloc of %zu bytes failed\n", __FILE__, bytes);
      exit (1);
    }
  tb_init_grid (out, a);
  acc_memcpy_to_device (da, out, bytes);
  acc_memcpy_to_device (db, out, bytes);
  /* Warm-up launch (module load), then the initial grid again.  */
  launch (v, da, db, ds, G, a, 1);
  acc_wait (1);
  acc_memcpy_to_device (db, out, bytes);

  double t0 = tb_now ();
  REAL *src = da, *dst = db;
  for (int t = 0; t < a->T;)
    {
      int d = v == 0 ? 1 : a->T - t < a->D ? a->T - t : a->D;
      launch (v, src, dst, ds, G, a, d);
      REAL *tmp = src;
      src = dst;
      dst = tmp;
      t += d;
    }
  acc_wait (1);
  double secs = tb_now () - t0;
  acc_memcpy_from_device (out, src, bytes);
  acc_free (da);
  acc_free (db);
  if (ds)
    acc_free (ds);
  return secs;
}

#endif
#endif
