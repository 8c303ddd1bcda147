/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* workers.c - the task-based runtime: one worker thread per device issues
   that device's queue operations, so that the one host thread running a
   pipeline (the schedule and the generated code) only hands work out and
   never waits on one device's driver calls while the others idle.

   pacc_workers_wrap (be) wraps a back end behind the same interface
   (backend.h): a region that uses workers (PACC_WORKERS=1, or by default
   one spread over two or more devices) issues through the wrapper.  Its
   queue operations (copies, records, waits, kernel timing marks) and the
   back end's own kernel launches become tasks on the FIFO of the queue's
   device; the worker of that device calls the real back end in task
   order, on its own thread (the CUDA back end makes the device's context
   current there).  Everything else (queues, events, buffers, memory) is
   set up directly, while the workers are idle.  The back end knows
   nothing of the workers: this layer sits on top of it.

   Events are the one thing devices share.  The back-end rule (backend.h)
   is that a wait refers to the latest record issued *before it*, in the
   schedule's order; with one FIFO per device, a wait on another
   device's event could overtake that record, or run after a later one.
   So a wait carries the number of records issued before it and its
   worker waits until the recording worker has issued that many; and a
   record carries the number of waits issued before it, and its worker
   waits until they are all issued.  Every such wait is for a task the
   host handed out earlier, and each FIFO runs in hand-out order, so the
   earliest unfinished task can always run: no deadlock.

   Reduction results: the back end defers the result of the last launch
   *its issuing thread* issued (defer_result), so the wrapper remembers
   what the last launch it handed out writes, and hands the deferral to
   the same worker, after the launch.

   Usage (region.c, schedule.c):
     const struct pacc_backend *be = pacc_workers_wrap (pacc_backend);
     void *q = be->queue_create (dev, index);
     be->copy_in (q, buf, host, bytes, &info);   (returns at once)
     be->sync (q);                               (waits for the worker)  */

#include "workers.h"
#include "settings.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* Tasks a device's FIFO holds before the host waits for room.  */
#define WORKER_RING 4096

enum wop
{
  W_COPY_IN,
  W_COPY_OUT,
  W_COPY_BUF,
  W_RECORD,
  W_WAIT,
  W_SYNC,
  W_MARK,
  W_CALL,
  W_RELEASE
};

struct wqueue
{
  int dev;
  void *inner;
};

struct wevent
{
  int dev;
  void *inner;
  /* Records and waits handed out (host thread) and issued (workers, under
     gate_lock).  */
  unsigned long rec_out, wait_out;
  unsigned long rec_done, wait_done;
};

struct wtask
{
  enum wop op;
  void *queue; /* the inner queue.  */
  void *dst;
  const void *src;
  size_t bytes;
  int src_dev, start;
  struct wevent *ev;
  unsigned long need;  /* W_RECORD: waits, W_WAIT: records, issued
                               before this one may be.  */
  void (*fn) (void *); /* W_CALL.  */
  void *arg;
  struct pacc_opinfo info;
};

struct worker
{
  int started;
  pthread_t th;
  pthread_mutex_t lock;
  pthread_cond_t more, done_cv;
  struct wtask *ring;
  unsigned long out, done; /* tasks handed out / finished.  */
};

static const struct pacc_backend *inner;
static struct pacc_backend wrapped;
/* What the last launch this thread handed out writes back.  */
static _Thread_local struct pacc_launch hlast;
static struct worker workers[MAX_DEVICES];
static pthread_mutex_t start_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t gate_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t gate_cv = PTHREAD_COND_INITIALIZER;

/* Wait until *COUNT (an event's records or waits issued) reaches NEED;
   returns it.  */
static unsigned long
gate_until (const unsigned long *count, unsigned long need)
{
  unsigned long n;
  pthread_mutex_lock (&gate_lock);
  while (*count < need)
    pthread_cond_wait (&gate_cv, &gate_lock);
  n = *count;
  pthread_mutex_unlock (&gate_lock);
  return n;
}

/* One more of *COUNT issued.  */
static void
gate_bump (unsigned long *count)
{
  pthread_mutex_lock (&gate_lock);
  ++*count;
  pthread_cond_broadcast (&gate_cv);
  pthread_mutex_unlock (&gate_lock);
}

