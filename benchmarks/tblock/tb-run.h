/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* tb-run.h -- how the temporal-blocking prototypes time their variants on
   the device, in OpenACC (acc_malloc, acc_wait) or in CUDA (cudaMalloc,
   events): the two arrays, the initial grid, a warm-up launch, then T
   steps in launches of D (the last one takes the rest) alternating
   between the arrays, timed without the copies in and out; tb_main, the
   driver of a program; and, in OpenACC, the gang loops with a buffer per
   gang.  Include after tb-common.h.  */

#ifndef TB_RUN_H
#define TB_RUN_H

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

/* T steps of V in launches of D (one: the last takes the rest),
   alternating between SRC and DST; returns the array with the result.  */
static REAL *
tb_steps (int v, const struct tb_args *a, tb_launch_fn *launch, REAL *src,
          REAL *dst, REAL *scratch, int G)
{
  for (int t = 0; t < a->T;)
    {
      int d = v == 0 ? 1 : a->T - t < a->D ? a->T - t : a->D;
      launch (v, src, dst, scratch, G, a, d);
      REAL *tmp = src;
      src = dst;
      dst = tmp;
      t += d;
    }
  return src;
}

#ifdef __CUDACC__

#include "tb-emu.h"

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

/* Whether a GPU is there; if not, says which variants will be emulated.  */
static int
tb_have_gpu (const struct tb_prog *pg)
{
  int n = 0;
  if (cudaGetDeviceCount (&n) == cudaSuccess && n > 0)
    return 1;
  tb_emulating = 1;
  printf ("# %s: no GPU; variants run on the host (tb-emu.h):", pg->name);
  for (int v = 0; v < pg->nv; v++)
    if (pg->emulated >> v & 1)
      printf (" %s", pg->vname[v]);
  printf ("\n");
  return 0;
}

/* The same steps on host arrays through the program's emulation.  */
static double
tb_run_emulated (const struct tb_prog *pg, int v, REAL *out,
                 const struct tb_args *a)
{
  size_t n = (size_t) a->X * a->Y * a->Z;
  REAL *ha = (REAL *) malloc (sizeof (REAL) * n);
  REAL *hb = (REAL *) malloc (sizeof (REAL) * n);
  if (!ha || !hb)
    {
      fprintf (stderr, "%s: out of memory\n", pg->name);
      exit (1);
    }
  tb_init_grid (ha, a);
  memcpy (hb, ha, sizeof (REAL) * n);
  double t0 = bench_now ();
  REAL *src = tb_steps (v, a, pg->emu, ha, hb, NULL, (int) tb_tiles (a));
  double secs = bench_now () - t0;
  memcpy (out, src, sizeof (REAL) * n);
  free (ha);
  free (hb);
  return secs;
}

