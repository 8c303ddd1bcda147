/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* cuda-pin.c - the registered host ranges of the live regions, and the
   threads that pin and unpin them.

   cuda-host.c decides what a region registers and hands the result here
   (struct cuda_region).  This file answers whether a copy's bytes are
   registered (cuda_is_direct, cuda_copy_step), runs the registration jobs
   (cuda_run_reg_jobs), keeps the states of the pieces that cuda-lazy.c
   registers as the first block reaches them (PACC_PIN=first-block), and
   unpins:
   - during the last block (cuda_host_release, PACC_EARLY_UNREGISTER=1
     or 2): each release records an event on its queue; one thread takes
     the releases in issue order, waits for each one's event and hands
     the region's pieces that lie inside its bytes to CUDA_REG_THREADS
     unpinning threads (one thread alone unpins at half their rate and
     lagged the last block).  Since earlier releases were waited for
     first, the copies of every earlier chunk have run too (backend.h).
     Not by default (3): the unpinning holds the driver's lock and
     delayed the last block's own calls (Himeno at 8x: span 0.75 s
     longer, benchmarks/RESULTS.md).
   - at region end (cuda_pin_region_end): what is left, either while the
     region waits (PACC_EARLY_UNREGISTER=0 or 1) or by the same threads
     after the region has returned (2, and 3: everything).  Unpinning
     22-42 GiB took 0.1-1 s after the device span on an H100 host; in
     the background it overlaps whatever the program does next.  Memory still being unpinned is
     ordinary memory to the program (it may read, write or free it: the
     driver keeps the pages it pinned until they are unpinned); the next
     region waits for it before it registers anything (a range still
     registered would be taken as the program's own and then unpinned
     under the new region), and so does the program's exit, before the
     driver goes away (atexit).  */

#include "cuda-int.h"
#include "trace.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* The live regions.  */

static pthread_mutex_t region_lock = PTHREAD_MUTEX_INITIALIZER;
/* The release threads' lists and the regions' unpinning state.  */
static pthread_mutex_t rel_lock = PTHREAD_MUTEX_INITIALIZER;
static struct cuda_region *regions;

void
cuda_pin_region_add (struct cuda_region *g)
{
  pthread_mutex_lock (&region_lock);
  g->next = regions;
  regions = g;
  pthread_mutex_unlock (&region_lock);
}

static void
pin_region_remove (struct cuda_region *g)
{
  struct cuda_region **pp;
  pthread_mutex_lock (&region_lock);
  for (pp = &regions; *pp && *pp != g; pp = &(*pp)->next)
    ;
  if (*pp)
    *pp = g->next;
  pthread_mutex_unlock (&region_lock);
}

/* The live region with a registered range that holds [LO, HI), the
   range's index in *IP; NULL if none (under region_lock).  */
static struct cuda_region *
find_range (uintptr_t lo, uintptr_t hi, int *ip)
{
  for (struct cuda_region *g = regions; g; g = g->next)
    for (int i = 0; i < g->ndirect; i++)
      if (g->direct[i].lo <= lo && hi <= g->direct[i].hi)
        {
          *ip = i;
          return g;
        }
  return NULL;
}

int
cuda_is_direct (const void *p, size_t n, struct cuda_direct_at *d)
{
  int i;
  pthread_mutex_lock (&region_lock);
  struct cuda_region *g = find_range ((uintptr_t) p, (uintptr_t) p + n, &i);
  if (g)
    {
      d->base = g->direct[i].lo;
      d->piece = g->direct[i].piece;
      d->g = g;
      d->range = i;
    }
  pthread_mutex_unlock (&region_lock);
  return g != NULL;
}

int
cuda_is_read_only_staged (const void *p, size_t n)
{
  uintptr_t lo = (uintptr_t) p, hi = lo + n;
  int found = 0;
  pthread_mutex_lock (&region_lock);
  for (struct cuda_region *g = regions; g && !found; g = g->next)
    for (int i = 0; i < g->nro && !found; i++)
      found = g->ro[i].lo <= lo && hi <= g->ro[i].hi;
  pthread_mutex_unlock (&region_lock);
  return found;
}

