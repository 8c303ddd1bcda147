/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* cuda-int.h - what the files of the CUDA back end share, and nothing
   else includes: internal to the back end, hence -int.h (as libgomp names
   its internal headers), never to be taken for NVIDIA's <cuda.h> by a
   program built with -I.../libpacc.  The back end is a family of files
   by concern, each using only the ones listed before it here:

     cuda-driver.c  the driver (dlopen, cuda-lib.def), errors, contexts
                    shared with libgomp, devices, peer access
     cuda-memory.c  device memory for chunk buffers
     cuda-queue.c   queues (CUDA streams shared with libgomp), events,
                    timing of copies and kernels
     cuda-pin.c     the registered ranges of the live regions; pinning
                    and unpinning them (during the last block, after
                    the region)
     cuda-lazy.c    registration as the first block's copies reach the
                    pieces (PACC_PIN=first-block)
     cuda-host.c    the host side of a region: which ranges it
                    registers, or staging through pinned buffers
     cuda-copy.c    copies of chunks, halo copies, `update peer' copies
     cuda-launch.c  PACC's own kernel launches (argument ring, deferred
                    reduction results)
     cuda.c         set-up and the back end's table (pacc_backend_cuda)

   The names below are shared by those files only, hidden from programs
   that link libpacc, and all begin with cuda_ (macros CUDA_, and the
   call wrappers CU_CALL*), so that a reader of any of the files knows a
   name of the back end's from a local one; cuda-min.h holds the
   driver's own (cu*, CU*).  */

#ifndef PACC_CUDA_INT_H
#define PACC_CUDA_INT_H

#include "backend.h"
#include "cuda-min.h"
#include "settings.h"

#include <pthread.h>
#include <stdint.h>

#define PACC_HIDDEN __attribute__ ((visibility ("hidden")))

/* Pinned staging buffer per queue, and so the largest piece of a staged
   copy.  */
#define CUDA_STAGE_BYTES ((size_t) 32 << 20)
/* Slots of CUDA_STAGE_BYTES per queue for the staged loads of read-only
   arrays, filled off the queue's stream ahead of their copies
   (cuda-copy.c).  */
#define CUDA_STAGE_SLOTS 4
/* What a staged load runs at, GB/s, for the planner (backend.h
   stage_gbs): on an H100 host, Himeno at 8x with every array staged
   loaded at 17.0 GB/s with both directions busy, and with 4, 6 or 9 of
   its 13 arrays staged the loads' mean implied 16.7-17.6 GB/s for the
   staged ones (benchmarks/RESULTS.md).  */
#define CUDA_STAGE_GBS 17.0
/* The same with the host copies of read-only arrays ahead of their
   loads (PACC_STAGE_AHEAD=1): Himeno at 8x with its 12 targetin arrays
   staged loaded them at 30.0 GB/s on an H100 host, the host copies'
   rate beside the copies out (benchmarks/RESULTS.md).  */
#define CUDA_STAGE_AHEAD_GBS 28.0
/* Host arrays are registered in pieces of this size, CUDA_REG_THREADS
   at a time, at region begin (PACC_PIN=begin); in pieces of
   CUDA_LAZY_PIECE, each when a copy first needs it, by the thread that
   issues the copy (PACC_PIN=first-block): small, so that chunk 0 of a
   region of many arrays waits for little.  */
#define CUDA_REG_PIECE ((size_t) 1 << 30)
#define CUDA_LAZY_PIECE ((size_t) 64 << 20)
#define CUDA_REG_THREADS 4
/* Kernel-argument slots per device (cuda-launch.c).  */
#define CUDA_LAUNCH_SLOTS 1024
/* While the first block registers host memory, launches issued ahead of
   the device at most (cuda-launch.c): 32-128 measured alike, 256 let the
   driver's queue fill (Himeno on an H100).  */
#define CUDA_LAUNCH_AHEAD 64

/* ------------------------------------------------------------------ */
/* cuda-driver.c: the driver, libgomp, the devices.  */

/* The driver's entry points, one per line of cuda-lib.def.  */
struct cuda_lib
{
#define CUDA_ONE_CALL(call) __typeof (call) *call;
#define CUDA_ONE_CALL_MAYBE_NULL(call) CUDA_ONE_CALL (call)
#include "cuda-lib.def"
#undef CUDA_ONE_CALL
#undef CUDA_ONE_CALL_MAYBE_NULL
};
extern struct cuda_lib cuda_lib PACC_HIDDEN;

/* libgomp's OpenACC API (openacc.h), looked up in the process so that
   the back end works with any program.  acc_device_t is an int-sized
   enum; acc_device_nvidia is 5 in GCC's openacc.h.  */
#define CUDA_ACC_DEVICE_NVIDIA 5
struct cuda_gomp_api
{
  int (*acc_get_num_devices) (int);
  int (*acc_get_device_num) (int);
  void (*acc_set_device_num) (int, int);
  void *(*acc_get_current_cuda_context) (void);
  void *(*acc_get_cuda_stream) (int);
  int (*acc_set_cuda_stream) (int, void *);
  void *(*acc_deviceptr) (void *);
};
extern struct cuda_gomp_api cuda_gomp PACC_HIDDEN;
extern int cuda_have_gomp PACC_HIDDEN; /* libgomp offloads to NVIDIA.  */

struct cuda_timed;

/* A device the pipelines use.  Pipeline device i is libgomp's (and
   CUDA's) device (cuda_dev_ord + i) % count: device 0 is the one libgomp
   uses by default (ACC_DEVICE_NUM).  */
struct cuda_dev
{
  int ord;         /* libgomp's device number.  */
  const char *how; /* how its context is shared (report).  */
  CUdevice cudev;
  CUcontext ctx;                 /* shared with libgomp.  */
  CUstream ctl;                  /* private: anchors the timings.  */
  CUevent ref_ev;                /* recorded on CTL at ...  */
  double ref_host;               /* ... this host time (microseconds).  */
  struct cuda_timed *timed_free; /* timing records of this context.  */
  /* Kernel launches (cuda-launch.c).  */
  int sms;
  char *lhost;                    /* pinned argument slots.  */
  CUdeviceptr ldev;               /* device argument slots.  */
  CUevent lev[CUDA_LAUNCH_SLOTS]; /* the slot's last use is done.  */
  CUevent lkev;                   /* the last reduction kernel is done.  */
  CUstream lres;                  /* the copies of reduction results.  */
  char lused[CUDA_LAUNCH_SLOTS];
  /* Deferred reduction results in each slot (counted under
     defer_lock).  */
  unsigned short lpending[CUDA_LAUNCH_SLOTS];
  unsigned lnext;
  pthread_mutex_t llock; /* the slots: one issuing thread at a time.  */
};

extern struct cuda_dev cuda_devs[MAX_DEVICES] PACC_HIDDEN;
extern int cuda_ndevs PACC_HIDDEN;   /* 0: the back end is not in use.  */
extern int cuda_dev_ord PACC_HIDDEN; /* cuda_devs[0].ord.  */
/* Time copies and kernels with events.  */
extern int cuda_timing PACC_HIDDEN;
/* The region, for messages.  */
extern const char *cuda_cur_where PACC_HIDDEN;
/* Some region copies through staging.  */
extern int cuda_staging_needed PACC_HIDDEN;
/* Some region stages a read-only array.  */
extern int cuda_prefetch_needed PACC_HIDDEN;

/* CALL failed with R while PACC was doing WHAT (for the copy or kernels
   INFO, when not NULL): an error naming all of it, then exit.  */
void cuda_fail (const char *call, CUresult r, const char *what,
                const struct pacc_opinfo *info) PACC_NORETURN PACC_HIDDEN;
/* The same for a failure that PACC_FAULT injected into CALL.  */
void cuda_fail_injected (const char *call, const char *what,
                         const struct pacc_opinfo *info,
                         enum pacc_fault_kind kind) PACC_NORETURN PACC_HIDDEN;
const char *cuda_name (CUresult r) PACC_HIDDEN;
const char *cuda_string (CUresult r) PACC_HIDDEN;

/* Call cuda_lib.CALL (...); on failure, an error naming the call, the
   CUresult and WHAT PACC was doing (a short phrase), for the operation
   INFO (or NULL), then exit.  */
#define CU_CALL_OP(info, what, call, ...)                                     \
  do                                                                          \
    {                                                                         \
      CUresult cu_r_ = cuda_lib.call (__VA_ARGS__);                           \
      if (cu_r_ != CUDA_SUCCESS)                                              \
        cuda_fail (#call, cu_r_, what, info);                                 \
    }                                                                         \
  while (0)
#define CU_CALL(what, call, ...) CU_CALL_OP (NULL, what, call, __VA_ARGS__)

/* CU_CALL_OP for a call that PACC_FAULT's KIND can make fail.  */
#define CU_CALL_FAULT(kind, info, what, call, ...)                            \
  do                                                                          \
    {                                                                         \
      if (pacc_fault (kind))                                                  \
        cuda_fail_injected (#call, what, info, kind);                         \
      CU_CALL_OP (info, what, call, __VA_ARGS__);                             \
    }                                                                         \
  while (0)

static inline CUdeviceptr
cuda_dptr (const void *p)
{
  return (CUdeviceptr) (uintptr_t) p;
}

/* Open libcuda.so.1 into CU; NULL, or why it cannot be used.  */
const char *cuda_load_driver (void) PACC_HIDDEN;
/* Look libgomp's OpenACC API up into GOMP; 0 when it is not there.  */
int cuda_find_gomp (void) PACC_HIDDEN;
/* Open pipeline device D, libgomp's and CUDA's device ORD: its context
   and its timing anchor; returns how the context is shared.  */
const char *cuda_open_device (int d, int ord) PACC_HIDDEN;
/* Leave pipeline device 0 current for the program's own OpenACC code.  */
void cuda_attach_home (void) PACC_HIDDEN;
/* Peer access between every pair of pipeline devices that allows it;
   for one pair (CUDA ordinals and contexts), whether TO can read FROM's
   memory directly (enabled once).  */
void cuda_enable_peers (void) PACC_HIDDEN;
int cuda_enable_peer (int to, CUcontext cto, int from,
                      CUcontext cfrom) PACC_HIDDEN;

/* Make context C, device D's context current on this thread; with
   libgomp, also make D libgomp's current device on this thread
   (cuda_ensure_dev; cuda_ensure_thread for device 0).  */
void cuda_make_current (CUcontext c) PACC_HIDDEN;
void cuda_use_ctx (int d) PACC_HIDDEN;
void cuda_ensure_dev (int d) PACC_HIDDEN;
void cuda_ensure_thread (void) PACC_HIDDEN;
/* After the program changed libgomp's device (acc_set_device_num): its
   context current too.  */
void cuda_follow_device (void) PACC_HIDDEN;
/* libgomp's CUDA stream of async queue INDEX on its current device, or a
   new one handed to libgomp; WHAT prefixes errors.  */
CUstream cuda_gomp_async_stream (int index, const char *where,
                                 const char *what) PACC_HIDDEN;

/* ------------------------------------------------------------------ */
/* cuda-memory.c  */

size_t cuda_mem_available (int dev) PACC_HIDDEN;
void *cuda_alloc (int dev, size_t bytes) PACC_HIDDEN;
void cuda_rates (int dev, double *link_gbs, double *wb_gbs,
                 double *hbm_gbs) PACC_HIDDEN;
void cuda_free (int dev, void *buf) PACC_HIDDEN;
size_t cuda_ring_unit (int dev) PACC_HIDDEN;
void *cuda_ring_alloc (int dev, size_t bytes) PACC_HIDDEN;
void cuda_ring_free (int dev, void *ring, size_t bytes) PACC_HIDDEN;

/* ------------------------------------------------------------------ */
/* cuda-queue.c  */

/* A copy or a chunk's kernels between two timing events.  */
struct cuda_timed
{
  struct cuda_timed *next;
  CUevent e0, e1;
  struct pacc_opinfo info;
};

struct cuda_queue
{
  int index;
  int dev; /* pipeline device.  */
  CUstream stream;
  int owned;   /* PACC's own stream (no libgomp).  */
  char *stage; /* pinned, CUDA_STAGE_BYTES; NULL until
                                 needed.  */
  /* Read-only staged loads (cuda-copy.c): CUDA_STAGE_SLOTS pinned slots,
     filled by host functions on PSTREAM; a slot's PFULL after its fill,
     its PFREE after the copy out of it on STREAM.  NULL until needed.  */
  char *pslots;
  CUstream pstream;
  CUevent pfull[CUDA_STAGE_SLOTS], pfree[CUDA_STAGE_SLOTS];
  unsigned pnext;
  struct cuda_timed *head, *tail; /* timed operations not yet reported.  */
  struct cuda_timed *kernels;     /* kernels whose start is recorded.  */
};

/* Q's pinned staging buffer, allocated now (Q's device's context
   current) if Q has none: a queue made while no region staged has none.  */
char *cuda_queue_stage (struct cuda_queue *q) PACC_HIDDEN;
/* Queue INDEX of the region this thread runs (NULL: none).  */
struct cuda_queue *cuda_queue_of (int index) PACC_HIDDEN;
/* cuda-tblock.c: backend.h's tblock.  */
int cuda_tblock (int async, const char *ptx, int depth, void **args,
                 unsigned grid, char *why, size_t whylen) PACC_HIDDEN;
/* A timing event before an operation on Q (NULL when not timing), and
   after it.  */
struct cuda_timed *
cuda_timed_begin (struct cuda_queue *q,
                  const struct pacc_opinfo *info) PACC_HIDDEN;
void cuda_timed_end (struct cuda_queue *q, struct cuda_timed *t,
                     const struct pacc_opinfo *info) PACC_HIDDEN;

void *cuda_queue_create (int dev, int index) PACC_HIDDEN;
void cuda_queue_destroy (void *queue) PACC_HIDDEN;
void *cuda_event_create (int dev) PACC_HIDDEN;
void cuda_event_destroy (void *event) PACC_HIDDEN;
void cuda_record (void *event, void *queue) PACC_HIDDEN;
void cuda_wait (void *queue, void *event) PACC_HIDDEN;
void cuda_sync (void *queue) PACC_HIDDEN;
void cuda_before_kernels (void *queue) PACC_HIDDEN;
void cuda_kernels_mark (void *queue, int start,
                        const struct pacc_opinfo *info) PACC_HIDDEN;

/* ------------------------------------------------------------------ */
/* cuda-pin.c  */

/* A region's host range that copies go straight from and to: registered
   in pieces of PIECE from LO (a copy must not cross two).  With
   PACC_PIN=first-block, its pieces are the region's OURS from FIRST on,
   registered by cuda_pin_ensure as copies first need them.  */
struct cuda_hrange
{
  uintptr_t lo, hi;
  size_t piece;
  int first;        /* its first piece in OURS; -1: none lazy.  */
  int written;      /* some array of it is written back (else
                             read-only registration may do).  */
  const char *name; /* its (first) array, for errors.  */
};

/* States of a piece registered as copies first need it.  */
enum
{
  CUDA_PIECE_NONE = 0,  /* not registered yet.  */
  CUDA_PIECE_BUSY = 1,  /* a thread is registering it.  */
  CUDA_PIECE_OURS = 2,  /* registered here.  */
  CUDA_PIECE_THEIRS = 3 /* page-locked by the program already.  */
};

struct cuda_piece
{
  void *lo;
  size_t len;
  int gone;  /* unpinned, claimed by the release threads, or
                             not registered (yet).  */
  int state; /* PIECE_*, under cuda-pin.c's lock.  */
};

struct cuda_region
{
  struct cuda_region *next;
  struct cuda_hrange *direct; /* DMA straight from and to these.  */
  int ndirect;
  struct cuda_hrange *ro; /* staged, and never written by the region.  */
  int nro;
  struct cuda_piece *ours; /* registered here: unregister at the end.  */
  int nours;
  int merged; /* arrays share bytes: no early unpinning.  */
  const char *where;
  size_t reg_bytes; /* registered here, and how long it took.  */
  double reg_us;
  int lazy_left;            /* pieces not registered yet (first-block).  */
  struct pacc_stats *stats; /* the region's, from its first copy that
                             registered (cuda_pin_ensure); NULL before.  */
  size_t lazy_bytes;        /* of REG_BYTES, registered by cuda_pin_ensure or
                             cuda_pin_ahead, in LAZY_US of the issuing
                             threads' time (their calls added up) and
                             LAZY_WALL_US while at least one ran (the
                             LAZY_RUNNING calls running since
                             LAZY_T0).  */
  double lazy_us, lazy_wall_us, lazy_t0;
  int lazy_running;
  /* The rest under cuda-pin.c's lock.  */
  size_t early_bytes; /* unregistered during the last block, from
                             early_t0 to early_t1 (microseconds).  */
  double early_t0, early_t1;
  int closing;    /* region end: the release threads leave the
                             rest to it.  */
  int inflight;   /* pieces on the unpin list or being unpinned.  */
  int nrel;       /* releases of it not dispatched yet.  */
  int ended;      /* the region has returned: the threads unpin
                             the rest and free this.  */
  char *bg_where; /* then the region's name (a copy).  */
  double bg_t0;
};

/* A piece to register (UNREG 0) or unregister, and the result.  */
struct cuda_regjob
{
  void *lo;
  size_t len;
  unsigned flags;
  int unreg;
  CUresult r;
};

/* Run the N jobs on CUDA_REG_THREADS threads (this one included).  */
void cuda_run_reg_jobs (struct cuda_regjob *jobs, int n) PACC_HIDDEN;
/* G's ranges are registered: copies may go straight to them.  */
void cuda_pin_region_add (struct cuda_region *g) PACC_HIDDEN;
/* G's queues are synchronised: unpin what is left (now, or in the
   background with PACC_EARLY_UNREGISTER=2 or 3), report, free G.  */
void cuda_pin_region_end (struct cuda_region *g) PACC_HIDDEN;
/* The range of G that is exactly [LO, HI) (array NAME's) goes: its
   pieces registered here are unpinned, the others never will be, and
   copies of its bytes are staged from now on.  0 when G has no such
   range (merged with another array's).  Before G's first copy.  */
int cuda_pin_range_drop (struct cuda_region *g, uintptr_t lo, uintptr_t hi,
                         const char *name) PACC_HIDDEN;
/* Wait until no ended region is being unpinned.  */
void cuda_pin_wait_background (void) PACC_HIDDEN;
/* A registered range that a copy's bytes lie in (cuda_is_direct): its start
   and piece size, for cuda_copy_step, and where cuda_pin_ensure finds its
   pieces.  */
struct cuda_direct_at
{
  uintptr_t base;
  size_t piece;
  struct cuda_region *g;
  int range; /* in G's DIRECT.  */
};
/* Whether [P, P + N) lies in one registered range of a live region; the
   range in *D.  */
int cuda_is_direct (const void *p, size_t n,
                    struct cuda_direct_at *d) PACC_HIDDEN;
/* Whether [P, P + N) lies in a staged range of a live region that the
   region never writes: its bytes stay as they are until the region
   ends, so they may be copied out ahead of the copy's turn.  */
int cuda_is_read_only_staged (const void *p, size_t n) PACC_HIDDEN;
/* Register the pieces of [P, P + N), in the range D that cuda_is_direct found,
   that are not registered yet, before the copy INFO uses them.  An error
   names the array when one cannot be registered.  */
void cuda_pin_ensure (const struct cuda_direct_at *d, const void *p, size_t n,
                      const struct pacc_opinfo *info) PACC_HIDDEN;
/* Whether some piece of [P, P + N), in the range D, is not registered
   yet (cuda_pin_ensure would register it, or wait for another thread
   that does).  */
int cuda_pin_needed (const struct cuda_direct_at *d, const void *p,
                     size_t n) PACC_HIDDEN;
/* The pieces' states (struct cuda_piece), and a thread waiting for one that
   another registers (cuda-lazy.c).  */
extern pthread_mutex_t cuda_pin_lazy_lock PACC_HIDDEN;
extern pthread_cond_t cuda_pin_lazy_done PACC_HIDDEN;
/* The live regions, under their lock until cuda_pin_regions_unlock.  */
struct cuda_region *cuda_pin_regions_lock (void) PACC_HIDDEN;
void cuda_pin_regions_unlock (void) PACC_HIDDEN;
/* A registration of a piece of G starts at T0 (microseconds) ...  */
void cuda_pin_piece_start (struct cuda_region *g, double t0) PACC_HIDDEN;
/* ... and piece P of G, claimed by this thread, reached STATE at T1:
   counted, and its state set (G may end from then on).  */
void cuda_pin_piece_done (struct cuda_region *g, struct cuda_piece *p,
                          int state, double t0, double t1) PACC_HIDDEN;
/* Register the next piece the first block's copies will reach, of a live
   region whose copies have begun registering as they go (counted in its
   statistics, as cuda_pin_ensure's); 0 when none is left.  For a thread that
   would otherwise wait for the device.  */
int cuda_pin_ahead (void) PACC_HIDDEN;
/* Whether cuda_pin_ahead has a piece to register.  */
int cuda_pin_ahead_pending (void) PACC_HIDDEN;
/* R from registering [LO, LO + LEN) writable: when the driver refused it
   as writable memory (read-only memory, a const array) and nothing
   writes it back (WRITTEN 0), the result of registering it READ_ONLY;
   else R.  */
CUresult cuda_register_read_only (CUresult r, void *lo, size_t len,
                                  int written) PACC_HIDDEN;
/* Whether R from registering [LO, LO + LEN) says the program registered
   it already, in a way usable as it is: page-locked at both ends.  */
int cuda_registered_before (CUresult r, const void *lo,
                            size_t len) PACC_HIDDEN;
/* Bytes of the next piece of a copy of BYTES at HOST, OFF done (D: the
   registered range it lies in; NULL: staged).  */
size_t cuda_copy_step (const struct cuda_direct_at *d, const void *host,
                       size_t off, size_t bytes) PACC_HIDDEN;
void cuda_host_release (void *queue, const void *host,
                        size_t bytes) PACC_HIDDEN;

/* ------------------------------------------------------------------ */
/* cuda-host.c  */

/* The host copy pool for staging, started once.  */
void cuda_pool_start (void) PACC_HIDDEN;
/* One piece of a staged copy, done by a host function in stream order
   (cuda_stage_fn frees the job).  */
struct cuda_stage_job
{
  void *dst;
  const void *src;
  size_t n;
};
void cuda_stage_fn (void *arg) PACC_HIDDEN;
void *cuda_region_begin (const char *where, int n, char *const *host,
                         const size_t *bytes, const int *kinds,
                         const char *const *names,
                         const char **path) PACC_HIDDEN;
void cuda_region_end (void *handle) PACC_HIDDEN;
double cuda_pin_pending (void *handle) PACC_HIDDEN;
int cuda_stage (void *handle, const void *host, size_t bytes,
                const char *name) PACC_HIDDEN;

/* ------------------------------------------------------------------ */
/* cuda-copy.c  */

void cuda_copy_in (void *queue, void *buf, const void *host, size_t bytes,
                   const struct pacc_opinfo *info) PACC_HIDDEN;
void cuda_copy_out (void *queue, void *host, const void *buf, size_t bytes,
                    const struct pacc_opinfo *info) PACC_HIDDEN;
void cuda_copy_buf (void *queue, void *dst, const void *src, int src_dev,
                    size_t bytes, const struct pacc_opinfo *info) PACC_HIDDEN;
void cuda_peer_copy (void *dst, int to, const void *src, int from,
                     size_t bytes, int async) PACC_HIDDEN;

/* ------------------------------------------------------------------ */
/* cuda-launch.c  */

/* PACC_LAUNCH, the argument slots of every device; whether launches go
   through cuda_launch_prepare (with libgomp only).  */
int cuda_launch_init (void) PACC_HIDDEN;
struct pacc_launch *cuda_launch_prepare (void (*fn) (void *), size_t mapnum,
                                         void **hostaddrs, size_t *sizes,
                                         unsigned short *kinds,
                                         const unsigned *dims,
                                         int async) PACC_HIDDEN;
void cuda_launch_issue (struct pacc_launch *launch) PACC_HIDDEN;
int cuda_defer_result (const void *var, void *dst, size_t bytes) PACC_HIDDEN;
void cuda_flush_results (void) PACC_HIDDEN;

#endif /* PACC_CUDA_INT_H */
