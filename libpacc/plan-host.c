/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* plan-host.c - the automatic chunks and k of a plan on the host path:
   chunks as cache blocks (planner.h, pacc_plan_host).

   On the host the kernels read the chunk's buffer from the caches when
   it fits them: a chunk advanced k steps there moves k times less through
   DRAM than the whole arrays stepped one by one, which is where the
   sequential build spends its time.  So the chunk's rows of every array
   are sized to an eighth of the last-level cache, at most 4 MiB, for
   each host thread, at most half the cache in all (the copies into and
   out of the buffers pass through it too), and k is as large as keeps the rows computed twice (the halo's trapezoid,
   (hlo + hhi) k per chunk) to a quarter of the chunk, at most 8.  Arrays
   that fit in that size, and rows too large for a chunk of it to hold
   k 4, keep the fixed rules (benchmarks/RESULTS.md, "Host engine").  */

#include "planner.h"

#include <unistd.h>

#define HOST_K_MAX 8
#define HOST_CHUNK_MAX ((size_t) 4 << 20)

/* The last-level cache's size, read once: sysconf parses sysfs or
   cpuid each time, and a region plans again at every re-plan.  */
static long
host_llc (void)
{
  static long llc;
  long v = __atomic_load_n (&llc, __ATOMIC_RELAXED);
  if (v)
    return v;
  v = sysconf (_SC_LEVEL3_CACHE_SIZE);
  if (v <= 0)
    v = sysconf (_SC_LEVEL2_CACHE_SIZE);
  if (v <= 0)
    v = 8L << 20;
  __atomic_store_n (&llc, v, __ATOMIC_RELAXED);
  return v;
}

int
pacc_plan_host (const struct pacc_plan_in *in, long *k, long *nc)
{
  long halo = in->g.hlo + in->g.hhi;
  long rows = in->g.len0;
  size_t row = 0;
  if (!in->on_host || !nc || halo <= 0 || rows <= 0)
    return 0;
  for (int i = 0; i < in->n; i++)
    row += in->a[i].row_bytes;
  long llc = host_llc ();
  /* sysconf gives the package's L3 (256 MiB on the CI host's EPYC,
     whose cores share 32 MiB slices): at most 4 MiB per thread, so that
     each thread's share of a kernel stays a few blocks of rows (one
     4 MiB chunk split over 16 threads was 2560 jobs of 2 rows for Jacobi
     16384², its kernels twice as slow as one resident chunk's), and at
     most half the L3 in all.  */
  size_t share
    = (size_t) llc / 8 < HOST_CHUNK_MAX ? (size_t) llc / 8 : HOST_CHUNK_MAX;
  size_t threads = in->host_threads > 1 ? (size_t) in->host_threads : 1;
  size_t target
    = share * threads < (size_t) llc / 2 ? share * threads : (size_t) llc / 2;
  if (target < share)
    target = share;
  if (row == 0 || (size_t) rows * row <= target)
    return 0;
  long r = (long) (target / row);
  /* Rows so large that a chunk of the cache's size keeps its redundant
     rows within a quarter of it only below k 4: no blocking, one
     resident chunk, in place (schedule-alloc.c).  Blocks of k 2 did not
     pay: the 3-D heat code at 160³, halo 2, 5 chunks of 32 planes took
     1.6 times the CPU time of one resident chunk; Himeno 129x65x129 on
     two threads, 8 chunks at k 2, 1.15 times that of one chunk in place
     (every block copies its 13 arrays in and out for two steps).  */
  if (r < 16 * halo || r >= rows)
    return 0;
  if (k)
    {
      long kk = r / (4 * halo);
      kk = kk > HOST_K_MAX ? HOST_K_MAX : kk < 1 ? 1 : kk;
      *k = kk < in->nsteps ? kk : in->nsteps;
    }
  *nc = (rows + r - 1) / r;
  return 1;
}
