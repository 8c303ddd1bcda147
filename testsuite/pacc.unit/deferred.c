/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* deferred.c - libpacc/cuda-launch.c's own kernel launches and their
   deferred reduction results (cuda_defer_result, the flush when a launch
   reuses an argument slot, cuda_flush_results) against a fake CUDA
   driver, so that they run where there is no GPU.  sweep.sh builds this
   test from deferred.c, cuda-launch.c, diag.c and settings.c alone.

   The fake driver gives every stream a thread that runs its operations
   in order, each after a random pause of up to 100 microseconds, so the
   host runs ahead of the "device" as it does on a GPU: copies read their
   source when they run (a pinned argument slot rewritten before its
   copy ran shows as a wrong result), an event completes when its stream
   reaches it, and a stream that waits on an event stops until then (a
   result copied back before its kernel ran shows as a wrong result).
   "Kernels" read their argument block from the fake device memory and
   update their reduction variables' copies there.  The checks: every
   result reaches its destination, with the value of its own launch; a
   launch that reuses a slot first flushes the results deferred up to
   that slot's and no newer one; threads that launch on queues of one
   device and of two devices side by side; a variable the last launch did
   not write is not deferred; a launch uses the values its variables had
   when it was prepared; cuda_flush_results delivers the rest and leaves
   no slot pending.  DEFERRED_DEBUG=1 in the environment lists the wrong
   results.  */

#define UNIT_NAME "deferred"
#include "fake-backend.h"
#include "image.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* GCC's gomp-constants.h map kinds, as cuda-launch.c reads them.  */
#define MAP_TOFROM 3
#define MAP_FIRSTPRIVATE_INT 13

/* ------------------------------------------------------------------ */
/* What cuda-launch.c uses from the rest of the back end, beyond
   fake-backend.h.  */

struct cuda_gomp_api cuda_gomp;
int cuda_have_gomp = 1;
int cuda_ndevs;

char **
pacc_image_bounded_ptx (const struct pacc_fn_launch *fn, unsigned *n,
                        unsigned *nvars)
{
  (void) fn;
  (void) n;
  (void) nvars;
  return NULL;
}

/* The queues of the test: queue I runs on device QDEV[I].  */
#define NQ 3
static const int qdev[NQ] = { 0, 0, 1 };
static struct cuda_queue queues[NQ];

struct cuda_queue *
cuda_queue_of (int index)
{
  return index >= 0 && index < NQ ? &queues[index] : NULL;
}

/* ------------------------------------------------------------------ */
/* The fake driver.  */

enum { OP_COPY, OP_KERNEL, OP_RECORD, OP_WAIT };

struct op
{
  int kind;
  void *dst;
  const void *src;
  size_t n;
  CUfunction f;
  CUdeviceptr args;
  unsigned dims[3];
  struct mark *mark;
  struct op *next;
};

struct CUstream_st
{
  pthread_mutex_t m;
  pthread_cond_t c;
  struct op *head, *tail;
  pthread_t t;
  unsigned seed;
};

/* A record of an event, done once its stream has reached it.  An event
   is its latest record: a wait or a synchronisation takes the record
   made before it, whatever records follow (records on different streams
   may complete out of order).  */
struct mark
{
  int done;
};
struct CUevent_st
{
  struct mark *last;
};
static pthread_mutex_t ev_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t ev_cond = PTHREAD_COND_INITIALIZER;

/* A kernel: what it does with its argument block, and the dimensions of
   its last launch (for the checks).  */
struct CUfunc_st
{
  void (*run) (const CUdeviceptr *args);
  unsigned dims[3];
};

/* Kernels issued and run so far, and the most issued ahead of the device
   while pieces remained to register.  */
static long k_issued, k_done, k_most_ahead;

