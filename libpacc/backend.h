/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* backend.h - the interface between libpacc's schedule and a data-path
   back end: the host one (backend-host.c) and the CUDA one (cuda*.c).
   The per-device worker threads (workers.c) wrap a back end behind the
   same interface.

   The schedule expresses a region as copies on queues ordered by events,
   in the CUDA stream model: work on one queue runs in issue order; a queue
   can be made to wait for an event recorded on another queue; a wait
   refers to the event's latest record *at the time the wait is issued*
   (a wait on an event never recorded is a no-op).  The schedule only
   waits on events whose record it has already issued, so every back end
   that keeps these rules runs the same schedule without deadlock.

   Queues, events and buffers are opaque `void *' handles so that several
   back ends can be linked into one library.  A back end reports when each
   copy ran with pacc_trace_op (trace.h; the host back end when it
   executes it, a GPU back end from events, at the latest when the queue
   is synchronised).  */

#ifndef PACC_BACKEND_H
#define PACC_BACKEND_H

#include <stddef.h>

#include "trace.h"

/* A kernel launch that a back end prepared in the thread that launches it
   and issues later (launch_issue), possibly in another thread: the part
   that the worker threads need to know.  A back end's own record starts
   with it.  */
#define LAUNCH_RESULTS 8
struct pacc_launch
{
  int dev;      /* device of the queue it runs on.  */
  int nresults; /* reduction variables it writes back ...  */
  const void *result_var[LAUNCH_RESULTS]; /* ... their addresses ...  */
  size_t result_bytes[LAUNCH_RESULTS];    /* ... and sizes.  */
  int has_chunk; /* the kernels of a chunk: CHUNK says which,
                               for messages (set by the caller of
                               launch_issue).  */
  struct pacc_opinfo chunk;
};

struct pacc_backend
{
  const char *name; /* data path named in reports: "host",
                           "register" or "staging".  */
  int on_host;      /* 1: kernels run on the host; chunks report
                           device -1.  */

  /* Set up; returns the number of devices (0: unusable).  */
  int (*init) (void);

  /* Bytes of buffer memory device DEV can still give (before the
     PACC_DEVICE_MEMORY cap, which the planner applies).  */
  size_t (*mem_available) (int dev);

  /* Buffer memory on device DEV; NULL when it cannot be had (the caller
     reports the size).  */
  void *(*alloc) (int dev, size_t bytes);
  void (*free) (int dev, void *buf);

  /* Rings (chunks.h): BYTES of memory on device DEV, a multiple of
     ring_unit (DEV), mapped twice end to end: the address returned + x
     and + x + BYTES are the same byte for x < BYTES, so that any BYTES
     in a row from the first half are contiguous.  NULL when it cannot
     be had.  ring_unit NULL or 0: no rings (the chunk buffers hold
     every array).  */
  size_t (*ring_unit) (int dev);
  void *(*ring_alloc) (int dev, size_t bytes);
  void (*ring_free) (int dev, void *ring, size_t bytes);

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

  /* For the planner's cost model: how fast copies between the host
     arrays and device DEV go while both directions run (GB/s, host to
     device and back), and the peak bandwidth of DEV's memory (GB/s).  */
  void (*rates) (int dev, double *link_gbs, double *wb_gbs, double *hbm_gbs);

  /* Make pipeline device DEV the calling thread's current device (the
     one OpenACC constructs and acc_wait use), so that the kernels of a
     chunk on DEV that go through libgomp run there; returns the device
     that was current, for restore_device at region end.  */
  int (*select_device) (int dev);
  void (*restore_device) (int saved);

  /* The back end's own kernel launcher (launch.c calls it for the kernels
     pacc.so built).  launch_prepare, in the launching thread: the kernel
     FN with the map clauses and launch dimensions DIMS (0: choose) of
     GOACC_parallel_keyed, on OpenACC async queue ASYNC; NULL to leave the
     launch to libgomp.  launch_issue puts the prepared launch on its
     queue and frees it; the worker threads call it in the device's
     thread.  */
  struct pacc_launch *(*launch_prepare) (void (*fn) (void *), size_t mapnum,
                                         void **hostaddrs, size_t *sizes,
                                         unsigned short *kinds,
                                         const unsigned *dims, int async);
  void (*launch_issue) (struct pacc_launch *launch);

  /* __pacc_reduction_result: if the last launch this thread issued wrote
     variable VAR, arrange for its value to reach DST (BYTES) later and
     return 1; else return 0 (the caller waits for the queue and copies
     VAR).  */
  int (*defer_result) (const void *var, void *dst, size_t bytes);
  /* Every deferred value has reached its DST.  */
  void (*flush_results) (void);

  /* Everything handed out so far has been issued (the worker threads:
     before libgomp launches a kernel from the calling thread).  */
  void (*drain) (void);

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
  /* After region_begin: how long at least the region's first block will
     wait for host memory to be registered as its copies reach it
     (PACC_PIN=first-block), in seconds, at the rate region_begin
     registered its first pieces; 0: nothing left to register.  NULL:
     nothing is.  */
  double (*pin_pending) (void *handle);
  /* After region_begin, before the region's first queue: copy array
     NAME, [HOST, HOST + BYTES) as given to region_begin, through pinned
     staging buffers from now on instead of registering it (what was
     registered of it is unpinned); 1, or 0 when it cannot be (it shares
     bytes with another array, or the driver cannot stage).  NULL: no
     staging.  */
  int (*stage) (void *handle, const void *host, size_t bytes,
                const char *name);
  /* GB/s of a staged load on the queue that issues it, whatever the
     devices (the planner's stage_gbs), with the host copies in the
     queue's order (PACC_STAGE_AHEAD=0) and ahead of it (1; 0: as in
     order).  */
  double stage_gbs, stage_ahead_gbs;
  /* After the region's queues are synchronised and its buffers freed.  */
  void (*region_end) (void *handle);
  /* No copy issued after this one, on any queue, touches host bytes
     [HOST, HOST + BYTES) again in this region, and the copies that did
     were issued before it on QUEUE or before an earlier host_release of
     the region: the back end may unpin those bytes once everything
     issued so far on QUEUE and the earlier releases' queues has run
     (releases are processed in issue order).  The schedule calls it on
     one device only, in its last block.  NULL: nothing to do.  */
  void (*host_release) (void *queue, const void *host, size_t bytes);

  /* Kernel timing from the queue itself: called with START 1 once
     everything __pacc_next_chunk issues for a chunk is on QUEUE, right
     before the generated code launches the chunk's kernels, and with
     START 0 when they are all launched (__pacc_chunk_done, before its
     write-back is issued).  INFO (kind PACC_OP_KERNELS) goes back to
     pacc_trace_op once the times are known.  When NULL, the caller
     times the kernels on the host clock.  */
  void (*kernels_mark) (void *queue, int start,
                        const struct pacc_opinfo *info);

  /* QUEUE's operations will be issued by its device's worker thread
     (workers.c), one thread per device: a back end that runs a queue's
     operations lazily in whichever thread needs them must run them as
     they are issued instead.  NULL: nothing to change.  */
  void (*threaded) (void *queue);

  /* The multi-device directives (devices.c) on real devices, whose
     numbers are libgomp's: the device pipelines start on; after
     acc_set_device_num, make that device's context current too; a copy
     of BYTES from device FROM's copy of SRC to device TO's copy of DST
     (host addresses of data present on both), on TO's OpenACC queue
     ASYNC, or synchronous when ASYNC < 0.  */
  int (*home_device) (void);
  void (*follow_device) (void);
  void (*peer_copy) (void *dst, int to, const void *src, int from,
                     size_t bytes, int async);
  /* In-kernel temporal blocking (cuda-tblock.c): launch the kernel
     "__pacc_tb_dDEPTH" of the PTX module PTX (plugin/lower-ptx.cc) with
     cuLaunchKernel's parameters ARGS, GRID blocks of 128 threads, on the
     OpenACC queue ASYNC of the calling thread's region; 1, or 0 with
     WHY (WHYLEN bytes) saying why not, and then nothing was launched.
     NULL: one step per launch.  */
  int (*tblock) (int async, const char *ptx, int depth, void **args,
                 unsigned grid, char *why, size_t whylen);
};

extern const struct pacc_backend pacc_backend_host;
extern struct pacc_backend pacc_backend_cuda;

#endif /* PACC_BACKEND_H */
