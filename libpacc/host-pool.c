/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* host-pool.c - the threads that run the host versions of kernels
   (plugin/lower-host.cc).  pacc.so sends the GOMP_parallel call of each
   such version here (__pacc_host_parallel, plugin/launch.cc): the outlined
   body runs on N threads, the caller being one of them, each taking the
   next block of rows as it is free (__pacc_host_next_block, a counter of
   the job); the call returns when all are done.

   Why not libgomp's team: its threads spin at the end of a parallel and
   in its barriers, and on a host shared with other processes (CI's two
   cores, load 4) a descheduled team thread made Jacobi's kernels five
   times slower than one thread (1.22 s against 0.24).  The workers here
   wait blocked on a condition variable.  One job at a time: a second
   caller waits for the first.  The host back end's large copies run on
   the same threads (pacc_host_copy, host-pool.h).  */

#include "host-pool.h"
#include "diag.h"
#include "pacc-abi.h"
#include "settings.h"

#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <string.h>

static pthread_mutex_t job_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t go_cv = PTHREAD_COND_INITIALIZER;
static pthread_cond_t done_cv = PTHREAD_COND_INITIALIZER;

/* Under LOCK.  */
static int started;              /* Worker threads, numbered 1..  */
static unsigned long generation; /* Jobs posted so far.  */
static void (*job_fn) (void *);
static void *job_data;
static int job_n;   /* Threads of the job, caller included.  */
static int pending; /* Workers of the job still running.  */

static long job_next; /* The job's next block.  */
/* The counter of the job the thread runs.  */
static _Thread_local long *my_next;

static void *
worker (void *arg)
{
  int id = (int) (intptr_t) arg;
  unsigned long seen = 0;
  pthread_mutex_lock (&lock);
  for (;;)
    {
      while (generation == seen)
        pthread_cond_wait (&go_cv, &lock);
      seen = generation;
      if (id >= job_n)
        continue;
      void (*fn) (void *) = job_fn;
      void *data = job_data;
      my_next = &job_next;
      pthread_mutex_unlock (&lock);
      fn (data);
      pthread_mutex_lock (&lock);
      if (--pending == 0)
        pthread_cond_signal (&done_cv);
    }
  return NULL;
}

void
__pacc_host_parallel (void (*fn) (void *), void *data, unsigned nthreads,
                      unsigned flags)
{
  (void) flags;
  int n = nthreads < 1 ? 1 : (int) nthreads;
  if (n == 1)
    {
      long next = 0;
      my_next = &next;
      fn (data);
      return;
    }
  pthread_mutex_lock (&job_lock);
  pthread_mutex_lock (&lock);
  while (started < n - 1)
    {
      pthread_t th;
      pthread_attr_t attr;
      pthread_attr_init (&attr);
      pthread_attr_setdetachstate (&attr, PTHREAD_CREATE_DETACHED);
      int err = pthread_create (&th, &attr, worker,
                                (void *) (intptr_t) (started + 1));
      pthread_attr_destroy (&attr);
      if (err)
        {
          /* Fewer threads: the blocks go to those there are.  */
          static int noted;
          if (!noted++)
            pacc_note (NULL,
                       "host kernels on %d threads, not %d: no more "
                       "threads could be started",
                       started + 1, n);
          break;
        }
      started++;
    }
  if (n > started + 1)
    n = started + 1;
  job_fn = fn;
  job_data = data;
  job_n = n;
  job_next = 0;
  pending = n - 1;
  generation++;
  pthread_cond_broadcast (&go_cv);
  pthread_mutex_unlock (&lock);

  my_next = &job_next;
  fn (data);

  pthread_mutex_lock (&lock);
  while (pending)
    pthread_cond_wait (&done_cv, &lock);
  pthread_mutex_unlock (&lock);
  pthread_mutex_unlock (&job_lock);
}

long
__pacc_host_next_block (void)
{
  return __atomic_fetch_add (my_next, 1, __ATOMIC_RELAXED);
}

/* The CPUs this process may run on (at least 1).  */
static int
cpus_available (void)
{
  cpu_set_t set;
  if (sched_getaffinity (0, sizeof set, &set) == 0)
    {
      int n = CPU_COUNT (&set);
      return n < 1 ? 1 : n > HOST_MAX_THREADS ? HOST_MAX_THREADS : n;
    }
  return 1;
}

int
pacc_host_threads (void)
{
  static int default_threads;
  if (pacc_settings.host_threads)
    return pacc_settings.host_threads;
  int n = __atomic_load_n (&default_threads, __ATOMIC_RELAXED);
  if (!n)
    {
      n = cpus_available ();
      __atomic_store_n (&default_threads, n, __ATOMIC_RELAXED);
    }
  return n;
}

/* A copy in blocks of BLOCK bytes, N of them, taken as the threads are
   free.  */
struct copy_job
{
  char *dst;
  const char *src;
  size_t bytes, block;
  long n;
};

static void
copy_blocks (void *arg)
{
  struct copy_job *j = arg;
  long b;
  while ((b = __pacc_host_next_block ()) < j->n)
    {
      size_t off = (size_t) b * j->block;
      size_t len = j->bytes - off < j->block ? j->bytes - off : j->block;
      memcpy (j->dst + off, j->src + off, len);
    }
}

/* Below this a copy stays in the calling thread: waking the pool costs
   more than it saves.  */
#define COPY_SPLIT_MIN ((size_t) 8 << 20)
#define COPY_BLOCK ((size_t) 1 << 20)

void
pacc_host_copy (void *dst, const void *src, size_t bytes)
{
  int n = bytes < COPY_SPLIT_MIN ? 1 : pacc_host_threads ();
  if (n <= 1)
    {
      memcpy (dst, src, bytes);
      return;
    }
  struct copy_job j = { dst, src, bytes, COPY_BLOCK, 0 };
  j.n = (long) ((bytes + COPY_BLOCK - 1) / COPY_BLOCK);
  __pacc_host_parallel (copy_blocks, &j, (unsigned) n, 0);
}
