/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* launch.c - __pacc_parallel_keyed, the launcher of pacc kernels.

   pacc.so redirects the GOACC_parallel_keyed calls of the kernels it
   builds to this function (plugin/launch.cc), with the same arguments:
     flags_m   GOACC flags, marshalled (bit-inverted)
     fn        host version of the outlined kernel
     mapnum, hostaddrs, sizes, kinds   the region's map clauses
     ...       GOMP_LAUNCH_* tags (dims, async, waits), 0-terminated
   The back end the calling thread's region issues through may take the
   launch over (launch_prepare and launch_issue: the CUDA back end's own
   cuLaunchKernel on the chunk's stream, from the device's worker thread
   under workers); otherwise the launch goes to libgomp's
   GOACC_parallel_keyed, forced to the host when libpacc's data path is
   the host (the chunk buffers are host memory then, even on a machine
   whose GPU libgomp would otherwise use).  */

#ifndef _GNU_SOURCE
#endif

#include "launch.h"
#include "host-pool.h"
#include "runtime.h"
#include "settings.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>

/* From GCC's include/gomp-constants.h (libgomp ABI).  */
#define GOMP_LAUNCH_DIM 1
#define GOMP_LAUNCH_ASYNC 2
#define GOMP_LAUNCH_WAIT 3
#define GOMP_LAUNCH_CODE(X) (((X) >> 28) & 0xf)
#define GOMP_LAUNCH_OP(X) ((X) &0xffff)
#define GOMP_LAUNCH_OP_MAX 0xffff
#define GOMP_DIM_MAX 3
#define GOMP_ASYNC_SYNC (-2)
#define GOACC_FLAG_HOST_FALLBACK (1 << 0)

/* Launch counters (under count_lock).  */
static struct
{
  unsigned long nfast, nslow;
  double host_us;  /* Host time in the back end's launches.  */
  double *samples; /* Host time of each of them (us).  */
  unsigned long nsamples, capsamples;
  double last_us; /* When the last one returned.  */
} C;
static pthread_mutex_t count_lock = PTHREAD_MUTEX_INITIALIZER;

static void
count_fast (double t0)
{
  pthread_mutex_lock (&count_lock);
  C.nfast++;
  C.last_us = pacc_now_us ();
  C.host_us += C.last_us - t0;
  if (C.nsamples == C.capsamples && C.capsamples < (1ul << 24))
    {
      unsigned long cap = C.capsamples ? 2 * C.capsamples : 4096;
      double *n = realloc (C.samples, cap * sizeof *n);
      if (n)
        {
          C.samples = n;
          C.capsamples = cap;
        }
    }
  if (C.nsamples < C.capsamples)
    C.samples[C.nsamples++] = C.last_us - t0;
  pthread_mutex_unlock (&count_lock);
}

void
pacc_launch_count (struct pacc_launch_count *c)
{
  pthread_mutex_lock (&count_lock);
  c->fast = C.nfast;
  c->slow = C.nslow;
  c->samples = C.nsamples;
  c->host_us = C.host_us;
  pthread_mutex_unlock (&count_lock);
}

