/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* region.c - the __pacc_* entry points that the code pacc.so generates for
   a `#pragma pacc pipeline' calls (see pacc-abi.h): checking what the
   compiler passed, the plan (planner.c) for the devices the back end
   offers, the region's state between calls, the chunk buffers handed to
   the kernels and the rotations of the arrays.  Which copy runs when is
   the schedule's business (schedule.c); what the user sees, the
   report's (report.c).  */

#include "region-state.h"
#include "pacc-abi.h"
#include "launch.h"
#include "host-pool.h"
#include "reductions.h"
#include "replan.h"
#include "report.h"
#include "runtime.h"
#include "stage.h"
#include "workers.h"

#include <openacc.h>

#include <stdlib.h>
#include <string.h>

/* Every entry point's handle check (region-state.h).  */
static struct pacc_region *
check (void *region, const char *fn)
{
  return pacc_region_check (region, fn);
}

static char *
xstrdup (const char *where, const char *s)
{
  size_t len = strlen (s) + 1;
  return memcpy (pacc_xmalloc (where, len, "a string"), s, len);
}

/* Pipelines use the devices PACC opened, starting with the one current
   when libpacc started (libgomp's device); a pipeline inside `deviceid'
   for another GPU would mix devices.  */
static void
check_pipeline_device (const char *where)
{
  if (pacc_backend->on_host || !pacc_backend->home_device)
    return;
  int cur = acc_get_device_num (acc_device_nvidia);
  int mine = pacc_backend->home_device ();
  if (cur != mine)
    pacc_error (where,
                "a pipeline inside deviceid(%d): pipelines start "
                "on device %d (and spread over PACC_DEVICES devices from "
                "there)",
                cur, mine);
}

/* The plan, for the devices and memory the back end offers.  */
static void
plan (struct pacc_region *r)
{
  struct pacc_plan_in in;
  char err[2048];
  int d;

  /* Every input the code below does not set is 0: the defaults (the
     measured rates of a re-plan among them).  */
  memset (&in, 0, sizeof in);

  in.where = r->where;
  in.g = r->g;
  in.nsteps = r->nsteps;
  in.async = r->async;
  in.n = r->n;
  in.a = r->a;
  in.ndev = pacc_ndevices;
  in.on_host = r->base->on_host;
  in.host_threads = r->base->on_host ? pacc_host_threads () : 1;
  in.in_place = r->base->on_host && !r->dist && pacc_settings.in_place != 0;
  in.mem_kind = r->base->name;
  in.ring_gran = r->base->ring_unit ? r->base->ring_unit (0) : 0;
  in.s = r->dist ? &r->dist->set : &pacc_settings;
  /* A step of in-kernel temporal blocking on a GPU: its stencil moves
     the chunk's rows once per launch of that many steps (tblock.c).  */
  in.tblock_depth
    = r->tblock_elem && r->base->tblock && !r->base->on_host && !r->dist
        ? pacc_tblock_depth (r->tblock_elem)
        : 0;
  in.first_block = 1;
  /* The registration the first block will wait for: the model may give
     that block more steps (the ranks of `mpi' agree on one k).  */
  in.pin_s = r->be_region && r->base->pin_pending && !r->dist
               ? r->base->pin_pending (r->be_region)
               : 0;
  pacc_stage_inputs (r, &in);
  /* The cost model's rates, unless PACC_K and the chunks are both given
     (the back end's probe runs before the free memory is read: it
     allocates a little for a moment).  */
  in.link_gbs = in.hbm_gbs = 0;
  int given = in.s->k && (in.s->chunks || in.s->block);
  for (d = 0; r->base->rates && !given && d < in.ndev; d++)
    {
      double l, w, m;
      r->base->rates (d, &l, &w, &m);
      in.link_gbs = !d || l < in.link_gbs ? l : in.link_gbs;
      in.wb_gbs = !d || w < in.wb_gbs ? w : in.wb_gbs;
      in.hbm_gbs = !d || m < in.hbm_gbs ? m : in.hbm_gbs;
    }
  /* The smallest device decides: every device holds as many buffers.  */
  in.mem = r->base->mem_available (0);
  for (d = 1; d < in.ndev; d++)
    {
      size_t m = r->base->mem_available (d);
      in.mem = m < in.mem ? m : in.mem;
    }
  in.mem_why = NULL;
  if (r->mem_limit && in.mem > r->mem_limit)
    {
      in.mem = r->mem_limit;
      in.mem_why = " (the limit after a failed allocation)";
    }
  /* Every device holds a copy of each whole array.  */
  for (d = 0; d < r->wn; d++)
    in.mem = in.mem > r->whole[d].bytes ? in.mem - r->whole[d].bytes : 0;
  if (pacc_plan (&in, &r->plan, err, sizeof err))
    pacc_error (r->where, "%s", err);
  r->plan_in = in;
}

