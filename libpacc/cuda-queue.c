/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* cuda-queue.c - queues and events of the CUDA back end, and the timing
   of copies and kernels.

   Queue q is libgomp's async queue q: its stream is taken from
   acc_get_cuda_stream (q) when libgomp already has one; otherwise a
   stream is created (non-blocking: libgomp's synchronous copies on the
   legacy default stream do not serialise with it) and handed over with
   acc_set_cuda_stream (q, s).  From then on the stream is libgomp's: it
   destroys it at exit (or when someone sets another), so PACC never
   does; the next region finds it again through acc_get_cuda_stream.
   acc_set_cuda_stream on a queue that already has a stream synchronises
   and destroys the old one, which is why the existing one is always
   looked up first.  The kernels of a chunk are launched with async (q):
   on this stream, after the chunk's load and before its write-back, in
   stream order.  Reduction partials are read by generated code after
   acc_wait (q), i.e. cuStreamSynchronize of the same stream.

   Events: the schedule's ordering events are created with
   CU_EVENT_DISABLE_TIMING.  Statistics (PACC_VERBOSE, PACC_TRACE) come
   from separate timing events around each copy and around each chunk's
   kernels, read without blocking as they complete and at the queue's
   synchronisation at region end; no time is measured otherwise.  */

#include "cuda-int.h"

#include <stdlib.h>
#include <sys/mman.h>

static pthread_mutex_t queue_lock = PTHREAD_MUTEX_INITIALIZER;
/* Queue INDEX on device D: queues[D][INDEX].  libgomp's async queues are
   per device; a pipeline numbers its queues across devices.  */
static struct cuda_queue *queues[MAX_DEVICES][MAX_QUEUES];
/* The device of each queue number in the region this thread runs (set
   when the region creates its queues): the kernels of a chunk name only
   the queue.  */
static _Thread_local signed char tl_qdev[MAX_QUEUES];

struct cuda_queue *
cuda_queue_of (int index)
{
  struct cuda_queue *q;
  if (index < 0 || index >= MAX_QUEUES)
    return NULL;
  pthread_mutex_lock (&queue_lock);
  q = queues[tl_qdev[index]][index];
  pthread_mutex_unlock (&queue_lock);
  return q;
}

/* A timing record with events of device D's context (current).  */
static struct cuda_timed *
timed_get (int d)
{
  struct cuda_timed *t = cuda_devs[d].timed_free;
  if (t)
    {
      cuda_devs[d].timed_free = t->next;
      return t;
    }
  t = pacc_xcalloc (cuda_cur_where, 1, sizeof *t, "a timing record");
  CU_CALL ("creating a timing event", cuEventCreate, &t->e0, CU_EVENT_DEFAULT);
  CU_CALL ("creating a timing event", cuEventCreate, &t->e1, CU_EVENT_DEFAULT);
  return t;
}

/* Report the timed operations of Q that have completed (all of them,
   waiting, when BLOCK), in queue order.  */
static void
harvest (struct cuda_queue *q, int block)
{
  struct cuda_timed *t;
  while ((t = q->head))
    {
      float ms0 = 0, ms = 0;
      double t0;
      if (block)
        CU_CALL_OP (&t->info, "waiting for a timing event", cuEventSynchronize,
                    t->e1);
      else
        {
          CUresult r = cuda_lib.cuEventQuery (t->e1);
          if (r == CUDA_ERROR_NOT_READY)
            break;
          if (r != CUDA_SUCCESS)
            cuda_fail ("cuEventQuery", r, "checking a timing event", &t->info);
        }
      CU_CALL_OP (&t->info, "reading a timing event", cuEventElapsedTime, &ms0,
                  cuda_devs[q->dev].ref_ev, t->e0);
      CU_CALL_OP (&t->info, "reading a timing event", cuEventElapsedTime, &ms,
                  t->e0, t->e1);
      t0 = cuda_devs[q->dev].ref_host + (double) ms0 * 1e3;
      pacc_trace_op (&t->info, t0, t0 + (double) ms * 1e3);
      q->head = t->next;
      if (!q->head)
        q->tail = NULL;
      t->next = cuda_devs[q->dev].timed_free;
      cuda_devs[q->dev].timed_free = t;
    }
}

/* A timing event before an operation on Q (NULL when not timing).  */
struct cuda_timed *
cuda_timed_begin (struct cuda_queue *q, const struct pacc_opinfo *info)
{
  struct cuda_timed *t;
  if (!cuda_timing)
    return NULL;
  harvest (q, 0);
  t = timed_get (q->dev);
  CU_CALL_OP (info, "recording a timing event", cuEventRecord, t->e0,
              q->stream);
  return t;
}

/* ... and after it.  */
void
cuda_timed_end (struct cuda_queue *q, struct cuda_timed *t,
                const struct pacc_opinfo *info)
{
  if (!t)
    {
      /* Bytes for the totals; no times.  */
      double now = pacc_now_us ();
      pacc_trace_op (info, now, now);
      return;
    }
  CU_CALL_OP (info, "recording a timing event", cuEventRecord, t->e1,
              q->stream);
  t->info = *info;
  t->next = NULL;
  if (q->tail)
    q->tail->next = t;
  else
    q->head = t;
  q->tail = t;
}