static void
run_task (struct wtask *t)
{
  unsigned long seen;
  switch (t->op)
    {
    case W_COPY_IN:
      inner->copy_in (t->queue, t->dst, t->src, t->bytes, &t->info);
      break;
    case W_COPY_OUT:
      inner->copy_out (t->queue, t->dst, t->src, t->bytes, &t->info);
      break;
    case W_COPY_BUF:
      inner->copy_buf (t->queue, t->dst, t->src, t->src_dev, t->bytes,
                       &t->info);
      break;
    case W_RECORD:
      gate_until (&t->ev->wait_done, t->need);
      inner->record (t->ev->inner, t->queue);
      gate_bump (&t->ev->rec_done);
      break;
    case W_WAIT:
      /* A later record waits for this wait: the event holds exactly the
         record the scheduler issued the wait after.  */
      seen = gate_until (&t->ev->rec_done, t->need);
      if (seen != t->need)
        pacc_internal_error (NULL,
                             "a wait on device %d would see record "
                             "%lu of an event instead of record %lu",
                             t->ev->dev, seen, t->need);
      if (t->need)
        inner->wait (t->queue, t->ev->inner);
      gate_bump (&t->ev->wait_done);
      break;
    case W_SYNC:
      inner->sync (t->queue);
      break;
    case W_MARK:
      inner->kernels_mark (t->queue, t->start, &t->info);
      break;
    case W_CALL:
      t->fn (t->arg);
      break;
    case W_RELEASE:
      inner->host_release (t->queue, t->src, t->bytes);
      break;
    }
}

static void *
worker_main (void *arg)
{
  struct worker *w = arg;
  pthread_mutex_lock (&w->lock);
  for (;;)
    {
      while (w->done == w->out)
        pthread_cond_wait (&w->more, &w->lock);
      /* The slot stays ours until DONE moves past it.  */
      struct wtask *t = &w->ring[w->done % WORKER_RING];
      pthread_mutex_unlock (&w->lock);
      run_task (t);
      pthread_mutex_lock (&w->lock);
      w->done++;
      pthread_cond_broadcast (&w->done_cv);
    }
  return NULL;
}

static struct worker *
worker (int dev)
{
  struct worker *w;
  if (dev < 0 || dev >= MAX_DEVICES)
    pacc_internal_error (NULL, "a task for device %d", dev);
  w = &workers[dev];
  if (__atomic_load_n (&w->started, __ATOMIC_ACQUIRE))
    return w;
  pthread_mutex_lock (&start_lock);
  if (!w->started)
    {
      pthread_attr_t attr;
      pthread_mutex_init (&w->lock, NULL);
      pthread_cond_init (&w->more, NULL);
      pthread_cond_init (&w->done_cv, NULL);
      w->ring = pacc_xcalloc (NULL, WORKER_RING, sizeof *w->ring,
                              "a worker's task list");
      pthread_attr_init (&attr);
      pthread_attr_setdetachstate (&attr, PTHREAD_CREATE_DETACHED);
      if (pthread_create (&w->th, &attr, worker_main, w))
        pacc_error (NULL, "cannot start the worker thread of device %d", dev);
      pthread_attr_destroy (&attr);
      __atomic_store_n (&w->started, 1, __ATOMIC_RELEASE);
    }
  pthread_mutex_unlock (&start_lock);
  return w;
}

/* Hand T to DEV's worker (waiting for room).  Returns its ticket.  */
static unsigned long
submit (int dev, const struct wtask *t)
{
  struct worker *w = worker (dev);
  unsigned long ticket;
  pthread_mutex_lock (&w->lock);
  while (w->out - w->done >= WORKER_RING)
    pthread_cond_wait (&w->done_cv, &w->lock);
  w->ring[w->out % WORKER_RING] = *t;
  ticket = ++w->out;
  pthread_cond_signal (&w->more);
  pthread_mutex_unlock (&w->lock);
  return ticket;
}

static void
wait_ticket (int dev, unsigned long ticket)
{
  struct worker *w = worker (dev);
  pthread_mutex_lock (&w->lock);
  while (w->done < ticket)
    pthread_cond_wait (&w->done_cv, &w->lock);
  pthread_mutex_unlock (&w->lock);
}

