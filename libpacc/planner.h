/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* planner.h - the plan of a region: steps per block (k), chunks, queues,
   buffers, devices, resident or streaming.  pacc_plan is a pure function
   of the region's geometry, its arrays, the settings and the memory each
   device can give: it calls no back end, so tests can drive it with any
   geometry and memory size.  */

#ifndef PACC_PLANNER_H
#define PACC_PLANNER_H

#include <stddef.h>

#include "chunks.h"
#include "settings.h"

/* An array of the region, as far as the plan cares.  */
struct pacc_plan_array
{
  const char *name;
  int kind; /* enum pacc_array_kind (pacc-abi.h).  */
  size_t row_bytes;
};

/* The cost model's kernels run at this fraction of the device memory's
   peak bandwidth (cost.c).  */
#define PLAN_KERNEL_EFF 0.6

/* What one band copy of a skewed plan (chunks.h: one targetinout array,
   one step, one chunk boundary, saved or restored) adds to the kernels'
   queue while loads run beside it, in seconds, whatever its size; the
   cost model scales it by the share of the block the loads run.  CIP at
   8x on an H100, loads running nearly all the time, spent 5.1 s more in
   its kernels' queues for 112 thousand band copies of 464 KB; Himeno at
   8x (100 band copies a step) 1.9 ms a step more than its kernels alone
   with the loads running 45 % of the block (k 64), 3.5 ms with them
   running 78 % (k 32) (benchmarks/RESULTS.md): far more than their
   bytes take, and little without loads.  */
#define PLAN_BAND_COPY_S 40e-6

/* What a chunk's kernels lose per step, in seconds, whatever its
   rows, but no more than they take: the last wave of each kernel's
   blocks leaves multiprocessors idle until the next kernel of the queue
   starts, and small copies between them (a skewed plan's bands) cost
   more than their bytes.  Thin chunks pay it more often.  Himeno's
   stencil in a 32-plane chunk: 4 waves of 2 blocks per multiprocessor,
   477 microseconds against 413 for the same planes in core (ncu, H100);
   on an H200, 8x plans with rings spent 7.87 s in the kernels' queues
   with chunks of 54 planes and 9.62 s with 21, about 140 microseconds a
   chunk and step (benchmarks/RESULTS.md).  Less than that: above 80,
   CIP's plan at 8x on an H100 falls back to k 16, measured 1-12 %
   slower.  */
#define PLAN_KERNEL_TAIL_S 80e-6

/* What a block boundary of a resident plan on several devices costs,
   in seconds, beyond its kernels: the devices synchronise, the halo
   rows cross between them, and the next block's kernels start from
   empty queues.  Two H200s, Jacobi 16384^2 float in core, 1000 steps:
   device span 777.6-783.8 ms with k = 1 (1000 boundaries), 747.3-753.8
   ms with k = 4-64 (benchmarks/RESULTS.md): about 30 microseconds a
   boundary.  */
#define PLAN_BLOCK_SYNC_S 30e-6

/* The least a plan with two queues per device must save on one with
   three for the cost model to take it: two queues hold a third less
   memory (thicker chunks, or a larger k), but leave no slack between one
   queue's copies and the other's kernels, and ran 3-4 % behind the
   model where three ran 1 % behind (Himeno and Jacobi at 8x,
   benchmarks/RESULTS.md).  So the plan taken may predict up to this
   fraction more than the least predicted.  */
#define PLAN_QUEUES_GAIN 0.05

/* The least a plan of more chunks must save on one of fewer for the
   planner to take it (plan-pick.c): the plan taken has the fewest
   chunks among those that score at most this fraction more than the
   least.  Where a wait (the registration of the arrays, or the link
   taken 20 % slower) hides everything else, the scores are flat over a
   wide range of chunk counts, and the least of them went to the
   thinnest end: two H200s at 4.8x took 302 chunks (one took 22) and
   ran 23 % slower than one.  */
#define PLAN_CHUNKS_GAIN 0.03

/* The least a plan on one device must save on the plan on all those
   offered for the planner to take it (PACC_DEVICES unset): the model
   ranks the devices' links and kernels, not what each device costs the
   host (its worker thread, its share of the driver's lock), so the plan
   on one device has to be clearly faster.  */
#define PLAN_DEVICES_GAIN 0.10