/* The plan's queues, events and buffers.  When a buffer cannot be had
   (another process took the memory since the plan was made, say), plan
   again within the memory free now and less than the failed plan needed,
   and go on: the results do not depend on the plan.  */
static void
alloc_buffers (struct pacc_region *r)
{
  struct pacc_alloc_failure f;
  double t0 = pacc_now_us ();
  while (!pacc_sched_alloc (&r->s, &f))
    {
      size_t need = r->plan.dev_bytes;
      for (int w = 0; w < r->wn; w++)
        need += r->whole[w].bytes;
      char b1[32], b2[32], b3[32];
      r->mem_limit = need - need / 8;
      pacc_warning (r->where,
                    "cannot allocate %s of %s buffer memory for "
                    "array '%s'%s on device %d (the plan needed %s per "
                    "device): planning again within %s",
                    pacc_fmt_bytes (b1, sizeof b1, f.bytes), r->base->name,
                    f.array, f.what, f.dev,
                    pacc_fmt_bytes (b2, sizeof b2, need),
                    pacc_fmt_bytes (b3, sizeof b3, r->mem_limit));
      r->st.replans++;
      pacc_sched_end (&r->s);
      pacc_plan_free (&r->plan);
      plan (r);
      r->s.host_device = r->base->on_host && r->plan.ndev == 1;
      r->s.on_host = r->base->on_host && !r->dist;
      pacc_sched_init (&r->s, r->host);
    }
  pacc_trace_span (r->where, "allocate buffers", t0, pacc_now_us ());
}

/* The ranks agree on the region and on k (dist.h).  */
static void
dist_begin (struct pacc_region *r, long *kb)
{
  static const char *const signames[] = { "the number of pipelined arrays",
                                          "the number of copyin arrays",
                                          "the halo below",
                                          "the halo above",
                                          "the extra rows below",
                                          "the extra rows above",
                                          "the first time step",
                                          "the number of time steps",
                                          "the kernels per time step",
                                          "the ghost rows",
                                          "the 'async' clause",
                                          "PACC_K" };
  long sig[] = { r->n,        r->wn,           r->g.hlo, r->g.hhi,
                 r->g.elo,    r->g.ehi,        r->t0,    r->nsteps,
                 r->nkernels, r->dist->ghosts, r->async, pacc_settings.k };
  pacc_dist_setup (r->dist, &r->g, sig, signames,
                   (int) (sizeof sig / sizeof *sig), r->a, r->n, kb,
                   (int) r->nkernels);
}

