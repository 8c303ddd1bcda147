/* internal.h - libpacc's private declarations: the run-time settings, the
   region object shared by the ABI entry points (region.c), the scheduler
   (scheduler.c) and the reports (trace.c), and the message helpers.  */

#ifndef PACC_INTERNAL_H
#define PACC_INTERNAL_H

/* clock_gettime, sysconf: every file includes this header first.  */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stddef.h>
#include <stdint.h>
#include "pacc-abi.h"
#include "backend.h"

#define PACC_NORETURN __attribute__ ((noreturn))
#define PACC_PRINTF(f, a) __attribute__ ((format (printf, f, a)))

#define PACC_MAX_QUEUES 64
#define PACC_MAX_DEVICES 64

/* PACC_DATA_PATH.  */
enum pacc_data_path
{
  PACC_PATH_AUTO = 0,      /* a GPU if there is one, else the host.  */
  PACC_PATH_HOST = 1,      /* the host back end, GPU or not.  */
  PACC_PATH_REGISTER = 2,  /* GPU, user's arrays registered in place.  */
  PACC_PATH_STAGING = 3    /* GPU, copies through pinned staging buffers.  */
};

/* Settings from the environment (env.c); 0 or "" means automatic.  */
struct pacc_settings
{
  long k;                           /* PACC_K.  */
  long chunks;                      /* PACC_CHUNKS.  */
  long block;                       /* PACC_BLOCK (rows per chunk).  */
  int queues;                       /* PACC_QUEUES.  */
  int devices;                      /* PACC_DEVICES.  */
  unsigned long long device_memory; /* PACC_DEVICE_MEMORY, bytes.  */
  int verbose;                      /* PACC_VERBOSE, 0..2.  */
  int resident;                     /* PACC_RESIDENT: -1 auto, 0, 1.  */
  int workers;                      /* PACC_WORKERS: -1 auto, 0, 1.  */
  int data_path;                    /* PACC_DATA_PATH, enum
                                       pacc_data_path.  */
  char trace[4096];                 /* PACC_TRACE file name.  */
};

extern struct pacc_settings pacc_settings;
extern const struct pacc_backend *pacc_backend;
extern int pacc_ndevices;

/* env.c: read and check the PACC_* variables (once; WHERE for messages,
   NULL outside a region).  */
void pacc_env_read (const char *where);

/* Totals of one region, for PACC_VERBOSE (times in microseconds).  */
struct pacc_stats
{
  unsigned long long bytes_in, bytes_out, bytes_halo;
  double t_load, t_wb, t_kernels, t_halo;
  long blocks, chunks;
  double t_begin;
  double t_first, t_last;  /* earliest start and latest end of the copies
                              and kernels timed (0: none yet).  */
};

struct pacc_array
{
  const char *name;
  int kind;              /* enum pacc_array_kind.  */
  size_t row_bytes, elem;
  char *host;            /* user's pointer: element 0 of row 0.  */
};

/* One chunk of the plan; the ranges are rows, half open.  */
struct pacc_chunk
{
  long lo, hi;           /* rows it owns (the same in every block).  */
  long llo, lhi;         /* rows its buffer holds in the current block.  */
  long blo;              /* row at the start of its buffer (llo, or in a
                            resident plan the llo of a k-step block).  */
  int rd_lo, rd_hi;      /* its write-back waits for the loads of chunks
                            rd_lo..rd_hi (they read its own rows).  */
  int wd_lo, wd_hi;      /* its load waits for the previous block's
                            write-backs of chunks wd_lo..wd_hi.  */
};

/* A memory range a queued operation reads or writes (schedule check).  */
struct pacc_access
{
  uintptr_t lo, hi;      /* addresses, half open.  */
  unsigned long clock;   /* the operation's time on its queue.  */
  int queue, chunk, what, write;
  long block;
};

struct pacc_scratch
{
  struct pacc_scratch *next;
  _Alignas (16) unsigned char data[];
};

struct pacc_region
{
  unsigned magic;
  char *where;           /* "file:line" of the pipeline.  */
  char *names;           /* array names, NUL separated.  */
  int n;
  struct pacc_array *a;
  long lo0, len0, hlo, hhi, elo, ehi, t0, nsteps, nkernels;
  int async;

  /* The plan (scheduler.c).  */
  long k;                /* largest steps per block.  */
  int nchunks, nqueues, nbuf, span;
  int ndev_want;         /* devices the back end offers the pipeline.  */
  int ndev;              /* devices it uses (at most one per chunk).  */
  int dev_bufs;          /* buffer slots per device (at most).  */
  long buf_rows;         /* rows per buffer.  */
  int resident;          /* every chunk keeps its buffer across blocks:
                            only halos move between blocks.  */
  const char *r_from;
  int workers;           /* one worker thread per device issues the
                            queue operations (workers.c).  */
  const char *w_from;
  const struct pacc_backend *be;  /* what the region issues through:
                                     pacc_backend, or its workers.  */
  size_t buf_bytes;      /* all buffers of all arrays together.  */
  size_t dev_bytes;      /* the buffers one device holds.  */
  const char *k_from, *c_from, *q_from, *d_from;  /* "auto" or the
                                                      variable.  */
  struct pacc_chunk *ch;

  /* Back-end resources, allocated at the first block.  */
  void **queue;          /* [nqueues].  */
  void **ev_load, **ev_wb; /* [nchunks], recorded after a chunk's load
                              and after its write-back.  */
  void **buf;            /* [nbuf * n]: buffer of array a in slot s is
                            buf[s * n + a].  */
  int *buf_last;         /* [nbuf]: chunk that last used the slot, -1.  */
  char *buf_busy;        /* [nbuf]: its write-back is not issued yet.  */
  int resources;

