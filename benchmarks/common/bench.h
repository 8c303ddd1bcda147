/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* bench.h -- helpers shared by the PACC benchmarks (jacobi, himeno, cip)
   and their hand-written CUDA baselines (*-cuda.cu, compiled as C++).

   Nothing here is timed: the benchmarks time only their pipeline region
   (or, in CUDA, the uploads, the kernels and the downloads).  What is here
   makes the untimed parts fast enough for arrays of 100 GB:

   * bench_parallel: runs a loop body over [0,n) in several POSIX threads
     (BENCH_THREADS, default: the number of online CPUs, at most 64), used
     for the initialisation and the checksum.  The work of each index does
     not depend on the thread count, so results never do.
   * bench_checksum_float: a checksum of a float array that is independent
     of the thread count and the order of the work:
       sum  = sum of the elements in double, over 1024 fixed index ranges,
              each summed in index order, the ranges added in order;
       hash = sum over i of mix64 (i * K ^ bits(a[i])) modulo 2^64.
     Both are bit-exact functions of the array's bits.

   Plain C99 (and C++): the benchmark sources stay sequential C; the threads
   only fill and read arrays outside the timed region.  */

#ifndef PACC_BENCH_H
#define PACC_BENCH_H

#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
/* madvise and MADV_HUGEPAGE (Linux).  */
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE 1
#endif
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

static inline double
bench_now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (double) ts.tv_sec + (double) ts.tv_nsec * 1e-9;
}

/* argv[I] as a non-negative integer, DFLT when absent.  */
static inline long
bench_arg (int argc, char **argv, int i, long dflt, const char *prog)
{
  char *end;
  long v;
  if (argc <= i)
    return dflt;
  v = strtol (argv[i], &end, 10);
  if (*end != '\0' || end == argv[i] || v < 0)
    {
      fprintf (stderr, "%s: bad argument '%s'\n", prog, argv[i]);
      exit (2);
    }
  return v;
}

/* The arrays: malloc, or with BENCH_HUGEPAGES=1 2 MiB-aligned memory
   advised as transparent huge pages before its first touch (the recipe
   the manual gives for arrays that a GPU region registers: the kernel
   pins them a huge page at a time).  Never freed: the programs exit.  */
static inline void *
bench_alloc (size_t bytes, const char *prog, const char *what)
{
  void *p = NULL;
  const char *h = getenv ("BENCH_HUGEPAGES");
  if (h && *h == '1')
    {
      size_t huge = (size_t) 2 << 20;
      size_t len = (bytes + huge - 1) / huge * huge;
      if (posix_memalign (&p, huge, len ? len : huge) != 0)
        p = NULL;
#ifdef MADV_HUGEPAGE
      else if (madvise (p, len ? len : huge, MADV_HUGEPAGE) != 0)
        fprintf (stderr, "%s: madvise (MADV_HUGEPAGE) failed for %s\n",
                 prog, what);
#endif
    }
  else
    p = malloc (bytes ? bytes : 1);
  if (p == NULL)
    {
      fprintf (stderr, "%s: out of memory (%s, %.3f GB)\n", prog, what,
               (double) bytes * 1e-9);
      exit (1);
    }
  return p;
}

static inline int
bench_threads (void)
{
  const char *e = getenv ("BENCH_THREADS");
  long n = 0;
  if (e && *e)
    n = strtol (e, NULL, 10);
  if (n <= 0)
    n = sysconf (_SC_NPROCESSORS_ONLN);
  if (n <= 0)
    n = 1;
  if (n > 64)
    n = 64;
  return (int) n;
}

typedef void (*bench_range_fn) (long lo, long hi, void *ctx);

struct bench_job
{
  bench_range_fn fn;
  void *ctx;
  long lo, hi;
};

static void *
bench_job_run (void *arg)
{
  struct bench_job *j = (struct bench_job *) arg;
  if (j->lo < j->hi)
    j->fn (j->lo, j->hi, j->ctx);
  return NULL;
}