static void *
stream_thread (void *arg)
{
  struct CUstream_st *s = arg;
  for (;;)
    {
      pthread_mutex_lock (&s->m);
      while (!s->head)
        pthread_cond_wait (&s->c, &s->m);
      struct op *o = s->head;
      pthread_mutex_unlock (&s->m);
      fake_hold ((int) (rand_r (&s->seed) % 100));
      switch (o->kind)
        {
        case OP_COPY:
          memcpy (o->dst, o->src, o->n);
          break;
        case OP_KERNEL:
          memcpy (o->f->dims, o->dims, sizeof o->dims);
          o->f->run ((const CUdeviceptr *) (uintptr_t) o->args);
          __atomic_add_fetch (&k_done, 1, __ATOMIC_RELEASE);
          break;
        case OP_RECORD:
          pthread_mutex_lock (&ev_lock);
          o->mark->done = 1;
          pthread_cond_broadcast (&ev_cond);
          pthread_mutex_unlock (&ev_lock);
          break;
        case OP_WAIT:
          pthread_mutex_lock (&ev_lock);
          while (o->mark && !o->mark->done)
            pthread_cond_wait (&ev_cond, &ev_lock);
          pthread_mutex_unlock (&ev_lock);
          break;
        }
      /* Taken off the queue only once done, so that an empty queue
         means an idle stream.  */
      pthread_mutex_lock (&s->m);
      s->head = o->next;
      if (!s->head)
        s->tail = NULL;
      pthread_mutex_unlock (&s->m);
      free (o);
    }
  return NULL;
}

static void
enqueue (CUstream s, struct op *o)
{
  o->next = NULL;
  pthread_mutex_lock (&s->m);
  if (s->tail)
    s->tail->next = o;
  else
    s->head = o;
  s->tail = o;
  pthread_cond_signal (&s->c);
  pthread_mutex_unlock (&s->m);
}

static struct op *
new_op (int kind)
{
  struct op *o = calloc (1, sizeof *o);
  if (!o)
    abort ();
  o->kind = kind;
  return o;
}

static CUresult
f_stream_create (CUstream *ps, unsigned flags)
{
  static unsigned seeds = 1;
  (void) flags;
  struct CUstream_st *s = calloc (1, sizeof *s);
  if (!s)
    return CUDA_ERROR_OUT_OF_MEMORY;
  pthread_mutex_init (&s->m, NULL);
  pthread_cond_init (&s->c, NULL);
  s->seed = __atomic_fetch_add (&seeds, 7919, __ATOMIC_RELAXED);
  if (pthread_create (&s->t, NULL, stream_thread, s))
    return CUDA_ERROR_OUT_OF_MEMORY;
  *ps = s;
  return CUDA_SUCCESS;
}

static CUresult
f_event_create (CUevent *pe, unsigned flags)
{
  (void) flags;
  *pe = calloc (1, sizeof **pe);
  return *pe ? CUDA_SUCCESS : CUDA_ERROR_OUT_OF_MEMORY;
}

static CUresult
f_event_record (CUevent e, CUstream s)
{
  /* Kept to the end: a wait may still refer to it.  */
  struct mark *m = calloc (1, sizeof *m);
  if (!m)
    return CUDA_ERROR_OUT_OF_MEMORY;
  struct op *o = new_op (OP_RECORD);
  pthread_mutex_lock (&ev_lock);
  e->last = o->mark = m;
  pthread_mutex_unlock (&ev_lock);
  enqueue (s, o);
  return CUDA_SUCCESS;
}

static CUresult
f_event_synchronize (CUevent e)
{
  pthread_mutex_lock (&ev_lock);
  struct mark *m = e->last;
  while (m && !m->done)
    pthread_cond_wait (&ev_cond, &ev_lock);
  pthread_mutex_unlock (&ev_lock);
  return CUDA_SUCCESS;
}

static CUresult
f_event_query (CUevent e)
{
  pthread_mutex_lock (&ev_lock);
  struct mark *m = e->last;
  int done = !m || m->done;
  pthread_mutex_unlock (&ev_lock);
  return done ? CUDA_SUCCESS : CUDA_ERROR_NOT_READY;
}