/* Bytes of the next piece of a copy of BYTES at HOST, OFF done: at most
   to the end of its registered piece (pieces of D->piece from D->base; a
   copy must not cross registrations) when it is direct, else at most a
   staging buffer.  */
size_t
cuda_copy_step (const struct cuda_direct_at *d, const void *host, size_t off,
                size_t bytes)
{
  size_t n = d ? d->piece - ((uintptr_t) host + off - d->base) % d->piece
               : CUDA_STAGE_BYTES;
  return n < bytes - off ? n : bytes - off;
}

/* Page-locked host memory (someone registered or allocated it)?  */
static int
page_locked (uintptr_t p)
{
  unsigned int type = 0;
  return cuda_lib.cuPointerGetAttribute (&type,
                                         CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
                                         (CUdeviceptr) p)
           == CUDA_SUCCESS
         && type == CU_MEMORYTYPE_HOST;
}

CUresult
cuda_register_read_only (CUresult r, void *lo, size_t len, int written)
{
  if (r != CUDA_ERROR_INVALID_VALUE || written)
    return r;
  return cuda_lib.cuMemHostRegister_v2 (lo, len,
                                        CU_MEMHOSTREGISTER_PORTABLE
                                          | CU_MEMHOSTREGISTER_READ_ONLY);
}

int
cuda_registered_before (CUresult r, const void *lo, size_t len)
{
  return r == CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED
         && page_locked ((uintptr_t) lo)
         && page_locked ((uintptr_t) lo + len - 1);
}

/* ------------------------------------------------------------------ */
/* The pieces registered as the first block goes (cuda-lazy.c): their
   states' lock, the regions for cuda_pin_ahead, and a piece's bookkeeping.  */

pthread_mutex_t cuda_pin_lazy_lock = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t cuda_pin_lazy_done = PTHREAD_COND_INITIALIZER;

struct cuda_region *
cuda_pin_regions_lock (void)
{
  pthread_mutex_lock (&region_lock);
  return regions;
}

void
cuda_pin_regions_unlock (void)
{
  pthread_mutex_unlock (&region_lock);
}

/* The wall time of the registrations as well as their calls' sum: the
   threads of several devices register at once, each call waiting for
   the driver's lock while another runs, so the sum grows with the
   threads (two H200s: 128-162 ms for 1 GiB, four: 360, against 64 on
   one) where the wall time need not.  */
void
cuda_pin_piece_start (struct cuda_region *g, double t0)
{
  pthread_mutex_lock (&rel_lock);
  if (!g->lazy_running++)
    g->lazy_t0 = t0;
  pthread_mutex_unlock (&rel_lock);
}

void
cuda_pin_piece_done (struct cuda_region *g, struct cuda_piece *p, int state,
                     double t0, double t1)
{
  /* Visible to the release threads (gone) and the report.  */
  pthread_mutex_lock (&rel_lock);
  if (state == CUDA_PIECE_OURS)
    {
      p->gone = 0;
      g->reg_bytes += p->len;
      g->lazy_bytes += p->len;
    }
  g->reg_us += t1 - t0;
  g->lazy_us += t1 - t0;
  if (!--g->lazy_running)
    g->lazy_wall_us += t1 - g->lazy_t0;
  pthread_mutex_unlock (&rel_lock);

  pthread_mutex_lock (&cuda_pin_lazy_lock);
  p->state = state;
  __atomic_sub_fetch (&g->lazy_left, 1, __ATOMIC_RELEASE);
  pthread_cond_broadcast (&cuda_pin_lazy_done);
  pthread_mutex_unlock (&cuda_pin_lazy_lock);
}