  /* The schedule check (scheduler.c): vector clocks of the queues and of
     the events, and the memory accesses not yet known to precede every
     queue.  */
  int check;
  unsigned long *vc;     /* [nqueues * nqueues].  */
  unsigned long *snap;   /* [2 * nchunks * nqueues].  */
  struct pacc_access *log;
  size_t nlog, caplog;

  /* Progress.  */
  long steps_done, kk;
  long blocks_started;
  int in_block;
  int n_loaded, n_done, wb_next;  /* chunks of this block whose load was
                                     issued / that are done / whose
                                     write-back was issued.  */
  int cur;               /* chunk between next_chunk and chunk_done, -1.  */
  char **cur_host;       /* [n]: host array each name loads from now.  */
  int *perm;             /* [n]: this block's rotation, name -> buffer.  */
  int *perm_tmp;
  int perm_set;
  int *bperm;            /* [n]: buffer of each name in a resident plan
                            (the rotations of all blocks so far).  */
  void **handed;         /* [n]: pointers next_chunk handed out.  */
  char **new_host;       /* [n]: scratch for applying a rotation.  */
  double t_kernel_start;
  int dev_selected, saved_dev;  /* the thread's device before the first
                                   chunk made another current.  */

  struct pacc_stats st;
  struct pacc_scratch *scratch;

  /* The back end's view of the region (backend.h region_begin).  */
  void *be_region;
  const char *data_path;  /* for the report; NULL: the back end's name.  */
};

#define PACC_REGION_MAGIC 0x70616363u

/* scheduler.c */
void pacc_plan (struct pacc_region *r);
void pacc_sched_start (struct pacc_region *r);
void pacc_sched_free (struct pacc_region *r);
void pacc_sched_block (struct pacc_region *r, long kk);
void pacc_sched_load (struct pacc_region *r, int i);
void pacc_sched_done (struct pacc_region *r, int i);
void pacc_sched_block_end (struct pacc_region *r);
void pacc_sched_sync (struct pacc_region *r);
int pacc_chunk_queue (const struct pacc_region *r, int i);
struct pacc_opinfo pacc_opinfo (struct pacc_region *r, int kind, int a,
                                int chunk, size_t bytes);
int pacc_chunk_device (const struct pacc_region *r, int i);
/* region.c: devices a pipeline may spread over; the device a report or
   trace names for chunk I (-1: the host, when it emulates one device).  */
int pacc_ndevices_pipeline (void);
int pacc_report_device (const struct pacc_region *r, int i);
int pacc_chunk_slot (const struct pacc_region *r, int i);

/* backend-cuda.c, for a kernel launcher: PACC's CUcontext, and the
   CUstream of OpenACC async queue QUEUE (the one the chunk's copies use,
   libgomp's stream for that queue); NULL when the CUDA back end is not in
   use or has no such queue yet.  */
void *pacc_cuda_context (void);
void *pacc_cuda_stream (int queue);
/* backend-cuda.c: the GPU PACC's pipelines use (libgomp's number).  */
int pacc_cuda_device (void);
/* devices.c: error if a pipeline starts with another device current.  */
void pacc_check_pipeline_device (const char *where);
/* backend-cuda.c, for devices.c: after acc_set_device_num, make that
   device's CUDA context current too.  */
void pacc_cuda_follow_device (void);
/* backend-cuda.c, for devices.c: a peer copy between two GPUs.  */
void pacc_cuda_peer_copy (void *dst, int to, const void *src, int from,
                          size_t bytes, int async);

/* workers.c: the back end in use, its queue operations issued by one
   worker thread per device; run FN (ARG) in DEV's worker, after what was
   handed to it so far; wait until DEV's worker (every worker) has run
   everything handed to it; whether the calling thread runs a region
   through workers (set by region.c), for the CUDA launcher.  */
const struct pacc_backend *pacc_workers_backend (void);
void pacc_workers_call (int dev, void (*fn) (void *), void *arg);
void pacc_workers_drain (int dev);
void pacc_workers_drain_all (void);
int pacc_workers_here (void);
void pacc_workers_enter (int on);

/* trace.c: messages.  WHERE may be NULL.  */
void pacc_error (const char *where, const char *fmt, ...)
  PACC_NORETURN PACC_PRINTF (2, 3);
void pacc_internal_error (const char *where, const char *fmt, ...)
  PACC_NORETURN PACC_PRINTF (2, 3);
void pacc_note (const char *where, const char *fmt, ...) PACC_PRINTF (2, 3);
void *pacc_xmalloc (const char *where, size_t bytes, const char *what);
void *pacc_xcalloc (const char *where, size_t n, size_t size,
                    const char *what);
double pacc_now_us (void);
const char *pacc_fmt_bytes (char *buf, size_t len, unsigned long long b);

/* trace.c: reports and the trace file.  */
void pacc_trace_open (const char *where);
void pacc_trace_copy (const struct pacc_opinfo *info, double t0, double t1);
void pacc_trace_kernels (struct pacc_region *r, int chunk, double t0,
                         double t1);
void pacc_report_plan (const struct pacc_region *r);
/* "name (kind, N B/row), ..." of R's arrays into BUF (truncated).  */
void pacc_format_arrays (const struct pacc_region *r, char *buf,
                         size_t size);
void pacc_report_end (struct pacc_region *r, double t_end);

#endif /* PACC_INTERNAL_H */
