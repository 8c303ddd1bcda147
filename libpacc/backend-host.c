/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* backend-host.c - the host data path, used when there is no GPU: buffers
   are host memory and the kernels run on them from the calling thread
   (their host versions on libpacc's threads, host-pool.c, or libgomp's
   host fallback).

   Queues emulate GPU streams: an operation is only enqueued, and runs
   later, in queue order, when something needs it: the kernels of a chunk
   on that queue (before_kernels), a wait of another queue on one of its
   events, or a sync.  So a write-back really is deferred, as on a GPU, and
   a wait the scheduler forgot shows up as a wrong result in the tests
   instead of being hidden by eager execution.  Everything runs in the
   calling thread, in an order fixed by the calls: deterministic.
   Under device workers (workers.c, host_threaded) each queue is issued
   by its device's worker thread instead: it runs each operation as it is
   issued, a wait blocking the worker until the other queue has run far
   enough, so copies overlap the kernels the calling thread runs, as on a
   GPU, and a missing wait shows up as a race.  */

#include "backend.h"
#include "host-pool.h"
#include "settings.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

enum hop_type
{
  HOP_COPY,
  HOP_RECORD,
  HOP_WAIT
};

struct hqueue;

struct hop
{
  struct hop *next;
  enum hop_type type;
  void *dst;
  const void *src;
  size_t bytes;
  struct hevent *ev;       /* HOP_RECORD.  */
  struct hqueue *wq;       /* HOP_WAIT: wait until queue WQ has run ...  */
  unsigned long wseq;      /* ... its operation number WSEQ.  */
  struct pacc_opinfo info; /* HOP_COPY.  */
};

struct hqueue
{
  int dev; /* emulated device.  */
  struct hop *head, *tail;
  unsigned long issued, executed; /* operations enqueued / run so far.  */
  int running;                    /* inside a wait of its own.  */
  int eager;                      /* run as issued (host_threaded);
                                      EXECUTED is then under run_lock.  */
};

static pthread_mutex_t run_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t run_cv = PTHREAD_COND_INITIALIZER;

/* An event is the queue position of its latest record: a wait issued
   now waits for that position, whatever is recorded later (the CUDA rule).  */
struct hevent
{
  int dev;          /* emulated device it belongs to.  */
  struct hqueue *q; /* NULL: never recorded.  */
  unsigned long seq;
};

static void run_one (struct hqueue *q);

static void
run_until (struct hqueue *q, unsigned long seq)
{
  if (q->eager)
    {
      /* Q's worker runs it: wait for it.  */
      pthread_mutex_lock (&run_lock);
      while (q->executed < seq)
        pthread_cond_wait (&run_cv, &run_lock);
      pthread_mutex_unlock (&run_lock);
      return;
    }
  while (q->executed < seq)
    {
      if (!q->head)
        pacc_internal_error (NULL, "host queue waits for an operation "
                                   "that was never enqueued");
      if (q->running)
        pacc_internal_error (NULL, "host queues wait for each other");
      run_one (q);
    }
}

static void
run_one (struct hqueue *q)
{
  struct hop *op = q->head;
  double t0;

  /* A wait below runs other queues; one that came back to this queue
     would be a cycle (run_until reports it).  */
  q->running = 1;
  switch (op->type)
    {
    case HOP_COPY:
      t0 = pacc_now_us ();
      pacc_host_copy (op->dst, op->src, op->bytes);
      pacc_trace_op (&op->info, t0, pacc_now_us ());
      break;
    case HOP_WAIT:
      run_until (op->wq, op->wseq);
      break;
    case HOP_RECORD:
      break;
    }
  q->running = 0;
  q->head = op->next;
  if (!q->head)
    q->tail = NULL;
  if (q->eager)
    {
      pthread_mutex_lock (&run_lock);
      q->executed++;
      pthread_cond_broadcast (&run_cv);
      pthread_mutex_unlock (&run_lock);
    }
  else
    q->executed++;
  free (op);
}

