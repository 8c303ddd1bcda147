/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* probe.c - the CUDA back end's rates for the cost model (cuda_rates,
   cuda-memory.c) against a fake driver: the link is the fastest of the
   probe's timed rounds, each direction on its own (one slow round read
   a third less than the copies then ran on an H100: RESULTS.md); a
   round that fails leaves the others'; nothing timed gives 0; the
   memory's peak from its clock and bus width; every device not probed
   yet probed at the first call, all at the same time (issue 44: one
   after the other, the probes of two H200s added 12 ms to a region's
   start).  */

#define UNIT_NAME "probe"
#include "fake-backend.h"

#include <math.h>
#include <pthread.h>
#include <string.h>

int cuda_ndevs;

void
cuda_ensure_dev (int d)
{
  (void) d;
}

/* ------------------------------------------------------------------ */
/* The fake driver: the milliseconds of each timed round, loads (the
   first event pair created) and write-backs (the second), in turn.  */

#define ROUNDS_MAX 8
static double ms_in[ROUNDS_MAX], ms_out[ROUNDS_MAX];
static int n_in, n_out, nev, fail_round = -1, fail_all;
static CUevent evs[4];
static char ev_mem[4];
static char host_mem[1];

/* The pinned buffers allocated, counted under AT_ONCE_LOCK (the probes
   of several devices run at once).  */
static pthread_mutex_t at_once_lock = PTHREAD_MUTEX_INITIALIZER;
static int host_allocs;

static CUresult
f_alloc_host (void **p, size_t n)
{
  (void) n;
  *p = &host_mem[0];
  pthread_mutex_lock (&at_once_lock);
  host_allocs++;
  pthread_mutex_unlock (&at_once_lock);
  return CUDA_SUCCESS;
}

static CUresult
f_alloc (CUdeviceptr *p, size_t n)
{
  (void) n;
  *p = 4096;
  return CUDA_SUCCESS;
}

static CUresult
f_event_create (CUevent *e, unsigned flags)
{
  (void) flags;
  *e = (CUevent) &ev_mem[nev % 4];
  evs[nev % 4] = *e;
  nev++;
  return CUDA_SUCCESS;
}

static CUresult
f_htod (CUdeviceptr d, const void *h, size_t n, CUstream s)
{
  (void) d, (void) h, (void) n, (void) s;
  return CUDA_SUCCESS;
}

static CUresult
f_dtoh (void *h, CUdeviceptr d, size_t n, CUstream s)
{
  (void) d, (void) h, (void) n, (void) s;
  return CUDA_SUCCESS;
}

static CUresult
f_stream_sync (CUstream s)
{
  (void) s;
  return CUDA_SUCCESS;
}

static CUresult
f_record (CUevent e, CUstream s)
{
  (void) e, (void) s;
  return CUDA_SUCCESS;
}

static CUresult
f_event_sync (CUevent e)
{
  (void) e;
  return CUDA_SUCCESS;
}

static CUresult
f_elapsed (float *ms, CUevent a, CUevent b)
{
  (void) b;
  int in = a == evs[0];
  int round = in ? n_in++ : n_out++;
  if ((in && round == fail_round) || fail_all)
    return CUDA_ERROR_INVALID_VALUE;
  *ms = (float) (in ? ms_in[round] : ms_out[round]);
  return CUDA_SUCCESS;
}

static CUresult
f_ok_event (CUevent e)
{
  (void) e;
  return CUDA_SUCCESS;
}

static CUresult
f_ok_stream (CUstream s)
{
  (void) s;
  return CUDA_SUCCESS;
}

static CUresult
f_ok_dev (CUdeviceptr d)
{
  (void) d;
  return CUDA_SUCCESS;
}

static CUresult
f_ok_host (void *p)
{
  (void) p;
  return CUDA_SUCCESS;
}

static CUresult
f_attribute (int *v, CUdevice_attribute a, CUdevice d)
{
  (void) d;
  /* An H100 SXM: 2619 MHz memory clock, 5120-bit bus.  */
  *v = a == CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE ? 2619000 : 5120;
  return CUDA_SUCCESS;
}

/* The fake driver of the probes at once: every round takes ROUND_US on
   the host (its event waits), thread-safe; the most probes seen in a
   round at once.  */
#define ROUND_US 20000
static int in_round, most_in_round;

static CUresult
f_event_create_any (CUevent *e, unsigned flags)
{
  (void) flags;
  *e = (CUevent) &ev_mem[0];
  return CUDA_SUCCESS;
}

static CUresult
f_event_sync_slow (CUevent e)
{
  (void) e;
  pthread_mutex_lock (&at_once_lock);
  in_round++;
  most_in_round = in_round > most_in_round ? in_round : most_in_round;
  pthread_mutex_unlock (&at_once_lock);
  fake_hold (ROUND_US);
  pthread_mutex_lock (&at_once_lock);
  in_round--;
  pthread_mutex_unlock (&at_once_lock);
  return CUDA_SUCCESS;
}

static CUresult
f_elapsed_fixed (float *ms, CUevent a, CUevent b)
{
  (void) a, (void) b;
  *ms = 1.25f;
  return CUDA_SUCCESS;
}

/* The rates of device D, probed afresh.  */
static void
probe (int d, double *link, double *wb, double *hbm)
{
  n_in = n_out = 0;
  cuda_rates (d, link, wb, hbm);
}

