/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* cuda-host.c - the host side of a region's copies: the user's arrays
   registered in place, or staged through pinned buffers.

   Host data paths (chosen per region, per array):
   - register: the row range of each transferred array is registered in
     place with cuMemHostRegister (PORTABLE; READ_ONLY as well for a
     read-only targetin array): with PACC_PIN=begin at region begin, in
     pieces of CUDA_REG_PIECE by CUDA_REG_THREADS threads at once; by default
     (first-block) the first CUDA_LAZY_PIECE of each range at region begin,
     the rest by cuda-pin.c as the first block's copies reach it; and
     unregistered by cuda-pin.c (during
     the last block, at region end or after it); copies
     are cuMemcpyHtoDAsync / DtoHAsync on the queue's stream straight from
     and to the user's memory, split where they cross a piece
     (cuda-copy.c).  A range the program already registered
     (CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED) is used as it is when
     both its ends are page-locked host memory.
   - staging: when registration fails (automatic choice), for the
     arrays the region stages (cuda_stage, stage.h: PACC_STAGE or the
     cost model), or with PACC_DATA_PATH=staging, copies go through a
     pinned buffer per queue
     (cuMemAllocHost, CUDA_STAGE_BYTES), in pieces.  The host side of each
     piece is a host function enqueued on the same stream with
     cuLaunchHostFunc: a load is [host function: user rows -> pinned]
     [HtoD pinned -> device], a write-back [DtoH device -> pinned] [host
     function: pinned -> user rows].  So the host memcpy is a stream
     operation like the DMA: it starts only after the waits issued before
     it (a load reads rows only after the neighbours' write-backs have
     reached the user's array), an event recorded after a write-back
     completes only once its rows are in the user's array, the pinned
     buffer is reused only after the previous piece left it, and the
     thread that issues the region never blocks: the queues stay
     asynchronous.  Each host function spreads its memcpy over a small
     pthread pool (host functions may not call CUDA and may be run one at
     a time by the driver, so one thread alone would cap the bandwidth).  */

#include "cuda-int.h"
#include "pacc-abi.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#if defined __x86_64__ || (defined __i386__ && defined __SSE2__)
#include <emmintrin.h>
#endif

/* Staged memcpy below this size is done by the host function alone.  */
#define POOL_MIN_BYTES ((size_t) 2 << 20)
#define POOL_SLICE_MIN ((size_t) 1 << 20)
#define POOL_MAX_THREADS 7

/* ------------------------------------------------------------------ */
/* The host copy pool for staging.  A task is one memcpy cut in slices;
   the caller (a host function) queues it, works on slices itself and
   waits until all are done.  */

struct ptask
{
  char *dst;
  const char *src;
  size_t n, slice;
  unsigned nslices, next, done;
  struct ptask *link;
};

static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t pool_work = PTHREAD_COND_INITIALIZER;
static pthread_cond_t pool_done = PTHREAD_COND_INITIALIZER;
static struct ptask *pool_head, *pool_tail;
static int pool_threads, pool_started;

/* With POOL_LOCK held: the next slice of the oldest task that has one.  */
static int
take_slice (struct ptask **tp, unsigned *ip)
{
  struct ptask *t = pool_head;
  if (!t)
    return 0;
  *ip = t->next++;
  *tp = t;
  if (t->next == t->nslices)
    {
      pool_head = t->link;
      if (!pool_head)
        pool_tail = NULL;
    }
  return 1;
}

/* Staging's host copies: memcpy, with non-temporal stores where the
   target has them and PACC_STAGE_STREAM=1: the bytes go to memory that
   a DMA or the program reads next, not this core, and a plain store
   first reads each line it writes (glibc's memcpy streams only copies
   larger than a cache share, and the slices are smaller).  */
static void
copy_stream (char *dst, const char *src, size_t n)
{
#if defined __x86_64__ || (defined __i386__ && defined __SSE2__)
  if (!pacc_settings.stage_stream)
    {
      memcpy (dst, src, n);
      return;
    }
  size_t head = (16 - ((uintptr_t) dst & 15)) & 15;
  head = head < n ? head : n;
  memcpy (dst, src, head);
  dst += head, src += head, n -= head;
  size_t m = n & ~(size_t) 63;
  for (size_t i = 0; i < m; i += 64)
    {
      __m128i a = _mm_loadu_si128 ((const __m128i *) (src + i));
      __m128i b = _mm_loadu_si128 ((const __m128i *) (src + i + 16));
      __m128i c = _mm_loadu_si128 ((const __m128i *) (src + i + 32));
      __m128i d = _mm_loadu_si128 ((const __m128i *) (src + i + 48));
      _mm_stream_si128 ((__m128i *) (dst + i), a);
      _mm_stream_si128 ((__m128i *) (dst + i + 16), b);
      _mm_stream_si128 ((__m128i *) (dst + i + 32), c);
      _mm_stream_si128 ((__m128i *) (dst + i + 48), d);
    }
  /* The streamed lines are visible before whoever waits for the copy
     reads them.  */
  _mm_sfence ();
  memcpy (dst + m, src + m, n - m);
#else
  memcpy (dst, src, n);
#endif
}

static void
run_slice (struct ptask *t, unsigned i)
{
  size_t lo = (size_t) i * t->slice;
  size_t n = t->n - lo < t->slice ? t->n - lo : t->slice;
  copy_stream (t->dst + lo, t->src + lo, n);
}

/* With POOL_LOCK held.  */
static void
slice_done (struct ptask *t)
{
  if (++t->done == t->nslices)
    pthread_cond_broadcast (&pool_done);
}

static void *
pool_worker (void *arg)
{
  struct ptask *t;
  unsigned i;
  (void) arg;
  pthread_mutex_lock (&pool_lock);
  for (;;)
    {
      while (!take_slice (&t, &i))
        pthread_cond_wait (&pool_work, &pool_lock);
      pthread_mutex_unlock (&pool_lock);
      run_slice (t, i);
      pthread_mutex_lock (&pool_lock);
      slice_done (t);
    }
  return NULL;
}

void
cuda_pool_start (void)
{
  long ncpu = sysconf (_SC_NPROCESSORS_ONLN);
  int want, i;
  pthread_attr_t attr;

  pthread_mutex_lock (&pool_lock);
  if (pool_started)
    {
      pthread_mutex_unlock (&pool_lock);
      return;
    }
  pool_started = 1;
  want = ncpu > 1 ? (int) (ncpu - 1) : 0;
  want = want > POOL_MAX_THREADS ? POOL_MAX_THREADS : want;
  pthread_attr_init (&attr);
  pthread_attr_setdetachstate (&attr, PTHREAD_CREATE_DETACHED);
  for (i = 0; i < want; i++)
    {
      pthread_t th;
      if (pthread_create (&th, &attr, pool_worker, NULL))
        break;
      pool_threads++;
    }
  pthread_attr_destroy (&attr);
  pthread_mutex_unlock (&pool_lock);
}

static void
pool_memcpy (void *dst, const void *src, size_t n)
{
  struct ptask task, *t;
  size_t slices;
  unsigned i;

  if (n < POOL_MIN_BYTES || !pool_threads)
    {
      copy_stream (dst, src, n);
      return;
    }
  slices = (n + POOL_SLICE_MIN - 1) / POOL_SLICE_MIN;
  if (slices > (size_t) pool_threads + 1)
    slices = (size_t) pool_threads + 1;
  task.dst = dst;
  task.src = src;
  task.n = n;
  /* Slices of whole pages.  */
  task.slice = ((n + slices - 1) / slices + 4095) & ~(size_t) 4095;
  task.nslices = (unsigned) ((n + task.slice - 1) / task.slice);
  task.next = task.done = 0;
  task.link = NULL;

  pthread_mutex_lock (&pool_lock);
  if (pool_tail)
    pool_tail->link = &task;
  else
    pool_head = &task;
  pool_tail = &task;
  pthread_cond_broadcast (&pool_work);
  while (task.done < task.nslices)
    {
      if (take_slice (&t, &i))
        {
          pthread_mutex_unlock (&pool_lock);
          run_slice (t, i);
          pthread_mutex_lock (&pool_lock);
          slice_done (t);
        }
      else
        pthread_cond_wait (&pool_done, &pool_lock);
    }
  pthread_mutex_unlock (&pool_lock);
}

void
cuda_stage_fn (void *arg)
{
  struct cuda_stage_job *j = arg;
  pool_memcpy (j->dst, j->src, j->n);
  free (j);
}

/* ------------------------------------------------------------------ */
/* Region begin and end.  */

struct arr
{
  uintptr_t lo, hi; /* exact bytes.  */
  int i;            /* the array, or the first of a merged range.  */
  int written;      /* some array of the range is written back.  */
};

static int
arr_cmp (const void *a, const void *b)
{
  const struct arr *x = a, *y = b;
  return x->lo < y->lo ? -1 : x->lo > y->lo;
}

/* The driver tracks registrations by byte range, not by page (seen with
   driver 580 on an H100): ranges that share a page register
   independently, and a range must be unregistered with the exact address
   it was registered with.  So each array's bytes are registered as they
   are; only arrays whose bytes overlap (a targetin array listed twice)
   are merged into one range.  Read-only memory (a const targetin array)
   registers only with CU_MEMHOSTREGISTER_READ_ONLY.  */
void *
cuda_region_begin (const char *where, int n, char *const *host,
                   const size_t *bytes, const int *kinds,
                   const char *const *names, const char **path)
{
  struct cuda_region *g = pacc_xcalloc (where, 1, sizeof *g, "a region");
  struct arr *a = pacc_xcalloc (where, (size_t) n, sizeof *a, "arrays");
  int na = 0, ns = 0, i, nstaged = 0;
  int forced = pacc_settings.data_path == PACC_PATH_REGISTER;

  cuda_cur_where = where;
  g->where = where;
  /* An earlier region's ranges may still be unpinning (cuda-pin.c).  */
  cuda_pin_wait_background ();
  if (cuda_timing)
    for (int d = 0; d < cuda_ndevs; d++)
      {
        /* Anchor this region's device times to the host clock.  */
        cuda_use_ctx (d);
        CU_CALL ("recording the timing reference", cuEventRecord,
                 cuda_devs[d].ref_ev, cuda_devs[d].ctl);
        CU_CALL ("waiting for the timing reference", cuEventSynchronize,
                 cuda_devs[d].ref_ev);
        cuda_devs[d].ref_host = pacc_now_us ();
      }
  cuda_ensure_thread ();

  for (i = 0; i < n; i++)
    if (bytes[i])
      {
        a[na].lo = (uintptr_t) host[i];
        a[na].hi = (uintptr_t) host[i] + bytes[i];
        a[na].written = kinds[i] != PACC_KIND_IN;
        a[na++].i = i;
      }
  g->direct = pacc_xcalloc (where, (size_t) na, sizeof *g->direct, "ranges");

  if (pacc_settings.data_path == PACC_PATH_STAGING)
    nstaged = na;
  else
    {
      qsort (a, (size_t) na, sizeof *a, arr_cmp);
      for (i = 0; i < na; i++)
        if (ns && a[i].lo < a[ns - 1].hi)
          {
            if (a[i].hi > a[ns - 1].hi)
              a[ns - 1].hi = a[i].hi;
            a[ns - 1].written |= a[i].written;
          }
        else
          a[ns++] = a[i];
      g->merged = ns < na;
      /* Every range in pieces, registered in parallel; a piece refused
         as writable memory is tried read-only when nothing writes it
         back.  PACC_PIN=first-block: only the first piece of each range
         now (whether the array can be registered at all decides its
         path), the others as copies first need them (cuda_pin_ensure).  */
      int lazy = pacc_settings.pin_lazy;
      size_t piece = !lazy ? CUDA_REG_PIECE
                     : pacc_settings.pin_piece
                       ? (size_t) pacc_settings.pin_piece
                       : CUDA_LAZY_PIECE;
      int nj = 0, nrun = 0,
          *first
          = pacc_xcalloc (where, (size_t) ns + 1, sizeof *first, "ranges");
      struct cuda_regjob *jobs, *run;
      for (i = 0; i < ns; i++)
        {
          first[i] = nj;
          nj += (int) ((a[i].hi - a[i].lo + piece - 1) / piece);
        }
      first[ns] = nj;
      jobs = pacc_xcalloc (where, (size_t) nj + 1, sizeof *jobs, "ranges");
      run = pacc_xcalloc (where, (size_t) nj + 1, sizeof *run, "ranges");
      for (i = 0; i < ns; i++)
        for (int k = first[i]; k < first[i + 1]; k++)
          {
            uintptr_t lo = a[i].lo + (uintptr_t) (k - first[i]) * piece;
            uintptr_t hi = lo + piece < a[i].hi ? lo + piece : a[i].hi;
            jobs[k].lo = (void *) lo;
            jobs[k].len = hi - lo;
            jobs[k].flags = CU_MEMHOSTREGISTER_PORTABLE;
            if (!lazy || k == first[i])
              run[nrun++] = jobs[k];
          }
      double t0 = pacc_now_us ();
      cuda_run_reg_jobs (run, nrun);
      g->reg_us = pacc_now_us () - t0;
      pacc_trace_span (where, "register host arrays", t0, t0 + g->reg_us);
      for (i = 0, nrun = 0; i < ns; i++)
        for (int k = first[i]; k < first[i + 1]; k++)
          if (!lazy || k == first[i])
            jobs[k].r = run[nrun++].r;
      free (run);
      for (i = 0; i < ns; i++)
        for (int k = first[i]; k < first[i + 1]; k++)
          jobs[k].r = cuda_register_read_only (jobs[k].r, jobs[k].lo,
                                               jobs[k].len, a[i].written);
      g->ours
        = pacc_xcalloc (where, (size_t) nj + 1, sizeof *g->ours, "ranges");
      for (i = 0; i < ns; i++)
        {
          void *lo = (void *) a[i].lo;
          size_t len = a[i].hi - a[i].lo;
          const char *nm = names[a[i].i];
          CUresult r = CUDA_SUCCESS;
          int k, mine = 0, before = 0;
          /* Lazy: the pieces after the first are not registered yet.  */
          int last = lazy ? first[i] + 1 : first[i + 1];
          for (k = first[i]; k < last; k++)
            if (jobs[k].r == CUDA_SUCCESS)
              mine++;
            /* Registered before (by the program).  */
            else if (cuda_registered_before (jobs[k].r, jobs[k].lo,
                                             jobs[k].len))
              before++;
            else if (r == CUDA_SUCCESS)
              r = jobs[k].r;
          if (r == CUDA_SUCCESS)
            {
              g->direct[g->ndirect].first = lazy ? g->nours : -1;
              for (k = first[i]; k < first[i + 1]; k++)
                if (k >= last)
                  {
                    /* Gone until registered: nothing to unpin.  */
                    g->ours[g->nours].lo = jobs[k].lo;
                    g->ours[g->nours].len = jobs[k].len;
                    g->ours[g->nours].gone = 1;
                    g->ours[g->nours++].state = CUDA_PIECE_NONE;
                    g->lazy_left++;
                  }
                else if (jobs[k].r == CUDA_SUCCESS || lazy)
                  {
                    /* Lazy: the first piece keeps its place, ours or
                       the program's.  */
                    int ours = jobs[k].r == CUDA_SUCCESS;
                    g->ours[g->nours].lo = jobs[k].lo;
                    g->ours[g->nours].len = jobs[k].len;
                    g->ours[g->nours].gone = !ours;
                    g->ours[g->nours++].state
                      = ours ? CUDA_PIECE_OURS : CUDA_PIECE_THEIRS;
                    g->reg_bytes += ours ? jobs[k].len : 0;
                  }
              if (before && pacc_settings.verbose >= 2)
                pacc_note (where,
                           "array '%s' is page-locked already%s: "
                           "using it as it is",
                           nm, mine ? " in part" : "");
            }
          else
            {
              /* Give back the pieces that did register.  */
              for (k = first[i]; k < last; k++)
                if (jobs[k].r == CUDA_SUCCESS)
                  CU_CALL ("unregistering a host array", cuMemHostUnregister,
                           jobs[k].lo);
              if (forced)
                pacc_error (where,
                            "PACC_DATA_PATH=register: cannot register "
                            "array '%s' (%zu bytes at %p) with the CUDA "
                            "driver: cuMemHostRegister_v2 returned %s (%s)",
                            nm, len, lo, cuda_name (r), cuda_string (r));
              if (pacc_settings.verbose >= 1)
                pacc_note (where,
                           "array '%s' cannot be registered (%s): "
                           "staging its copies",
                           nm, cuda_name (r));
              nstaged++;
              continue;
            }
          g->direct[g->ndirect].piece = piece;
          g->direct[g->ndirect].written = a[i].written;
          g->direct[g->ndirect].name = nm;
          g->direct[g->ndirect].lo = a[i].lo;
          g->direct[g->ndirect++].hi = a[i].hi;
        }
      free (jobs);
      free (first);
    }
  if (nstaged)
    {
      if (!cuda_lib.cuLaunchHostFunc)
        pacc_error (where,
                    "staging needs cuLaunchHostFunc, which this CUDA "
                    "driver does not have (CUDA 10 or later is needed)");
      cuda_staging_needed = 1;
      cuda_pool_start ();
    }
  *path = !nstaged ? "register" : !g->ndirect ? "staging" : "register+staging";
  free (a);

  cuda_pin_region_add (g);
  return g;
}

/* Stage the copies of array NAME, [HOST, HOST + BYTES), instead of
   registering it (backend.h stage).  */
int
cuda_stage (void *handle, const void *host, size_t bytes, const char *name)
{
  struct cuda_region *g = handle;
  if (!bytes || !cuda_lib.cuLaunchHostFunc
      || !cuda_pin_range_drop (g, (uintptr_t) host, (uintptr_t) host + bytes,
                               name))
    return 0;
  /* Its loads fill the queues' slots ahead (cuda-copy.c), or take turns
     with their host copies through the queue's staging buffer.  */
  if (pacc_settings.stage_ahead && cuda_is_read_only_staged (host, bytes))
    cuda_prefetch_needed = 1;
  else
    cuda_staging_needed = 1;
  cuda_pool_start ();
  return 1;
}

/* The pieces left for the first block's copies to register, at the
   rate of those registered at region begin (one per range, side by
   side; the driver runs one registration at a time, so about the rate
   of one thread: 14-19 GB/s on an H100 host, benchmarks/RESULTS.md).  */
double
cuda_pin_pending (void *handle)
{
  const struct cuda_region *g = handle;
  size_t left = 0;
  if (g->lazy_left <= 0 || !g->reg_bytes || g->reg_us <= 0)
    return 0;
  for (int i = 0; i < g->nours; i++)
    left += g->ours[i].state == CUDA_PIECE_NONE ? g->ours[i].len : 0;
  return (double) left / ((double) g->reg_bytes / g->reg_us) * 1e-6;
}

void
cuda_region_end (void *handle)
{
  /* The queues are synchronised: nothing reads or writes these any more.  */
  cuda_pin_region_end (handle);
  cuda_cur_where = NULL;
}