static int
dbl_cmp (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

void
pacc_launch_since (const struct pacc_launch_count *c, unsigned long *fast,
                   unsigned long *slow, double *median_us, double *mean_us,
                   double *last_ms)
{
  pthread_mutex_lock (&count_lock);
  unsigned long ns = C.nsamples - c->samples;
  *fast = C.nfast - c->fast;
  *slow = C.nslow - c->slow;
  *median_us = 0;
  if (ns)
    {
      qsort (C.samples + c->samples, ns, sizeof (double), dbl_cmp);
      *median_us = C.samples[c->samples + ns / 2];
    }
  *mean_us = *fast ? (C.host_us - c->host_us) / *fast : 0.0;
  *last_ms = *fast ? (pacc_now_us () - C.last_us) / 1000.0 : 0.0;
  pthread_mutex_unlock (&count_lock);
}

/* libgomp's launcher.  Called directly, which also makes libgomp a
   DT_NEEDED dependency of libpacc (the register functions above are only
   found through RTLD_NEXT).  */
extern void GOACC_parallel_keyed (int, void (*) (void *), size_t, void **,
                                  size_t *, unsigned short *, ...);

#define MAX_TAGS 24

/* The chunk whose kernels this thread launches (pacc_launch_chunk).  */
static _Thread_local struct pacc_opinfo cur_chunk;
static _Thread_local int have_chunk;

void
pacc_launch_chunk (const struct pacc_opinfo *info)
{
  have_chunk = info != NULL;
  if (info)
    cur_chunk = *info;
}

/* A launch from this thread, by libgomp or as host code (whose injected
   failure reads the same: GOACC_parallel_keyed is not called either):
   after what the device workers were handed for the chunk (its
   loads).  */
static void
slow_launch (const struct pacc_backend *be)
{
  if (pacc_fault (PACC_FAULT_LAUNCH))
    {
      char op[256];
      pacc_error (have_chunk ? cur_chunk.where : NULL,
                  "launching a kernel "
                  "failed%s: GOACC_parallel_keyed not called (injected "
                  "by %s)",
                  pacc_op_describe (have_chunk ? &cur_chunk : NULL, op,
                                    sizeof op),
                  pacc_fault_name (PACC_FAULT_LAUNCH));
    }
  if (be && be->drain)
    be->drain ();
}

int
__pacc_host_kernels (void)
{
  const struct pacc_backend *be = pacc_runtime_issuer ();
  if (!be)
    be = pacc_backend;
  /* A back end with kernels of its own (a GPU), or the OpenACC host
     fallback asked for: the kernel's OpenACC region.  */
  if ((be && (!be->on_host || be->launch_prepare))
      || (pacc_backend && !pacc_backend->on_host)
      || pacc_settings.launch_libgomp)
    return 0;
  slow_launch (be);
  return pacc_host_threads ();
}

void
__pacc_parallel_keyed (int flags_m, void (*fn) (void *), size_t mapnum,
                       void **hostaddrs, size_t *sizes, unsigned short *kinds,
                       ...)
{
  unsigned t[MAX_TAGS + 1];
  int n = 0;
  unsigned dims[GOMP_DIM_MAX] = { 0, 0, 0 };
  int async = GOMP_ASYNC_SYNC;
  int has_wait = 0;
  unsigned tag;
  va_list ap;

  /* Copy the tags so that they can be passed on, and read dims/async.  */
  va_start (ap, kinds);
  while ((tag = va_arg (ap, unsigned)) != 0)
    {
      int extra = 0;
      if (n >= MAX_TAGS)
        pacc_internal_error (NULL, "too many launch arguments");
      t[n++] = tag;
      switch (GOMP_LAUNCH_CODE (tag))
        {
        case GOMP_LAUNCH_DIM:
          for (int i = 0; i < GOMP_DIM_MAX; i++)
            if (GOMP_LAUNCH_OP (tag) & (1u << i))
              {
                if (n >= MAX_TAGS)
                  pacc_internal_error (NULL, "too many launch arguments");
                t[n++] = dims[i] = va_arg (ap, unsigned);
              }
          break;
        case GOMP_LAUNCH_ASYNC:
          async = (int) GOMP_LAUNCH_OP (tag);
          if (async == GOMP_LAUNCH_OP_MAX)
            extra = 1;
          break;
        case GOMP_LAUNCH_WAIT:
          has_wait = 1;
          extra = GOMP_LAUNCH_OP (tag);
          break;
        default:
          pacc_internal_error (NULL, "unknown launch argument %#x", tag);
        }
      for (int i = 0; i < extra; i++)
        {
          if (n >= MAX_TAGS)
            pacc_internal_error (NULL, "too many launch arguments");
          t[n++] = va_arg (ap, unsigned);
          if (GOMP_LAUNCH_CODE (tag) == GOMP_LAUNCH_ASYNC)
            async = (int) t[n - 1];
        }
    }
  va_end (ap);
  t[n] = 0;

  const struct pacc_backend *be = pacc_runtime_issuer ();
  if (!be)
    be = pacc_backend;
  if (!has_wait && be && be->launch_prepare)
    {
      double t0 = pacc_now_us ();
      struct pacc_launch *l = be->launch_prepare (fn, mapnum, hostaddrs, sizes,
                                                  kinds, dims, async);
      if (l)
        {
          l->has_chunk = have_chunk;
          l->chunk = cur_chunk;
          be->launch_issue (l);
          count_fast (t0);
          return;
        }
      __atomic_add_fetch (&C.nslow, 1, __ATOMIC_RELAXED);
    }

  slow_launch (be);

  /* Host data path: the chunk buffers live in host memory.  */
  if (!pacc_backend || pacc_backend->on_host)
    flags_m = ~(~flags_m | GOACC_FLAG_HOST_FALLBACK);

#define real GOACC_parallel_keyed
#define A(i) t[i]
  switch (n)
    {
    case 0:
      real (flags_m, fn, mapnum, hostaddrs, sizes, kinds, 0);
      break;
    case 1:
      real (flags_m, fn, mapnum, hostaddrs, sizes, kinds, A (0), 0);
      break;
    case 2:
      real (flags_m, fn, mapnum, hostaddrs, sizes, kinds, A (0), A (1), 0);
      break;
    case 3:
      real (flags_m, fn, mapnum, hostaddrs, sizes, kinds, A (0), A (1), A (2),
            0);
      break;
    case 4:
      real (flags_m, fn, mapnum, hostaddrs, sizes, kinds, A (0), A (1), A (2),
            A (3), 0);
      break;
    case 5:
      real (flags_m, fn, mapnum, hostaddrs, sizes, kinds, A (0), A (1), A (2),
            A (3), A (4), 0);
      break;
    case 6:
      real (flags_m, fn, mapnum, hostaddrs, sizes, kinds, A (0), A (1), A (2),
            A (3), A (4), A (5), 0);
      break;
    case 7:
      real (flags_m, fn, mapnum, hostaddrs, sizes, kinds, A (0), A (1), A (2),
            A (3), A (4), A (5), A (6), 0);
      break;
    case 8:
      real (flags_m, fn, mapnum, hostaddrs, sizes, kinds, A (0), A (1), A (2),
            A (3), A (4), A (5), A (6), A (7), 0);
      break;
    default:
      pacc_internal_error (NULL,
                           "%d launch arguments: more than the "
                           "launcher forwards",
                           n);
    }
#undef A
#undef real
}
