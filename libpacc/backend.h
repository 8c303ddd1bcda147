/* backend.h - the interface between libpacc's scheduler and a data-path
   back end (the host one in backend-host.c, the CUDA one in
   backend-cuda.c).

   The scheduler expresses a region as copies on queues ordered by events,
   in the CUDA stream model: work on one queue runs in issue order; a queue
   can be made to wait for an event recorded on another queue; a wait
   refers to the event's latest record *at the time the wait is issued*
   (a wait on an event never recorded is a no-op).  The scheduler only
   waits on events whose record it has already issued, so every back end
   that keeps these rules runs the same schedule without deadlock.

   Queues, events and buffers are opaque `void *' handles so that several
   back ends can be linked into one library.  */

#ifndef PACC_BACKEND_H
#define PACC_BACKEND_H

#include <stddef.h>

struct pacc_stats;

/* What a copy is, for the PACC_VERBOSE totals and the PACC_TRACE file.
   A back end passes it back to pacc_trace_copy once it knows when the
   copy ran (the host back end: when it executes it; a GPU back end: from
   events, at the latest when the queue is synchronised).  Copied by value
   when the copy is enqueued, so the caller's struct need not outlive it.  */
enum pacc_op_kind
{
  PACC_OP_LOAD = 0,   /* host array -> chunk buffer.  */
  PACC_OP_WB = 1,     /* chunk buffer -> host array (write-back).  */
  PACC_OP_KERNELS = 2,/* the kernels of a chunk (array NULL, bytes 0).  */
  PACC_OP_HALO = 3    /* halo rows, one chunk buffer -> another (resident
                         plans; between devices: a peer copy).  */
};

struct pacc_opinfo
{
  struct pacc_stats *stats;  /* region totals to add to.  */
  const char *where;         /* region, for the trace.  */
  const char *array;         /* array name.  */
  int kind;                  /* enum pacc_op_kind.  */
  int device, queue;         /* device (-1: host) and queue index.  */
  int block, chunk;
  size_t bytes;
};

struct pacc_backend
{
  const char *name;     /* data path named in reports: "host",
                           "register" or "staging".  */
  int on_host;          /* 1: kernels run on the host; chunks report
                           device -1.  */

  /* Set up; returns the number of devices (0: unusable).  */
  int (*init) (void);

  /* Bytes of buffer memory device DEV can still give (before the
     PACC_DEVICE_MEMORY cap, which the scheduler applies).  */
  size_t (*mem_available) (int dev);

  /* Buffer memory on device DEV; NULL when it cannot be had (the caller
     reports the size).  */
  void *(*alloc) (int dev, size_t bytes);
  void (*free) (int dev, void *buf);

  /* Queue INDEX (the OpenACC async number the chunk's kernels use) on
     device DEV.  Destroyed only once idle (after sync).  */
  void *(*queue_create) (int dev, int index);
  void (*queue_destroy) (void *queue);

  void *(*event_create) (int dev);
  void (*event_destroy) (void *event);

  /* Asynchronous copies on QUEUE.  */
  void (*copy_in) (void *queue, void *buf, const void *host, size_t bytes,
                   const struct pacc_opinfo *info);
  void (*copy_out) (void *queue, void *host, const void *buf, size_t bytes,
                    const struct pacc_opinfo *info);

  /* Asynchronous copy on QUEUE from a chunk buffer of device SRC_DEV
     (QUEUE's own or another) into a buffer of QUEUE's device.  */
  void (*copy_buf) (void *queue, void *dst, const void *src, int src_dev,
                    size_t bytes, const struct pacc_opinfo *info);

  /* Record EVENT at the current end of QUEUE; make QUEUE wait for the
     latest record of EVENT issued so far.  */
  void (*record) (void *event, void *queue);
  void (*wait) (void *queue, void *event);

  /* Block the caller until everything issued on QUEUE has run.  */
  void (*sync) (void *queue);

  /* The caller is about to launch the kernels of a chunk on QUEUE.  On the
     host they run synchronously in the calling thread, so the queue must
     be drained first; a GPU back end does nothing (the kernels are
     ordered after the loads by the stream itself).  */
  void (*before_kernels) (void *queue);

  /* The rest is optional (NULL in the host back end).  */

  /* Make pipeline device DEV the calling thread's current device (the
     one OpenACC constructs and acc_wait use), so that the kernels of a
     chunk on DEV that go through libgomp run there; returns the device
     that was current, for restore_device at region end.  */
  int (*select_device) (int dev);
  void (*restore_device) (int saved);

  /* __pacc_reduction_result: if the last kernel this thread launched
     through the back end's own launcher wrote variable VAR, arrange for
     its value to reach DST (BYTES) later and return 1; else return 0 (the
     caller waits for the queue and copies VAR).  */
  int (*defer_result) (const void *var, void *dst, size_t bytes);
  /* Every deferred value has reached its DST.  */
  void (*flush_results) (void);

  /* A region with steps to run will copy between its chunk buffers and
     the host ranges [HOST[i], HOST[i] + BYTES[i]) of its N arrays (BYTES
     0: the array is never transferred), of kinds KINDS[i] (enum
     pacc_array_kind), named NAMES[i]; WHERE is the region, for messages.
     Called before the region's first queue, buffer or copy.  Returns a
     handle (never NULL) for region_end and sets *PATH to the data path
     the region's copies take, for the report.  */
  void *(*region_begin) (const char *where, int n, char *const *host,
                         const size_t *bytes, const int *kinds,
                         const char *const *names, const char **path);
  /* After the region's queues are synchronised and its buffers freed.  */
  void (*region_end) (void *handle);

  /* Kernel timing from the queue itself: called with START 1 once
     everything __pacc_next_chunk issues for a chunk is on QUEUE, right
     before the generated code launches the chunk's kernels, and with
     START 0 when they are all launched (__pacc_chunk_done, before its
     write-back is issued).  INFO (kind PACC_OP_KERNELS) goes back to
     pacc_trace_copy once the times are known.  When NULL, the caller
     times the kernels on the host clock.  */
  void (*kernels_mark) (void *queue, int start,
                        const struct pacc_opinfo *info);

  /* QUEUE's operations will be issued by its device's worker thread
     (workers.c), one thread per device: a back end that runs a queue's
     operations lazily in whichever thread needs them must run them as
     they are issued instead.  NULL: nothing to change.  */
  void (*threaded) (void *queue);
};

extern const struct pacc_backend pacc_backend_host;
extern struct pacc_backend pacc_backend_cuda;

#endif /* PACC_BACKEND_H */
