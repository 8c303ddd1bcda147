/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* region-state.h - the state of one `#pragma pacc pipeline' region
   between the calls of the code pacc.so generates: region.c keeps it;
   stage.c, replan.c, reductions.c and report.c, below it, read and
   update their parts.  Named for what it holds, not after region.c:
   those files use it without calling region.c.  */

#ifndef PACC_REGION_STATE_H
#define PACC_REGION_STATE_H

#include "diag.h"
#include "dist.h"
#include "launch.h"
#include "planner.h"
#include "schedule.h"

struct pacc_scratch
{
  struct pacc_scratch *next;
  _Alignas(16) unsigned char data[];
};

struct pacc_region
{
  unsigned magic;
  char *where;               /* "file:line" of the pipeline.  */
  char *names;               /* array names, NUL separated.  */
  int n;                     /* pipelined arrays.  */
  int nall;                  /* and the whole (copyin) arrays after them.  */
  struct pacc_plan_array *a; /* [nall] (row_bytes: pipelined only).  */
  char **host; /* [nall]: user's pointers, element 0 of row 0.  */
  int wn;
  struct pacc_sched_whole *whole; /* [wn].  */
  struct pacc_geom g;
  long t0, nsteps, nkernels;
  long tblock_elem; /* PACC_RI_TBLOCK.  */
  int async;

  struct pacc_plan plan;
  struct pacc_plan_in plan_in; /* what PLAN was made from.  */
  size_t mem_limit;            /* buffer memory per device a re-plan after a
                            failed allocation may use (0: no limit).  */
  struct pacc_sched s;

  const struct pacc_backend *base; /* pacc_backend.  */
  const struct pacc_backend *be;   /* what the region issues through:
                                       BASE, or its workers.  */
  int workers;                     /* one worker thread per device issues the
                            queue operations (workers.c).  */
  const char *w_from;

  /* Between the generated code's calls.  */
  int in_block;
  int cur;   /* chunk between next_chunk and chunk_done, -1.  */
  int *perm; /* [n]: this block's rotation, name -> buffer.  */
  int *perm_tmp;
  int perm_set;
  void **handed;               /* [n]: pointers next_chunk handed out.  */
  int dev_selected, saved_dev; /* the thread's device before the first
                                   chunk made another current.  */

  struct pacc_stats st;
  struct pacc_scratch *scratch;
  struct pacc_slots *slots; /* reductions in segmented kernels
                                (reductions.c).  */

  /* The online correction (replan.c).  */
  int replan;         /* 0: none; 1: after the first block; 2: after
                            every block (PACC_REPLAN=2).  */
  long replan_block;  /* 1: the block measured for it; 1 + the
                            blocks left out since their copies waited
                            for registration.  */
  int chunks_fixed;   /* the generated code sized the reductions'
                            partials by the chunk count: keep it.  */
  long replans_done;  /* plans changed by a re-plan.  */
  double replan_at;   /* region time of the last one, s.  */
  double replan_pred; /* and what it predicted for the steps left.  */

  /* The back end's view of the region (backend.h region_begin).  */
  void *be_region;
  const char *data_path; /* for the report; NULL: the back end's name.  */
  char *staged;          /* [n]: staged, not registered (stage.c); NULL:
                            none.  */
  int stage_decided;     /* which arrays are staged is settled.  */
  struct pacc_launch_count launches; /* at region begin.  */
  struct pacc_dist *dist; /* `mpi': the ranks (dist.h), else NULL.  */
  /* In-kernel temporal blocking (tblock.c): PACC_VERBOSE's line said;
     a kernel could not be launched: one step per launch from then on.  */
  int tblock_said, tblock_off;
};

#define PACC_REGION_MAGIC 0x70616363u

/* REGION, a handle the generated code passed to entry point FN, as a
   region; an internal error if it is none.  */
static inline struct pacc_region *
pacc_region_check (void *region, const char *fn)
{
  struct pacc_region *r = region;
  if (!r || r->magic != PACC_REGION_MAGIC)
    pacc_internal_error (NULL, "%s: not a region handle", fn);
  return r;
}

/* region-args.c: the arrays' names (NAMES, "p, q"; "#i" where missing)
   and the arrays the generated code passed, checked.  */
void pacc_region_names (struct pacc_region *r, const char *names);
void pacc_region_check_arrays (struct pacc_region *r, void *const *host,
                               const long *ainfo);

#endif /* PACC_REGION_STATE_H */