int
cuda_pin_range_drop (struct cuda_region *g, uintptr_t lo, uintptr_t hi,
                     const char *name)
{
  int i;
  pthread_mutex_lock (&region_lock);
  for (i = 0; i < g->ndirect; i++)
    if (g->direct[i].lo == lo && g->direct[i].hi == hi)
      break;
  if (i == g->ndirect)
    {
      pthread_mutex_unlock (&region_lock);
      return 0;
    }
  /* A read-only range's staged loads may be filled ahead of their turn
     (cuda_is_read_only_staged); without the memory for the note, in turn.  */
  if (!g->direct[i].written)
    {
      struct cuda_hrange *ro
        = realloc (g->ro, (size_t) (g->nro + 1) * sizeof *ro);
      if (ro)
        {
          g->ro = ro;
          g->ro[g->nro++] = g->direct[i];
        }
    }
  /* No copy finds it now: nothing registers or unpins its pieces but
     this.  */
  memmove (&g->direct[i], &g->direct[i + 1],
           (size_t) (g->ndirect - i - 1) * sizeof *g->direct);
  g->ndirect--;
  pthread_mutex_unlock (&region_lock);
  for (int k = 0; k < g->nours; k++)
    {
      struct cuda_piece *p = &g->ours[k];
      uintptr_t a = (uintptr_t) p->lo;
      if (a < lo || a >= hi)
        continue;
      pthread_mutex_lock (&cuda_pin_lazy_lock);
      int state = p->state;
      p->state = CUDA_PIECE_THEIRS;
      g->lazy_left -= state == CUDA_PIECE_NONE;
      pthread_mutex_unlock (&cuda_pin_lazy_lock);
      pthread_mutex_lock (&rel_lock);
      int mine = state == CUDA_PIECE_OURS && !p->gone;
      p->gone = 1;
      if (mine && g->reg_bytes)
        {
          /* The rate cuda_pin_pending reads stays that of the rest.  */
          g->reg_us -= g->reg_us * (double) p->len / (double) g->reg_bytes;
          g->reg_bytes -= p->len;
        }
      pthread_mutex_unlock (&rel_lock);
      CUresult e = mine ? cuda_lib.cuMemHostUnregister (p->lo) : CUDA_SUCCESS;
      if (e != CUDA_SUCCESS)
        {
          char what[256];
          snprintf (what, sizeof what,
                    "unregistering %zu bytes of array "
                    "'%s' at %p to stage its copies instead",
                    p->len, name, p->lo);
          cuda_fail ("cuMemHostUnregister", e, what, NULL);
        }
    }
  return 1;
}

/* ------------------------------------------------------------------ */
/* Registration in pieces, several at a time: pinning is the driver
   touching every page, 6-19 GB/s from four threads on an H100 host
   (benchmarks/tools/regtest.c, hostpath.c), and while one call runs the
   driver serves no other thread's call (copies issued meanwhile waited
   110 ms with 1 GiB pieces): with PACC_PIN=begin, the whole region's
   before the pipeline starts; by default, the first piece of each
   range.  */

static struct cuda_regjob *reg_jobs;
static int reg_njobs, reg_next;
static CUcontext reg_ctx;

static void *
reg_worker (void *arg)
{
  int i;
  (void) arg;
  if (cuda_lib.cuCtxSetCurrent (reg_ctx) != CUDA_SUCCESS)
    return NULL;
  while ((i = __atomic_fetch_add (&reg_next, 1, __ATOMIC_RELAXED)) < reg_njobs)
    {
      struct cuda_regjob *j = &reg_jobs[i];
      j->r = j->unreg ? cuda_lib.cuMemHostUnregister (j->lo)
             : pacc_fault (PACC_FAULT_REGISTER)
               ? CUDA_ERROR_OUT_OF_MEMORY
               : cuda_lib.cuMemHostRegister_v2 (j->lo, j->len, j->flags);
    }
  return NULL;
}