static struct hop *
enqueue (struct hqueue *q, enum hop_type type)
{
  struct hop *op = pacc_xcalloc (NULL, 1, sizeof *op, "a host queue entry");
  op->type = type;
  if (q->tail)
    q->tail->next = op;
  else
    q->head = op;
  q->tail = op;
  q->issued++;
  return op;
}

/* Emulated devices.  */
static int host_ndev = 1;

static int
host_init (void)
{
  /* PACC_DEVICES=N emulates N devices: pipelines spread their chunks over
     N sets of queues and buffers (all in host memory), and the
     multi-device directives accept device numbers 0..N-1.  */
  host_ndev = pacc_settings.devices > 0 ? pacc_settings.devices : 1;
  return host_ndev;
}

static size_t
host_mem_available (int dev)
{
  long pages = sysconf (_SC_PHYS_PAGES), size = sysconf (_SC_PAGESIZE);
  (void) dev;
  if (pages <= 0 || size <= 0)
    return (size_t) -1;
  /* Emulated devices share the host's memory.  */
  return (size_t) pages * (size_t) size / (size_t) host_ndev;
}

/* With emulated devices, the device each buffer belongs to: a copy on
   a queue of one device into another device's buffer, or an event
   recorded on another device's queue, would be an error on a GPU, so it
   is an internal error here too.  */
struct hbuf
{
  uintptr_t lo, hi;
  int dev;
};
static struct hbuf *hbufs;
static size_t nhbufs, caphbufs;

static void
check_buffer_device (const void *p, size_t bytes, int dev,
                     const struct pacc_opinfo *info)
{
  uintptr_t a = (uintptr_t) p;
  if (!nhbufs)
    return; /* one device: nothing to check.  */
  for (size_t i = 0; i < nhbufs; i++)
    if (hbufs[i].lo <= a && a + bytes <= hbufs[i].hi)
      {
        if (hbufs[i].dev != dev)
          pacc_internal_error (info->where,
                               "chunk %d: a copy on a queue of "
                               "device %d uses a buffer of device %d",
                               info->chunk, dev, hbufs[i].dev);
        return;
      }
  pacc_internal_error (info->where,
                       "chunk %d: a copy uses memory that is "
                       "no chunk buffer",
                       info->chunk);
}

/* Exactly the size asked for (at least a byte, so that every buffer has
   its own address), uninitialised: a kernel reading outside its rows is
   then caught by valgrind.  */
static void
track (void *p, size_t bytes, int dev)
{
  if (!p || host_ndev <= 1)
    return;
  if (nhbufs == caphbufs)
    {
      caphbufs = caphbufs ? 2 * caphbufs : 64;
      hbufs = realloc (hbufs, caphbufs * sizeof *hbufs);
      if (!hbufs)
        pacc_error (NULL, "out of memory");
    }
  hbufs[nhbufs].lo = (uintptr_t) p;
  hbufs[nhbufs].hi = (uintptr_t) p + bytes;
  hbufs[nhbufs++].dev = dev;
}

static void
untrack (void *buf)
{
  for (size_t i = 0; i < nhbufs; i++)
    if (hbufs[i].lo == (uintptr_t) buf)
      {
        hbufs[i] = hbufs[--nhbufs];
        break;
      }
}

static void *
host_alloc (int dev, size_t bytes)
{
  if (pacc_fault (PACC_FAULT_ALLOC))
    return NULL;
  void *p = malloc (bytes ? bytes : 1);
  track (p, bytes ? bytes : 1, dev);
  return p;
}

static void
host_free (int dev, void *buf)
{
  (void) dev;
  untrack (buf);
  free (buf);
}

/* Rings: a memory file mapped twice, end to end, into a reserved range
   (the same trick as the CUDA back end's virtual memory), so that the
   schedule's ring arithmetic runs, and is tested, without a GPU.  */
static size_t
host_ring_unit (int dev)
{
  (void) dev;
  long pg = sysconf (_SC_PAGESIZE);
  return pg > 0 ? (size_t) pg : 4096;
}