static void *
region_begin (int abi_version, const char *where, const char *names,
              int narrays, void *const *host, const long *ainfo,
              const long *rinfo, long *kb, struct pacc_dist *dist)
{
  struct pacc_region *r;

  if (!where)
    where = "(unknown place)";
  pacc_runtime_init (where);
  /* Another thread's region first (issue 48: two at once broke the
     schedule's checks, or worse).  */
  pacc_runtime_region_enter (where);
  check_pipeline_device (where);
  if (abi_version != PACC_ABI_VERSION)
    pacc_error (where,
                "the program was compiled for libpacc ABI version "
                "%d, but this libpacc implements version %d; rebuild it",
                abi_version, PACC_ABI_VERSION);
  if (narrays < 1 || !host || !ainfo || !rinfo)
    pacc_internal_error (where, "region with %d arrays", narrays);

  r = pacc_xcalloc (where, 1, sizeof *r, "a region");
  r->magic = PACC_REGION_MAGIC;
  r->where = xstrdup (where, where);
  r->nall = narrays;
  for (r->n = 0; r->n < narrays; r->n++)
    if (ainfo[(size_t) r->n * PACC_AI_N + PACC_AI_KIND] == PACC_KIND_WHOLE)
      break;
  if (r->n < 1)
    pacc_internal_error (where, "region without pipelined arrays");
  r->wn = narrays - r->n;
  r->a = pacc_xcalloc (where, (size_t) narrays, sizeof *r->a, "arrays");
  r->host = pacc_xcalloc (where, (size_t) narrays, sizeof *r->host, "arrays");
  r->whole = pacc_xcalloc (where, (size_t) r->wn, sizeof *r->whole, "arrays");
  pacc_region_names (r, names);
  r->base = pacc_backend;

  r->g.lo0 = rinfo[PACC_RI_LO0];
  r->g.len0 = rinfo[PACC_RI_LEN0];
  r->g.hlo = rinfo[PACC_RI_HLO];
  r->g.hhi = rinfo[PACC_RI_HHI];
  r->g.elo = rinfo[PACC_RI_ELO];
  r->g.ehi = rinfo[PACC_RI_EHI];
  r->t0 = rinfo[PACC_RI_T0];
  r->nsteps = rinfo[PACC_RI_NSTEPS];
  r->async = rinfo[PACC_RI_ASYNC] != 0;
  r->nkernels = rinfo[PACC_RI_NKERNELS];
  r->tblock_elem = rinfo[PACC_RI_TBLOCK];
  /* Bounds that keep all row arithmetic (rows + halo * k) in a long.  */
  if (r->g.len0 < 0 || r->g.len0 > (1L << 60) || r->g.lo0 < -(1L << 60)
      || r->g.lo0 > (1L << 60))
    pacc_error (where, "the size clause gives rows [%ld:%ld]", r->g.lo0,
                r->g.len0);
  if (r->g.hlo < 0 || r->g.hhi < 0 || r->g.elo < 0 || r->g.ehi < 0
      || r->g.hlo > (1L << 24) || r->g.hhi > (1L << 24)
      || r->g.elo > (1L << 24) || r->g.ehi > (1L << 24))
    pacc_internal_error (where, "halo -%ld/+%ld, extra -%ld/+%ld", r->g.hlo,
                         r->g.hhi, r->g.elo, r->g.ehi);
  if (r->nsteps < 0)
    pacc_internal_error (where, "%ld time steps", r->nsteps);
  pacc_region_check_arrays (r, host, ainfo);
  if (dist)
    {
      r->dist = dist;
      dist->where = r->where;
      dist_begin (r, kb);
    }

  r->perm = pacc_xcalloc (where, (size_t) r->n, sizeof *r->perm, "arrays");
  r->perm_tmp
    = pacc_xcalloc (where, (size_t) r->n, sizeof *r->perm_tmp, "arrays");
  r->handed = pacc_xcalloc (where, (size_t) r->n, sizeof *r->handed, "arrays");
  r->cur = -1;
  r->st.t_begin = pacc_now_us ();

  /* Planning and allocating visit every device (mem_available, alloc):
     device 0 of the pipeline is made current again after them, and at
     region end the device current now.  */
  if (r->base->select_device)
    {
      r->saved_dev = r->base->select_device (0);
      r->dev_selected = 1;
    }
  /* The host ranges first: how fast they register is the plan's (`mpi':
     after the side buffers, which the plan sizes, or they had no path).  */
  if (!r->dist)
    pacc_stage_begin (r);
  /* The gap between the registration and the buffers, in the trace: the
     plan (the link probes, the free memory, the cost model), then the
     staging, the worker threads and the schedule's queues.  */
  double t_plan = pacc_now_us ();
  plan (r);
  pacc_trace_span (r->where, "plan", t_plan, pacc_now_us ());
  /* Every rank's blocks have the same steps: the smallest k.  */
  if (r->dist)
    {
      long k = pacc_dist_agree_k (r->dist, r->plan.k);
      int user = r->dist->set.k != 0;
      r->dist->set.k = k;
      if (k != r->plan.k)
        {
          pacc_plan_free (&r->plan);
          plan (r);
        }
      if (!user)
        r->plan.k_from = "auto, the smallest of the ranks'";
    }
  double t_setup = pacc_now_us ();
  pacc_stage_apply (r);
  /* One worker thread per device issues the queue operations
     (workers.c): by default when the pipeline spreads over devices.  */
  r->workers
    = pacc_settings.workers >= 0 ? pacc_settings.workers : r->plan.ndev > 1;
  r->w_from = pacc_settings.workers >= 0 ? "PACC_WORKERS" : "auto";
  r->be = r->workers ? pacc_workers_wrap (r->base) : r->base;
  pacc_runtime_set_issuer (r->be);
  if (r->base->select_device)
    r->base->select_device (0);

  r->s.where = r->where;
  r->s.be = r->be;
  r->s.p = &r->plan;
  r->s.g = &r->g;
  r->s.n = r->n;
  r->s.a = r->a;
  r->s.nsteps = r->nsteps;
  r->s.async = r->async;
  r->s.host_device = r->base->on_host && r->plan.ndev == 1;
  r->s.on_host = r->base->on_host && !r->dist;
  r->s.st = &r->st;
  r->s.wn = r->wn;
  r->s.w = r->whole;
  pacc_sched_init (&r->s, r->host);
  if (r->dist)
    {
      pacc_dist_side (r->dist, &r->s, r->plan.k);
      pacc_stage_begin (r);
    }
  pacc_trace_span (r->where, "stage, workers, queues", t_setup,
                   pacc_now_us ());

  /* Before the generated code asks for the chunk count: a plan made
     again changes it.  */
  if (r->nsteps > 0)
    alloc_buffers (r);
  pacc_report_plan (r);
  pacc_replan_start (r);
  return r;
}

