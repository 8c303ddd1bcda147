/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* trace.h - the timeline of a region: what each copy and each chunk's
   kernels are (struct pacc_opinfo), the region's totals for the
   PACC_VERBOSE report (struct pacc_stats) and the PACC_TRACE file.

   The back ends call pacc_trace_op once they know when an operation ran
   (the host back end when it executes it; a GPU back end from events).
   The timeline only receives: it calls nothing but diag.h.  */

#ifndef PACC_TRACE_H
#define PACC_TRACE_H

#include "diag.h"

/* An operation kept for pacc_trace_busy.  */
struct pacc_kept
{
  double t0, t1;
  int kind;
  size_t bytes;
};

/* Totals of one region, for PACC_VERBOSE (times in microseconds).  */
struct pacc_stats
{
  unsigned long long bytes_in, bytes_out, bytes_halo;
  double t_load, t_wb, t_kernels, t_halo;
  long blocks, chunks;
  long replans; /* plans made again after a failed
                              allocation.  */
  double t_begin;
  double t_first, t_last; /* earliest start and latest end of the copies
                              and kernels timed (0: none yet).  */
  double t_pin;           /* the issuing threads' time registering host
                              memory during the region (PACC_PIN=
                              first-block).  */
  double kept_pin;        /* of it, since the operations are kept.  */
  int keep;               /* keep each operation's times in KEPT.  */
  struct pacc_kept *kept;
  size_t nkept, kept_cap;
};

enum pacc_op_kind
{
  PACC_OP_LOAD = 0,    /* host array -> chunk buffer.  */
  PACC_OP_WB = 1,      /* chunk buffer -> host array (write-back).  */
  PACC_OP_KERNELS = 2, /* the kernels of a chunk (array NULL, bytes 0).  */
  PACC_OP_HALO = 3     /* halo rows, one chunk buffer -> another (resident
                         plans; between devices: a peer copy).  */
};

/* What an operation is, for the totals, the trace and error messages.
   Copied by value when the operation is enqueued, so the caller's struct
   need not outlive it.  */
struct pacc_opinfo
{
  struct pacc_stats *stats; /* region totals to add to.  */
  const char *where;        /* region, for the trace.  */
  const char *array;        /* array name.  */
  int kind;                 /* enum pacc_op_kind.  */
  int device, queue;        /* device (-1: host) and queue index.  */
  int block, chunk;
  size_t bytes;
};

/* What INFO is, for an error message: " (array 'p', chunk 2, block 0,
   queue 1, 4096 bytes)" or " (kernels of chunk 2, block 0, queue 1)";
   "" for NULL.  */
const char *pacc_op_describe (const struct pacc_opinfo *info, char *buf,
                              size_t len);

/* A span of host work NAME of region WHERE (registering the arrays,
   allocating the buffers, waiting for the queues) from T0 to T1, on the
   trace's host track (pid 0, thread 0).  */
void pacc_trace_span (const char *where, const char *name, double t0,
                      double t1);

/* Open the PACC_TRACE file FILE (nothing when FILE is empty); WHERE for
   the error when it cannot be opened.  */
void pacc_trace_open (const char *file, const char *where);

/* The operation INFO ran from T0 to T1 (host clock, microseconds): add it
   to its region's totals and to the trace.  Called from several threads
   at once (device workers, host functions).  */
void pacc_trace_op (const struct pacc_opinfo *info, double t0, double t1);

/* The bytes ST has loaded and written back so far (read under the lock
   the back ends' threads update them under).  */
void pacc_trace_bytes (const struct pacc_stats *st, unsigned long long *in,
                       unsigned long long *out);

/* Keep (ON) the times of ST's operations from now on for pacc_trace_busy,
   or stop keeping them and free what was kept.  */
void pacc_trace_keep (struct pacc_stats *st, int on);

/* Of the operations kept since pacc_trace_keep or the last call: for each
   kind (enum pacc_op_kind), the time in microseconds during which at
   least one of them ran, and their bytes; *SPAN, from the first one's
   start to the last one's end, less the time the issuing threads spent
   registering host memory meanwhile (the device waited for those copies:
   not a cost of the plan; never below the longest kind's busy time);
   forgets them.  */
void pacc_trace_busy (struct pacc_stats *st, double busy[4], double bytes[4],
                      double *span);

/* The issuing threads' time registering host memory since ST's
   operations are kept (microseconds).  */
double pacc_trace_pinned (struct pacc_stats *st);

/* A thread that issues ST's operations registered host memory from T0
   to T1 (region WHERE): the totals, the trace's host track.  */
void pacc_trace_pin (struct pacc_stats *st, const char *where, double t0,
                     double t1);

/* The kernels INFO ran on the host from T0 to T1, timed by the caller:
   kernel time and the trace only (not the device span).  */
void pacc_trace_host_kernels (const struct pacc_opinfo *info, double t0,
                              double t1);

#endif /* PACC_TRACE_H */
