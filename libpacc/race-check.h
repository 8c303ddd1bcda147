/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* race-check.h - the schedule's check of itself.  Every run checks the
   copies and kernels it issues against the stream model (backend.h), not
   against what a back end happened to execute: each queue has a vector
   clock (an operation's time on its queue, and what it knows of the
   others through waits), a record takes a snapshot of its queue's clock,
   a wait merges the snapshot in.  Two accesses to the same memory, one a
   write, with neither ordered before the other, are a race: an internal
   error naming both operations.  On the host the loads have completed
   before the kernels run, so a missing wait of a write-back on a load
   never gives a wrong result there; this check is what catches it before
   a GPU runs the same schedule.  */

#ifndef PACC_RACE_CHECK_H
#define PACC_RACE_CHECK_H

#include <stddef.h>
#include <stdint.h>

/* A memory range a queued operation reads or writes.  */
struct pacc_race_access
{
  uintptr_t lo, hi;    /* addresses, half open.  */
  unsigned long clock; /* the operation's time on its queue.  */
  int queue, chunk, what, write;
  long block;
};

struct pacc_race
{
  int on; /* 0: too many events to keep snapshots of.  */
  int nq;
  const char *where;
  unsigned long *vc;   /* [nq * nq]: queue a's knowledge of queue b.  */
  unsigned long *snap; /* [nevents * nq].  */
  struct pacc_race_access *log; /* accesses not yet known to precede
                                    every queue.  */
  size_t nlog, caplog;
};

/* NQUEUES queues, events numbered 0 .. NEVENTS - 1.  */
void pacc_race_start (struct pacc_race *c, const char *where, int nqueues,
                      int nevents);
void pacc_race_free (struct pacc_race *c);
/* A new operation on queue Q.  */
void pacc_race_op (struct pacc_race *c, int q);
/* The current operation on queue Q, WHAT (enum pacc_op_kind) of CHUNK in
   BLOCK, accesses BYTES at P.  */
void pacc_race_access (struct pacc_race *c, int q, int what, int chunk,
                       long block, const void *p, size_t bytes, int write);
/* Event EV recorded on queue Q; queue Q waits for event EV.  */
void pacc_race_record (struct pacc_race *c, int q, int ev);
void pacc_race_wait (struct pacc_race *c, int q, int ev);

#endif /* PACC_RACE_CHECK_H */