/* cuda-lazy.c's: a launch waiting for the device registers host memory
   meanwhile.  Here the calls are counted, and the first AHEAD_WORK of
   them "register" (a pause each) as the first block's pieces would.
   PACING: whether cuda_pin_ahead_pending tells cuda-launch.c that pieces
   remain (off in the first part, so that only the slots' waits register
   there).  */
static int ahead_calls, ahead_work = 5, pacing;

int
cuda_pin_ahead (void)
{
  __atomic_add_fetch (&ahead_calls, 1, __ATOMIC_RELAXED);
  if (__atomic_sub_fetch (&ahead_work, 1, __ATOMIC_RELAXED) < 0)
    return 0;
  usleep (200);
  return 1;
}

int
cuda_pin_ahead_pending (void)
{
  return pacing && __atomic_load_n (&ahead_work, __ATOMIC_RELAXED) > 0;
}

static CUresult
f_stream_wait_event (CUstream s, CUevent e, unsigned flags)
{
  (void) flags;
  struct op *o = new_op (OP_WAIT);
  pthread_mutex_lock (&ev_lock);
  o->mark = e->last;
  pthread_mutex_unlock (&ev_lock);
  enqueue (s, o);
  return CUDA_SUCCESS;
}

static CUresult
f_mem_alloc (CUdeviceptr *p, size_t n)
{
  void *m = calloc (1, n);
  *p = (CUdeviceptr) (uintptr_t) m;
  return m ? CUDA_SUCCESS : CUDA_ERROR_OUT_OF_MEMORY;
}

static CUresult
f_mem_alloc_host (void **p, size_t n)
{
  *p = calloc (1, n);
  return *p ? CUDA_SUCCESS : CUDA_ERROR_OUT_OF_MEMORY;
}

/* A copy on stream S, either way (the fake device memory is the host's):
   it reads SRC when it runs.  */
static CUresult
copy_op (void *dst, const void *src, size_t n, CUstream s)
{
  struct op *o = new_op (OP_COPY);
  o->dst = dst;
  o->src = src;
  o->n = n;
  enqueue (s, o);
  return CUDA_SUCCESS;
}

static CUresult
f_htod (CUdeviceptr dst, const void *src, size_t n, CUstream s)
{
  return copy_op ((void *) (uintptr_t) dst, src, n, s);
}

static CUresult
f_dtoh (void *dst, CUdeviceptr src, size_t n, CUstream s)
{
  return copy_op (dst, (const void *) (uintptr_t) src, n, s);
}

static CUresult
f_launch (CUfunction f, unsigned gx, unsigned gy, unsigned gz, unsigned bx,
          unsigned by, unsigned bz, unsigned shmem, CUstream s, void **kargs,
          void **extra)
{
  (void) gy;
  (void) gz;
  (void) bz;
  (void) shmem;
  (void) extra;
  struct op *o = new_op (OP_KERNEL);
  o->f = f;
  /* The argument block's device address, as the kernel receives it.  */
  o->args = *(CUdeviceptr *) kargs[0];
  o->dims[0] = gx;
  o->dims[1] = by;
  o->dims[2] = bx;
  if (cuda_pin_ahead_pending ())
    {
      long ahead = k_issued - __atomic_load_n (&k_done, __ATOMIC_ACQUIRE);
      k_most_ahead = ahead > k_most_ahead ? ahead : k_most_ahead;
    }
  k_issued++;
  enqueue (s, o);
  return CUDA_SUCCESS;
}

static CUresult
f_attribute (int *pi, CUdevice_attribute a, CUdevice d)
{
  (void) a;
  (void) d;
  *pi = 132;
  return CUDA_SUCCESS;
}

/* ------------------------------------------------------------------ */
/* The kernel and libgomp's view of it.  */