static double
tb_run (const struct tb_prog *pg, int v, REAL *out, const struct tb_args *a)
{
  if (tb_emulating)
    return tb_run_emulated (pg, v, out, a);
  tb_launch_fn *launch = pg->launch;
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
  REAL *src = tb_steps (v, a, launch, da, db, NULL, G);
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


/* The kernels run on async queue 1: the timing ends with acc_wait (1).  */
static double
tb_run (const struct tb_prog *pg, int v, REAL *out, const struct tb_args *a)
{
  tb_launch_fn *launch = pg->launch;
  size_t bytes = sizeof (REAL) * (size_t) a->X * a->Y * a->Z;
  long tiles = tb_tiles (a);
  int G = tiles < TB_GANGS ? (int) tiles : TB_GANGS;
  size_t sbytes = pg->scratch ? sizeof (REAL) * (size_t) G * pg->scratch (v, a, a->D) : 0;
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

  double t0 = bench_now ();
  REAL *src = tb_steps (v, a, launch, da, db, ds, G);
  acc_wait (1);
  double secs = bench_now () - t0;
  acc_memcpy_from_device (out, src, bytes);
  acc_free (da);
  acc_free (db);
  if (ds)
    acc_free (ds);
  return secs;
}

/* A gang loop over N work items g (tiles, strips...), in the form PACC's
   lowering would emit: each runs BODY (B), B the gang's buffer of
   TB_CAP REALs, a gang-private array (CTA shared memory on nvptx).  It
   is read through an aligned pointer: GCC 12 loses a gang-private array's
   alignment and reads each element as four ld.u8.  Needs src, dst, W in
   scope.  */
#define TB_GANGS_PRIVATE(N, BODY)					\
  REAL buf[TB_CAP];							\
  _Pragma ("acc parallel loop gang private(buf) deviceptr(src, dst) num_workers(W) vector_length(32) async(1)") \
  for (int g = 0; g < (N); g++)						\
    {									\
      REAL *B = (REAL *) __builtin_assume_aligned (buf, 16);		\
      BODY (B)								\
    }

/* Built with -DTB_SHARED and shared-attr.so (-fplugin): the same with B
   a file-scope static array in .shared, one per CTA (gang), placed by
   nvptx's `shared' attribute: no frame, no broadcast of it, aligned.  The
   programs then use it for their on-chip variants instead of a
   gang-private array.  */
#ifdef TB_SHARED
static REAL tb_shared[TB_CAP] __attribute__ ((shared));
#define TB_GANGS_ONCHIP(N, BODY)					\
  _Pragma ("acc parallel loop gang deviceptr(src, dst) num_workers(W) vector_length(32) async(1)") \
  for (int g = 0; g < (N); g++)						\
    {									\
      REAL *B = tb_shared;						\
      BODY (B)								\
    }
#define TB_ONCHIP "sh"
#else
#define TB_GANGS_ONCHIP TB_GANGS_PRIVATE
#define TB_ONCHIP ""
#endif

/* The same with B a slice of ELEMS REALs of SCRATCH (global memory,
   cached in L1) per gang: G gangs, __builtin_goacc_parlevel_id gives the
   gang's slice.  Needs src, dst, scratch, G, W in scope.  */
#define TB_GANGS_SCRATCH(N, ELEMS, BODY)				\
  _Pragma ("acc parallel loop gang num_gangs(G) deviceptr(src, dst, scratch) num_workers(W) vector_length(32) async(1)") \
  for (int g = 0; g < (N); g++)						\
    {									\
      REAL *B = scratch + (long) __builtin_goacc_parlevel_id (0) * (ELEMS); \
      BODY (B)								\
    }

#endif

static int
tb_main (const struct tb_prog *pg, int argc, char **argv)
{
  int d3 = pg->dims == 3;
  if (argc < 8 + 2 * d3)
    {
      fprintf (stderr, "usage: %s VARIANT[,VARIANT...]|all %s [W [R]]\n"
               "  variants:", pg->name,
               d3 ? "X Y Z T D TX TY TZ" : "X Y T D TX TY");
      for (int v = 0; v < pg->nv; v++)
        fprintf (stderr, " %s", pg->vname[v]);
      fprintf (stderr, "\n");
      return 2;
    }
  struct tb_args a;
  char **n3 = argv + d3;         /* the arguments after Z */
  a.dims = pg->dims;
  a.X = atoi (argv[2]), a.Y = atoi (argv[3]), a.Z = d3 ? atoi (argv[4]) : 1;
  a.T = atoi (n3[4]), a.D = atoi (n3[5]), a.TX = atoi (n3[6]);
  a.TY = atoi (n3[7]), a.TZ = d3 ? atoi (n3[8]) : 1;
  n3 += d3;
  a.W = argc > 8 + 2 * d3 ? atoi (n3[8]) : 8;
  a.R = argc > 9 + 2 * d3 ? atoi (n3[9]) : 8;
  int want[16] = { 0 }, any = 0;
  char list[256];
  snprintf (list, sizeof list, "%s", argv[1]);
  for (char *tok = strtok (list, ","); tok; tok = strtok (NULL, ","))
    for (int v = 0; v < pg->nv; v++)
      if (!strcmp (tok, "all") || !strcmp (tok, pg->vname[v]))
        want[v] = any = 1;
  if (a.X < 3 || a.Y < 3 || (d3 && a.Z < 3) || a.T < 0 || a.D < 1 || a.TX < 1
      || a.TY < 1 || a.TZ < 1 || a.W < 1 || a.W > 32 || a.R < 4 || (a.R & (a.R - 1))
      || !any)
    {
      fprintf (stderr, "%s: bad arguments (X, Y, Z >= 3; D, TX, TY, TZ >= 1;"
               " 1 <= W <= 32; R a power of two >= 4; variants:", pg->name);
      for (int v = 0; v < pg->nv; v++)
        fprintf (stderr, " %s", pg->vname[v]);
      fprintf (stderr, " all)\n");
      return 2;
    }

  size_t n = (size_t) a.X * a.Y * a.Z;
  REAL *ref = (REAL *) malloc (sizeof (REAL) * n);
  REAL *res = (REAL *) malloc (sizeof (REAL) * n);
  if (!ref || !res)
    {
      fprintf (stderr, "%s: out of memory\n", pg->name);
      return 1;
    }
  /* The reference: the sequential loop when it is quick, else one step
     per launch (itself checked against the sequential loop on small
     grids).  */
  int seqref = (double) n * a.T < 2e9;
  if (seqref)
    {
      REAL *q = (REAL *) calloc (n, sizeof (REAL));
      if (!q)
        return 1;
      if (d3)
        tb_seq3 (ref, q, a.X, a.Y, a.Z, a.T);
      else
        tb_seq (ref, q, a.X, a.Y, a.T);
      free (q);
    }
  int fails = 0;
#ifdef __CUDACC__
  if (tb_emulating)
    {
      if (!seqref)
        {
          fprintf (stderr, "%s: no GPU: emulation only on grids with"
                   " X*Y*Z*T < 2e9\n", pg->name);
          return 2;
        }
      for (int v = 0; v < pg->nv; v++)
        if (want[v] && !(pg->emulated >> v & 1))
          {
            printf ("%s-%s: no GPU and no host emulation, skipped\n",
                    pg->prefix, pg->vname[v]);
            want[v] = 0;
          }
    }
#endif
  if (want[0] || !seqref)
    {
      double secs = tb_run (pg, 0, res, &a);
      const char *ck = "ref";
      if (seqref)
        {
          ck = tb_same (pg, 0, res, ref, n, &a) ? "PASS" : "FAIL";
          fails += ck[0] == 'F';
        }
      if (want[0])
        tb_report (pg, 0, &a, secs, ck);
      if (!seqref)
        memcpy (ref, res, sizeof (REAL) * n);
    }
  for (int v = 1; v < pg->nv; v++)
    {
      if (!want[v])
        continue;
      long need = pg->shared ? pg->shared (v, &a, a.D) : 0;
      if (need < 0)
        {
          printf ("%s-%s D=%d %dx%dx%d W=%d: no kernel built for these"
                  " arguments (see the usage), skipped\n", pg->prefix,
                  pg->vname[v], a.D, a.TX, a.TY, a.TZ, a.W);
          continue;
        }
      if (need > pg->shared_max)
        {
          printf ("%s-%s D=%d %dx%dx%d: needs %ld > %ld bytes of shared memory,"
                  " skipped\n", pg->prefix, pg->vname[v], a.D, a.TX, a.TY, a.TZ,
                  need, pg->shared_max);
          continue;
        }
      double secs = tb_run (pg, v, res, &a);
      int ok = tb_same (pg, v, res, ref, n, &a);
      fails += !ok;
      tb_report (pg, v, &a, secs, ok ? "PASS" : "FAIL");
    }
  free (ref);
  free (res);
  return fails ? 1 : 0;
}

#endif
