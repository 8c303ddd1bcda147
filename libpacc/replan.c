/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* replan.c - the online correction of a region's plan (replan.h).

   The cost model (cost.c) plans a GPU region from a probe of the link
   and a fixed fraction of the memory's peak for the kernels.  The first
   block tells what the region really runs at: its loads and write-backs
   (their bytes over the time at least one of them ran, from the device's
   events), its kernels (the bytes the model has them move over the time
   at least one ran), and how much of the three did not overlap (the
   block's span against the model's).  With those rates the model
   predicts the steps left under the plan the region has and under the
   one it now prefers, each also with the link PACC_LINK_MARGIN percent
   slower, as the planner ranks plans; when that ranking saves more
   than REPLAN_GAIN, the buffers go back and the new plan's are
   allocated (the queues have drained for the measurement already).

   A first block that registered the arrays as it went
   (PACC_PIN=first-block) is not measured: its copies waited for the
   pinning and ran one at a time, so its loads measured one direction
   alone (52-54 GB/s on an H100 against 40-46 GB/s with both directions
   busy, as in every later block: benchmarks/RESULTS.md); the next block
   is measured instead, if a block follows it, as after a first block
   with steps of its own (k_first), which the rates of a k-step block
   would not explain.

   Results do not depend on it: after a streaming block every row is in
   the host arrays, where the next block loads from whatever its plan.
   Not re-planned: resident plans (their rows stay in the buffers), plans
   whose k and chunks the settings both give, regions with the `mpi'
   clause (the ranks would have to agree again), and plans without the
   cost model (the host path).  When the generated code sized its
   reduction partials by the chunk count, the chunks stay as they are
   (and so the order partials are combined in); k may change.

   PACC_REPLAN=2 is a testing aid: after every block the region takes
   another plan (automatic k and chunk counts alternately lowered and
   raised), whatever it costs, on any path; a resident plan then writes
   back every block so that it can be left.  */

#include "replan.h"
#include "report.h"

#include <stdio.h>
#include <string.h>

/* The least saving, of the steps left, worth new buffers.  */
#define REPLAN_GAIN 0.03

void
pacc_replan_start (struct pacc_region *r)
{
  const struct pacc_settings *s = r->plan_in.s;
  int mode = pacc_settings.replan;

  r->replan = 0;
  r->replan_block = 1;
  if (!mode || r->dist
      || r->nsteps <= (r->plan.k_first ? r->plan.k_first : r->plan.k))
    return;
  if (mode == 1
      && (r->plan.predicted_s <= 0 || r->plan.resident
          || (s->k && (s->chunks || s->block))))
    return;
  r->replan = mode;
  if (mode == 2)
    r->s.write_all = 1;
  else
    pacc_trace_keep (&r->st, 1);
}

void
pacc_replan_end (struct pacc_region *r)
{
  pacc_trace_keep (&r->st, 0);
}

/* PACC_REPLAN=2: another plan than the one of the last block, in SET.  */
static void
perturb (const struct pacc_region *r, struct pacc_settings *set)
{
  int up = r->s.blocks_started % 2 == 0;
  if (!set->k)
    set->k = up ? r->plan.k + 1 : (r->plan.k > 1 ? r->plan.k / 2 : 1);
  if (!set->chunks && !set->block)
    set->chunks = up ? r->plan.nchunks + 1
                     : (r->plan.nchunks > 1 ? r->plan.nchunks - 1 : 1);
}

/* Give the buffers of R's plan back and allocate NEXT's; 1, or 0 when
   they cannot be had, R back on its old plan.  */
static int
switch_plan (struct pacc_region *r, struct pacc_plan *next)
{
  struct pacc_plan old = r->plan;
  struct pacc_alloc_failure f;
  char b[32];

  pacc_sched_release (&r->s);
  r->plan = *next;
  if (pacc_sched_alloc (&r->s, &f))
    {
      pacc_plan_free (&old);
      return 1;
    }
  pacc_warning (r->where,
                "re-plan: cannot allocate %s of %s buffer memory "
                "for array '%s'%s on device %d; the region keeps its plan",
                pacc_fmt_bytes (b, sizeof b, f.bytes), r->base->name, f.array,
                f.what, f.dev);
  pacc_plan_free (&r->plan);
  r->plan = old;
  if (!pacc_sched_alloc (&r->s, &f))
    pacc_error (r->where,
                "cannot allocate %s of %s buffer memory for array "
                "'%s'%s on device %d again after a re-plan gave it back",
                pacc_fmt_bytes (b, sizeof b, f.bytes), r->base->name, f.array,
                f.what, f.dev);
  return 0;
}

/* The rates of the block that just ended, into *IN (which the caller
   gave the region's planning input); 0 when it measured too little.  */
static int
measure (struct pacc_region *r, struct pacc_plan_in *in)
{
  double busy[4], bytes[4], span;
  struct pacc_plan_in m;
  pacc_trace_busy (&r->st, busy, bytes, &span);
  pacc_trace_keep (&r->st, 0);
  if (!pacc_plan_measured (in, &r->plan, busy, bytes, span, &m))
    return 0;
  *in = m;
  if (pacc_settings.verbose >= 1)
    pacc_note (r->where,
               "re-plan after block %ld (%ld steps, %.3f s on the "
               "device): loads %.1f GB/s, write-backs %.1f GB/s, kernels "
               "%.0f %% of the memory's %.0f GB/s peak, %.0f %% of the "
               "shorter phases not overlapped (the plan assumed %.1f GB/s, "
               "%.0f %% and 0 %%)",
               r->replan_block - 1, r->plan.k, span * 1e-6, m.link_gbs,
               m.wb_gbs, 100 * m.kernel_eff, m.hbm_gbs, 100 * m.overlap_loss,
               r->plan.link_gbs, 100 * r->plan.kernel_eff);
  return 1;
}

void
pacc_replan (struct pacc_region *r)
{
  struct pacc_plan_in in = r->plan_in;
  struct pacc_settings set = *in.s;
  struct pacc_plan next;
  char err[2048];

  if (!r->replan || r->s.steps_done >= r->nsteps
      || (r->replan == 1 && r->s.blocks_started != r->replan_block))
    return;
  pacc_sched_wait_all (&r->s);
  /* Block 0 registered host memory, or had steps of its own: measure
     the next one, if one follows it (the one about to start is not the
     last); if not, keep the plan.  Measured as a k-step block, Himeno's
     first block of 192 steps at 2x gave its kernels 19 % of the peak
     instead of 57 %, and the re-plan took a slower plan for the last 64
     (benchmarks/RESULTS.md).  */
  int which
    = r->replan == 1 && r->replan_block == 1
        ? pacc_plan_replan_block (&r->plan, r->nsteps - r->s.steps_done,
                                  pacc_trace_pinned (&r->st) > 0)
        : 0;
  if (which)
    {
      pacc_trace_keep (&r->st, which > 0);
      if (which > 0)
        r->replan_block = 2;
      else
        r->replan = 0;
      return;
    }
  in.s = &set;
  in.nsteps = r->nsteps - r->s.steps_done;
  /* The devices stay (the schedule's queues and workers are theirs):
     those the first plan took, fewer than offered when the cost model
     preferred them.  */
  in.ndev = r->plan.ndev;
  in.first_block = 0;
  in.pin_s = 0;
  /* Staged arrays stay staged; the loads measured have them in.  */
  in.stage_gbs = 0;
  in.stage_auto = 0;
  /* The partials are per chunk: same chunks, same partition.  */
  if (r->chunks_fixed && !set.block)
    set.chunks = r->plan.nchunks;
  if (r->replan == 1 && !measure (r, &in))
    {
      r->replan = 0;
      return;
    }
  if (r->replan == 2)
    perturb (r, &set);
  if (pacc_plan (&in, &next, err, sizeof err) != 0
      || next.ndev != r->plan.ndev)
    {
      /* PACC_REPLAN=2's plan may not fit: the region's own settings do
         (its first plan did, in the same memory).  */
      pacc_plan_free (&next);
      in.s = r->plan_in.s;
      if (r->replan != 2 || pacc_plan (&in, &next, err, sizeof err) != 0
          || next.ndev != r->plan.ndev
          || (r->chunks_fixed && next.nchunks != r->plan.nchunks))
        {
          pacc_plan_free (&next);
          return;
        }
    }
  double now = pacc_now_us ();
  double t_cur = in.link_gbs > 0 ? pacc_plan_predict (&in, &r->plan) : 0;
  /* Compared as the planner ranks them: with the link slower
     (pacc_plan_score; NEXT's is its score_s, from the same IN).  */
  double s_cur = in.link_gbs > 0 ? pacc_plan_score (&in, &r->plan) : 0;
  double s_next = next.score_s;
  int same = next.k == r->plan.k && next.nchunks == r->plan.nchunks
             && next.nqueues == r->plan.nqueues
             && next.resident == r->plan.resident;
  int change = r->replan == 2 || (!same && s_next < s_cur * (1 - REPLAN_GAIN));
  if (r->replan == 1)
    {
      r->replan_at = (now - r->st.t_begin) * 1e-6;
      r->replan_pred = change ? next.predicted_s : t_cur;
      if (pacc_settings.verbose >= 1)
        pacc_note (r->where,
                   "re-plan: for the %ld steps left, k %ld, %d "
                   "chunks and %d queues %s: %.3f s predicted (%.3f s with "
                   "the link %d %% slower), against %.3f s (%.3f s) for k "
                   "%ld, %d chunks and %d queues%s",
                   in.nsteps, next.k, next.nchunks, next.nqueues,
                   change ? "take over" : "would take", next.predicted_s,
                   s_next, pacc_plan_link_margin (&in), t_cur, s_cur,
                   r->plan.k, r->plan.nchunks, r->plan.nqueues,
                   change ? ""
                   : same ? " (the same plan)"
                          : " (not worth new buffers)");
    }
  /* Say where the values come from now.  */
  if (!r->plan_in.s->k)
    next.k_from = r->replan == 2 ? "PACC_REPLAN=2" : "auto, re-planned";
  if (!r->plan_in.s->chunks && !r->plan_in.s->block)
    next.c_from = r->chunks_fixed  ? "auto, kept for the reductions"
                  : r->replan == 2 ? "PACC_REPLAN=2"
                                   : "auto, re-planned";
  if (!change)
    {
      pacc_plan_free (&next);
      return;
    }
  if (switch_plan (r, &next))
    {
      r->replans_done++;
      r->s.write_all = r->replan == 2;
      pacc_report_plan (r);
    }
}
