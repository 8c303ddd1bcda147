/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* hostpath.c -- what the host side of an out-of-core pipeline can do on
   this machine, measured with the CUDA driver API alone, to decide how
   registration (cuMemHostRegister, 1-4 s of a 15-20 s region at 8x on an
   H100) can be hidden (issue 12):

   dma       the link from cuMemAllocHost memory: host to device, device
             to host and both at once, in 256 MiB and 16 MiB copies
   reg       pinning a fresh 8 GiB range of 4 KiB pages (touched, as the
             benchmarks' arrays are) in 1 GiB pieces from 4 threads, the
             link from and to that registered range, unpinning
   reg+dma   pinning another fresh 8 GiB while a thread streams copies
             both ways from pinned buffers: the pinning rate, the copy
             rate meanwhile, and how long the copy calls block (the
             driver's lock); 1 GiB and 64 MiB pieces
   memcpy    T threads copying pageable memory into pinned memory and back
   staged    a staging pipeline at T threads a direction: memcpy into a
             ring of pinned 64 MiB slots and DMA from them, both
             directions at once (could staging alone feed the link?)
   pageable  cuMemcpyHtoD / DtoH straight from unregistered memory (the
             driver's own staging)

   Build (the stub library is enough to link; run where the driver is):
     gcc -O2 -fopenmp -I/usr/local/cuda/include hostpath.c -o hostpath \
         -L/usr/local/cuda/lib64/stubs -lcuda -pthread
   Usage: hostpath   (26 GiB of host memory: three fresh 8 GiB ranges
   and 2 GiB of pinned buffers; 2 GiB of device memory; about a minute)
   Prints one line per figure and a table last.  */

#define _GNU_SOURCE
#include <cuda.h>
#include <omp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define GIB ((size_t) 1 << 30)
#define MIB ((size_t) 1 << 20)

static double
now (void)
{
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static void
ck (CUresult r, const char *what)
{
  if (r != CUDA_SUCCESS)
    {
      const char *s = NULL;
      cuGetErrorName (r, &s);
      fprintf (stderr, "hostpath: %s failed: %s\n", what, s ? s : "?");
      exit (1);
    }
}

static CUcontext ctx;
static CUdeviceptr dbuf;        /* 2 GiB on the device.  */
static char *pin_a, *pin_b;     /* 1 GiB each, cuMemAllocHost.  */

/* Summary rows.  */
static char rows[64][96];
static int nrows;

static void
row (const char *name, double v, const char *unit)
{
  printf ("%s: %.2f %s\n", name, v, unit);
  fflush (stdout);
  if (nrows < 64)
    snprintf (rows[nrows++], sizeof rows[0], "%-44s %10.2f %s", name, v,
              unit);
}

/* ------------------------------------------------------------- dma --- */

/* BYTES each way in copies of CHUNK from HOST_IN (to the device) and
   into HOST_OUT (from it), DIRS 1 = in, 2 = out, 3 = both; GB/s of each
   direction in *IN and *OUT.  */
static void
dma (char *host_in, char *host_out, size_t span, size_t bytes, size_t chunk,
     int dirs, double *in, double *out)
{
  CUstream s1, s2;
  CUevent a1, b1, a2, b2;
  ck (cuStreamCreate (&s1, CU_STREAM_NON_BLOCKING), "cuStreamCreate");
  ck (cuStreamCreate (&s2, CU_STREAM_NON_BLOCKING), "cuStreamCreate");
  ck (cuEventCreate (&a1, 0), "cuEventCreate");
  ck (cuEventCreate (&b1, 0), "cuEventCreate");
  ck (cuEventCreate (&a2, 0), "cuEventCreate");
  ck (cuEventCreate (&b2, 0), "cuEventCreate");
  ck (cuEventRecord (a1, s1), "cuEventRecord");
  ck (cuEventRecord (a2, s2), "cuEventRecord");
  for (size_t off = 0; off < bytes; off += chunk)
    {
      size_t h = off % span, d = off % GIB;
      if (dirs & 1)
        ck (cuMemcpyHtoDAsync (dbuf + d, host_in + h, chunk, s1),
            "cuMemcpyHtoDAsync");
      if (dirs & 2)
        ck (cuMemcpyDtoHAsync (host_out + h, dbuf + GIB + d, chunk, s2),
            "cuMemcpyDtoHAsync");
    }
  ck (cuEventRecord (b1, s1), "cuEventRecord");
  ck (cuEventRecord (b2, s2), "cuEventRecord");
  ck (cuEventSynchronize (b1), "cuEventSynchronize");
  ck (cuEventSynchronize (b2), "cuEventSynchronize");
  float m1 = 0, m2 = 0;
  ck (cuEventElapsedTime (&m1, a1, b1), "cuEventElapsedTime");
  ck (cuEventElapsedTime (&m2, a2, b2), "cuEventElapsedTime");
  *in = dirs & 1 ? bytes / (m1 * 1e-3) * 1e-9 : 0;
  *out = dirs & 2 ? bytes / (m2 * 1e-3) * 1e-9 : 0;
  cuEventDestroy (a1);
  cuEventDestroy (b1);
  cuEventDestroy (a2);
  cuEventDestroy (b2);
  cuStreamDestroy (s1);
  cuStreamDestroy (s2);
}

static void
dma_rows (const char *what, char *hin, char *hout, size_t span)
{
  char name[96];
  double in, out;
  size_t chunks[] = { 256 * MIB, 16 * MIB };
  for (int c = 0; c < 2; c++)
    {
      size_t ch = chunks[c];
      dma (hin, hout, span, 8 * GIB, ch, 1, &in, &out);
      snprintf (name, sizeof name, "%s, %zu MiB copies: in alone", what,
                ch / MIB);
      row (name, in, "GB/s");
      dma (hin, hout, span, 8 * GIB, ch, 2, &in, &out);
      snprintf (name, sizeof name, "%s, %zu MiB copies: out alone", what,
                ch / MIB);
      row (name, out, "GB/s");
      dma (hin, hout, span, 8 * GIB, ch, 3, &in, &out);
      snprintf (name, sizeof name, "%s, %zu MiB copies: both, in", what,
                ch / MIB);
      row (name, in, "GB/s");
      snprintf (name, sizeof name, "%s, %zu MiB copies: both, out", what,
                ch / MIB);
      row (name, out, "GB/s");
    }
}

/* ------------------------------------------------------------- reg --- */

struct regjob
{
  char *base;
  size_t len, piece;
  int unreg;
  size_t next;
};

static void *
reg_thread (void *arg)
{
  struct regjob *j = arg;
  size_t i, n = (j->len + j->piece - 1) / j->piece;
  ck (cuCtxSetCurrent (ctx), "cuCtxSetCurrent");
  while ((i = __atomic_fetch_add (&j->next, 1, __ATOMIC_RELAXED)) < n)
    {
      char *p = j->base + i * j->piece;
      size_t len = j->len - i * j->piece < j->piece ? j->len - i * j->piece
                                                     : j->piece;
      if (j->unreg)
        ck (cuMemHostUnregister (p), "cuMemHostUnregister");
      else
        ck (cuMemHostRegister (p, len, CU_MEMHOSTREGISTER_PORTABLE),
            "cuMemHostRegister");
    }
  return NULL;
}

/* (Un)register [BASE, BASE + LEN) in PIECE pieces from 4 threads; GB/s.  */
static double
reg (char *base, size_t len, size_t piece, int unreg)
{
  struct regjob j = { base, len, piece, unreg, 0 };
  pthread_t t[3];
  double t0 = now ();
  for (int i = 0; i < 3; i++)
    pthread_create (&t[i], NULL, reg_thread, &j);
  reg_thread (&j);
  for (int i = 0; i < 3; i++)
    pthread_join (t[i], NULL);
  return len / (now () - t0) * 1e-9;
}

/* --------------------------------------------------------- reg+dma --- */

/* Copies both ways in 16 MiB pieces from the pinned buffers, at most 8
   in flight a direction, until STOP; completed bytes and the longest and
   total time the copy calls took.  */
struct streamer
{
  volatile int stop;
  size_t bytes;
  double max_call, sum_call;
  long calls;
  double t0, t1;
};

static void *
streamer (void *arg)
{
  struct streamer *s = arg;
  enum { NF = 8 };
  CUstream st[2];
  CUevent ev[2][NF];
  int used[2][NF] = { { 0 } };
  size_t ch = 16 * MIB;
  long k = 0;
  ck (cuCtxSetCurrent (ctx), "cuCtxSetCurrent");
  for (int d = 0; d < 2; d++)
    {
      ck (cuStreamCreate (&st[d], CU_STREAM_NON_BLOCKING), "cuStreamCreate");
      for (int i = 0; i < NF; i++)
        ck (cuEventCreate (&ev[d][i], CU_EVENT_DISABLE_TIMING),
            "cuEventCreate");
    }
  s->t0 = now ();
  while (!s->stop)
    {
      int i = (int) (k % NF);
      for (int d = 0; d < 2; d++)
        {
          if (used[d][i])
            {
              ck (cuEventSynchronize (ev[d][i]), "cuEventSynchronize");
              s->bytes += ch;
            }
          size_t off = (size_t) (k % 64) * ch;
          double c0 = now ();
          if (d == 0)
            ck (cuMemcpyHtoDAsync (dbuf + off, pin_a + off, ch, st[0]),
                "cuMemcpyHtoDAsync");
          else
            ck (cuMemcpyDtoHAsync (pin_b + off, dbuf + GIB + off, ch, st[1]),
                "cuMemcpyDtoHAsync");
          double c = now () - c0;
          s->max_call = c > s->max_call ? c : s->max_call;
          s->sum_call += c;
          s->calls++;
          ck (cuEventRecord (ev[d][i], st[d]), "cuEventRecord");
          used[d][i] = 1;
        }
      k++;
    }
  for (int d = 0; d < 2; d++)
    for (int i = 0; i < NF; i++)
      if (used[d][i])
        {
          ck (cuEventSynchronize (ev[d][i]), "cuEventSynchronize");
          s->bytes += ch;
        }
  s->t1 = now ();
  return NULL;
}

static void
reg_under_dma (char *base, size_t len, size_t piece, const char *what)
{
  char name[96];
  struct streamer s;
  pthread_t t;
  memset (&s, 0, sizeof s);
  /* Alone first, one second, as the reference for the calls.  */
  pthread_create (&t, NULL, streamer, &s);
  double t0 = now ();
  while (now () - t0 < 1.0)
    ;
  s.stop = 1;
  pthread_join (t, NULL);
  snprintf (name, sizeof name, "streaming alone (%s): both ways", what);
  row (name, s.bytes / (s.t1 - s.t0) * 1e-9, "GB/s");
  snprintf (name, sizeof name, "streaming alone (%s): longest call", what);
  row (name, s.max_call * 1e3, "ms");

  memset (&s, 0, sizeof s);
  pthread_create (&t, NULL, streamer, &s);
  double r = reg (base, len, piece, 0);
  s.stop = 1;
  pthread_join (t, NULL);
  snprintf (name, sizeof name, "register under streaming (%s)", what);
  row (name, r, "GB/s");
  snprintf (name, sizeof name, "streaming while pinning (%s): both ways",
            what);
  row (name, s.bytes / (s.t1 - s.t0) * 1e-9, "GB/s");
  snprintf (name, sizeof name, "streaming while pinning (%s): longest call",
            what);
  row (name, s.max_call * 1e3, "ms");
  snprintf (name, sizeof name, "streaming while pinning (%s): mean call",
            what);
  row (name, s.sum_call / (s.calls ? s.calls : 1) * 1e6, "us");
  snprintf (name, sizeof name, "unregister (%s)", what);
  row (name, reg (base, len, piece, 1), "GB/s");
}

/* ---------------------------------------------------------- memcpy --- */

static void
par_copy (char *dst, const char *src, size_t n, int threads)
{
#pragma omp parallel num_threads (threads)
  {
    int t = omp_get_thread_num (), nt = omp_get_num_threads ();
    size_t per = (n / nt + 4095) & ~(size_t) 4095;
    size_t lo = (size_t) t * per, hi = lo + per < n ? lo + per : n;
    if (lo < hi)
      memcpy (dst + lo, src + lo, hi - lo);
  }
}

/* ---------------------------------------------------------- staged --- */

enum { NSLOT = 4 };
#define SLOT (64 * MIB)

struct stager
{
  int out;              /* 0: loads (host -> pinned -> device).  */
  int threads;
  char *user;           /* 8 GiB of pageable memory.  */
  char *ring;           /* NSLOT slots, pinned.  */
  size_t bytes;
  double secs;
};

static void *
stager (void *arg)
{
  struct stager *g = arg;
  CUstream st;
  CUevent ev[NSLOT];
  int used[NSLOT] = { 0 };
  size_t n = 8 * GIB / SLOT;
  ck (cuCtxSetCurrent (ctx), "cuCtxSetCurrent");
  ck (cuStreamCreate (&st, CU_STREAM_NON_BLOCKING), "cuStreamCreate");
  for (int i = 0; i < NSLOT; i++)
    ck (cuEventCreate (&ev[i], CU_EVENT_DISABLE_TIMING), "cuEventCreate");
  double t0 = now ();
  if (!g->out)
    for (size_t i = 0; i < n; i++)
      {
        int s = (int) (i % NSLOT);
        char *slot = g->ring + s * SLOT;
        if (used[s])
          ck (cuEventSynchronize (ev[s]), "cuEventSynchronize");
        par_copy (slot, g->user + i * SLOT, SLOT, g->threads);
        ck (cuMemcpyHtoDAsync (dbuf + (i % 16) * SLOT, slot, SLOT, st),
            "cuMemcpyHtoDAsync");
        ck (cuEventRecord (ev[s], st), "cuEventRecord");
        used[s] = 1;
      }
  else
    {
      /* Keep the ring's copies in flight; copy each one out as it lands.  */
      for (size_t i = 0; i < n + NSLOT; i++)
        {
          int s = (int) (i % NSLOT);
          char *slot = g->ring + s * SLOT;
          if (used[s])
            {
              ck (cuEventSynchronize (ev[s]), "cuEventSynchronize");
              par_copy (g->user + (i - NSLOT) * SLOT, slot, SLOT,
                        g->threads);
              used[s] = 0;
            }
          if (i < n)
            {
              ck (cuMemcpyDtoHAsync (slot, dbuf + GIB + (i % 16) * SLOT, SLOT,
                                     st), "cuMemcpyDtoHAsync");
              ck (cuEventRecord (ev[s], st), "cuEventRecord");
              used[s] = 1;
            }
        }
    }
  ck (cuStreamSynchronize (st), "cuStreamSynchronize");
  g->secs = now () - t0;
  g->bytes = n * SLOT;
  for (int i = 0; i < NSLOT; i++)
    cuEventDestroy (ev[i]);
  cuStreamDestroy (st);
  return NULL;
}

static void
staged (char *user_in, char *user_out, int threads, int dirs)
{
  char name[96];
  struct stager g[2] = {
    { 0, threads, user_in, pin_a, 0, 0 },
    { 1, threads, user_out, pin_b, 0, 0 } };
  pthread_t t[2];
  for (int d = 0; d < 2; d++)
    if (dirs & (1 << d))
      pthread_create (&t[d], NULL, stager, &g[d]);
  for (int d = 0; d < 2; d++)
    if (dirs & (1 << d))
      {
        pthread_join (t[d], NULL);
        snprintf (name, sizeof name, "staged, %d threads a direction, %s: %s",
                  threads, dirs == 3 ? "both" : "alone",
                  d ? "out" : "in");
        row (name, g[d].bytes / g[d].secs * 1e-9, "GB/s");
      }
}

/* ------------------------------------------------------------ main --- */

struct touch
{
  char *p;
  size_t n;
};

static void *
touch (void *arg)
{
  struct touch *t = arg;
  memset (t->p, 1, t->n);
  return NULL;
}

int
main (void)
{
  CUdevice dev;
  char name[96];

  ck (cuInit (0), "cuInit");
  ck (cuDeviceGet (&dev, 0), "cuDeviceGet");
  ck (cuDevicePrimaryCtxRetain (&ctx, dev), "cuDevicePrimaryCtxRetain");
  ck (cuCtxSetCurrent (ctx), "cuCtxSetCurrent");
  ck (cuMemAlloc (&dbuf, 2 * GIB), "cuMemAlloc");
  ck (cuMemAllocHost ((void **) &pin_a, GIB), "cuMemAllocHost");
  ck (cuMemAllocHost ((void **) &pin_b, GIB), "cuMemAllocHost");
  memset (pin_a, 3, GIB);
  memset (pin_b, 4, GIB);

  /* Three fresh 8 GiB ranges of 4 KiB pages, touched from 16 threads.  */
  size_t len = 24 * GIB;
  char *user = malloc (len);
  if (!user)
    {
      fprintf (stderr, "hostpath: cannot allocate 24 GiB\n");
      return 1;
    }
  double t0 = now ();
  {
    pthread_t t[16];
    struct touch tj[16];
    for (int i = 0; i < 16; i++)
      {
        tj[i].p = user + len / 16 * i;
        tj[i].n = len / 16;
        pthread_create (&t[i], NULL, touch, &tj[i]);
      }
    for (int i = 0; i < 16; i++)
      pthread_join (t[i], NULL);
  }
  row ("first touch of 24 GiB, 16 threads", len / (now () - t0) * 1e-9,
       "GB/s");
  char *r1 = user, *r2 = user + 8 * GIB, *r3 = user + 16 * GIB;

  /* The link from pinned buffers.  */
  dma_rows ("pinned", pin_a, pin_b, GIB);

  /* Pinning a fresh range, the link from and to it, unpinning.  */
  row ("register 8 GiB, 1 GiB pieces, 4 threads", reg (r1, 8 * GIB, GIB, 0),
       "GB/s");
  dma_rows ("registered", r1, r1 + 4 * GIB, 4 * GIB);
  row ("unregister 8 GiB", reg (r1, 8 * GIB, GIB, 1), "GB/s");

  /* Pinning while copies stream both ways.  */
  reg_under_dma (r2, 8 * GIB, GIB, "1 GiB pieces, fresh");
  reg_under_dma (r3, 8 * GIB, 64 * MIB, "64 MiB pieces, fresh");

  /* Host copies into pinned memory and back.  */
  int ths[] = { 1, 2, 4, 8, 15 };
  for (int k = 0; k < 5; k++)
    {
      double c0 = now ();
      for (size_t off = 0; off < 8 * GIB; off += GIB)
        par_copy (pin_a, r1 + off, GIB, ths[k]);
      double c1 = now ();
      for (size_t off = 0; off < 8 * GIB; off += GIB)
        par_copy (r2 + off, pin_b, GIB, ths[k]);
      double c2 = now ();
      snprintf (name, sizeof name, "memcpy pageable -> pinned, %d threads",
                ths[k]);
      row (name, 8 * GIB / (c1 - c0) * 1e-9, "GB/s");
      snprintf (name, sizeof name, "memcpy pinned -> pageable, %d threads",
                ths[k]);
      row (name, 8 * GIB / (c2 - c1) * 1e-9, "GB/s");
    }

  /* Staging pipelines.  */
  int sth[] = { 2, 4, 7 };
  for (int k = 0; k < 3; k++)
    {
      staged (r1, r2, sth[k], 1);
      staged (r1, r2, sth[k], 3);
    }

  /* The driver's own staging from pageable memory.  */
  t0 = now ();
  for (size_t off = 0; off < 4 * GIB; off += GIB)
    ck (cuMemcpyHtoD (dbuf, r3 + off, GIB), "cuMemcpyHtoD");
  row ("pageable cuMemcpyHtoD, 1 GiB copies", 4 * GIB / (now () - t0) * 1e-9,
       "GB/s");
  t0 = now ();
  for (size_t off = 0; off < 4 * GIB; off += GIB)
    ck (cuMemcpyDtoH (r3 + off, dbuf, GIB), "cuMemcpyDtoH");
  row ("pageable cuMemcpyDtoH, 1 GiB copies", 4 * GIB / (now () - t0) * 1e-9,
       "GB/s");
  printf ("\n%-44s %10s\n", "hostpath summary", "value");
  for (int i = 0; i < nrows; i++)
    printf ("%s\n", rows[i]);
  return 0;
}
