/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* report.c - the PACC_VERBOSE lines of a region (report.h): its plan, and
   at the end its totals from the timeline (trace.h) and its kernel
   launches (launch.h).  */

#include "report.h"

#include <stdio.h>
#include <string.h>

void
pacc_report_plan (const struct pacc_region *r)
{
  const struct pacc_plan *p = &r->plan;
  char arrays[512], b1[32], b2[32], b3[32], b4[32];
  long minrows = r->g.len0, maxrows = 0;
  int i;

  if (pacc_settings.verbose < 1)
    return;
  pacc_format_arrays (r->n, r->a, arrays, sizeof arrays);
  for (i = 0; i < r->wn; i++)
    {
      size_t len = strlen (arrays);
      snprintf (arrays + len, sizeof arrays - len, "%s%s (copyin, %s)",
                i ? ", " : "; whole arrays ", r->whole[i].name,
                pacc_fmt_bytes (b1, sizeof b1, r->whole[i].bytes));
    }
  for (i = 0; i < p->nchunks; i++)
    {
      long rows = p->ch[i].hi - p->ch[i].lo;
      minrows = rows < minrows ? rows : minrows;
      maxrows = rows > maxrows ? rows : maxrows;
    }
  pacc_note (r->where,
             "plan: %s; rows [%ld,%ld), %ld steps from t=%ld, "
             "halo -%ld/+%ld (extra -%ld/+%ld); k %ld (%s), chunks %d (%s, "
             "%ld-%ld rows), queues %d (%s), devices %d (%s%s), buffers %d "
             "x %s (%s in all, %s per device, of %s), %s (%s), workers %s "
             "(%s), "
             "data path %s",
             arrays, r->g.lo0, r->g.lo0 + r->g.len0, r->nsteps, r->t0,
             r->g.hlo, r->g.hhi, r->g.elo, r->g.ehi, p->k, p->k_from,
             p->nchunks, p->c_from, minrows, maxrows, p->nqueues, p->q_from,
             p->ndev, p->d_from,
             r->base->on_host && p->ndev > 1 ? ", emulated" : "", p->nbuf,
             pacc_fmt_bytes (b1, sizeof b1, p->buf_bytes / (size_t) p->nbuf),
             pacc_fmt_bytes (b2, sizeof b2, p->buf_bytes),
             pacc_fmt_bytes (b3, sizeof b3, p->dev_bytes),
             pacc_fmt_bytes (b4, sizeof b4, p->avail),
             p->in_place   ? "resident, in place"
             : p->resident ? "resident"
             : p->skew     ? "streaming, skewed"
                           : "streaming",
             p->r_from, r->workers ? "on" : "off", r->w_from,
             r->data_path ? r->data_path : r->base->name);
  if (p->ring)
    pacc_note (r->where,
               "rings: the targetin arrays' rows in rings of %ld "
               "rows (%s in all, in the buffers' total), not in the "
               "buffers; no carry copies them",
               p->ring_rows, pacc_fmt_bytes (b1, sizeof b1, p->ring_bytes));
  if (p->k_first && !r->s.blocks_started)
    pacc_note (r->where,
               "first block: k %ld (%s), buffers for its halo "
               "rows; %.3f s of registration predicted in it",
               p->k_first, p->kf_from, r->plan_in.pin_s);
  if (p->predicted_s > 0 && r->replans_done)
    pacc_note (r->where,
               "cost model: %.3f s predicted for the %ld steps "
               "left (loads %.1f GB/s, write-backs %.1f GB/s, kernels at "
               "%.0f GB/s: %.0f %% of the memory's %.0f GB/s peak, %.0f %% "
               "of the shorter phases not overlapped)",
               p->predicted_s, r->nsteps - r->s.steps_done, p->link_gbs,
               p->wb_gbs, p->kernel_eff * p->hbm_gbs, 100 * p->kernel_eff,
               p->hbm_gbs, 100 * p->overlap_loss);
  else if (p->predicted_s > 0)
    pacc_note (r->where,
               "cost model: %.3f s predicted for this plan "
               "(loads %.1f GB/s and write-backs %.1f GB/s at once, kernels "
               "at %.0f GB/s: %.0f %% of the memory's %.0f GB/s peak)",
               p->predicted_s, p->link_gbs, p->wb_gbs,
               p->kernel_eff * p->hbm_gbs, 100 * p->kernel_eff, p->hbm_gbs);
  if (p->fewer_ndev)
    pacc_note (r->where,
               "cost model: %.3f s predicted on one device, against "
               "%.3f s on the %d of PACC_DEVICES (kept as given)",
               p->fewer_s, p->predicted_s, p->ndev);
}