/* R = R * 2 + N and C = C + N, for the firstprivate N and the `tofrom'
   reduction variables R (double) and C (long) of its map clauses.  */
static void
run_scale (const CUdeviceptr *a)
{
  long n = (long) a[0];
  double *r = (double *) (uintptr_t) a[1];
  long *c = (long *) (uintptr_t) a[2];
  *r = *r * 2 + (double) n;
  *c += n;
}

static struct CUfunc_st scale_fn = { run_scale, { 0, 0, 0 } };
static const struct pacc_fn_launch scale_launch = { "scale$_omp_fn$0",
                                                    { 0, 0, 0 } };

/* GCC 12 libgomp/plugin/plugin-nvptx.c's descriptor (cuda-launch.c).  */
struct targ_fn_descriptor
{
  CUfunction fn;
  const struct pacc_fn_launch *launch;
  int regs_per_thread;
  int max_threads_per_block;
};
static const struct targ_fn_descriptor scale_desc = { &scale_fn,
                                                      &scale_launch, 32,
                                                      1024 };

/* The host function libgomp would map to the kernel.  */
static void
scale_host (void *p)
{
  (void) p;
}

static void *
g_deviceptr (void *h)
{
  return h == (void *) scale_host ? (void *) &scale_desc : NULL;
}

static int cur_dev;

static int
g_get_device_num (int t)
{
  (void) t;
  return cur_dev;
}

static void
g_set_device_num (int d, int t)
{
  (void) t;
  cur_dev = d;
}

/* ------------------------------------------------------------------ */
/* The checks.  */

static void
expect (int ok, const char *what)
{
  check (what, ok, NULL);
}

/* A launch of the kernel on queue Q with N, R and C as its values; its
   results deferred into *DR and *DC.  Returns what cuda_defer_result
   said for each (1 + 1 when both were deferred).  */
static int
launch (int q, long n, double *r, long *c, double *dr, long *dc)
{
  void *hostaddrs[3] = { (void *) (uintptr_t) n, r, c };
  size_t sizes[3] = { sizeof (long), sizeof *r, sizeof *c };
  unsigned short kinds[3] = { MAP_FIRSTPRIVATE_INT, MAP_TOFROM,
                              MAP_TOFROM };
  unsigned dims[3] = { 8 + (unsigned) q, 2, 32 };
  struct pacc_launch *l = cuda_launch_prepare (scale_host, 3, hostaddrs,
                                               sizes, kinds, dims, q);
  if (!l)
    {
      printf ("FAIL deferred: the launch on queue %d went to libgomp\n", q);
      exit (1);
    }
  cuda_launch_issue (l);
  return cuda_defer_result (r, dr, sizeof *dr)
         + cuda_defer_result (c, dc, sizeof *dc);
}

static double
expect_r (long n, double r0)
{
  return r0 * 2 + (double) n;
}

/* N launches on queue Q, each with N = J * 3 + Q and the host values
   R = J and C = 1000 * J, their results into DR[J] and DC[J].  */
struct run_arg
{
  int q;
  long n;
  double *dr;
  long *dc;
  int bad;
};

static void *
run_queue (void *arg)
{
  struct run_arg *a = arg;
  for (long j = 0; j < a->n; j++)
    {
      double r = (double) j;
      long c = 1000 * j;
      if (launch (a->q, j * 3 + a->q, &r, &c, &a->dr[j], &a->dc[j]) != 2)
        a->bad++;
    }
  return NULL;
}

static long
wrong_results (const struct run_arg *a)
{
  long wrong = 0;
  for (long j = 0; j < a->n; j++)
    {
      long n = j * 3 + a->q;
      if (a->dr[j] != expect_r (n, (double) j) || a->dc[j] != 1000 * j + n)
        {
          if (getenv ("DEFERRED_DEBUG"))
            printf ("  q %d j %ld: r %g c %ld, expected %g %ld\n", a->q, j,
                    a->dr[j], a->dc[j], expect_r (n, (double) j),
                    1000 * j + n);
          wrong++;
        }
    }
  return wrong;
}