/* FN (lo, hi, CTX) over consecutive ranges that cover [0, N).  */
static inline void
bench_parallel (long n, bench_range_fn fn, void *ctx)
{
  struct bench_job jobs[64];
  pthread_t th[64];
  int started[64];
  int nt = bench_threads (), i;
  if (n < 2 || nt == 1)
    {
      if (n > 0)
        fn (0, n, ctx);
      return;
    }
  if (nt > n)
    nt = (int) n;
  for (i = 0; i < nt; i++)
    {
      jobs[i].fn = fn;
      jobs[i].ctx = ctx;
      jobs[i].lo = (long) ((double) n * i / nt);
      jobs[i].hi = i == nt - 1 ? n : (long) ((double) n * (i + 1) / nt);
      started[i] = i > 0 && pthread_create (&th[i], NULL, bench_job_run,
                                            &jobs[i]) == 0;
      if (i > 0 && !started[i])
        bench_job_run (&jobs[i]);
    }
  bench_job_run (&jobs[0]);
  for (i = 1; i < nt; i++)
    if (started[i])
      pthread_join (th[i], NULL);
}

/* A 64-bit mixer (splitmix64's finaliser).  */
static inline uint64_t
bench_mix64 (uint64_t z)
{
  z ^= z >> 30;
  z *= 0xbf58476d1ce4e5b9ULL;
  z ^= z >> 27;
  z *= 0x94d049bb133111ebULL;
  z ^= z >> 31;
  return z;
}

/* A deterministic value in [0,1) (a multiple of 2^-20) for index I and
   stream SEED: for initial data that changes from element to element.  */
static inline float
bench_unit (uint64_t seed, uint64_t i)
{
  uint64_t h = bench_mix64 (seed * 0x9e3779b97f4a7c15ULL + i);
  return (float) (h >> 44) * (1.0f / 1048576.0f);
}

/* Element I's term of the checksum's hash (bench_checksum_float).  */
static inline uint64_t
bench_hash_term (uint64_t i, float v)
{
  uint32_t bits;
  memcpy (&bits, &v, sizeof bits);
  return bench_mix64 (i * 0x9e3779b97f4a7c15ULL ^ bits);
}

#define BENCH_CK_PARTS 1024

struct bench_ck_ctx
{
  const float *a;
  long n;
  double part[BENCH_CK_PARTS];
  uint64_t hpart[BENCH_CK_PARTS];
};

static void
bench_ck_range (long lo, long hi, void *vctx)
{
  struct bench_ck_ctx *c = (struct bench_ck_ctx *) vctx;
  long part;
  for (part = lo; part < hi; part++)
    {
      long b = (long) ((double) c->n * part / BENCH_CK_PARTS);
      long e = part == BENCH_CK_PARTS - 1
               ? c->n : (long) ((double) c->n * (part + 1) / BENCH_CK_PARTS);
      double s = 0.0;
      uint64_t h = 0;
      long i;
      for (i = b; i < e; i++)
        {
          s += c->a[i];
          h += bench_hash_term ((uint64_t) i, c->a[i]);
        }
      c->part[part] = s;
      c->hpart[part] = h;
    }
}

static inline void
bench_checksum_float (const float *a, long n, double *sum, uint64_t *hash)
{
  struct bench_ck_ctx *c
    = (struct bench_ck_ctx *) bench_alloc (sizeof *c, "bench", "checksum");
  double s = 0.0;
  uint64_t h = 0;
  int i;
  c->a = a;
  c->n = n;
  /* Parallel over the parts; each part is summed in index order.  */
  bench_parallel (BENCH_CK_PARTS, bench_ck_range, c);
  for (i = 0; i < BENCH_CK_PARTS; i++)
    {
      s += c->part[i];
      h += c->hpart[i];
    }
  free (c);
  *sum = s;
  *hash = h;
}

/* Prints "checksum NAME SUM hash HASH".  */
static inline void
bench_print_checksum (const char *name, const float *a, long n)
{
  double s;
  uint64_t h;
  bench_checksum_float (a, n, &s, &h);
  printf ("checksum %s %.17g hash %016llx\n", name, s, (unsigned long long) h);
}

#endif /* PACC_BENCH_H */
