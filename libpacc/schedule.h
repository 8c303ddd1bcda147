/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* schedule.h - the schedule of a region: which chunk runs on which
   device, queue and buffer, and the order of its loads, kernels, halo
   copies and write-backs in every block, issued through a back end
   (backend.h) as copies on queues ordered by events.  The order's rules
   are at the top of schedule.c; the schedule checks itself for races
   (race-check.h).  */

#ifndef PACC_SCHEDULE_H
#define PACC_SCHEDULE_H

#include "backend.h"
#include "planner.h"
#include "race-check.h"

/* A read-only array copied whole to every device (copyin).  */
struct pacc_sched_whole
{
  const char *name;
  const char *host; /* first byte copied.  */
  size_t bytes;
  long off; /* of HOST from the user's pointer.  */
};

struct pacc_sched
{
  /* Given by the caller (pacc_sched_init).  */
  const char *where;
  const struct pacc_backend *be;
  struct pacc_plan *p; /* its chunks' load ranges change per
                                     block.  */
  const struct pacc_geom *g;
  int n;
  const struct pacc_plan_array *a;
  long nsteps;
  int async;
  int host_device; /* report device -1 for every chunk.  */
  int on_host;     /* the host path: a resident plan of one chunk may
                            run in the user's arrays (in_place).  */
  struct pacc_stats *st;
  int wn; /* whole arrays (after the N).  */
  const struct pacc_sched_whole *w;

  /* Back-end resources, allocated at the first block.  */
  int resources;
  int in_place; /* the buffers are the host arrays: no copies, nothing
                   freed (schedule-alloc.c).  */
  void **queue; /* [nqueues].  */
  void **ev_load, **ev_wb; /* [nchunks], recorded after a chunk's load
                              and after its write-back.  */
  void **buf;              /* [nbuf * n]: buffer of array a in slot s is
                            buf[s * n + a].  */
  int *buf_last;           /* [nbuf]: chunk that last used the slot, -1.  */
  char *buf_busy;          /* [nbuf]: its write-back is not issued yet.  */
  int *bperm;              /* [n]: buffer of each name in a resident plan
                            (the rotations of all blocks so far).  */
  void **wbuf;             /* [ndev * wn]: whole array w on device d is
                            wbuf[d * wn + w].  */
  void **ev_whole;         /* [ndev]: recorded after device d's copies.  */
  void **cbuf;             /* [n]: the carry buffer of each array (NULL for
                            temp arrays, or without the carry).  */
  void **ev_carry;         /* [nchunks]: recorded after chunk i filled the
                            carry for chunk i + 1.  */
  long c_lo;               /* global row of the carry's first row now.  */
  void **sbuf;             /* [n]: a skewed plan's band buffer of each
                            targetinout array (NULL for the others):
                            slot s - 1 holds band s (chunks.h).  */
  void **ev_band;          /* [nchunks]: recorded after chunk i's last
                            band copy of the block.  */
  void **ring;             /* [n]: each targetin array's ring with
                            plan->ring (chunks.h; NULL for the others,
                            which have buffers), or NULL, ...  */
  size_t *ring_bytes;      /* ... its bytes (mapped twice, backend.h) ...  */
  long ring_len;           /* ... the rows every ring holds at least ...  */
  long ring_first, ring_start; /* ... and global row RING_FIRST of this
                                   block is ring row RING_START: the
                                   blocks follow each other in the
                                   rings.  */
  long *ring_w;                /* [4 nchunks]: ring rows of the load range of
                            the chunk in ring slot t (pacc_sched_ring_slot),
                            at 2 t and 2 t + 1, ...  */
  void **ev_ring; /* [2 nchunks]: ... and its event, recorded after
                            its kernels (with its write-back).  */
  int *ring_m;    /* [2 nchunks], scratch.  */
  int *ev_q;      /* [events]: the queue each event was last
                            recorded on.  */
  int rot;        /* chunk i's queue and slot are those of i + rot
                            (rotation_of, schedule.c).  */
  struct pacc_race race;

  /* The host array each name loads from and writes back to now.  */
  char **cur_host, **new_host; /* [n].  */
  /* Rows beyond the own ones (g->ext_lo, g->ext_hi: another rank's,
     dist.h): side[2 * a] holds name a's rows from side_first[0] up to
     lo0, side[2 * a + 1] those from lo0 + len0 on; the caller fills them
     between blocks.  NULL in a region of one process.  Permuted with
     cur_host by the block's rotation.  */
  char **side, **new_side; /* [2 * n].  */
  long side_first[2];
  int *perm_tmp; /* [n], scratch.  */

  /* Progress.  */
  long steps_done, kk;
  long blocks_started;
  long plan_blocks; /* of them, with the resources the plan has now
                            (a re-plan allocates new ones: replan.c).  */
  int write_all;    /* a resident plan writes back every block: a
                            re-plan may follow it.  */
  long released;    /* host rows [lo0, released) will not be copied
                            again in this region (the last block).  */
  int n_loaded, n_done, wb_next; /* chunks of this block whose load was
                                     issued / that are done / whose
                                     write-back was issued.  */
  double t_kernels; /* host clock at the current chunk's kernels.  */
};

/* Whether array A's shared rows go through the carry buffer (else, with
   the carry, straight from the previous chunk's buffer).  */