/* Run FN (ARG) in DEV's worker, after what was handed to it so far.  */
static void
workers_call (int dev, void (*fn) (void *), void *arg)
{
  struct wtask t;
  memset (&t, 0, sizeof t);
  t.op = W_CALL;
  t.fn = fn;
  t.arg = arg;
  submit (dev, &t);
}

/* Wait until DEV's worker has run everything handed to it.  */
static void
workers_drain (int dev)
{
  struct worker *w = worker (dev);
  unsigned long ticket;
  pthread_mutex_lock (&w->lock);
  ticket = w->out;
  pthread_mutex_unlock (&w->lock);
  wait_ticket (dev, ticket);
}

/* ... every worker.  */
static void
workers_drain_all (void)
{
  for (int d = 0; d < MAX_DEVICES; d++)
    if (__atomic_load_n (&workers[d].started, __ATOMIC_ACQUIRE))
      workers_drain (d);
}

/* ------------------------------------------------------------------ */
/* The wrapped back end.  */

static void *
w_queue_create (int dev, int index)
{
  struct wqueue *q = pacc_xcalloc (NULL, 1, sizeof *q, "a queue");
  q->dev = dev;
  q->inner = inner->queue_create (dev, index);
  if (inner->threaded)
    inner->threaded (q->inner);
  worker (dev);
  return q;
}

static void
w_queue_destroy (void *queue)
{
  struct wqueue *q = queue;
  workers_drain (q->dev);
  inner->queue_destroy (q->inner);
  free (q);
}

static void *
w_event_create (int dev)
{
  struct wevent *e = pacc_xcalloc (NULL, 1, sizeof *e, "an event");
  e->dev = dev;
  e->inner = inner->event_create (dev);
  return e;
}

static void
w_event_destroy (void *event)
{
  struct wevent *e = event;
  workers_drain (e->dev);
  inner->event_destroy (e->inner);
  free (e);
}

/* A task OP on QUEUE (a struct wqueue), the rest zero.  */
static struct wtask
task (enum wop op, void *queue)
{
  struct wtask t;
  memset (&t, 0, sizeof t);
  t.op = op;
  t.queue = ((struct wqueue *) queue)->inner;
  return t;
}

static int
dev_of (void *queue)
{
  return ((struct wqueue *) queue)->dev;
}

static void
copy_task (enum wop op, void *queue, void *dst, const void *src, int src_dev,
           size_t bytes, const struct pacc_opinfo *info)
{
  struct wtask t = task (op, queue);
  t.dst = dst;
  t.src = src;
  t.src_dev = src_dev;
  t.bytes = bytes;
  t.info = *info;
  submit (dev_of (queue), &t);
}

static void
w_copy_in (void *queue, void *buf, const void *host, size_t bytes,
           const struct pacc_opinfo *info)
{
  copy_task (W_COPY_IN, queue, buf, host, 0, bytes, info);
}

static void
w_copy_out (void *queue, void *host, const void *buf, size_t bytes,
            const struct pacc_opinfo *info)
{
  copy_task (W_COPY_OUT, queue, host, buf, 0, bytes, info);
}

/* In queue order, like the copies it follows.  */
static void
w_host_release (void *queue, const void *host, size_t bytes)
{
  struct wtask t = task (W_RELEASE, queue);
  t.src = host;
  t.bytes = bytes;
  submit (dev_of (queue), &t);
}

static void
w_copy_buf (void *queue, void *dst, const void *src, int src_dev, size_t bytes,
            const struct pacc_opinfo *info)
{
  copy_task (W_COPY_BUF, queue, dst, src, src_dev, bytes, info);
}

/* A record waits (in its worker) for the waits on EVENT handed out before
   it; a wait for the records handed out before it.  */
static void
event_task (enum wop op, void *queue, void *event)
{
  struct wevent *e = event;
  struct wtask t = task (op, queue);
  t.ev = e;
  if (op == W_RECORD)
    t.need = e->wait_out, e->rec_out++;
  else
    t.need = e->rec_out, e->wait_out++;
  submit (dev_of (queue), &t);
}

