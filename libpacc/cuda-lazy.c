/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* cuda-lazy.c - registration as the first block goes (PACC_PIN=first-block):
   the pieces of a copy before it is issued (cuda_pin_ensure: cuda-copy.c
   registers a copy's pieces one at a time, each just before its own
   bytes' copy), and the next pieces while the issuing thread would wait
   for the device or is far ahead of it (cuda_pin_ahead).
   The registered ranges, their pieces' states and the unpinning are
   cuda-pin.c's.

   Every piece of a registered range is pinned before the copy that
   first reads or writes it, by the thread that issues that copy, while
   the device runs what was issued before: the first block's chunks come
   in row order, so the pinning of chunk i + 1's rows overlaps chunk i's
   copies and kernels, and the pipeline starts after chunk 0's pieces
   instead of all of them.  The issuing thread itself pins, not another:
   a registration holds the driver's lock for its whole call
   (benchmarks/tools/hostpath.c), so a pinning thread beside it would
   stall its calls just the same, and one thread pins as fast as four the
   first time a page is pinned (benchmarks/RESULTS.md, "Registration's
   first pin").  Threads of several devices that need one piece: the
   first registers it, the others wait for it.  */

#include "cuda-int.h"
#include "trace.h"

#include <stdio.h>

/* Register piece P of G's range R, whose state is CUDA_PIECE_BUSY (by this
   thread), for the copy INFO; its new state.  */
static int
register_piece (const struct cuda_hrange *r, struct cuda_piece *p,
                const struct pacc_opinfo *info)
{
  char what[256];
  snprintf (what, sizeof what,
            "registering %zu bytes of array '%s' at %p "
            "as the first block reached them (with PACC_PIN=begin an array "
            "that cannot be registered is staged instead)",
            p->len, r->name ? r->name : "?", p->lo);
  if (pacc_fault (PACC_FAULT_REGISTER))
    cuda_fail_injected ("cuMemHostRegister_v2", what, info,
                        PACC_FAULT_REGISTER);
  CUresult e = cuda_lib.cuMemHostRegister_v2 (p->lo, p->len,
                                              CU_MEMHOSTREGISTER_PORTABLE);
  e = cuda_register_read_only (e, p->lo, p->len, r->written);
  if (e == CUDA_SUCCESS)
    return CUDA_PIECE_OURS;
  /* Registered by the program since region begin (as cuda-host.c takes
     it at region begin).  */
  if (cuda_registered_before (e, p->lo, p->len))
    return CUDA_PIECE_THEIRS;
  cuda_fail ("cuMemHostRegister_v2", e, what, info);
}

/* Register piece P of G's range R, which this thread has claimed
   (CUDA_PIECE_BUSY), for the copy INFO (NULL: ahead of the copies), counted
   in the region's statistics either way; G may end once P's state is
   set (cuda_pin_region_end waits for claimed pieces).  */
static void
pin_piece (struct cuda_region *g, const struct cuda_hrange *r,
           struct cuda_piece *p, const struct pacc_opinfo *info)
{
  double t0 = pacc_now_us ();
  cuda_pin_piece_start (g, t0);
  int state = register_piece (r, p, info);
  double t1 = pacc_now_us ();
  pacc_trace_pin (__atomic_load_n (&g->stats, __ATOMIC_ACQUIRE), g->where, t0,
                  t1);
  cuda_pin_piece_done (g, p, state, t0, t1);
}

int
cuda_pin_needed (const struct cuda_direct_at *d, const void *host, size_t n)
{
  uintptr_t lo = (uintptr_t) host, hi = lo + n;
  struct cuda_region *g = d->g;
  const struct cuda_hrange *r = &g->direct[d->range];
  int need = 0;
  if (!n || r->first < 0
      || __atomic_load_n (&g->lazy_left, __ATOMIC_ACQUIRE) <= 0)
    return 0;
  int k0 = (int) ((lo - r->lo) / r->piece);
  int k1 = (int) ((hi - 1 - r->lo) / r->piece);
  pthread_mutex_lock (&cuda_pin_lazy_lock);
  for (int k = k0; k <= k1 && !need; k++)
    need = g->ours[r->first + k].state == CUDA_PIECE_NONE
           || g->ours[r->first + k].state == CUDA_PIECE_BUSY;
  pthread_mutex_unlock (&cuda_pin_lazy_lock);
  return need;
}

void
cuda_pin_ensure (const struct cuda_direct_at *d, const void *host, size_t n,
                 const struct pacc_opinfo *info)
{
  uintptr_t lo = (uintptr_t) host, hi = lo + n;
  struct cuda_region *g = d->g;
  const struct cuda_hrange *r = &g->direct[d->range];
  /* A range registered at region begin, or every piece done.  */
  if (!n || r->first < 0
      || __atomic_load_n (&g->lazy_left, __ATOMIC_ACQUIRE) <= 0)
    return;
  /* Every copy of the region counts in the same statistics.  */
  __atomic_store_n (&g->stats, info->stats, __ATOMIC_RELEASE);
  int k0 = (int) ((lo - r->lo) / r->piece);
  int k1 = (int) ((hi - 1 - r->lo) / r->piece);
  for (int k = k0; k <= k1; k++)
    {
      struct cuda_piece *p = &g->ours[r->first + k];
      pthread_mutex_lock (&cuda_pin_lazy_lock);
      while (p->state == CUDA_PIECE_BUSY)
        pthread_cond_wait (&cuda_pin_lazy_done, &cuda_pin_lazy_lock);
      if (p->state != CUDA_PIECE_NONE)
        {
          pthread_mutex_unlock (&cuda_pin_lazy_lock);
          continue;
        }
      p->state = CUDA_PIECE_BUSY;
      pthread_mutex_unlock (&cuda_pin_lazy_lock);
      pin_piece (g, r, p, info);
    }
}

/* Ahead of the copies: a launch that would wait for the device (an
   argument slot, or the reduction results it takes first), or that is
   CUDA_LAUNCH_AHEAD launches ahead of it (cuda-launch.c), registers the piece
   the first block's copies reach next instead.  Without it the issuing
   thread pinned and issued in turn: with Himeno's 78 chunks at 8x on an
   H100 it spent 2.2 s of a 6 s first block blocked in the driver's calls
   while the device ran the chunks issued before, and the device then
   waited for the next chunk's pinning (benchmarks/RESULTS.md).
   The next piece: of the ranges of live regions whose copies have begun
   registering and are not through, the first piece not registered,
   earliest in its range (the chunks load every array's rows in row
   order).  cuda_pin_ahead_pending: whether there is one.  */

/* Whether G's copies have begun registering and pieces are left.  */
static int
registering (const struct cuda_region *g)
{
  return __atomic_load_n (&g->lazy_left, __ATOMIC_ACQUIRE) > 0
         && __atomic_load_n (&g->stats, __ATOMIC_ACQUIRE);
}

int
cuda_pin_ahead_pending (void)
{
  int any = 0;
  for (struct cuda_region *g = cuda_pin_regions_lock (); g && !any;
       g = g->next)
    any = registering (g);
  cuda_pin_regions_unlock ();
  return any;
}

int
cuda_pin_ahead (void)
{
  struct cuda_region *g, *bg = NULL;
  struct cuda_hrange br;
  struct cuda_piece *best = NULL;
  double at_best = 2;
  for (g = cuda_pin_regions_lock (); g && !best; g = g->next)
    {
      if (!registering (g))
        continue;
      pthread_mutex_lock (&cuda_pin_lazy_lock);
      for (int i = 0; i < g->ndirect; i++)
        {
          const struct cuda_hrange *r = &g->direct[i];
          int np = r->first < 0
                     ? 0
                     : (int) ((r->hi - r->lo + r->piece - 1) / r->piece);
          for (int k = 0; k < np; k++)
            {
              struct cuda_piece *p = &g->ours[r->first + k];
              if (p->state != CUDA_PIECE_NONE)
                continue;
              double at
                = (double) k * (double) r->piece / (double) (r->hi - r->lo);
              if (at < at_best)
                at_best = at, best = p, br = *r, bg = g;
              break;
            }
        }
      if (best)
        best->state = CUDA_PIECE_BUSY;
      pthread_mutex_unlock (&cuda_pin_lazy_lock);
    }
  cuda_pin_regions_unlock ();
  if (!best)
    return 0;
  pin_piece (bg, &br, best, NULL);
  return 1;
}
