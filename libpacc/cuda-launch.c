/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* cuda-launch.c - PACC's own launches of the kernels pacc.so built
   (launch_prepare / launch_issue of pacc_backend_cuda, called by
   launch.c's __pacc_parallel_keyed).

   GCC 12's GOACC_parallel_keyed allocates the argument block of every
   launch (and the device copies of firstprivate scalars, which GCC 12
   maps for OpenACC as GOMP_MAP_TO) with cuMemAlloc and frees it later,
   which costs 50-60 us of host time and synchronises the device.  For
   pacc kernels, whose map clauses are deviceptr, firstprivate_int, or
   `to' or `tofrom' (reduction variables) of a small scalar, PACC
   launches the kernel itself:
   - the CUfunction and its compile-time launch dimensions are libgomp's:
     for an offloaded function F, acc_deviceptr (F) gives libgomp's
     targ_fn_descriptor (GCC 12 plugin-nvptx.c: the function table of an
     image maps host functions to descriptors, target offset 0), so the
     module is the one libgomp loaded, in the same context;
   - the argument block (device addresses: firstprivate_int values as
     they are; for each `to' scalar and each deviceptr variable the
     address of its copy, which follows the addresses in the same slot)
     goes through a ring of pinned host slots copied to a ring of device
     slots with one cuMemcpyHtoDAsync on the kernel's stream, and a slot
     is reused only after its event (recorded after the launch) has
     completed;
   - dimensions as libgomp chooses them: the compile-time ones, else gangs
     to fill the device (occupancy times multiprocessors), workers to make
     blocks of LAUNCH_THREADS threads, vector 32;
   - a kernel whose registers do not fit its compile-time block is
     compiled again to fit (compile_to_fit), into a module of its own.
   Anything else (another map kind, no stream, PACC_LAUNCH=libgomp) goes
   to libgomp.

   A launch is prepared in the thread that launches it (the kernel, its
   dimensions and the values of its map clauses, copied then) and issued
   on its stream by launch_issue, in that thread or in the device's
   worker thread (workers.c).  */

#include "cuda-int.h"
#include "image.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GOMP_MAP_TO 1
#define GOMP_MAP_TOFROM 3
#define GOMP_MAP_FORCE_DEVICEPTR 8
#define GOMP_MAP_FIRSTPRIVATE_INT 13
#define LAUNCH_SLOT_BYTES 2048
#define LAUNCH_SCALAR_MAX 16
#define LAUNCH_THREADS 256

/* GCC 12 libgomp/plugin/plugin-nvptx.c.  */
struct targ_fn_descriptor
{
  CUfunction fn;
  const struct pacc_fn_launch *launch;
  int regs_per_thread;
  int max_threads_per_block;
};

/* A kernel on one device (each device has its own module, loaded by
   libgomp).  */
struct kfn
{
  void (*host) (void *);
  int dev;
  const struct targ_fn_descriptor *d;
  unsigned gangs; /* Default gangs for this kernel.  */
  CUfunction own; /* Compiled again to fit its block, or 0.  */
};

static struct
{
  int on;
  struct kfn *fns;
  int nfns, cap;
} L;
static pthread_mutex_t launch_lock = PTHREAD_MUTEX_INITIALIZER;

/* The reduction results of the last launch this thread issued.  */
static _Thread_local struct
{
  const void *var;
  char *src;
  size_t bytes;
  int dev;
  unsigned slot;
} last[LAUNCH_RESULTS];
static _Thread_local int nlast;

struct deferred
{
  char *src;
  void *dst;
  size_t bytes;
  int dev;
  unsigned slot;
};
static pthread_mutex_t defer_lock = PTHREAD_MUTEX_INITIALIZER;
static struct deferred *deferred;
static size_t ndeferred, capdeferred;
static void flush_results_through (int dev, unsigned slot);

int
cuda_launch_init (void)
{
  if (!cuda_have_gomp)
    return 0;
  /* With PACC_LAUNCH=libgomp, every launch is left to libgomp (L.on stays
     0), and launch.c counts them for the region report.  */
  if (pacc_settings.launch_libgomp)
    return 1;
  for (int d = 0; d < cuda_ndevs; d++)
    {
      struct cuda_dev *v = &cuda_devs[d];
      pthread_mutex_init (&v->llock, NULL);
      cuda_use_ctx (d);
      CU_CALL ("reading the number of multiprocessors", cuDeviceGetAttribute,
               &v->sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, v->cudev);
      CU_CALL ("allocating pinned kernel-argument slots", cuMemAllocHost_v2,
               (void **) &v->lhost,
               (size_t) CUDA_LAUNCH_SLOTS * LAUNCH_SLOT_BYTES);
      CU_CALL ("allocating device kernel-argument slots", cuMemAlloc_v2,
               &v->ldev, (size_t) CUDA_LAUNCH_SLOTS * LAUNCH_SLOT_BYTES);
      for (int i = 0; i < CUDA_LAUNCH_SLOTS; i++)
        CU_CALL ("creating a kernel-argument event", cuEventCreate, &v->lev[i],
                 CU_EVENT_DISABLE_TIMING);
      CU_CALL ("creating the event of reduction kernels", cuEventCreate,
               &v->lkev, CU_EVENT_DISABLE_TIMING);
      CU_CALL ("creating the stream of reduction results", cuStreamCreate,
               &v->lres, CU_STREAM_NON_BLOCKING);
    }
  cuda_use_ctx (0);
  L.on = 1;
  return 1;
}
static const struct kfn *
launch_lookup (void (*fn) (void *), int dev)
{
  for (int i = 0; i < L.nfns; i++)
    if (L.fns[i].host == fn && L.fns[i].dev == dev)
      return &L.fns[i];
  int old = cuda_gomp.acc_get_device_num (CUDA_ACC_DEVICE_NVIDIA);
  if (old != cuda_devs[dev].ord)
    cuda_gomp.acc_set_device_num (cuda_devs[dev].ord, CUDA_ACC_DEVICE_NVIDIA);
  const struct targ_fn_descriptor *d = cuda_gomp.acc_deviceptr ((void *) fn);
  if (old != cuda_devs[dev].ord)
    cuda_gomp.acc_set_device_num (old, CUDA_ACC_DEVICE_NVIDIA);
  if (!d)
    return NULL;
  /* A guard against another libgomp's layout.  */
  if (d->max_threads_per_block < 32 || d->max_threads_per_block > 4096
      || !d->launch || !d->fn)
    {
      if (pacc_settings.verbose >= 1)
        pacc_note (NULL, "kernel launches go through libgomp: its function "
                         "descriptors are not GCC 12's");
      L.on = 0;
      return NULL;
    }
  if (L.nfns == L.cap)
    {
      L.cap = L.cap ? 2 * L.cap : 16;
      struct kfn *n = realloc (L.fns, L.cap * sizeof *n);
      if (!n)
        pacc_error (NULL, "out of memory for the kernel table");
      L.fns = n;
    }
  struct kfn *k = &L.fns[L.nfns++];
  k->host = fn;
  k->dev = dev;
  k->d = d;
  k->gangs = 0;
  k->own = NULL;
  return k;
}

static void
free_strings (char **s, unsigned n)
{
  for (unsigned i = 0; i < n; i++)
    free (s[i]);
  free (s);
}

/* K's kernel compiled again so that W x V threads fit a block: its image
   linked anew with `.maxntid V, W, 1' on its definition (image.c), into
   a module of libpacc's own in the current context.  GCC fixed the
   kernel's workers when it compiled its loops, so the launch cannot use
   fewer; with the directive ptxas keeps the registers within the block's
   share (spilling if it must).  The module has its own copies of the
   image's device variables, so an image that has any is refused.  0 and
   the reason in WHY on failure.  */
static CUfunction
compile_to_fit (const struct kfn *k, unsigned w, unsigned v, char *why,
                size_t whylen)
{
  const struct pacc_fn_launch *fn = k->d->launch;
  unsigned n = 0, nvars = 0;
  char **ptx;
  char log[1024] = "";
  CUjit_option opt[2]
    = { CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES };
  void *val[2] = { log, (void *) (uintptr_t) sizeof log };
  CUlinkState st = NULL;
  CUmodule mod = NULL;
  CUfunction f = NULL;
  void *cubin;
  size_t size;
  int maxt = 0;
  CUresult r = CUDA_SUCCESS;

  if (!cuda_lib.cuLinkCreate_v2 || !cuda_lib.cuLinkAddData_v2
      || !cuda_lib.cuLinkComplete || !cuda_lib.cuLinkDestroy
      || !cuda_lib.cuModuleLoadData || !cuda_lib.cuModuleGetFunction
      || !cuda_lib.cuFuncGetAttribute)
    {
      snprintf (why, whylen, "the CUDA driver lacks the linker calls");
      return NULL;
    }
  if (!(ptx = pacc_image_bounded_ptx (fn, &n, &nvars)))
    {
      snprintf (why, whylen, "its offload image is not known to libpacc");
      return NULL;
    }
  if (nvars)
    {
      snprintf (why, whylen, "its offload image has %u device variables",
                nvars);
      free_strings (ptx, n);
      return NULL;
    }
  if ((r = cuda_lib.cuLinkCreate_v2 (2, opt, val, &st)) == CUDA_SUCCESS)
    {
      for (unsigned i = 0; i < n && r == CUDA_SUCCESS; i++)
        r = cuda_lib.cuLinkAddData_v2 (st, CU_JIT_INPUT_PTX, ptx[i],
                                       strlen (ptx[i]) + 1, NULL, 0, NULL,
                                       NULL);
      if (r == CUDA_SUCCESS)
        r = cuda_lib.cuLinkComplete (st, &cubin, &size);
      if (r == CUDA_SUCCESS)
        r = cuda_lib.cuModuleLoadData (&mod, cubin);
      cuda_lib.cuLinkDestroy (st);
      if (r == CUDA_SUCCESS)
        r = cuda_lib.cuModuleGetFunction (&f, mod, fn->fn);
      if (r == CUDA_SUCCESS)
        r = cuda_lib.cuFuncGetAttribute (
          &maxt, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, f);
    }
  if (r != CUDA_SUCCESS)
    snprintf (why, whylen, "linking it returned %s%s%s", cuda_name (r),
              *log ? ": " : "", log);
  else if (maxt < (int) (w * v))
    snprintf (why, whylen, "it still allows only %d threads", maxt);
  free_strings (ptx, n);
  return r == CUDA_SUCCESS && maxt >= (int) (w * v) ? f : NULL;
}

/* A launch as the device's thread issues it: the kernel, its dimensions
   and the values of its map clauses, copied when it was prepared (the
   variables may change before a worker issues it).  */
struct klaunch
{
  struct pacc_launch pub; /* device and results (backend.h).  */
  CUfunction fn;
  unsigned g, w, v;
  CUstream s;
  size_t mapnum;
  struct
  {
    int kind;
    size_t size;
    const void *var; /* the host variable (results).  */
    uintptr_t ival;  /* firstprivate_int: the value.  */
    unsigned char val[LAUNCH_SCALAR_MAX];
  } m[];
};

/* Register host memory that the first block's copies will reach
   (cuda_pin_ahead) while EV, recorded after a launch, has not run: the device
   is busy with what was issued before it.  The last query's result:
   CUDA_ERROR_NOT_READY when nothing was left to register; *T0 set to
   when the first query said not ready.  */
static CUresult
pin_while (CUevent ev, double *t0)
{
  CUresult r;
  while ((r = cuda_lib.cuEventQuery (ev)) == CUDA_ERROR_NOT_READY)
    {
      *t0 = *t0 ? *t0 : pacc_now_us ();
      if (!cuda_pin_ahead ())
        break;
    }
  return r;
}

/* Wait for EV (recorded after a launch: its argument slot, or its
   reduction results, WHAT), registering ahead meanwhile instead of only
   after the wait (benchmarks/RESULTS.md, "Pinning while the issuing
   thread waits").  */
static void
wait_launch (CUevent ev, const char *what)
{
  double t0 = 0;
  CUresult r = pin_while (ev, &t0);
  if (r == CUDA_ERROR_NOT_READY)
    {
      CU_CALL (what, cuEventSynchronize, ev);
      r = CUDA_SUCCESS;
    }
  if (r != CUDA_SUCCESS)
    cuda_fail ("cuEventQuery", r, what, NULL);
  if (t0)
    pacc_trace_span (cuda_cur_where, what, t0, pacc_now_us ());
}

/* While the first block registers host memory, keep the issuing thread
   at most CUDA_LAUNCH_AHEAD launches ahead of the device, registering the next
   pieces until it is no further: further ahead, the driver's own queue
   fills and its calls block the thread until the device catches up,
   time in which nothing is registered, and the device then waits for
   the next chunk's pieces (Himeno at 8x with 78 chunks on an H100: 2.2 s
   of a 6 s first block; paced, the device idles 0.15 s of the region
   instead of 1.7 s: benchmarks/RESULTS.md, "Pacing the launches while
   registering").  Nothing to register: no wait.  */
static void
pace_launch (struct cuda_dev *dv0, unsigned slot)
{
  unsigned back
    = (slot + CUDA_LAUNCH_SLOTS - CUDA_LAUNCH_AHEAD) % CUDA_LAUNCH_SLOTS;
  double t0 = 0;
  if (!dv0->lused[back] || !cuda_pin_ahead_pending ())
    return;
  CUresult r = pin_while (dv0->lev[back], &t0);
  if (r != CUDA_SUCCESS && r != CUDA_ERROR_NOT_READY)
    cuda_fail ("cuEventQuery", r,
               "pacing the launches while host memory "
               "is registered",
               NULL);
  if (t0)
    pacc_trace_span (cuda_cur_where, "registering ahead of the device", t0,
                     pacc_now_us ());
}

/* Issue L on its stream, in the calling thread (the launching thread, or
   the device's worker): the argument slot, the kernel, the copies of its
   results into the slot, the slot's event.  Only one thread at a time
   uses a device's slots (llock).  */
static void
launch_issue (const struct klaunch *l)
{
  struct cuda_dev *dv0 = &cuda_devs[l->pub.dev];
  pthread_mutex_lock (&dv0->llock);
  cuda_use_ctx (l->pub.dev);
  unsigned slot = dv0->lnext;
  dv0->lnext = (dv0->lnext + 1) % CUDA_LAUNCH_SLOTS;
  /* A deferred reduction result still in the slot: take it out, and the
     older ones before it (not the newer: waiting for those drained the
     device every CUDA_LAUNCH_SLOTS launches, RESULTS.md "A residual in a
     copy-like loop").  */
  if (__atomic_load_n (&dv0->lpending[slot], __ATOMIC_ACQUIRE))
    flush_results_through (l->pub.dev, slot);
  if (dv0->lused[slot])
    wait_launch (dv0->lev[slot], "waiting for a kernel-argument slot");
  pace_launch (dv0, slot);
  char *h = dv0->lhost + (size_t) slot * LAUNCH_SLOT_BYTES;
  CUdeviceptr dv = dv0->ldev + (CUdeviceptr) slot * LAUNCH_SLOT_BYTES;
  size_t bytes = l->mapnum * sizeof (void *);
  for (size_t i = 0; i < l->mapnum; i++)
    {
      CUdeviceptr a;
      int k = l->m[i].kind;
      if (k == GOMP_MAP_TO || k == GOMP_MAP_TOFROM
          || k == GOMP_MAP_FORCE_DEVICEPTR)
        {
          /* A copy of the host variable (for deviceptr, the variable
             holding the device pointer: GCC 12 maps it like a scalar and
             libgomp copies it, target.c), after the addresses.  */
          memcpy (h + bytes, l->m[i].val, l->m[i].size);
          a = dv + bytes;
          bytes += LAUNCH_SCALAR_MAX;
        }
      else
        /* firstprivate_int: the value itself.  */
        a = (CUdeviceptr) l->m[i].ival;
      memcpy (h + i * sizeof (void *), &a, sizeof a);
    }
  CU_CALL ("copying kernel arguments", cuMemcpyHtoDAsync_v2, dv, h, bytes,
           l->s);
  void *kargs[1] = { &dv };
  CU_CALL_FAULT (PACC_FAULT_LAUNCH, l->pub.has_chunk ? &l->pub.chunk : NULL,
                 "launching a kernel", cuLaunchKernel, l->fn, l->g, 1, 1, l->v,
                 l->w, 1, 0, l->s, kargs, NULL);
  /* `tofrom' scalars (reduction variables) come back after the kernel
     into the pinned slot (a copy into the variable, on the stack, would
     be synchronous); __pacc_reduction_result then takes them from there
     (cuda_defer_result), without waiting.  The copies go on the device's
     stream of results, after the kernel: on the kernel's queue they
     waited for the copy engine behind the write-backs, and the queue's
     next kernels with them (RESULTS.md, "A residual in a copy-like
     loop").  The slot's event then follows the copies.  */
  nlast = 0;
  CUstream after = l->s;
  for (size_t i = 0, off = l->mapnum * sizeof (void *); i < l->mapnum; i++)
    {
      int k = l->m[i].kind;
      if (k == GOMP_MAP_TOFROM)
        {
          if (after == l->s)
            {
              /* One event per device: the wait takes the record made
                 just before it, and llock keeps other launches out.  */
              CU_CALL ("recording a reduction kernel's event", cuEventRecord,
                       dv0->lkev, l->s);
              CU_CALL ("ordering a reduction result after its kernel",
                       cuStreamWaitEvent, dv0->lres, dv0->lkev, 0);
              after = dv0->lres;
            }
          CU_CALL ("copying a reduction result back", cuMemcpyDtoHAsync_v2,
                   h + off, dv + off, l->m[i].size, after);
          if (nlast < LAUNCH_RESULTS)
            {
              last[nlast].var = l->m[i].var;
              last[nlast].src = h + off;
              last[nlast].bytes = l->m[i].size;
              last[nlast].dev = l->pub.dev;
              last[nlast].slot = slot;
              nlast++;
            }
        }
      if (k == GOMP_MAP_TO || k == GOMP_MAP_TOFROM
          || k == GOMP_MAP_FORCE_DEVICEPTR)
        off += LAUNCH_SCALAR_MAX;
    }
  CU_CALL ("recording a kernel-argument event", cuEventRecord, dv0->lev[slot],
           after);
  dv0->lused[slot] = 1;
  pthread_mutex_unlock (&dv0->llock);
}

struct pacc_launch *
cuda_launch_prepare (void (*fn) (void *), size_t mapnum, void **hostaddrs,
                     size_t *sizes, unsigned short *kinds,
                     const unsigned *dims, int async)
{
  /* Slot layout: MAPNUM device addresses, then the `to' scalars, each in
     LAUNCH_SCALAR_MAX bytes.  */
  if (!L.on || async < 0
      || mapnum * (sizeof (void *) + LAUNCH_SCALAR_MAX) > LAUNCH_SLOT_BYTES)
    goto slow;
  for (size_t i = 0; i < mapnum; i++)
    {
      int k = kinds[i] & 0xff;
      if (k != GOMP_MAP_FIRSTPRIVATE_INT
          && !((k == GOMP_MAP_TO || k == GOMP_MAP_TOFROM
                || k == GOMP_MAP_FORCE_DEVICEPTR)
               && sizes[i] <= LAUNCH_SCALAR_MAX))
        goto slow;
    }
  struct cuda_queue *cq = cuda_queue_of (async);
  if (!cq)
    goto slow;
  struct cuda_dev *dv0 = &cuda_devs[cq->dev];

  pthread_mutex_lock (&launch_lock);
  cuda_use_ctx (cq->dev);
  const struct kfn *kc = launch_lookup (fn, cq->dev);
  if (!kc)
    {
      pthread_mutex_unlock (&launch_lock);
      goto slow;
    }
  struct kfn *k = (struct kfn *) kc;
  const struct targ_fn_descriptor *d = k->d;
  unsigned g = dims[0] ? dims[0] : d->launch->dim[0];
  unsigned w = dims[1] ? dims[1] : d->launch->dim[1];
  unsigned v = dims[2] ? dims[2] : d->launch->dim[2];
  if (!v)
    v = 32;
  if (!w)
    {
      w = LAUNCH_THREADS / v;
      while (w > 1 && (int) (w * v) > d->max_threads_per_block)
        w--;
      if (!w)
        w = 1;
    }
  /* Workers fixed at compile time cannot be reduced here (GCC compiled
     the kernel's loops for that many), and cuLaunchKernel would only say
     CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES: compile the kernel again to fit.  */
  if ((int) (w * v) > d->max_threads_per_block && !k->own)
    {
      char why[1280];
      k->own = compile_to_fit (k, w, v, why, sizeof why);
      if (!k->own)
        {
          int fit = d->max_threads_per_block / (int) v;
          pthread_mutex_unlock (&launch_lock);
          pacc_error (cuda_cur_where,
                      "kernel %s needs %d registers per thread on "
                      "CUDA device %d, which allows %d threads per block, "
                      "not its %u workers of %u lanes, and compiling it "
                      "again for them failed (%s): build with "
                      "-fplugin-arg-pacc-workers=%d or fewer",
                      d->launch->fn, d->regs_per_thread, cq->dev,
                      d->max_threads_per_block, w, v, why, fit > 0 ? fit : 1);
        }
      if (pacc_settings.verbose >= 1)
        {
          int regs = 0;
          cuda_lib.cuFuncGetAttribute (&regs, CU_FUNC_ATTRIBUTE_NUM_REGS,
                                       k->own);
          pacc_note (cuda_cur_where,
                     "kernel %s needs %d registers per thread, "
                     "too many for its %u workers of %u lanes on CUDA "
                     "device %d: compiled again for them, with %d",
                     d->launch->fn, d->regs_per_thread, w, v, cq->dev, regs);
        }
    }
  CUfunction kf = k->own ? k->own : d->fn;
  if (!g)
    {
      if (!k->gangs)
        {
          int nb = 0;
          CU_CALL ("computing a kernel's occupancy",
                   cuOccupancyMaxActiveBlocksPerMultiprocessor, &nb, kf,
                   (int) (w * v), 0);
          k->gangs = (unsigned) (nb > 0 ? nb : 1) * (unsigned) dv0->sms;
        }
      g = k->gangs;
    }
  pthread_mutex_unlock (&launch_lock);

  struct klaunch *l = pacc_xmalloc (NULL, sizeof *l + mapnum * sizeof l->m[0],
                                    "a kernel launch");
  l->fn = kf;
  l->g = g;
  l->w = w;
  l->v = v;
  l->s = cq->stream;
  l->pub.dev = cq->dev;
  l->pub.nresults = 0;
  l->mapnum = mapnum;
  for (size_t i = 0; i < mapnum; i++)
    {
      int kd = kinds[i] & 0xff;
      l->m[i].kind = kd;
      l->m[i].size = sizes[i];
      l->m[i].var = hostaddrs[i];
      l->m[i].ival = (uintptr_t) hostaddrs[i];
      if (kd != GOMP_MAP_FIRSTPRIVATE_INT)
        memcpy (l->m[i].val, hostaddrs[i], sizes[i]);
      if (kd == GOMP_MAP_TOFROM && l->pub.nresults < LAUNCH_RESULTS)
        {
          l->pub.result_var[l->pub.nresults] = hostaddrs[i];
          l->pub.result_bytes[l->pub.nresults] = sizes[i];
          l->pub.nresults++;
        }
    }
  return &l->pub;

slow:
  nlast = 0;
  return NULL;
}

void
cuda_launch_issue (struct pacc_launch *launch)
{
  struct klaunch *l = (struct klaunch *) launch;
  launch_issue (l);
  free (l);
}

/* The reduction results of the last launch this thread issued: VAR's
   value is to reach DST later.  0 if that launch did not write VAR.  */
int
cuda_defer_result (const void *var, void *dst, size_t bytes)
{
  int i;
  for (i = 0; i < nlast; i++)
    if (last[i].var == var && last[i].bytes == bytes)
      break;
  if (i == nlast)
    return 0;
  pthread_mutex_lock (&defer_lock);
  if (ndeferred == capdeferred)
    {
      size_t cap = capdeferred ? 2 * capdeferred : 256;
      struct deferred *n = realloc (deferred, cap * sizeof *n);
      if (!n)
        pacc_error (cuda_cur_where, "out of memory for reduction results");
      deferred = n;
      capdeferred = cap;
    }
  deferred[ndeferred].src = last[i].src;
  deferred[ndeferred].dst = dst;
  deferred[ndeferred].bytes = bytes;
  deferred[ndeferred].dev = last[i].dev;
  deferred[ndeferred].slot = last[i].slot;
  __atomic_add_fetch (&cuda_devs[last[i].dev].lpending[last[i].slot], 1,
                      __ATOMIC_RELEASE);
  ndeferred++;
  pthread_mutex_unlock (&defer_lock);
  return 1;
}

/* The deferred results to their destinations, in the order they were
   deferred, through the last that sits in slot SLOT of device DEV (all
   of them when DEV < 0); the newer ones stay deferred.  A slot holds the
   results of one launch only (its next launch flushes them first).  A
   slot is released (its count of deferred results down to zero) only
   after the copies out of it, and only when no result left deferred is
   in it: a launch's results are deferred one call each, so another
   thread's results, deferred between two of them, can end a flush
   between them (testsuite/pacc.unit/deferred.c: with a flag cleared by
   the first, the slot's next launch overwrote the rest).  */
static void
flush_results_through (int dev, unsigned slot)
{
  pthread_mutex_lock (&defer_lock);
  size_t n = ndeferred;
  if (dev >= 0)
    {
      n = 0;
      for (size_t i = 0; i < ndeferred; i++)
        if (deferred[i].dev == dev && deferred[i].slot == slot)
          n = i + 1;
    }
  for (size_t i = 0; i < n; i++)
    {
      struct deferred *x = &deferred[i];
      struct cuda_dev *v = &cuda_devs[x->dev];
      wait_launch (v->lev[x->slot], "waiting for a reduction result");
      memcpy (x->dst, x->src, x->bytes);
    }
  for (size_t i = 0; i < n; i++)
    __atomic_sub_fetch (&cuda_devs[deferred[i].dev].lpending[deferred[i].slot],
                        1, __ATOMIC_RELEASE);
  memmove (deferred, deferred + n, (ndeferred - n) * sizeof *deferred);
  ndeferred -= n;
  pthread_mutex_unlock (&defer_lock);
}

/* Every deferred result to its destination.  */
void
cuda_flush_results (void)
{
  flush_results_through (-1, 0);
}