/* The planner ranks plans by their time with the link this much slower
   than its rates say, and reports the time at those rates.  The link's
   rate varies where the kernels' does not: on an H100 at 8x the loads
   ran 38-48 GB/s from block to block and run to run, 32 GB/s over one
   whole CIP run whose block 1 had measured 46; the kernels repeat within
   1 %.  A plan whose loads take as long as its kernels loses all that
   variation, one whose kernels hide the loads none of it: CIP's k 16
   plans, which the model rated within 1-3 % of k 32 and more, ran 1-12 %
   behind them (benchmarks/RESULTS.md).  In percent; PACC_LINK_MARGIN
   in the environment sets it (0: rank by the prediction itself).  The
   compile-time constants here are PLAN_* and DEFAULT_*: a PACC_* name
   is an environment variable (check-doc fails a macro named as one).  */
#define DEFAULT_LINK_MARGIN 20

/* What the planner is given.  */
struct pacc_plan_in
{
  const char *where; /* the region, for out-of-memory messages.  */
  struct pacc_geom g;
  long nsteps;
  int async; /* the pipeline has the `async' clause.  */
  int n;
  const struct pacc_plan_array *a; /* [n].  */
  int ndev;             /* devices the back end offers the pipeline.  */
  int on_host;          /* the host path: chunks as cache blocks.  */
  int host_threads;     /* there, the threads a kernel runs on.  */
  int in_place;         /* there, in one process (no `mpi') and
                            PACC_IN_PLACE not 0: a plan of one resident
                            chunk runs in the user's arrays (plan-make.c,
                            pacc_plan_in_place).  */
  size_t mem;           /* buffer memory each device can still give
                            (the smallest device's), before the
                            PACC_DEVICE_MEMORY cap.  */
  const char *mem_kind; /* whose memory, for the error: the data path
                            ("host", "register", ...).  */
  const char *mem_why;  /* why MEM is what it is, for the error (NULL:
                            PACC_DEVICE_MEMORY if set).  */
  double link_gbs;      /* host <-> device copies, GB/s each way, and
                            the device memory's peak, GB/s (the smallest
                            device's); 0: unknown, the fixed rules plan
                            instead of the cost model.  */
  double hbm_gbs;
  double wb_gbs;        /* device -> host, GB/s (0: LINK_GBS).  */
  double kernel_eff;    /* the fraction of HBM_GBS the kernels reach
                            (0: PLAN_KERNEL_EFF) ...  */
  double overlap_loss;  /* ... and the fraction of the shorter of a
                            block's loads, write-backs and kernels that
                            does not overlap with the longest (0: all
                            of it does): both measured by a re-plan
                            (pacc_plan_measured).  */
  int first_block;      /* the steps planned start with the region's
                            first block (0: a re-plan's, later) ...  */
  double pin_s;         /* ... which waits this long at least for host
                            memory to be registered as it goes (the back
                            end's estimate; 0: none).  */
  double stage_gbs;     /* loads of staged arrays (copied through pinned
                            buffers, not registered: stage.h), GB/s on
                            the queue issuing them, one rate for all
                            devices (host copies); 0: staged arrays load
                            at the link's rate (a re-plan, whose measured
                            rate has them in).  */
  const char *staged;   /* [n]: array i is staged (NULL: none) ...  */
  int stage_auto;       /* ... or the planner may stage the last
                            targetin arrays (pacc_plan_stage_mark) when
                            the first block would wait for their
                            registration (PIN_S) longer than they take
                            through staging ...  */
  int stage_all;        /* ... all of them or none (the back end copies
                            them into its staging slots ahead of their
                            loads: some left to register would keep the
                            first block waiting for their registration,
                            benchmarks/RESULTS.md).  */
  int tblock_depth;     /* > 1: the step's kernels advance a chunk that
                            many steps per launch (in-kernel temporal
                            blocking): about 1/TBLOCK_DEPTH of the memory
                            traffic per step, and the automatic k a
                            multiple of it (or less).  */
  double kernel_tail_s; /* the kernels' tail per chunk and step (0:
                            PLAN_KERNEL_TAIL_S, < 0: none).  */
  size_t ring_gran;     /* the back end's unit of a ring's bytes
                            (backend.h); 0: no rings.  */
  const struct pacc_settings *s;
};