void *
__pacc_region_begin (int abi_version, const char *where, const char *names,
                     int narrays, void *const *host, const long *ainfo,
                     const long *rinfo)
{
  return region_begin (abi_version, where, names, narrays, host, ainfo, rinfo,
                       NULL, NULL);
}

void *
__pacc_region_begin_dist (int abi_version, const char *where,
                          const char *names, int narrays, void *const *host,
                          const long *ainfo, const long *rinfo, long *kb,
                          long ghosts, const struct pacc_dist_ops *ops,
                          void *ctx, int rank, int size, const char *err)
{
  if (err)
    {
      pacc_runtime_init (where);
      pacc_error (where, "%s", err);
    }
  struct pacc_dist *d = pacc_xcalloc (where, 1, sizeof *d, "the ranks");
  d->ops = ops;
  d->ctx = ctx;
  d->rank = rank;
  d->size = size;
  d->ghosts = ghosts;
  return region_begin (abi_version, where, names, narrays, host, ainfo, rinfo,
                       kb, d);
}

void
__pacc_region_allreduce (void *region, void *buf, long count, int bytes,
                         int type, int op)
{
  struct pacc_region *r = check (region, "__pacc_region_allreduce");
  if (!r->dist)
    pacc_internal_error (r->where, "reduction over the ranks in a region "
                                   "without 'mpi'");
  pacc_dist_reduce (r->dist, buf, count, bytes, type, op);
}

static void
end_block (struct pacc_region *r)
{
  if (r->cur >= 0 || r->s.n_done < r->plan.nchunks)
    pacc_internal_error (r->where, "block ended after %d of its %d chunks",
                         r->s.n_done, r->plan.nchunks);
  pacc_sched_block_end (&r->s, r->perm);
  r->in_block = 0;
}

int
__pacc_next_block (void *region, long *blk)
{
  struct pacc_region *r = check (region, "__pacc_next_block");
  long kk, left;

  if (r->in_block)
    end_block (r);
  left = r->nsteps - r->s.steps_done;
  if (left <= 0)
    return 0;
  pacc_replan (r);
  kk = r->s.blocks_started == 0 && r->plan.k_first ? r->plan.k_first
                                                   : r->plan.k;
  kk = left < kk ? left : kk;
  if (r->dist)
    pacc_dist_block (r->dist, &r->s, kk);
  pacc_sched_block (&r->s, kk);
  r->in_block = 1;
  r->perm_set = 0;
  r->st.blocks++;
  blk[PACC_BLK_T] = r->t0 + r->s.steps_done;
  blk[PACC_BLK_KK] = kk;
  if (pacc_settings.verbose >= 2)
    pacc_note (r->where, "block %ld: t=%ld, %ld steps",
               r->s.blocks_started - 1, blk[PACC_BLK_T], kk);
  pacc_report_progress (r);
  return 1;
}

int
__pacc_next_chunk (void *region, long *ci, void **ptr)
{
  struct pacc_region *r = check (region, "__pacc_next_chunk");
  int i, a;

  if (!r->in_block)
    pacc_internal_error (r->where, "__pacc_next_chunk outside a block");
  if (r->cur >= 0)
    pacc_internal_error (r->where,
                         "__pacc_next_chunk before "
                         "__pacc_chunk_done of chunk %d",
                         r->cur);
  if (r->s.n_loaded == r->plan.nchunks)
    return 0;
  i = r->s.n_loaded;
  pacc_sched_load (&r->s, i, ptr);
  for (a = 0; a < r->n; a++)
    r->handed[a] = ptr[a];
  pacc_sched_rows (&r->s, i, ci);
  ci[PACC_CI_DEVICE] = r->base->on_host ? -1 : pacc_sched_device (&r->s, i);
  /* Kernels that libgomp launches (and the generated acc_wait of a
     reduction) go to the thread's current device.  */
  if (r->base->select_device && r->plan.ndev > 1)
    r->base->select_device (pacc_sched_device (&r->s, i));
  r->cur = i;
  r->st.chunks++;
  pacc_sched_kernels_start (&r->s, i);
  struct pacc_opinfo info
    = pacc_sched_opinfo (&r->s, PACC_OP_KERNELS, -1, i, 0);
  pacc_launch_chunk (&info);
  return 1;
}