void
pacc_report_end (const struct pacc_region *r, double t_end)
{
  char b1[32], b2[32], b3[32];
  const struct pacc_stats *st = &r->st;
  if (pacc_settings.verbose < 1)
    return;
  pacc_note (r->where,
             "done: %ld blocks, %ld chunks; in %s, loads %.3f ms; "
             "out %s, write-backs %.3f ms; halos %s, %.3f ms; kernels "
             "%.3f ms; total %.3f ms",
             st->blocks, st->chunks,
             pacc_fmt_bytes (b1, sizeof b1, st->bytes_in), st->t_load * 1e-3,
             pacc_fmt_bytes (b2, sizeof b2, st->bytes_out), st->t_wb * 1e-3,
             pacc_fmt_bytes (b3, sizeof b3, st->bytes_halo), st->t_halo * 1e-3,
             st->t_kernels * 1e-3, (t_end - st->t_begin) * 1e-3);
  if (r->replan_at > 0)
    pacc_note (r->where,
               "cost model: predicted %.3f s (%.3f s to the "
               "re-plan, %.3f s after it), measured %.3f s",
               r->replan_at + r->replan_pred, r->replan_at, r->replan_pred,
               (t_end - st->t_begin) * 1e-6);
  else if (r->plan.predicted_s > 0)
    pacc_note (r->where, "cost model: predicted %.3f s, measured %.3f s",
               r->plan.predicted_s, (t_end - st->t_begin) * 1e-6);
  if (st->replans)
    pacc_note (r->where,
               "planned %ld time%s again after a failed "
               "allocation (the last plan above is the one that ran)",
               st->replans, st->replans == 1 ? "" : "s");
  /* On a GPU the times come from device events: how fast each direction
     moved while it moved, how much of the copies and kernels ran at the
     same time (busy time over the span from the first operation's start
     to the last one's end; 1.00x: no overlap), and how much of the
     region the device did nothing of it (registration, allocation,
     unregistration: the fixed costs).  */
  if (!r->base->on_host && st->t_last > st->t_first)
    {
      double span = st->t_last - st->t_first, all = t_end - st->t_begin;
      double busy = st->t_load + st->t_wb + st->t_halo + st->t_kernels;
      char pin[96] = "";
      /* PACC_PIN=first-block: registration inside the span.  */
      if (st->t_pin > 0)
        snprintf (pin, sizeof pin,
                  ", %.3f ms of the issuing threads' "
                  "time in it registering host memory",
                  st->t_pin * 1e-3);
      pacc_note (r->where,
                 "device: load %.2f GB/s, write-back %.2f GB/s; "
                 "copies and kernels busy %.3f ms over a span of %.3f ms "
                 "(overlap %.2fx%s), %.1f %% of the region outside it; data "
                 "path %s",
                 st->t_load > 0 ? (double) st->bytes_in / st->t_load * 1e-3
                                : 0.0,
                 st->t_wb > 0 ? (double) st->bytes_out / st->t_wb * 1e-3 : 0.0,
                 busy * 1e-3, span * 1e-3, busy / span, pin,
                 all > span ? 100.0 * (all - span) / all : 0.0,
                 r->data_path ? r->data_path : r->base->name);
    }
}

void
pacc_report_launches (const struct pacc_region *r)
{
  unsigned long fast, slow;
  double med, mean, last;
  if (pacc_settings.verbose < 1)
    return;
  /* The median shows the cost of a launch; the mean also counts the time
     the host waited for full CUDA queues (it ran ahead of the device by
     as much as they hold).  */
  pacc_launch_since (&r->launches, &fast, &slow, &med, &mean, &last);
  pacc_note (r->where,
             "kernel launches: %lu by PACC (host time median "
             "%.1f us, mean %.1f us; last enqueued %.1f ms before the "
             "device finished), %lu by libgomp",
             fast, med, mean, last, slow);
}

/* PACC_PROGRESS=S: at the start of a block, at most every S seconds, a
   line of how far the region is (a long run says nothing between its
   plan and its end otherwise).  */
void
pacc_report_progress (const struct pacc_region *r)
{
  static _Thread_local double last;
  double now = pacc_now_us ();
  long done = r->s.steps_done;
  if (!pacc_settings.progress || done == 0
      || (now - last) < 1e6 * (double) pacc_settings.progress)
    return;
  last = now;
  unsigned long long in, out;
  pacc_trace_bytes (&r->st, &in, &out);
  char bi[32], bo[32];
  pacc_fmt_bytes (bi, sizeof bi, in);
  pacc_fmt_bytes (bo, sizeof bo, out);
  double secs = (now - r->st.t_begin) * 1e-6;
  pacc_note (r->where,
             "progress: step %ld of %ld (block %ld), %.1f s, "
             "%s loaded, %s written back; about %.0f s left",
             done, r->nsteps, r->s.blocks_started - 1, secs, bi, bo,
             secs * (double) (r->nsteps - done) / (double) done);
}