static void
w_record (void *event, void *queue)
{
  event_task (W_RECORD, queue, event);
}

static void
w_wait (void *queue, void *event)
{
  event_task (W_WAIT, queue, event);
}

static void
w_sync (void *queue)
{
  struct wtask t = task (W_SYNC, queue);
  wait_ticket (dev_of (queue), submit (dev_of (queue), &t));
}

/* Kernels the calling thread runs itself (on the host, or launched
   through libgomp) come after everything handed out for their device.  */
static void
w_before_kernels (void *queue)
{
  struct wqueue *q = queue;
  if (inner->on_host)
    workers_drain (q->dev);
  inner->before_kernels (q->inner);
}

static void
w_kernels_mark (void *queue, int start, const struct pacc_opinfo *info)
{
  struct wtask t = task (W_MARK, queue);
  t.start = start;
  t.info = *info;
  submit (dev_of (queue), &t);
}

static void
w_flush_results (void)
{
  workers_drain_all ();
  inner->flush_results ();
}

/* Launches: prepared here, issued by the device's worker.  */
static struct pacc_launch *
w_launch_prepare (void (*fn) (void *), size_t mapnum, void **hostaddrs,
                  size_t *sizes, unsigned short *kinds, const unsigned *dims,
                  int async)
{
  struct pacc_launch *l
    = inner->launch_prepare (fn, mapnum, hostaddrs, sizes, kinds, dims, async);
  if (l)
    hlast = *l;
  else
    hlast.nresults = 0;
  return l;
}

static void
issue_task (void *arg)
{
  inner->launch_issue (arg);
}

static void
w_launch_issue (struct pacc_launch *l)
{
  workers_call (l->dev, issue_task, l);
}

struct defer_job
{
  const void *var;
  void *dst;
  size_t bytes;
};

static void
defer_task (void *arg)
{
  struct defer_job *j = arg;
  if (!inner->defer_result (j->var, j->dst, j->bytes))
    pacc_internal_error (NULL, "a device worker lost a reduction result");
  free (j);
}

/* The launch this thread handed out last will have written VAR: its
   worker defers the result, after issuing the launch.  */
static int
w_defer_result (const void *var, void *dst, size_t bytes)
{
  for (int i = 0; i < hlast.nresults; i++)
    if (hlast.result_var[i] == var && hlast.result_bytes[i] == bytes)
      {
        struct defer_job *j
          = pacc_xmalloc (NULL, sizeof *j, "a reduction result");
        j->var = var;
        j->dst = dst;
        j->bytes = bytes;
        workers_call (hlast.dev, defer_task, j);
        return 1;
      }
  return 0;
}

const struct pacc_backend *
pacc_workers_wrap (const struct pacc_backend *be)
{
  pthread_mutex_lock (&start_lock);
  if (inner != be)
    {
      inner = be;
      wrapped = *inner;
      wrapped.queue_create = w_queue_create;
      wrapped.queue_destroy = w_queue_destroy;
      wrapped.event_create = w_event_create;
      wrapped.event_destroy = w_event_destroy;
      wrapped.copy_in = w_copy_in;
      wrapped.copy_out = w_copy_out;
      wrapped.copy_buf = w_copy_buf;
      wrapped.record = w_record;
      wrapped.wait = w_wait;
      wrapped.sync = w_sync;
      wrapped.before_kernels = w_before_kernels;
      wrapped.kernels_mark = inner->kernels_mark ? w_kernels_mark : NULL;
      /* Its launches would not go through the device's thread.  */
      wrapped.tblock = NULL;
      wrapped.host_release = inner->host_release ? w_host_release : NULL;
      wrapped.flush_results = inner->flush_results ? w_flush_results : NULL;
      wrapped.launch_prepare = inner->launch_prepare ? w_launch_prepare : NULL;
      wrapped.launch_issue = inner->launch_prepare ? w_launch_issue : NULL;
      wrapped.defer_result = inner->defer_result ? w_defer_result : NULL;
      wrapped.drain = workers_drain_all;
      wrapped.threaded = NULL;
    }
  pthread_mutex_unlock (&start_lock);
  return &wrapped;
}