/* The pinned slots of a queue's read-only staged loads: 2 MiB-aligned
   memory advised as huge pages, touched, then registered, which the
   host pins per page; NULL when that fails (cuMemAllocHost then).  On an
   H100 host the region's "allocate buffers" (two queues' 256 MiB of
   slots and the device buffers) took 0.044-0.054 s so, against
   0.083-0.162 s with cuMemAllocHost's fresh 4 KiB pages
   (benchmarks/RESULTS.md).  Kept for the process, like the staging
   buffer.  */
static char *
slots_alloc (void)
{
  size_t bytes = CUDA_STAGE_SLOTS * CUDA_STAGE_BYTES;
  void *p = NULL;
  if (posix_memalign (&p, (size_t) 2 << 20, bytes))
    return NULL;
#ifdef MADV_HUGEPAGE
  madvise (p, bytes, MADV_HUGEPAGE);
#endif
  for (size_t i = 0; i < bytes; i += 4096)
    ((volatile char *) p)[i] = 0;
  if (cuda_lib.cuMemHostRegister_v2 (p, bytes, CU_MEMHOSTREGISTER_PORTABLE)
      != CUDA_SUCCESS)
    {
      free (p);
      return NULL;
    }
  return p;
}

char *
cuda_queue_stage (struct cuda_queue *q)
{
  if (!q->stage)
    {
      void *p;
      CU_CALL ("allocating a pinned staging buffer", cuMemAllocHost_v2, &p,
               CUDA_STAGE_BYTES);
      q->stage = p;
    }
  return q->stage;
}

void *
cuda_queue_create (int dev, int index)
{
  struct cuda_queue *q;
  if (index < 0 || index >= MAX_QUEUES || dev < 0 || dev >= cuda_ndevs)
    pacc_internal_error (cuda_cur_where, "queue %d on device %d", index, dev);
  cuda_ensure_dev (dev);
  pthread_mutex_lock (&queue_lock);
  q = queues[dev][index];
  if (!q)
    {
      q = queues[dev][index]
        = pacc_xcalloc (cuda_cur_where, 1, sizeof *q, "a queue");
      q->index = index;
      q->dev = dev;
    }
  tl_qdev[index] = (signed char) dev;
  pthread_mutex_unlock (&queue_lock);

  if (cuda_have_gomp)
    {
      q->stream = cuda_gomp_async_stream (index, cuda_cur_where, "");
      q->owned = 0;
    }
  else if (!q->stream)
    {
      CU_CALL ("creating the stream of a queue", cuStreamCreate, &q->stream,
               CU_STREAM_NON_BLOCKING);
      q->owned = 1;
    }
  if (cuda_staging_needed)
    cuda_queue_stage (q);
  if (cuda_prefetch_needed && !q->pslots)
    {
      void *p = slots_alloc ();
      if (!p)
        CU_CALL ("allocating the pinned slots of read-only staged loads",
                 cuMemAllocHost_v2, &p, CUDA_STAGE_SLOTS * CUDA_STAGE_BYTES);
      CU_CALL ("creating the stream that fills the staging slots",
               cuStreamCreate, &q->pstream, CU_STREAM_NON_BLOCKING);
      for (int i = 0; i < CUDA_STAGE_SLOTS; i++)
        {
          CU_CALL ("creating a staging slot's event", cuEventCreate,
                   &q->pfull[i], CU_EVENT_DISABLE_TIMING);
          CU_CALL ("creating a staging slot's event", cuEventCreate,
                   &q->pfree[i], CU_EVENT_DISABLE_TIMING);
        }
      q->pslots = p;
    }
  return q;
}

/* The queue is idle (synchronised): report what is left.  Its stream is
   libgomp's (or kept for the next region), so it stays.  */
void
cuda_queue_destroy (void *queue)
{
  struct cuda_queue *q = queue;
  cuda_use_ctx (q->dev);
  harvest (q, 1);
  q->kernels = NULL;
}

void *
cuda_event_create (int dev)
{
  CUevent e;
  cuda_use_ctx (dev);
  CU_CALL ("creating an event", cuEventCreate, &e, CU_EVENT_DISABLE_TIMING);
  return e;
}

void
cuda_event_destroy (void *event)
{
  CU_CALL ("destroying an event", cuEventDestroy_v2, (CUevent) event);
}

void
cuda_record (void *event, void *queue)
{
  struct cuda_queue *q = queue;
  cuda_use_ctx (q->dev);
  CU_CALL ("recording an event", cuEventRecord, (CUevent) event, q->stream);
}

/* EVENT may be another device's: CUDA streams wait for those too.  */
void
cuda_wait (void *queue, void *event)
{
  struct cuda_queue *q = queue;
  cuda_use_ctx (q->dev);
  CU_CALL ("making a queue wait for an event", cuStreamWaitEvent, q->stream,
           (CUevent) event, 0);
}

void
cuda_sync (void *queue)
{
  struct cuda_queue *q = queue;
  cuda_use_ctx (q->dev);
  CU_CALL ("waiting for a queue", cuStreamSynchronize, q->stream);
  harvest (q, 1);
}

/* The kernels are ordered after the loads by the stream itself.  */
void
cuda_before_kernels (void *queue)
{
  (void) queue;
}

void
cuda_kernels_mark (void *queue, int start, const struct pacc_opinfo *info)
{
  struct cuda_queue *q = queue;
  struct cuda_timed *t;
  if (!cuda_timing)
    return;
  cuda_use_ctx (q->dev);
  if (start)
    {
      q->kernels = cuda_timed_begin (q, info);
      return;
    }
  t = q->kernels;
  q->kernels = NULL;
  if (t)
    cuda_timed_end (q, t, info);
}