/* Find which handed-out buffer each name holds after the block's swaps,
   check it is a permutation within kinds and the same for every chunk of
   the block, and keep it in r->perm.  */
static void
check_rotation (struct pacc_region *r, int chunk, void *const *ptr)
{
  int *p = r->perm_set ? r->perm_tmp : r->perm;
  int i, j;
  for (i = 0; i < r->n; i++)
    {
      /* Its own buffer first, then one it may have been swapped with:
         the rebased pointers of arrays with other row sizes can be
         equal (p's buffer minus lo rows of 8 bytes, f's minus lo rows of
         4: fmax_inline.c's chunk 3 on the host).  */
      int other = -1;
      j = r->handed[i] == ptr[i] ? i : r->n;
      for (int c = 0; c < r->n && j == r->n; c++)
        if (r->handed[c] == ptr[i])
          {
            if (r->a[i].kind == r->a[c].kind
                && r->a[i].row_bytes == r->a[c].row_bytes)
              j = c;
            else if (other < 0)
              other = c;
          }
      if (j == r->n && other >= 0)
        pacc_internal_error (r->where,
                             "chunk %d: array '%s' holds the "
                             "buffer of '%s', of another kind or row size",
                             chunk, r->a[i].name, r->a[other].name);
      if (j == r->n)
        pacc_internal_error (r->where,
                             "chunk %d: array '%s' holds %p, none "
                             "of the chunk's buffers",
                             chunk, r->a[i].name, ptr[i]);
      p[i] = j;
    }
  for (i = 0; i < r->n; i++)
    for (j = i + 1; j < r->n; j++)
      if (p[i] == p[j])
        pacc_internal_error (r->where,
                             "chunk %d: arrays '%s' and '%s' both "
                             "hold the buffer of '%s'",
                             chunk, r->a[i].name, r->a[j].name,
                             r->a[p[i]].name);
  if (r->perm_set)
    {
      if (memcmp (p, r->perm, (size_t) r->n * sizeof *p))
        pacc_internal_error (r->where,
                             "chunk %d rotated the arrays "
                             "differently from chunk 0 of the block",
                             chunk);
    }
  r->perm_set = 1;
}

void
__pacc_step (void *region, const long *ci, void *const *ptr, long s)
{
  pacc_sched_step (&check (region, "__pacc_step")->s, (int) ci[PACC_CI_INDEX],
                   ptr, s);
}

void
__pacc_chunk_done (void *region, const long *ci, void *const *ptr)
{
  double t = pacc_now_us ();
  struct pacc_region *r = check (region, "__pacc_chunk_done");
  int i = r->cur;

  if (i < 0)
    pacc_internal_error (r->where, "__pacc_chunk_done without "
                                   "__pacc_next_chunk");
  if (ci[PACC_CI_INDEX] != i)
    pacc_internal_error (r->where,
                         "__pacc_chunk_done for chunk %ld while "
                         "chunk %d runs",
                         ci[PACC_CI_INDEX], i);
  pacc_sched_kernels_end (&r->s, i, t);
  pacc_launch_chunk (NULL);
  check_rotation (r, i, ptr);
  r->cur = -1;
  pacc_sched_done (&r->s, i);
}

long
__pacc_region_nchunks (void *region)
{
  struct pacc_region *r = check (region, "__pacc_region_nchunks");
  /* The partials are sized by it: a re-plan keeps it.  */
  r->chunks_fixed = 1;
  return r->plan.nchunks;
}

void
__pacc_reduction_result (void *region, const void *var, void *dst,
                         unsigned long bytes, int queue)
{
  struct pacc_region *r = check (region, "__pacc_reduction_result");
  if (r->be->defer_result && r->be->defer_result (var, dst, bytes))
    return;
  /* Launched through libgomp (or on the host): its result is in VAR once
     the queue is done (host kernels ran already).  */
  if (!r->base->on_host)
    acc_wait (queue);
  memcpy (dst, var, bytes);
}