void
cuda_run_reg_jobs (struct cuda_regjob *jobs, int n)
{
  pthread_t t[CUDA_REG_THREADS];
  int i, nt = 0;
  if (!n)
    return;
  reg_jobs = jobs;
  reg_njobs = n;
  reg_next = 0;
  reg_ctx = cuda_devs[0].ctx;
  for (i = 1; i < CUDA_REG_THREADS && i < n; i++)
    if (pthread_create (&t[nt], NULL, reg_worker, NULL) == 0)
      nt++;
  reg_worker (NULL);
  for (i = 0; i < nt; i++)
    pthread_join (t[i], NULL);
  cuda_use_ctx (0);
}

/* ------------------------------------------------------------------ */
/* The release threads.  */

struct release
{
  struct release *next;
  struct cuda_region *g; /* NULL: none of a region's pieces (ordering).  */
  CUcontext ctx;
  CUevent ev;
  uintptr_t lo, hi;
  int piece; /* on the unpin list: the piece of G.  */
};

static pthread_cond_t rel_more = PTHREAD_COND_INITIALIZER;
static pthread_cond_t unpin_more = PTHREAD_COND_INITIALIZER;
static pthread_cond_t rel_idle = PTHREAD_COND_INITIALIZER;
static struct release *rel_head, *rel_tail, *unpin_head, *unpin_tail;
static int rel_started, rel_busy;

/* Ended regions whose pieces are still being unpinned, and the first
   error their unpinning met (under rel_lock).  */
static pthread_cond_t bg_done = PTHREAD_COND_INITIALIZER;
static int bg_regions, bg_atexit;
static CUresult bg_error = CUDA_SUCCESS;

static void
push (struct release **head, struct release **tail, struct release *r)
{
  r->next = NULL;
  if (*tail)
    (*tail)->next = r;
  else
    *head = r;
  *tail = r;
}

static struct release *
pop (struct release **head, struct release **tail)
{
  struct release *r = *head;
  if (!(*head = r->next))
    *tail = NULL;
  return r;
}

/* Put piece I of G on the unpin list (under rel_lock).  0 when out of
   memory: the piece stays to region end.  */
static int
queue_unpin (struct cuda_region *g, int i, CUcontext ctx)
{
  struct release *u = calloc (1, sizeof *u);
  if (!u)
    return 0;
  g->ours[i].gone = 1; /* claimed; cleared if the unpinning fails.  */
  g->inflight++;
  u->g = g;
  u->ctx = ctx;
  u->piece = i;
  push (&unpin_head, &unpin_tail, u);
  pthread_cond_signal (&unpin_more);
  return 1;
}

static void
region_free (struct cuda_region *g)
{
  free (g->bg_where);
  free (g->direct);
  free (g->ro);
  free (g->ours);
  free (g);
}

/* The last piece of ended region G is unpinned, and its last release
   dispatched (under rel_lock).  */
static void
background_done (struct cuda_region *g)
{
  pacc_trace_span (g->bg_where, "unregister host arrays after the region",
                   g->bg_t0, pacc_now_us ());
  region_free (g);
  if (!--bg_regions)
    pthread_cond_broadcast (&bg_done);
}

/* Wait for R's event, then queue the pieces inside its bytes (under
   rel_lock, released while waiting).  An error leaves the pieces to
   region end, which reports it.  */
static void
dispatch (struct release *r)
{
  struct cuda_region *g = r->g;
  CUresult e;
  pthread_mutex_unlock (&rel_lock);
  e = cuda_lib.cuCtxSetCurrent (r->ctx);
  if (e == CUDA_SUCCESS)
    e = cuda_lib.cuEventSynchronize (r->ev);
  cuda_lib.cuEventDestroy_v2 (r->ev);
  pthread_mutex_lock (&rel_lock);
  for (int i = 0; e == CUDA_SUCCESS && g && !g->closing && i < g->nours; i++)
    {
      struct cuda_piece *p = &g->ours[i];
      uintptr_t lo = (uintptr_t) p->lo;
      if (!p->gone && r->lo <= lo && lo + p->len <= r->hi
          && !queue_unpin (g, i, r->ctx))
        break;
    }
  if (g && !--g->nrel && g->ended && !g->inflight)
    background_done (g);
}