struct pacc_plan
{
  long k;       /* largest steps per block ...  */
  long k_first; /* ... but the region's first block, which has
                            this many (0: k; the buffers hold the larger
                            of the two), PACC_K_FIRST or the cost
                            model's when that block waits for the
                            registration of the arrays anyway.  */
  int nchunks, nqueues, nbuf, span;
  int ndev;           /* devices used (at most one per chunk).  */
  int dev_bufs;       /* buffer slots per device (at most).  */
  long buf_rows;      /* rows per buffer.  */
  int resident;       /* every chunk keeps its buffer across blocks:
                            only halos move between blocks.  */
  int in_place;       /* the chunk's buffers are the user's arrays
                            (IN->in_place): only the targettemp arrays
                            have buffers, in dev_bytes and buf_bytes.  */
  int carry;          /* enum pacc_carry: streaming on one device,
                            chunk i takes the rows it shares with chunk
                            i - 1 from that chunk's buffer (chunks.h),
                            so the buffers follow the queues, not
                            span + 1.  */
  long carry_rows;    /* rows of the carry buffer (0: none).  */
  size_t carry_bytes; /* its bytes: the targetinout arrays, every
                            array read with PACC_CARRY_BUFFER (in
                            dev_bytes and buf_bytes).  */
  int skew;           /* skewed (chunks.h): no halo row computed
                            twice; needs the carry.  */
  int ring;           /* the targetin arrays' rows in rings (chunks.h,
                            with the carry): not in the buffers, not in
                            the carry buffer.  */
  long ring_rows;     /* rows a ring holds, and ...  */
  size_t ring_bytes;  /* ... the rings' bytes, all arrays (in
                            dev_bytes and buf_bytes).  */
  long band_rows;     /* rows of a band (hlo + elo + hhi), ...  */
  long band_buf_rows; /* ... of the band buffer of each targetinout
                            array (one band per step but one of the
                            longest block), and ...  */
  size_t band_bytes;  /* ... its bytes for all of them (in dev_bytes
                            and buf_bytes).  */
  size_t buf_bytes;   /* all buffers of all arrays together.  */
  size_t dev_bytes;   /* the buffers one device holds.  */
  size_t avail;       /* the memory per device it was planned for.  */
  const char *k_from, *c_from, *q_from, *d_from, *r_from,
    *kf_from;         /* "auto" or the setting.  */
  int nstage;         /* stage_auto: the last NSTAGE targetin arrays
                            are to be staged (pacc_plan_stage_mark) ...  */
  double nostage_s;   /* ... and the prediction without (0: none).  */
  int fewer_ndev;     /* PACC_DEVICES given: 1 when the model prefers
                            the plan on one device (0: not) ...  */
  double fewer_s;     /* ... and its prediction.  */
  double predicted_s; /* the cost model's time of the region (0: no
                            rates, the host path) ...  */
  double score_s;     /* ... what the planner ranks it by
                            (pacc_plan_score) ...  */
  double link_gbs, wb_gbs, hbm_gbs, kernel_eff, overlap_loss; /* ... from
                                                                  these
                                                                  rates.  */
  struct pacc_chunk *ch; /* [nchunks], malloc'd; load ranges of a k-step
                            block (the schedule updates them per block).  */
};

/* Plan IN into *P: 0 on success; -1 when no plan is possible, with the
   message (what does not fit, and what to change) in ERR.  *P is zeroed
   first and its chunks are freed by pacc_plan_free, in both cases.  */
int pacc_plan (const struct pacc_plan_in *in, struct pacc_plan *p, char *err,
               size_t errlen);
void pacc_plan_free (struct pacc_plan *p);

/* A plan the search found to fit (planner.c): its score, steps per
   block, chunks, first block's steps, queues per device, skewed.  */
struct pacc_cand
{
  double t;
  long k, c, k0;
  int nq, skew;
};

/* The candidates of one search (plan-pick.c), in a growing array.  */
struct pacc_cands
{
  struct pacc_cand *v;
  int n, cap;
};
void pacc_cands_add (const char *where, struct pacc_cands *cs,
                     const struct pacc_cand *c);
/* The one the planner takes: the fewest chunks among those scoring at
   most PLAN_CHUNKS_GAIN more than the least, and of those the least
   score; NULL when CS is empty.  */
const struct pacc_cand *pacc_cands_pick (const struct pacc_cands *cs);
/* The plan the model prefers into *BEST: CS[0]'s pick (the queues asked
   for), or CS[1]'s (two per device) when it scores PLAN_QUEUES_GAIN
   less; 0 when both are empty.  */
int pacc_cands_choose (const struct pacc_cands cs[2], struct pacc_cand *best);
void pacc_cands_free (struct pacc_cands *cs);

/* The cost model (cost.c).  The time of plan P (made by pacc_plan from
   IN, or from an IN of the same region and settings) for IN's steps and
   rates.  */
double pacc_plan_predict (const struct pacc_plan_in *in,
                          const struct pacc_plan *p);
/* The time the planner ranks plan P by: its prediction for IN with
   the link and write-back rates pacc_plan_link_margin percent below
   IN's.  */
double pacc_plan_score (const struct pacc_plan_in *in,
                        const struct pacc_plan *p);
