/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* unregistered.c - the CUDA back end's copies (cuda-copy.c) of host
   bytes that no live region registered, on queues made while no region
   staged (so without a staging buffer), against a fake driver: what the
   side buffers of `mpi' were on a GPU when the back end never saw them
   (issue 44: every run stopped with "internal error: queue 0 has no
   staging buffer").  sweep.sh builds it from cuda-copy.c, cuda-queue.c,
   cuda-host.c, cuda-pin.c and cuda-lazy.c.

   A region registers one array (cuda_region_begin); its rows load
   straight from it.  Bytes outside it load and write back through a
   staging buffer that the queue gets then, its own on every queue and
   device, in pieces of CUDA_STAGE_BYTES, and the fake driver's DMA never
   reads or writes host memory that is not page-locked (the real one
   would copy such bytes out of the stream's order).  Without host
   functions in the driver, the error names the cause.

   Bytes not registered yet (PACC_PIN=first-block: a region registers
   the first piece of each array at its begin, the rest as copies reach
   them): each piece is registered just before its own bytes' copy is
   issued, not every piece of the copy first (issue 44: a 2-GPU in-core
   Jacobi's first loads waited for all 87 ms of their registration),
   and the copy is counted once, in parts between the registrations.  */

#define UNIT_NAME "unregistered"
#include "fake-backend.h"
#include "pacc-abi.h"

#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

int cuda_ndevs = 2, cuda_dev_ord, cuda_have_gomp, cuda_timing,
    cuda_staging_needed, cuda_prefetch_needed;
struct cuda_gomp_api cuda_gomp;

void
cuda_ensure_dev (int d)
{
  (void) d;
}

void
cuda_ensure_thread (void)
{
}

void
cuda_follow_device (void)
{
}

int
cuda_enable_peer (int to, CUcontext cto, int from, CUcontext cfrom)
{
  (void) to, (void) cto, (void) from, (void) cfrom;
  return 0;
}

CUstream
cuda_gomp_async_stream (int index, const char *where, const char *what)
{
  (void) index, (void) where, (void) what;
  return NULL;
}

/* The copies counted (their parts) and their bytes.  */
static int n_ops;
static size_t op_bytes;

void
pacc_trace_op (const struct pacc_opinfo *info, double t0, double t1)
{
  (void) t0, (void) t1;
  n_ops++;
  op_bytes += info->bytes;
}

const char *
pacc_op_describe (const struct pacc_opinfo *info, char *buf, size_t len)
{
  snprintf (buf, len, " (array '%s', queue %d)", info->array, info->queue);
  return buf;
}

void
pacc_trace_pin (struct pacc_stats *st, const char *where, double t0,
                double t1)
{
  (void) st, (void) where, (void) t0, (void) t1;
}

/* ------------------------------------------------------------------ */
/* The fake driver: page-locked ranges (registered or allocated), DMA
   as memcpy at once, host functions run at once (every operation
   completes as it is issued: stream order holds).  */

#define MAXR 64

static struct { uintptr_t lo, hi; int alloc; } locked[MAXR];
static int nlocked, n_alloc_host, n_host_fn, n_dma, n_pageable;
static const void *last_dma_host;
static char event_mem;

/* The registrations ('R') and DMA ('C') in the order issued, with
   their host addresses.  */
static struct { char what; uintptr_t at; } calls[MAXR];
static int ncalls;

static void
log_call (char what, const void *at)
{
  if (ncalls < MAXR)
    {
      calls[ncalls].what = what;
      calls[ncalls++].at = (uintptr_t) at;
    }
}

static int
is_locked (const void *p, size_t n)
{
  uintptr_t a = (uintptr_t) p;
  for (int i = 0; i < nlocked; i++)
    if (locked[i].lo <= a && a + n <= locked[i].hi)
      return 1;
  return 0;
}

static void
lock_add (void *p, size_t n, int alloc)
{
  if (nlocked == MAXR)
    {
      printf ("FAIL " UNIT_NAME ": more than %d page-locked ranges\n", MAXR);
      exit (1);
    }
  locked[nlocked].lo = (uintptr_t) p;
  locked[nlocked].hi = (uintptr_t) p + n;
  locked[nlocked++].alloc = alloc;
}

static CUresult
f_register (void *p, size_t n, unsigned flags)
{
  (void) flags;
  lock_add (p, n, 0);
  log_call ('R', p);
  return CUDA_SUCCESS;
}

static CUresult
f_unregister (void *p)
{
  for (int i = 0; i < nlocked; i++)
    if (locked[i].lo == (uintptr_t) p && !locked[i].alloc)
      {
        locked[i] = locked[--nlocked];
        return CUDA_SUCCESS;
      }
  return CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED;
}

static CUresult
f_alloc_host (void **p, size_t n)
{
  if (!(*p = malloc (n)))
    return CUDA_ERROR_OUT_OF_MEMORY;
  n_alloc_host++;
  lock_add (*p, n, 1);
  return CUDA_SUCCESS;
}

static CUresult
f_pointer_attribute (void *data, CUpointer_attribute a, CUdeviceptr p)
{
  (void) data, (void) a, (void) p;
  return CUDA_ERROR_INVALID_VALUE;
}

static CUresult
f_ctx_set_current (CUcontext c)
{
  (void) c;
  return CUDA_SUCCESS;
}

static CUresult
f_event_create (CUevent *e, unsigned flags)
{
  (void) flags;
  *e = (CUevent) &event_mem;
  return CUDA_SUCCESS;
}

static CUresult
f_host_fn (CUstream s, CUhostFn fn, void *arg)
{
  (void) s;
  n_host_fn++;
  fn (arg);
  return CUDA_SUCCESS;
}

static CUresult
f_htod (CUdeviceptr d, const void *h, size_t n, CUstream s)
{
  (void) s;
  n_dma++;
  n_pageable += !is_locked (h, n);
  last_dma_host = h;
  log_call ('C', h);
  memcpy ((void *) (uintptr_t) d, h, n);
  return CUDA_SUCCESS;
}

static CUresult
f_dtoh (void *h, CUdeviceptr d, size_t n, CUstream s)
{
  (void) s;
  n_dma++;
  n_pageable += !is_locked (h, n);
  last_dma_host = h;
  log_call ('C', h);
  memcpy (h, (const void *) (uintptr_t) d, n);
  return CUDA_SUCCESS;
}

/* ------------------------------------------------------------------ */

static struct pacc_opinfo
op (int kind, int queue, size_t bytes)
{
  struct pacc_opinfo o;
  memset (&o, 0, sizeof o);
  o.where = UNIT_NAME ".c";
  o.array = "p";
  o.kind = kind;
  o.queue = queue;
  o.bytes = bytes;
  return o;
}

static void
fill (char *p, size_t n, int seed)
{
  for (size_t i = 0; i < n; i++)
    p[i] = (char) (i * 7 + (size_t) seed);
}

/* In a child: a copy of unregistered bytes on a new queue without
   staging buffer, with a driver that has no host functions: exits 1
   with an error that names cuLaunchHostFunc.  */
static void
no_host_functions (char *dbuf, char *side, size_t n)
{
  int fd[2];
  char out[2048] = "";
  if (pipe (fd))
    {
      check ("without host functions, an error that names the cause", 0,
             "pipe failed");
      return;
    }
  fflush (stdout);
  pid_t pid = fork ();
  if (pid == 0)
    {
      dup2 (fd[1], 2);
      close (fd[0]);
      cuda_lib.cuLaunchHostFunc = NULL;
      struct cuda_queue *q = cuda_queue_create (0, 5);
      struct pacc_opinfo o = op (PACC_OP_LOAD, 5, n);
      cuda_copy_in (q, dbuf, side, n, &o);
      _exit (0);
    }
  close (fd[1]);
  size_t got = 0;
  ssize_t r;
  while (got < sizeof out - 1
         && (r = read (fd[0], out + got, sizeof out - 1 - got)) > 0)
    got += (size_t) r;
  out[got] = 0;
  close (fd[0]);
  int st = 0;
  waitpid (pid, &st, 0);
  check ("without host functions, an error that names the cause",
         WIFEXITED (st) && WEXITSTATUS (st) == 1
         && strstr (out, "not registered host memory")
         && strstr (out, "cuLaunchHostFunc")
         && !strstr (out, "internal error"), out);
}

/* A region of one array of four pieces of PIECE bytes (the first
   registered at region begin) copied whole, loaded and written back:
   each piece registered before its own copy and after the copy of the
   piece before it; the copy counted once, in four parts.  */
static void
piece_by_piece (struct cuda_queue *q)
{
  enum { PIECE = 64 << 10, PIECES = 4 };
  size_t bytes = (size_t) PIECE * PIECES;
  char *c = malloc (bytes), *dbuf = malloc (bytes), msg[1024];
  int kind = PACC_KIND_INOUT;
  const char *name = "c", *path = NULL;
  if (!c || !dbuf)
    exit (1);
  fill (c, bytes, 5);
  pacc_settings.pin_lazy = 1;
  pacc_settings.pin_piece = PIECE;
  void *g = cuda_region_begin (UNIT_NAME ".c", 1, &c, &bytes, &kind, &name,
                               &path);
  for (int wb = 0; wb < 2; wb++)
    {
      struct pacc_opinfo o = op (wb ? PACC_OP_WB : PACC_OP_LOAD, 0, bytes);
      int pageable = n_pageable;
      ncalls = n_ops = 0;
      op_bytes = 0;
      if (wb)
        {
          fill (dbuf, bytes, 6);
          cuda_copy_out (q, c, dbuf, bytes, &o);
        }
      else
        cuda_copy_in (q, dbuf, c, bytes, &o);
      /* Where each piece's registration and copy came, in call order.  */
      int reg[PIECES], copy[PIECES], ok = 1;
      size_t len = 0;
      for (int k = 0; k < PIECES; k++)
        reg[k] = copy[k] = -1;
      for (int i = 0; i < ncalls; i++)
        {
          long k = (long) (calls[i].at - (uintptr_t) c) / PIECE;
          if (k >= 0 && k < PIECES)
            (calls[i].what == 'R' ? reg : copy)[k] = i;
          len += (size_t) snprintf (msg + len, sizeof msg - len, "%c%ld ",
                                    calls[i].what, k);
        }
      /* Loading, pieces 1 to 3 register here, each between the copy
         before and its own; writing back, all are registered.  */
      for (int k = 1; k < PIECES; k++)
        ok = ok && copy[k] >= 0
             && (wb ? reg[k] < 0
                    : reg[k] > copy[k - 1] && reg[k] < copy[k]);
      snprintf (msg + len, sizeof msg - len, "; %d parts, %zu bytes, %d "
                "pageable", n_ops, op_bytes, n_pageable - pageable);
      check (wb ? "written back: one part, nothing left to register"
                : "each piece registered just before its own copy, the "
                  "copy counted once in parts between the registrations",
             ok && n_ops == (wb ? 1 : PIECES) && op_bytes == bytes
             && n_pageable == pageable
             && !memcmp (c, dbuf, bytes), msg);
    }
  cuda_region_end (g);
  free (c);
  free (dbuf);
}

int
main (void)
{
  char msg[512];
  /* The checks before an abort are seen.  */
  setvbuf (stdout, NULL, _IOLBF, 0);
  pacc_env_read (UNIT_NAME ".c");
  pacc_settings.early_unregister = 0;
  cuda_lib.cuMemHostRegister_v2 = f_register;
  cuda_lib.cuMemHostUnregister = f_unregister;
  cuda_lib.cuMemAllocHost_v2 = f_alloc_host;
  cuda_lib.cuPointerGetAttribute = f_pointer_attribute;
  cuda_lib.cuCtxSetCurrent = f_ctx_set_current;
  cuda_lib.cuStreamCreate = fake_stream_create;
  cuda_lib.cuEventCreate = f_event_create;
  cuda_lib.cuLaunchHostFunc = f_host_fn;
  cuda_lib.cuMemcpyHtoDAsync_v2 = f_htod;
  cuda_lib.cuMemcpyDtoHAsync_v2 = f_dtoh;

  /* One array, registered: no region stages, no queue has a staging
     buffer.  */
  size_t n = (size_t) 1 << 20, big = CUDA_STAGE_BYTES + n / 2;
  char *a = malloc (n), *side = malloc (big), *back = malloc (big);
  char *dbuf = malloc (big);
  int kind = PACC_KIND_INOUT;
  const char *name = "a", *path = NULL;
  size_t bytes = n;
  if (!a || !side || !back || !dbuf)
    return 1;
  fill (a, n, 1);
  fill (side, big, 2);
  void *g = cuda_region_begin (UNIT_NAME ".c", 1, &a, &bytes, &kind, &name,
                               &path);
  struct cuda_queue *q0 = cuda_queue_create (0, 0);
  struct cuda_queue *q1 = cuda_queue_create (1, 1);
  snprintf (msg, sizeof msg, "path %s, staging buffers %p %p",
            path ? path : "(none)", (void *) q0->stage, (void *) q1->stage);
  check ("a registered region's queues have no staging buffer",
         path && !strcmp (path, "register") && !q0->stage && !q1->stage,
         msg);

  /* The array's rows: straight from it.  */
  struct pacc_opinfo o = op (PACC_OP_LOAD, 0, n);
  cuda_copy_in (q0, dbuf, a, n, &o);
  snprintf (msg, sizeof msg, "DMA from %p (the array at %p), %d host "
            "functions, %d pinned allocations, %d pageable", last_dma_host,
            (void *) a, n_host_fn, n_alloc_host, n_pageable);
  check ("a registered array loads straight from its rows",
         last_dma_host == a && !n_host_fn && !n_alloc_host && !n_pageable
         && !memcmp (dbuf, a, n), msg);

  /* Bytes no region registered: through a staging buffer made now.  */
  o = op (PACC_OP_LOAD, 0, big);
  cuda_copy_in (q0, dbuf, side, big, &o);
  snprintf (msg, sizeof msg, "staging buffer %p, %d DMA, %d host "
            "functions, %d pinned allocations, %d pageable",
            (void *) q0->stage, n_dma, n_host_fn, n_alloc_host, n_pageable);
  check ("unregistered bytes load through the queue's staging buffer",
         q0->stage && n_alloc_host == 1 && n_host_fn == 2 && n_dma == 3
         && !n_pageable && !memcmp (dbuf, side, big), msg);

  o = op (PACC_OP_WB, 0, big);
  fill (dbuf, big, 3);
  cuda_copy_out (q0, back, dbuf, big, &o);
  snprintf (msg, sizeof msg, "%d DMA, %d host functions, %d pinned "
            "allocations, %d pageable", n_dma, n_host_fn, n_alloc_host,
            n_pageable);
  check ("and write back through it", n_alloc_host == 1 && n_host_fn == 4
         && n_dma == 5 && !n_pageable && !memcmp (back, dbuf, big), msg);

  /* Another queue, on the other device: its own buffer.  */
  char *had = q0->stage;
  fill (side, n, 4);
  o = op (PACC_OP_LOAD, 1, n);
  cuda_copy_in (q1, dbuf, side, n, &o);
  snprintf (msg, sizeof msg, "staging buffers %p %p, %d pinned "
            "allocations, %d pageable", (void *) had, (void *) q1->stage,
            n_alloc_host, n_pageable);
  check ("every queue on every device has its own",
         q1->stage && q1->stage != had && q0->stage == had
         && n_alloc_host == 2 && !n_pageable && !memcmp (dbuf, side, n),
         msg);

  no_host_functions (dbuf, side, n);
  piece_by_piece (q0);

  cuda_region_end (g);
  snprintf (msg, sizeof msg, "%d page-locked ranges left (the two staging "
            "buffers are kept)", nlocked);
  check ("the array is unregistered at region end", nlocked == 2, msg);
  free (a);
  free (side);
  free (back);
  free (dbuf);
  return failures ? 1 : 0;
}