/* Unregister one piece (under rel_lock, released while unpinning).  */
static void
unpin (struct release *u)
{
  struct cuda_region *g = u->g;
  struct cuda_piece *p = &g->ours[u->piece];
  CUresult e = CUDA_ERROR_UNKNOWN;
  if (!g->closing)
    {
      pthread_mutex_unlock (&rel_lock);
      double t0 = pacc_now_us ();
      e = cuda_lib.cuCtxSetCurrent (u->ctx);
      if (e == CUDA_SUCCESS)
        e = cuda_lib.cuMemHostUnregister (p->lo);
      double t1 = pacc_now_us ();
      pthread_mutex_lock (&rel_lock);
      if (e == CUDA_SUCCESS && !g->ended)
        {
          g->early_bytes += p->len;
          g->early_t0 = g->early_t0 && g->early_t0 < t0 ? g->early_t0 : t0;
          g->early_t1 = g->early_t1 > t1 ? g->early_t1 : t1;
        }
    }
  if (e != CUDA_SUCCESS)
    {
      if (g->ended)
        bg_error = bg_error != CUDA_SUCCESS ? bg_error : e;
      else
        p->gone = 0;
    }
  if (!--g->inflight && g->ended && !g->nrel)
    background_done (g);
}

/* The dispatching thread (ARG null) and the unpinning threads.  */
static void *
release_thread (void *arg)
{
  pthread_mutex_lock (&rel_lock);
  for (;;)
    {
      struct release *r;
      if (!arg)
        {
          while (!rel_head)
            pthread_cond_wait (&rel_more, &rel_lock);
          r = pop (&rel_head, &rel_tail);
          rel_busy++;
          dispatch (r);
        }
      else
        {
          while (!unpin_head)
            pthread_cond_wait (&unpin_more, &rel_lock);
          r = pop (&unpin_head, &unpin_tail);
          rel_busy++;
          unpin (r);
        }
      free (r);
      rel_busy--;
      if (!rel_head && !unpin_head && !rel_busy)
        pthread_cond_broadcast (&rel_idle);
    }
  return NULL;
}

/* Start the threads once: the unpinning ones, then (if one started) the
   dispatcher.  0 if they cannot be had (under rel_lock).  */
static int
start_release_threads (void)
{
  pthread_attr_t at;
  pthread_t t;
  int n = 0;
  if (rel_started)
    return rel_started > 0;
  pthread_attr_init (&at);
  pthread_attr_setdetachstate (&at, PTHREAD_CREATE_DETACHED);
  for (int i = 0; i < CUDA_REG_THREADS; i++)
    n += pthread_create (&t, &at, release_thread, &rel_busy) == 0;
  rel_started
    = n && pthread_create (&t, &at, release_thread, NULL) == 0 ? 1 : -1;
  pthread_attr_destroy (&at);
  return rel_started > 0;
}

void
cuda_host_release (void *queue, const void *host, size_t bytes)
{
  struct cuda_queue *q = queue;
  struct cuda_region *g, *found = NULL;
  uintptr_t lo = (uintptr_t) host;
  int any = 0;
  struct release *r;

  pthread_mutex_lock (&region_lock);
  for (g = regions; g; g = g->next)
    if (g->nours)
      {
        any = 1;
        for (int i = 0; i < g->ndirect && !found; i++)
          if (g->direct[i].lo <= lo && lo < g->direct[i].hi)
            found = g->merged ? NULL : g;
      }
  pthread_mutex_unlock (&region_lock);
  /* Nothing registered: nothing to unpin, nothing to order.  */
  if (!any)
    return;
  r = pacc_xcalloc (cuda_cur_where, 1, sizeof *r, "a release");
  r->g = found;
  r->lo = lo;
  r->hi = lo + bytes;
  r->ctx = cuda_devs[q->dev].ctx;
  cuda_use_ctx (q->dev);
  CU_CALL ("creating an event", cuEventCreate, &r->ev,
           CU_EVENT_DISABLE_TIMING);
  CU_CALL ("recording an event", cuEventRecord, r->ev, q->stream);
  pthread_mutex_lock (&rel_lock);
  if (!start_release_threads ())
    {
      /* Unpinned at region end instead.  */
      pthread_mutex_unlock (&rel_lock);
      cuda_lib.cuEventDestroy_v2 (r->ev);
      free (r);
      return;
    }
  if (found)
    found->nrel++;
  push (&rel_head, &rel_tail, r);
  pthread_cond_signal (&rel_more);
  pthread_mutex_unlock (&rel_lock);
}