int
main (void)
{
  char msg[512];
  cuda_lib.cuMemAllocHost_v2 = f_alloc_host;
  cuda_lib.cuMemAlloc_v2 = f_alloc;
  cuda_lib.cuStreamCreate = fake_stream_create;
  cuda_lib.cuEventCreate = f_event_create;
  cuda_lib.cuMemcpyHtoDAsync_v2 = f_htod;
  cuda_lib.cuMemcpyDtoHAsync_v2 = f_dtoh;
  cuda_lib.cuStreamSynchronize = f_stream_sync;
  cuda_lib.cuEventRecord = f_record;
  cuda_lib.cuEventSynchronize = f_event_sync;
  cuda_lib.cuEventElapsedTime = f_elapsed;
  cuda_lib.cuEventDestroy_v2 = f_ok_event;
  cuda_lib.cuStreamDestroy_v2 = f_ok_stream;
  cuda_lib.cuMemFree_v2 = f_ok_dev;
  cuda_lib.cuMemFreeHost = f_ok_host;
  cuda_lib.cuDeviceGetAttribute = f_attribute;

  /* 64 MiB each way per round: 1.25 ms is 53.7 GB/s, 1.4 ms 47.9.  */
  const double bytes = 64.0 * 1048576.0;
  double t_in[4] = { 4.0, 1.25, 2.0, 8.0 }, t_out[4] = { 1.5, 3.0, 1.4, 2.0 };
  memcpy (ms_in, t_in, sizeof t_in);
  memcpy (ms_out, t_out, sizeof t_out);
  double link, wb, hbm;
  nev = 0;
  cuda_ndevs = 1;
  probe (0, &link, &wb, &hbm);
  double want_in = bytes / 1.25e-3 * 1e-9, want_out = bytes / 1.4e-3 * 1e-9;
  snprintf (msg, sizeof msg, "link %.3f GB/s (want %.3f), write-backs "
            "%.3f (want %.3f), %d and %d rounds timed", link, want_in, wb,
            want_out, n_in, n_out);
  check ("the link: the fastest of the timed rounds, each direction",
         fabs (link - want_in) < 1e-3 * want_in
         && fabs (wb - want_out) < 1e-3 * want_out && n_in == 4
         && n_out == 4, msg);
  snprintf (msg, sizeof msg, "%.1f GB/s", hbm);
  check ("the memory: its clock and bus width", fabs (hbm - 3352.3) < 0.1,
         msg);

  /* Once per device and process.  */
  double link2, wb2, hbm2;
  ms_in[1] = 100;
  probe (0, &link2, &wb2, &hbm2);
  snprintf (msg, sizeof msg, "%.3f then %.3f, %d rounds timed", link, link2,
            n_in);
  check ("probed once per device", link2 == link && n_in == 0, msg);

  /* A failed round leaves the others' (device 1: the fastest load round
     fails, and that round's write-backs go untimed).  */
  ms_in[1] = 1.25;
  nev = 0;
  fail_round = 1;
  cuda_ndevs = 2;
  probe (1, &link, &wb, &hbm);
  fail_round = -1;
  double want2 = bytes / 2.0e-3 * 1e-9;
  snprintf (msg, sizeof msg, "link %.3f GB/s (want %.3f), write-backs "
            "%.3f (want %.3f)", link, want2, wb, want_out);
  check ("a round that fails leaves the other rounds' rates",
         fabs (link - want2) < 1e-3 * want2
         && fabs (wb - want_out) < 1e-3 * want_out, msg);

  /* Nothing timed: no rate (the cost model then plans without one).  */
  nev = 0;
  fail_all = 1;
  cuda_ndevs = 3;
  probe (2, &link, &wb, &hbm);
  fail_all = 0;
  snprintf (msg, sizeof msg, "link %.3f, write-backs %.3f", link, wb);
  check ("no round timed: no link rate", link == 0 && wb == 0, msg);

  /* Four devices not probed yet (3 to 6): the first call probes them
     all, at the same time, and the later calls none.  Each probe waits
     for eight events (two in each timed round), 0.16 s: all four
     overlap unless a thread starts that late.  */
  cuda_lib.cuEventCreate = f_event_create_any;
  cuda_lib.cuEventSynchronize = f_event_sync_slow;
  cuda_lib.cuEventElapsedTime = f_elapsed_fixed;
  cuda_ndevs = 7;
  struct timespec t0, t1;
  int allocs0 = host_allocs;
  clock_gettime (CLOCK_MONOTONIC, &t0);
  cuda_rates (3, &link, &wb, &hbm);
  clock_gettime (CLOCK_MONOTONIC, &t1);
  double s1 = (double) (t1.tv_sec - t0.tv_sec)
              + (double) (t1.tv_nsec - t0.tv_nsec) * 1e-9;
  int allocs_first = host_allocs - allocs0;
  double l4, l5, l6, w;
  cuda_rates (4, &l4, &w, &hbm);
  cuda_rates (5, &l5, &w, &hbm);
  cuda_rates (6, &l6, &w, &hbm);
  snprintf (msg, sizeof msg, "%d probes in a round at once at most, %d "
            "pinned buffers at the first call and %d after, %.3f s",
            most_in_round, allocs_first, host_allocs - allocs0, s1);
  check ("every device probed at the first call, at the same time",
         most_in_round == 4 && allocs_first == 8
         && host_allocs - allocs0 == 8, msg);
  snprintf (msg, sizeof msg, "%.3f, %.3f, %.3f, %.3f GB/s (want %.3f)",
            link, l4, l5, l6, bytes / 1.25e-3 * 1e-9);
  check ("each device's own rates from its own probe",
         fabs (link - want_in) < 1e-3 * want_in && l4 == link && l5 == link
         && l6 == link, msg);
  return failures ? 1 : 0;
}