static void *
host_ring_alloc (int dev, size_t bytes)
{
  if (pacc_fault (PACC_FAULT_ALLOC) || !bytes || bytes > SIZE_MAX / 2)
    return NULL;
  int fd = memfd_create ("pacc-ring", MFD_CLOEXEC);
  if (fd < 0)
    return NULL;
  char *r = MAP_FAILED;
  if (ftruncate (fd, (off_t) bytes) == 0)
    r = mmap (NULL, 2 * bytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (r != MAP_FAILED
      && (mmap (r, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, fd,
                0)
            == MAP_FAILED
          || mmap (r + bytes, bytes, PROT_READ | PROT_WRITE,
                   MAP_SHARED | MAP_FIXED, fd, 0)
               == MAP_FAILED))
    {
      munmap (r, 2 * bytes);
      r = MAP_FAILED;
    }
  close (fd);
  if (r == MAP_FAILED)
    return NULL;
  track (r, 2 * bytes, dev);
  return r;
}

static void
host_ring_free (int dev, void *ring, size_t bytes)
{
  (void) dev;
  untrack (ring);
  munmap (ring, 2 * bytes);
}

static void *
host_queue_create (int dev, int index)
{
  struct hqueue *q
    = pacc_xcalloc (NULL, 1, sizeof (struct hqueue), "a host queue");
  (void) index;
  q->dev = dev;
  return q;
}

static void
host_queue_destroy (void *queue)
{
  struct hqueue *q = queue;
  if (q->head)
    pacc_internal_error (NULL, "host queue destroyed with work pending");
  free (q);
}

static void *
host_event_create (int dev)
{
  struct hevent *e
    = pacc_xcalloc (NULL, 1, sizeof (struct hevent), "a host event");
  e->dev = dev;
  return e;
}

static void
host_event_destroy (void *event)
{
  free (event);
}

/* Under workers, the operation just enqueued runs now, in the worker.  */
static void
issued (struct hqueue *q)
{
  if (q->eager)
    run_one (q);
}

static void
host_copy (void *queue, void *dst, const void *src, size_t bytes,
           const struct pacc_opinfo *info)
{
  if (pacc_fault (PACC_FAULT_COPY))
    {
      char op[256];
      pacc_error (info->where, "copy failed while %s%s (injected by %s)",
                  info->kind == PACC_OP_LOAD ? "loading a chunk"
                  : info->kind == PACC_OP_WB ? "writing a chunk back"
                                             : "copying halo rows",
                  pacc_op_describe (info, op, sizeof op),
                  pacc_fault_name (PACC_FAULT_COPY));
    }
  struct hop *op = enqueue (queue, HOP_COPY);
  op->dst = dst;
  op->src = src;
  op->bytes = bytes;
  op->info = *info;
  issued (queue);
}

/* The host ranges of the live regions (backend.h region_begin).  A GPU
   back end registers or stages those before the first copy; other host
   bytes find no path ready (issue 44: the side buffers of `mpi', which
   the CUDA back end never saw).  A copy of them is a schedule bug, an
   internal error here, so that the tests find it without a GPU.  */
struct hregion
{
  struct hregion *next;
  int n;
  uintptr_t *lo, *hi;
};
static pthread_mutex_t hregion_lock = PTHREAD_MUTEX_INITIALIZER;
static struct hregion *hregions;

static void *
host_region_begin (const char *where, int n, char *const *host,
                   const size_t *bytes, const int *kinds,
                   const char *const *names, const char **path)
{
  struct hregion *g = pacc_xcalloc (where, 1, sizeof *g, "a region");
  (void) kinds, (void) names;
  g->lo = pacc_xcalloc (where, (size_t) n + 1, sizeof *g->lo, "ranges");
  g->hi = pacc_xcalloc (where, (size_t) n + 1, sizeof *g->hi, "ranges");
  for (int i = 0; i < n; i++)
    if (bytes[i])
      {
        g->lo[g->n] = (uintptr_t) host[i];
        g->hi[g->n++] = (uintptr_t) host[i] + bytes[i];
      }
  *path = "host";
  pthread_mutex_lock (&hregion_lock);
  g->next = hregions;
  hregions = g;
  pthread_mutex_unlock (&hregion_lock);
  return g;
}

static void
host_region_end (void *handle)
{
  struct hregion *g = handle, **pp;
  pthread_mutex_lock (&hregion_lock);
  for (pp = &hregions; *pp && *pp != g; pp = &(*pp)->next)
    ;
  if (*pp)
    *pp = g->next;
  pthread_mutex_unlock (&hregion_lock);
  free (g->lo);
  free (g->hi);
  free (g);
}

static void
check_host_range (const void *p, size_t bytes, const struct pacc_opinfo *info)
{
  uintptr_t a = (uintptr_t) p;
  int found = !bytes;
  pthread_mutex_lock (&hregion_lock);
  for (struct hregion *g = hregions; g && !found; g = g->next)
    for (int i = 0; i < g->n && !found; i++)
      found = g->lo[i] <= a && a + bytes <= g->hi[i];
  pthread_mutex_unlock (&hregion_lock);
  if (!found)
    {
      char op[256];
      pacc_internal_error (info->where,
                           "a copy of host bytes [%p, %p)%s "
                           "outside every range its region gave the back "
                           "end",
                           p, (const char *) p + bytes,
                           pacc_op_describe (info, op, sizeof op));
    }
}

static void
host_copy_in (void *queue, void *buf, const void *host, size_t bytes,
              const struct pacc_opinfo *info)
{
  check_buffer_device (buf, bytes, ((struct hqueue *) queue)->dev, info);
  check_host_range (host, bytes, info);
  host_copy (queue, buf, host, bytes, info);
}

static void
host_copy_out (void *queue, void *host, const void *buf, size_t bytes,
               const struct pacc_opinfo *info)
{
  check_buffer_device (buf, bytes, ((struct hqueue *) queue)->dev, info);
  check_host_range (host, bytes, info);
  host_copy (queue, host, buf, bytes, info);
}

static void
host_copy_buf (void *queue, void *dst, const void *src, int src_dev,
               size_t bytes, const struct pacc_opinfo *info)
{
  check_buffer_device (dst, bytes, ((struct hqueue *) queue)->dev, info);
  check_buffer_device (src, bytes, src_dev, info);
  host_copy (queue, dst, src, bytes, info);
}

static void
host_record (void *event, void *queue)
{
  struct hevent *e = event;
  struct hqueue *q = queue;
  if (e->dev != q->dev)
    pacc_internal_error (NULL,
                         "an event of device %d recorded on a queue "
                         "of device %d",
                         e->dev, q->dev);
  enqueue (q, HOP_RECORD);
  e->q = q;
  e->seq = q->issued;
  issued (q);
}

static void
host_wait (void *queue, void *event)
{
  struct hevent *e = event;
  struct hop *op;
  if (!e->q)
    return;
  op = enqueue (queue, HOP_WAIT);
  op->wq = e->q;
  op->wseq = e->seq;
  issued (queue);
}

static void
host_threaded (void *queue)
{
  ((struct hqueue *) queue)->eager = 1;
}

static void
host_sync (void *queue)
{
  struct hqueue *q = queue;
  run_until (q, q->issued);
}

const struct pacc_backend pacc_backend_host
  = { .name = "host",
      .on_host = 1,
      .init = host_init,
      .mem_available = host_mem_available,
      .alloc = host_alloc,
      .free = host_free,
      .ring_unit = host_ring_unit,
      .ring_alloc = host_ring_alloc,
      .ring_free = host_ring_free,
      .queue_create = host_queue_create,
      .queue_destroy = host_queue_destroy,
      .event_create = host_event_create,
      .event_destroy = host_event_destroy,
      .copy_in = host_copy_in,
      .copy_out = host_copy_out,
      .copy_buf = host_copy_buf,
      .record = host_record,
      .wait = host_wait,
      .sync = host_sync,
      .before_kernels = host_sync,
      .region_begin = host_region_begin,
      .region_end = host_region_end,
      .threaded = host_threaded };