/* That margin: PACC_LINK_MARGIN of IN's settings, else planner.h's.  */
int pacc_plan_link_margin (const struct pacc_plan_in *in);
/* P's prediction for IN, and the rates it was made from, into P.  */
void pacc_plan_set_predicted (const struct pacc_plan_in *in,
                              struct pacc_plan *p);
/* Whether plan P (its chunks' load ranges those of its largest block,
   buffers of ROWS rows) has rings (chunks.h), their rows and bytes,
   into P.  */
void pacc_plan_rings (const struct pacc_plan_in *in, struct pacc_plan *p,
                      long rows);
/* The bytes of one ring of ROWS rows of ROW_BYTES, in the back end's
   UNIT (saturating), as the planner counts them and the schedule
   allocates them.  */
size_t pacc_plan_ring_bytes (long rows, size_t row_bytes, size_t unit);
/* The bytes the cost model has the kernels of one block of plan P move
   (P's chunks as the schedule set them for a block of P's k steps):
   what a measured kernel time is compared with.  */
double pacc_plan_kernel_bytes (const struct pacc_plan_in *in,
                               const struct pacc_plan *p);

/* What one block of P's k steps measured (the time at least one
   operation of each kind ran, BUSY[enum pacc_op_kind], and their BYTES,
   in microseconds and bytes; SPAN from the block's first operation's
   start to its last one's end) says about the rates: into OUT, a copy
   of IN with the link, write-back, kernel and overlap figures that
   explain it.  0 when the block measured too little to say.  */
int pacc_plan_measured (const struct pacc_plan_in *in,
                        const struct pacc_plan *p, const double busy[4],
                        const double bytes[4], double span,
                        struct pacc_plan_in *out);

/* Which block of plan P a re-plan can measure, once block 0 has ended
   with STEPS_LEFT steps to go (PINNED: block 0 registered host memory as
   its copies reached it): 0, block 0; 1, the next block (block 0 waited
   for the registration, or had steps of its own, which the rates of a
   k-step block do not explain), if a block follows that one; -1, none
   (the next block is the last: rates from block 0 would be wrong, and a
   block measured after it would leave nothing to re-plan).  */
int pacc_plan_replan_block (const struct pacc_plan *p, long steps_left,
                            int pinned);

/* The least fraction of the time staging arrays must save for the
   planner to stage them, and that the first block's registration wait
   must cost: the staging rate is a fixed figure (CUDA_STAGE_GBS,
   cuda-int.h), not a measurement of this host.  Himeno at 4x on an H100, whose
   128-step first block nearly hid a 3 s registration, ran 6 % slower
   with 6 arrays staged where the model had predicted 4 % less.  */
#define PLAN_STAGE_GAIN 0.03

/* How much slower the registration of the other arrays runs while
   staged copies run beside it (host memory copies): on an H100 host,
   Himeno at 8x registered at 16.1-17.1 GB/s with nothing staged and at
   12.7-14.9 GB/s with 5 arrays staged, in the same machine starts
   (benchmarks/RESULTS.md).  */
#define PLAN_STAGE_PIN_SLOWER 1.2

/* Mark in STAGED[n] (zeroed first) the last NSTAGE targetin arrays of IN
   that are transferred, the ones a plan's nstage stages; how many there
   are (fewer when IN has fewer).  */
int pacc_plan_stage_mark (const struct pacc_plan_in *in, int nstage,
                          char *staged);

/* plan-host.c: on the host path (IN->on_host), for automatic chunks (NC
   not NULL) and k (K not NULL), chunks sized to the last-level cache and
   the k that keeps the halo's redundant rows to a quarter of a chunk:
   into *NC and *K, 1; 0 when the arrays fit in that size already (the
   fixed rules then).  */
int pacc_plan_host (const struct pacc_plan_in *in, long *k, long *nc);

/* plan-make.c: partition into C chunks (of BLOCK rows when nonzero, else
   balanced), K steps per block (K0 in the region's first one, 0: K too),
   NQ queues per device, skewed if SKEW and the plan can be; derive span,
   buffers and their size, for the larger of K and K0, into P.  */
void pacc_make_plan (const struct pacc_plan_in *in, struct pacc_plan *p, int c,
                     long block, long k, long k0, int nq, int skew);

/* plan-make.c: whether plan P, partitioned by pacc_make_plan, runs in
   the user's arrays (IN->in_place; P->in_place).  */
int pacc_plan_in_place (const struct pacc_plan_in *in,
                        const struct pacc_plan *p);

/* "name (kind, N B/row), ..." of the N arrays A into BUF (truncated).  */
void pacc_format_arrays (int n, const struct pacc_plan_array *a, char *buf,
                         size_t size);

#endif /* PACC_PLANNER_H */