void
__pacc_rows_outside (const char *where, int kernel, long first, long last,
                     long lo, long len)
{
  if (len <= 0)
    pacc_error (where,
                "kernel %d touches rows %ld to %ld of the first "
                "dimension, but size gives it no rows ([%ld:%ld])",
                kernel, first, last, lo, len);
  pacc_error (where,
              "kernel %d touches rows %ld to %ld of the first "
              "dimension, outside the rows %ld to %ld that size gives "
              "([%ld:%ld])",
              kernel, first, last, lo, lo + len - 1, lo, len);
}

void
__pacc_cols_outside (const char *where, int kernel, int dim, long first,
                     long last, long lo, long len)
{
  if (len <= 0)
    pacc_error (where,
                "kernel %d touches indices %ld to %ld along "
                "dim(%d), but size gives that dimension none ([%ld:%ld])",
                kernel, first, last, dim, lo, len);
  pacc_error (where,
              "kernel %d touches indices %ld to %ld along dim(%d), "
              "outside the %ld to %ld that size gives ([%ld:%ld])",
              kernel, first, last, dim, lo, lo + len - 1, lo, len);
}

void
__pacc_temp_unwritten (const char *where, int kernel, const char *array,
                       int dim, long first, long last, long wfirst, long wlast,
                       long t)
{
  if (wlast < wfirst)
    pacc_error (where,
                "kernel %d reads targettemp array '%s' at indices "
                "%ld to %ld along dim(%d) at t = %ld, but the time step "
                "writes none of them before: those values would cross a "
                "time-block boundary; make the loops that write it cover "
                "them, or list '%s' in targetinout",
                kernel, array, first, last, dim, t, array);
  pacc_error (where,
              "kernel %d reads targettemp array '%s' at indices %ld "
              "to %ld along dim(%d) at t = %ld, but the time step writes "
              "only %ld to %ld of it before: the others would cross a "
              "time-block boundary; make the loops that write it cover "
              "them, or list '%s' in targetinout",
              kernel, array, first, last, dim, t, wfirst, wlast, array);
}

void
__pacc_copyin_outside (const char *where, int kernel, const char *name,
                       long first, long last, long lo, long len)
{
  if (kernel == 0)
    pacc_error (where,
                "the copyin section %s[%ld:%ld] reaches outside "
                "'%s', whose C type has %ld elements along the first "
                "dimension",
                name, lo, len, name, last - first + 1);
  if (first == last)
    pacc_error (where,
                "kernel %d reads %s[%ld], outside the section "
                "%s[%ld:%ld] that copyin gives",
                kernel, name, first, name, lo, len);
  pacc_error (where,
              "kernel %d reads %s[%ld] to %s[%ld], outside the "
              "section %s[%ld:%ld] that copyin gives",
              kernel, name, first, name, last, name, lo, len);
}

void
__pacc_region_sync (void *region)
{
  struct pacc_region *r = check (region, "__pacc_region_sync");
  if (r->be->flush_results)
    r->be->flush_results ();
}

void
__pacc_region_end (void *region)
{
  struct pacc_region *r = check (region, "__pacc_region_end");

  if (r->in_block)
    end_block (r);
  if (r->s.steps_done < r->nsteps)
    pacc_internal_error (r->where, "region ended after %ld of its %ld steps",
                         r->s.steps_done, r->nsteps);
  /* Deferred reduction results point into the region's scratch memory.  */
  if (r->be->flush_results)
    r->be->flush_results ();
  if (r->dist)
    pacc_dist_ghosts (r->dist, &r->s);
  double t0 = pacc_now_us ();
  pacc_sched_end (&r->s);
  pacc_trace_span (r->where, "wait for the queues, free buffers", t0,
                   pacc_now_us ());
  pacc_runtime_set_issuer (NULL);
  if (r->dev_selected)
    r->base->restore_device (r->saved_dev);
  if (r->be_region)
    {
      if (!r->base->on_host)
        pacc_report_launches (r);
      r->base->region_end (r->be_region);
    }
  r->be_region = NULL;
  pacc_report_end (r, pacc_now_us ());
  pacc_replan_end (r);
  if (r->dist)
    {
      pacc_dist_end (r->dist);
      free (r->dist);
    }

  pacc_reductions_free (r);
  pacc_plan_free (&r->plan);
  free (r->staged);
  free (r->perm);
  free (r->perm_tmp);
  free (r->handed);
  free (r->host);
  free (r->whole);
  free (r->a);
  free (r->names);
  free (r->where);
  r->magic = 0;
  free (r);
  pacc_runtime_region_leave ();
}