int pacc_sched_in_carry (const struct pacc_sched *s, int a);
/* Wait for everything issued and give the back-end resources back.  */
void pacc_sched_release (struct pacc_sched *s);
/* Everything but the back-end resources; HOST[a] is array a's row 0.  */
void pacc_sched_init (struct pacc_sched *s, char *const *host);

/* Where chunk I runs: its queue, device and buffer slot.  */
int pacc_sched_queue (const struct pacc_sched *s, int i);
int pacc_sched_device (const struct pacc_sched *s, int i);
int pacc_sched_slot (const struct pacc_sched *s, int i);
/* Chunk I's queue and number, and the rows it computes at each step,
   into CI (all of pacc-abi.h's PACC_CI_* but the device).  */
void pacc_sched_rows (const struct pacc_sched *s, int i, long *ci);

/* Whether array A's rows are in a ring (a targetin array of a plan
   with rings), not in the buffers.  */
int pacc_sched_in_ring (const struct pacc_sched *s, int a);
/* Rings: the address of global row ROW of array A in its ring (the
   rows after it follow it, contiguous, up to the ring's length).  */
char *pacc_sched_ring_row (const struct pacc_sched *s, int a, long row);
/* Whether P lies in a ring; if so its BYTES are *N1 at *P1 in the
   ring's first mapping and the rest, if any, at *P2, the ring's
   start.  */
int pacc_sched_ring_part (const struct pacc_sched *s, const void *p,
                          size_t bytes, char **p1, size_t *n1, char **p2);
/* Chunk I's ring slot: the chunks of this block and the last one take
   slots 0 to 2 nchunks - 1 in turn, so that the rows and the event of
   every chunk of the last block are still there.  */
int pacc_sched_ring_slot (const struct pacc_sched *s, int i);
/* The number of ring slot T's event (schedule.c's numbering: after the
   bands').  */
int pacc_sched_ring_event (const struct pacc_sched *s, int t);
/* Chunk I's load into the rings overwrites rows of chunks loaded before
   it: the ring slots of those whose kernels must be done first into M,
   their number back.  */
int pacc_sched_ring_waits (struct pacc_sched *s, int i, int *m);

/* What an operation KIND on CHUNK is (array A, or none when A < 0), for
   the timeline and messages.  */
struct pacc_opinfo pacc_sched_opinfo (const struct pacc_sched *s, int kind,
                                      int a, int chunk, size_t bytes);

/* A buffer of the plan that could not be had.  */
struct pacc_alloc_failure
{
  size_t bytes;
  int dev;
  const char *array;
  const char *what; /* "" or, for the message, " (copyin)"
                                     for a whole copy, " (carry)".  */
};
/* The queues, events and buffers of the plan: 1, or 0 with *F saying
   which buffer could not be had, everything taken so far given back
   (the caller may re-plan with less memory).  */
int pacc_sched_alloc (struct pacc_sched *s, struct pacc_alloc_failure *f);
/* A block of KK steps starts (the first one allocates the queues, events
   and buffers if pacc_sched_alloc did not).  */
void pacc_sched_block (struct pacc_sched *s, long kk);
/* Issue chunk I's load (in a resident plan after the first block, the
   halos; with the carry, the rows shared with chunk I - 1 from the carry
   buffer, and the rows chunk I + 1 shares into it); PTR[a] gets array a's buffer, rebased so that PTR[a] + row *
   row_bytes is the buffer address of global row `row', and PTR[n + w]
   whole array w's copy on the chunk's device, rebased by its offset.  */
void pacc_sched_load (struct pacc_sched *s, int i, void **ptr);
/* Chunk I's kernels are about to be launched / are all launched (T: the
   host clock then).  */
void pacc_sched_kernels_start (struct pacc_sched *s, int i);
void pacc_sched_kernels_end (struct pacc_sched *s, int i, double t);
/* Before step STEP of chunk I, whose arrays' buffers are PTR now (after
   the swaps of the steps before, rebased as pacc_sched_load's): in a
   skewed plan, the chunk's band STEP from the band buffer (what chunk
   I - 1 computed), then chunk I + 1's into it.  */
void pacc_sched_step (struct pacc_sched *s, int i, void *const *ptr,
                      long step);
/* Chunk I is done: its write-back is issued when the loads that read its
   rows are.  */
void pacc_sched_done (struct pacc_sched *s, int i);
/* Host address of row X of name A now: the user's array, or the side
   buffers for rows beyond the own ones.  */
char *pacc_sched_host_row (const struct pacc_sched *s, int a, long x);
/* Between the blocks of a resident plan: issue the copies of the own rows
   [lo0, lo0 + FIRST) and the last LAST own rows of the targetinout
   arrays from their chunks' buffers to the host arrays (what the
   neighbouring ranks read, dist.h).  Nothing in a streaming plan, whose
   write-backs put every row there.  */
void pacc_sched_edges_out (struct pacc_sched *s, long first, long last);
/* Block the caller until everything issued so far has run.  */
void pacc_sched_wait_all (struct pacc_sched *s);
/* The block ended with name a holding the buffer of name PERM[a].  */
void pacc_sched_block_end (struct pacc_sched *s, const int *perm);
/* Wait for everything issued, free the resources and the rest.  */
void pacc_sched_end (struct pacc_sched *s);

#endif /* PACC_SCHEDULE_H */