/* ------------------------------------------------------------------ */
/* Region end.  */

/* Wait for the unpinning of ended regions; its first error in *E.  */
static void
wait_background (CUresult *e)
{
  pthread_mutex_lock (&rel_lock);
  while (bg_regions)
    pthread_cond_wait (&bg_done, &rel_lock);
  *e = bg_error;
  bg_error = CUDA_SUCCESS;
  pthread_mutex_unlock (&rel_lock);
}

void
cuda_pin_wait_background (void)
{
  CUresult e;
  wait_background (&e);
  if (e != CUDA_SUCCESS)
    cuda_fail ("cuMemHostUnregister", e,
               "unregistering a host array after "
               "its region",
               NULL);
}

/* At exit, before the driver goes: no exit () from here.  */
static void
wait_at_exit (void)
{
  CUresult e;
  wait_background (&e);
  if (e != CUDA_SUCCESS)
    pacc_warning (NULL,
                  "CUDA error while unregistering a host array after "
                  "its region: cuMemHostUnregister returned %s (%d: %s)",
                  cuda_name (e), (int) e, cuda_string (e));
}

/* Hand G's pieces that are left to the unpinning threads and return
   (under rel_lock; every release was issued before the queues were
   synchronised, so every event has completed).  The bytes not unpinned
   yet (handed over now, or during the last block), -1 if the threads
   cannot be had, -2 if nothing is left to them.  */
static long long
unpin_after (struct cuda_region *g)
{
  if (!start_release_threads ())
    return -1;
  /* Not waiting for the dispatcher to take G's last releases: its
     driver calls may wait behind the unpinning threads' (the driver holds
     a lock through each registration call: benchmarks/tools/hostpath.c),
     and CIP and Himeno at 8x on an H100 spent 0.5-0.7 s after the device
     span when region end waited for it.  G's pieces are all claimed
     below; G is freed once its last release is dispatched and its last
     piece unpinned.  */
  int left = g->inflight + g->nrel;
  for (int i = 0; i < g->nours; i++)
    left += !g->ours[i].gone;
  if (!left)
    return -2;
  /* The region's name goes with it (for the trace).  */
  if (!(g->bg_where = strdup (g->where ? g->where : "")))
    return -1;
  g->ended = 1;
  g->bg_t0 = pacc_now_us ();
  for (int i = 0; i < g->nours; i++)
    if (!g->ours[i].gone && !queue_unpin (g, i, cuda_devs[0].ctx))
      {
        /* Out of memory for the list: region end unpins what the
           threads have not started (releases_done; nothing of G
           completes while rel_lock is held).  */
        g->ended = 0;
        return -1;
      }
  if (!bg_regions++ && !bg_atexit)
    bg_atexit = atexit (wait_at_exit) == 0;
  /* Not unpinned yet: queued now, or claimed during the last block.  */
  return (long long) (g->reg_bytes - g->early_bytes);
}

/* At G's end (every release was issued before the queues were
   synchronised, so every event has completed): the threads stop
   unpinning G's pieces after the current ones, and region end unpins
   the rest with CUDA_REG_THREADS threads (under rel_lock).  */
static void
releases_done (struct cuda_region *g)
{
  g->closing = 1;
  while (rel_head || unpin_head || rel_busy)
    pthread_cond_wait (&rel_idle, &rel_lock);
}