int
main (void)
{
  cuda_lib.cuStreamCreate = f_stream_create;
  cuda_lib.cuEventCreate = f_event_create;
  cuda_lib.cuEventRecord = f_event_record;
  cuda_lib.cuEventSynchronize = f_event_synchronize;
  cuda_lib.cuEventQuery = f_event_query;
  cuda_lib.cuStreamWaitEvent = f_stream_wait_event;
  cuda_lib.cuMemAlloc_v2 = f_mem_alloc;
  cuda_lib.cuMemAllocHost_v2 = f_mem_alloc_host;
  cuda_lib.cuMemcpyHtoDAsync_v2 = f_htod;
  cuda_lib.cuMemcpyDtoHAsync_v2 = f_dtoh;
  cuda_lib.cuLaunchKernel = f_launch;
  cuda_lib.cuDeviceGetAttribute = f_attribute;
  cuda_gomp.acc_deviceptr = g_deviceptr;
  cuda_gomp.acc_get_device_num = g_get_device_num;
  cuda_gomp.acc_set_device_num = g_set_device_num;
  cuda_ndevs = 2;
  for (int d = 0; d < cuda_ndevs; d++)
    cuda_devs[d].ord = d;
  for (int q = 0; q < NQ; q++)
    {
      queues[q].index = q;
      queues[q].dev = qdev[q];
      f_stream_create (&queues[q].stream, 0);
    }
  if (!cuda_launch_init ())
    {
      printf ("FAIL deferred: launch_init refused\n");
      return 1;
    }

  /* One queue, past the ring of argument slots: at the launch that
     reuses the slot of launch J, J's results (and every older one) have
     arrived and J + 1's have not.  */
  const long n1 = CUDA_LAUNCH_SLOTS + 300;
  struct run_arg one = { 0, n1, calloc (n1, sizeof (double)),
                         calloc (n1, sizeof (long)), 0 };
  long early = 0, late = 0;
  for (long j = 0; j < n1; j++)
    {
      one.dr[j] = -1;
      one.dc[j] = -1;
    }
  for (long j = 0; j < n1; j++)
    {
      double r = (double) j;
      long c = 1000 * j;
      if (launch (0, j * 3, &r, &c, &one.dr[j], &one.dc[j]) != 2)
        one.bad++;
      if (j >= CUDA_LAUNCH_SLOTS)
        {
          long o = j - CUDA_LAUNCH_SLOTS;
          if (one.dr[o] != expect_r (o * 3, (double) o)
              || one.dc[o] != 1000 * o + o * 3)
            late++;
          if (one.dr[o + 1] != -1 || one.dc[o + 1] != -1)
            early++;
        }
    }
  expect (!one.bad, "every launch's two results deferred");
  expect (!late, "a reused slot's results delivered before its next launch");
  expect (!early, "newer results left deferred when a slot is reused");
  expect (ahead_calls > 0, "a launch that waits for the device registers "
          "host memory meanwhile (pin_ahead)");
  cuda_flush_results ();
  expect (scale_fn.dims[0] == 8 && scale_fn.dims[1] == 2
          && scale_fn.dims[2] == 32, "the launch's dimensions as given");
  long wrong = wrong_results (&one);
  expect (!wrong, "every result of one queue, its own launch's value");
  if (wrong)
    printf ("  %ld of %ld launches with a wrong result\n", wrong, n1);

  /* A variable the last launch did not write; a launch's values as they
     were when it was prepared.  */
  double r = 5, other = 0, dr = -1;
  long c = 7, dc = -1;
  void *hostaddrs[3] = { (void *) (uintptr_t) 4, &r, &c };
  size_t sizes[3] = { sizeof (long), sizeof r, sizeof c };
  unsigned short kinds[3] = { MAP_FIRSTPRIVATE_INT, MAP_TOFROM, MAP_TOFROM };
  unsigned dims[3] = { 3, 2, 32 };
  struct pacc_launch *l = cuda_launch_prepare (scale_host, 3, hostaddrs,
                                               sizes, kinds, dims, 1);
  expect (l && l->nresults == 2 && l->result_var[0] == &r
          && l->result_var[1] == &c, "the launch names its two results");
  r = 1e9;
  c = -1000;
  cuda_launch_issue (l);
  expect (!cuda_defer_result (&other, &dr, sizeof dr),
          "a variable the last launch did not write is not deferred");
  expect (!cuda_defer_result (&r, &dr, 4),
          "a result of another size is not deferred");
  int both = cuda_defer_result (&r, &dr, sizeof dr)
             + cuda_defer_result (&c, &dc, sizeof dc);
  cuda_flush_results ();
  expect (both == 2 && dr == expect_r (4, 5) && dc == 7 + 4,
          "a launch uses its variables' values when it was prepared");

  /* While host memory remains to register, a launch waits, registering,
     until at most CUDA_LAUNCH_AHEAD launches are ahead of the device (the
     fake device runs a launch's operations in up to 100 us each, far
     slower than they are issued).  */
  ahead_calls = 0;
  ahead_work = 100000;
  pacing = 1;
  const long np = 4 * CUDA_LAUNCH_AHEAD;
  struct run_arg paced = { 0, np, calloc (np, sizeof (double)),
                           calloc (np, sizeof (long)), 0 };
  for (long j = 0; j < np; j++)
    if (launch (0, j * 3, &r, &c, &paced.dr[j], &paced.dc[j]) != 2)
      paced.bad++;
  pacing = 0;
  cuda_flush_results ();
  expect (!paced.bad && ahead_calls > 0 && k_most_ahead <= CUDA_LAUNCH_AHEAD,
          "while host memory remains to register, launches go at most "
          "LAUNCH_AHEAD ahead of the device, registering meanwhile");
  if (k_most_ahead > CUDA_LAUNCH_AHEAD)
    printf ("  %ld launches ahead of the device\n", k_most_ahead);
  ahead_work = 0;
  ahead_calls = 0;
  k_most_ahead = 0;
  for (long j = 0; j < np; j++)
    launch (0, j * 3, &r, &c, &paced.dr[j], &paced.dc[j]);
  /* Before the flush, which waits for the device.  */
  expect (!ahead_calls, "nothing left to register: launches go without "
          "pacing");
  cuda_flush_results ();
  free (paced.dr);
  free (paced.dc);

  /* Three threads side by side: two on the queues of device 0 (one ring
     of slots), one on device 1's.  */
  const long n3 = 2 * CUDA_LAUNCH_SLOTS + 100;
  struct run_arg a[NQ];
  pthread_t t[NQ];
  for (int q = 0; q < NQ; q++)
    {
      a[q] = (struct run_arg) { q, n3, calloc (n3, sizeof (double)),
                                calloc (n3, sizeof (long)), 0 };
      pthread_create (&t[q], NULL, run_queue, &a[q]);
    }
  for (int q = 0; q < NQ; q++)
    pthread_join (t[q], NULL);
  cuda_flush_results ();
  long bad = 0;
  wrong = 0;
  for (int q = 0; q < NQ; q++)
    {
      bad += a[q].bad;
      wrong += wrong_results (&a[q]);
    }
  expect (!bad, "threads side by side: every result deferred");
  expect (!wrong, "threads side by side: every result its own launch's");
  if (wrong)
    printf ("  %ld of %ld launches with a wrong result\n", wrong, NQ * n3);

  int pending = 0;
  for (int d = 0; d < cuda_ndevs; d++)
    for (int i = 0; i < CUDA_LAUNCH_SLOTS; i++)
      pending += cuda_devs[d].lpending[i] != 0;
  expect (!pending, "no slot left pending after the last flush");
  return failures ? 1 : 0;
}
