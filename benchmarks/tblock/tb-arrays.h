/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* tb-arrays.h -- what the drivers of the prototypes with several arrays
   (himeno-tb-cuda, cip-tb-cuda) share: their arrays on the device or,
   without a GPU (tb-emu.h's tb_emulating), on the host, the copies in and
   out, the timer of the launches (CUDA events, or the clock), the list
   of variants of the command line, and the bit-for-bit check that says
   where the first difference is.  Include after ../common/cuda-util.h
   and tb-emu.h.  */

#ifndef TB_ARRAYS_H
#define TB_ARRAYS_H

static void *
tb_arr_alloc (size_t bytes, const char *prog)
{
  return tb_emulating ? bench_alloc (bytes, prog, "an array")
                      : cu_dalloc (bytes, prog, "an array");
}

static void
tb_arr_free (void *p)
{
  if (tb_emulating)
    free (p);
  else
    CK (cudaFree (p));
}

/* Copies BYTES from SRC to DST, either of them an array (the other one on
   the host).  */
static void
tb_arr_copy (void *dst, const void *src, size_t bytes)
{
  if (tb_emulating)
    memcpy (dst, src, bytes);
  else
    CK (cudaMemcpy (dst, src, bytes, cudaMemcpyDefault));
}

static void
tb_arr_zero (void *p, size_t bytes)
{
  if (tb_emulating)
    memset (p, 0, bytes);
  else
    CK (cudaMemsetAsync (p, 0, bytes));
}

/* The end of a warm-up launch.  */
static void
tb_arr_sync (void)
{
  if (!tb_emulating)
    {
      CK_LAUNCH ();
      CK (cudaDeviceSynchronize ());
    }
}

/* The launches' time: between two events on the device, by the clock on
   the host.  */
struct tb_timer
{
  cudaEvent_t e0, e1;
  double t0;
};

static void
tb_timer_start (struct tb_timer *t)
{
  if (tb_emulating)
    {
      t->t0 = bench_now ();
      return;
    }
  CK (cudaEventCreate (&t->e0));
  CK (cudaEventCreate (&t->e1));
  CK (cudaEventRecord (t->e0));
}

static double
tb_timer_stop (struct tb_timer *t)
{
  if (tb_emulating)
    return bench_now () - t->t0;
  CK (cudaEventRecord (t->e1));
  CK (cudaEventSynchronize (t->e1));
  CK_LAUNCH ();
  float ms;
  CK (cudaEventElapsedTime (&ms, t->e0, t->e1));
  CK (cudaEventDestroy (t->e0));
  CK (cudaEventDestroy (t->e1));
  return ms * 1e-3;
}

/* WANT[V] for each of the N variants NAMES named in LIST ("a,b" or
   "all"); whether any is.  */
static int
tb_wanted (const char *list, const char *const *names, int n, int *want)
{
  int any = 0;
  for (int v = 0; v < n; v++)
    any |= want[v] = strstr (list, names[v]) || !strcmp (list, "all");
  return any;
}

/* Without a GPU: tb_emulating set, a line saying which variants are run
   on the host.  */
static void
tb_arr_detect (const char *prog, const char *emulated)
{
  int n = 0;
  if (cudaGetDeviceCount (&n) == cudaSuccess && n > 0)
    return;
  cudaGetLastError ();
  tb_emulating = 1;
  printf ("# %s: no GPU; %s runs on the host (tb-emu.h)\n", prog, emulated);
}

/* Whether RES equals REF (N floats); if not, the index of the first
   difference into *AT.  */
static int
tb_arr_same (const float *res, const float *ref, size_t n, size_t *at)
{
  if (!memcmp (res, ref, sizeof (float) * n))
    return 1;
  size_t i = 0;
  while (res[i] == ref[i])
    i++;
  *at = i;
  return 0;
}

#endif
