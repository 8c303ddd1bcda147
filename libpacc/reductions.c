/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* reductions.c - the memory of a region's reductions.

   Scratch: host memory, zero-filled, that holds the chunks' partial
   results of every step until the generated code combines them in chunk
   order (the deferred results of __pacc_reduction_result land there).

   Slots: OpenACC's reduction over gangs, as GCC 12 builds it for
   nvptx, has every gang add its partial into the one variable with a
   compare-and-swap loop, and a segmented kernel's many short gangs wait
   on those swaps.  Instead each gang adds its partial atomically into
   one of a few slots (its number modulo their count), and a second
   kernel on the same queue combines the slots with OpenACC's reduction
   and sets them back to the identity (plugin/lower-slots.cc).  The
   slots live here: one buffer per device, queue and reduction variable,
   allocated at its first use (the generated code then sets it to the
   identity with a kernel on the queue) and kept until the region ends.
   The queue orders every use of a buffer, so kernels of one queue may
   share it.  */

#include "reductions.h"

#include "diag.h"
#include "pacc-abi.h"
#include "settings.h"

#include <stdlib.h>

struct pacc_slots
{
  struct pacc_slots *next;
  int dev, queue, idx;
  size_t bytes;
  void *buf;
};

void *
__pacc_reduction_slots (void *region, const long *ci, int idx,
                        unsigned long bytes, const char *name, int *fresh)
{
  struct pacc_region *r = pacc_region_check (region, "__pacc_reduction_slots");
  struct pacc_slots *sl;

  int dev = ci[PACC_CI_DEVICE] < 0 ? 0 : (int) ci[PACC_CI_DEVICE];
  int queue = (int) ci[PACC_CI_QUEUE];
  for (sl = r->slots; sl; sl = sl->next)
    if (sl->dev == dev && sl->queue == queue && sl->idx == idx
        && sl->bytes == bytes)
      {
        *fresh = 0;
        return sl->buf;
      }
  sl = pacc_xcalloc (r->where, 1, sizeof *sl, "reduction slots");
  sl->dev = dev;
  sl->queue = queue;
  sl->idx = idx;
  sl->bytes = bytes;
  /* Out of the margin the planner leaves to libgomp, as its own
     reduction buffers: not a plan's buffer, for PACC_FAULT=alloc:N.  */
  pacc_fault_hold (1);
  sl->buf = r->be->alloc (dev, bytes ? bytes : 1);
  pacc_fault_hold (0);
  if (!sl->buf)
    {
      char b[32];
      pacc_error (r->where,
                  "cannot allocate %s on device %d for the "
                  "slots of reduction variable '%s'",
                  pacc_fmt_bytes (b, sizeof b, bytes), dev, name ? name : "?");
    }
  sl->next = r->slots;
  r->slots = sl;
  *fresh = 1;
  return sl->buf;
}

void *
__pacc_region_scratch (void *region, unsigned long bytes)
{
  struct pacc_region *r = pacc_region_check (region, "__pacc_region_scratch");
  struct pacc_scratch *sc;

  if (bytes > (size_t) -1 - sizeof *sc)
    pacc_error (r->where,
                "out of memory: cannot allocate %lu bytes of "
                "scratch memory",
                bytes);
  sc = pacc_xcalloc (r->where, 1, sizeof *sc + bytes, "scratch memory");
  sc->next = r->scratch;
  r->scratch = sc;
  return sc->data;
}

void
pacc_reductions_free (struct pacc_region *r)
{
  while (r->scratch)
    {
      struct pacc_scratch *next = r->scratch->next;
      free (r->scratch);
      r->scratch = next;
    }
  while (r->slots)
    {
      struct pacc_slots *next = r->slots->next;
      r->be->free (r->slots->dev, r->slots->buf);
      free (r->slots);
      r->slots = next;
    }
}