void
cuda_pin_region_end (struct cuda_region *g)
{
  struct cuda_regjob *jobs = NULL;
  int i, nj = 0;
  long long bg = -1;
  double t0 = pacc_now_us (), unreg_us = 0;
  size_t reg_bytes, early_bytes, lazy_bytes;
  double reg_us, early_us, lazy_us, lazy_wall_us;
  const char *where = g->where;

  /* The queues are synchronised: no copy reads or writes G's bytes any
     more; another thread may still register a piece of G ahead
     (cuda_pin_ahead): not found any more, and waited for.  */
  pin_region_remove (g);
  pthread_mutex_lock (&cuda_pin_lazy_lock);
  for (i = 0; i < g->nours; i++)
    while (g->ours[i].state == CUDA_PIECE_BUSY)
      pthread_cond_wait (&cuda_pin_lazy_done, &cuda_pin_lazy_lock);
  pthread_mutex_unlock (&cuda_pin_lazy_lock);
  if (!g->nours)
    {
      region_free (g);
      return;
    }
  pthread_mutex_lock (&rel_lock);
  if (pacc_settings.early_unregister >= 2)
    bg = unpin_after (g);
  if (bg < 0)
    releases_done (g);
  /* For the report, before the threads may free G (BG >= 0): nothing
     counts as unpinned during the last block from here on.  */
  reg_bytes = g->reg_bytes;
  reg_us = g->reg_us;
  lazy_bytes = g->lazy_bytes;
  lazy_us = g->lazy_us;
  lazy_wall_us = g->lazy_wall_us;
  early_bytes = g->early_bytes;
  early_us = g->early_t1 - g->early_t0;
  pthread_mutex_unlock (&rel_lock);
  if (bg < 0)
    {
      jobs = pacc_xcalloc (where, (size_t) g->nours, sizeof *jobs, "ranges");
      for (i = 0; i < g->nours; i++)
        if (!g->ours[i].gone)
          {
            jobs[nj].lo = g->ours[i].lo;
            jobs[nj++].unreg = 1;
          }
      cuda_run_reg_jobs (jobs, nj);
      unreg_us = pacc_now_us () - t0;
      pacc_trace_span (where, "unregister host arrays", t0, t0 + unreg_us);
      for (i = 0; i < nj; i++)
        if (jobs[i].r != CUDA_SUCCESS)
          cuda_fail ("cuMemHostUnregister", jobs[i].r,
                     "unregistering a "
                     "host array",
                     NULL);
      free (jobs);
    }
  /* Host time outside the device span: pinning and unpinning.  */
  if (pacc_settings.verbose >= 1)
    {
      char b[32], e[32], l[32], z[32], early[96] = "", after[96] = "";
      char lazy[160] = "";
      if (lazy_bytes)
        snprintf (lazy, sizeof lazy,
                  " (%s of them as the first block "
                  "reached them, in %.1f ms, %.1f ms of wall time)",
                  pacc_fmt_bytes (z, sizeof z, lazy_bytes), lazy_us / 1000.0,
                  lazy_wall_us / 1000.0);
      if (early_bytes)
        snprintf (early, sizeof early,
                  "; %s of them during the last "
                  "block, in %.1f ms",
                  pacc_fmt_bytes (e, sizeof e, early_bytes),
                  early_us / 1000.0);
      if (bg > 0)
        snprintf (after, sizeof after,
                  "; %s left to unregister after the "
                  "region, in the background",
                  pacc_fmt_bytes (l, sizeof l, (unsigned long long) bg));
      pacc_note (where,
                 "host arrays: %s registered in %.1f ms%s, "
                 "unregistered in %.1f ms (%d threads)%s%s",
                 pacc_fmt_bytes (b, sizeof b, reg_bytes), reg_us / 1000.0,
                 lazy, unreg_us / 1000.0, CUDA_REG_THREADS, early, after);
    }
  if (bg < 0)
    {
      region_free (g);
    }
}
