/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* stage.c - the region's host ranges handed to the back end, and staged
   arrays instead of registered ones (stage.h).

   On the CUDA back end the arrays are registered as the first block's
   copies reach them (cuda-pin.c), and that block waits for it: on an
   H100 host at 11-19 GB/s, against 46-52 GB/s for the copies once
   registered.  A read-only array can be copied through the back end's
   pinned staging buffers instead, never registered: no wait in the
   first block, but every block's loads of it at the staging rate (host
   memory copies: 26-32 GB/s on an H100 host when they run ahead of the
   loads, PACC_STAGE_AHEAD=1, 17 GB/s in the queue's order).

   Which and how many: PACC_STAGE=N stages the last N targetin arrays
   (in the order of the pipeline's clauses) before the plan;
   PACC_STAGE=auto has the planner try staging none or all of them (the
   last 0, 1, ... of them with PACC_STAGE_AHEAD=0) when the first block
   would wait for registration (pacc_plan, planner.h) and the region
   stages what the plan it took assumed.
   Staging is decided once, at the first plan: a later plan (after a
   failed allocation, or a re-plan) keeps the arrays as they are.

   By default auto when the copies run ahead of the loads, 0 when they
   do not.  With the copies ahead, Himeno at 8x on an H100 ran 837-972
   GFLOPS over two sessions (medians 945 and 959) with its 12 targetin
   arrays staged and 814-907 (849) registering them, and alike at
   1.5x; the model stages none of CIP's two, which lost 6 % staged.
   Once the queues' slots were registered huge pages (cuda-queue.c), a
   staged region spent 2.1-3.4 % of its time outside the device span
   at 8x (registered: 0.9-2.5 %; issue 12 asks for under 5 %).  With the
   copies in the queue's order (PACC_STAGE_AHEAD=0) Himeno at 8x ran
   814-862 GFLOPS with 5 arrays staged and 801-857 without, the staged
   loads at 17 GB/s making a queue's copies nearly as long as the other
   queue's kernels: not worth a default (benchmarks/RESULTS.md).  */

#include "stage.h"
#include "pacc-abi.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Stage array I; whether the back end did.  */
static int
stage_one (struct pacc_region *r, int i)
{
  size_t bytes = (size_t) r->g.len0 * r->a[i].row_bytes;
  char *lo = r->host[i] + r->g.lo0 * (long) r->a[i].row_bytes;
  if (!r->base->stage (r->be_region, lo, bytes, r->a[i].name))
    {
      if (pacc_settings.verbose >= 1)
        pacc_note (r->where,
                   "array '%s' cannot be staged (it shares bytes "
                   "with another array, or the driver has no host "
                   "functions): registered",
                   r->a[i].name);
      return 0;
    }
  r->staged[i] = 1;
  return 1;
}

/* Stage the last N targetin arrays; how many were.  */
static int
stage_last (struct pacc_region *r, int n)
{
  struct pacc_plan_in in;
  int done = 0;
  memset (&in, 0, sizeof in);
  in.n = r->n;
  in.a = r->a;
  char *want
    = pacc_xcalloc (r->where, (size_t) r->n + 1, 1, "the staged arrays");
  pacc_plan_stage_mark (&in, n, want);
  if (!r->staged)
    r->staged
      = pacc_xcalloc (r->where, (size_t) r->n + 1, 1, "the staged arrays");
  for (int i = 0; i < r->n; i++)
    if (want[i] && !r->staged[i])
      done += stage_one (r, i);
  free (want);
  r->stage_decided = 1;
  if (done)
    {
      int direct = 0;
      for (int i = 0; i < r->n; i++)
        direct += r->a[i].kind != PACC_KIND_TEMP && !r->staged[i];
      r->data_path = direct ? "register+staging" : "staging";
    }
  return done;
}

/* "'a', 'b'" of the staged arrays into BUF.  */
static void
staged_names (const struct pacc_region *r, char *buf, size_t size)
{
  size_t len = 0;
  buf[0] = 0;
  for (int i = 0; i < r->n && len < size; i++)
    if (r->staged[i])
      {
        int w = snprintf (buf + len, size - len, "%s'%s'", len ? ", " : "",
                          r->a[i].name);
        len += w > 0 ? (size_t) w : 0;
      }
}

/* Stage the arrays PACC_STAGE=N names, after the back end's region
   began.  */
static void
stage_given (struct pacc_region *r)
{
  int n = pacc_settings.stage;
  if (n <= 0 || !r->be_region || r->dist
      || pacc_settings.data_path == PACC_PATH_STAGING)
    return;
  if (pacc_settings.data_path == PACC_PATH_REGISTER)
    pacc_error (r->where,
                "PACC_STAGE=%d asks to stage arrays and "
                "PACC_DATA_PATH=register to register every one; set one of "
                "them",
                n);
  if (!r->base->stage)
    return;
  if (stage_last (r, n) && pacc_settings.verbose >= 1)
    {
      char b[1024];
      staged_names (r, b, sizeof b);
      pacc_note (r->where, "staged (PACC_STAGE=%d): %s", n, b);
    }
}

/* The back end's view of the region: the host ranges it will copy.  */
static void
backend_begin (struct pacc_region *r)
{
  const char *where = r->where;
  size_t na = (size_t) r->nall + (r->dist != NULL);
  char **lo = pacc_xcalloc (where, na, sizeof *lo, "arrays");
  size_t *bytes = pacc_xcalloc (where, na, sizeof *bytes, "arrays");
  const char **names = pacc_xcalloc (where, na, sizeof *names, "arrays");
  int *kinds = pacc_xcalloc (where, na, sizeof *kinds, "arrays");
  /* The rows of the neighbouring ranks: read only, like targetin, in
     buffers that pacc_dist_side makes.  */
  if (r->dist)
    {
      if (!r->dist->side)
        pacc_internal_error (where, "the back end's region begins before "
                                    "the side buffers of 'mpi' exist");
      lo[r->nall] = r->dist->side_mem;
      bytes[r->nall] = r->dist->side_bytes;
      names[r->nall] = "(rows of the neighbouring ranks)";
      kinds[r->nall] = PACC_KIND_IN;
    }
  for (int i = 0; i < r->nall; i++)
    {
      names[i] = r->a[i].name;
      if (i >= r->n)
        {
          /* Read only, copied once: registered like a targetin array.  */
          lo[i] = (char *) r->whole[i - r->n].host;
          bytes[i] = r->whole[i - r->n].bytes;
          kinds[i] = PACC_KIND_IN;
          continue;
        }
      lo[i] = r->host[i] + r->g.lo0 * (long) r->a[i].row_bytes;
      if (r->a[i].kind != PACC_KIND_TEMP)
        bytes[i] = (size_t) r->g.len0 * r->a[i].row_bytes;
      kinds[i] = r->a[i].kind;
    }
  pacc_launch_count (&r->launches);
  r->be_region = r->base->region_begin (r->where, (int) na, lo, bytes, kinds,
                                        names, &r->data_path);
  free (lo);
  free (bytes);
  free (kinds);
  free (names);
}

void
pacc_stage_begin (struct pacc_region *r)
{
  if (!r->base->region_begin || r->nsteps <= 0)
    return;
  backend_begin (r);
  stage_given (r);
}

void
pacc_stage_inputs (const struct pacc_region *r, struct pacc_plan_in *in)
{
  in->staged = r->staged;
  in->stage_all = pacc_settings.stage_ahead && r->base->stage_ahead_gbs > 0;
  in->stage_gbs = !r->base->stage ? 0
                  : in->stage_all ? r->base->stage_ahead_gbs
                                  : r->base->stage_gbs;
  in->stage_auto = !r->stage_decided && pacc_settings.stage < 0 && r->be_region
                   && r->base->stage && !r->dist
                   && pacc_settings.data_path == PACC_PATH_AUTO;
}

void
pacc_stage_apply (struct pacc_region *r)
{
  int n = r->plan.nstage;
  if (r->stage_decided)
    return;
  r->stage_decided = 1;
  /* No back-end region yet (`mpi's begins later): nothing staged.  */
  if (n <= 0 || !r->be_region)
    return;
  int done = stage_last (r, n);
  r->plan_in.staged = r->staged;
  r->plan_in.stage_auto = 0;
  if (done && pacc_settings.verbose >= 1)
    {
      char b[1024];
      staged_names (r, b, sizeof b);
      pacc_note (r->where,
                 "staged instead of registered, as the cost model "
                 "prefers: %s (%.3f s predicted, %.3f s registering every "
                 "array)",
                 b, r->plan.predicted_s, r->plan.nostage_s);
    }
}
