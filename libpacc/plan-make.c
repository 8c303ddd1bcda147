/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* plan-make.c - one plan for a chunk count, k and queues (planner.h,
   pacc_make_plan): the partition into chunks, the devices and queues
   they go to, span and the buffers with their sizes, the carry, the
   band buffer of a skewed plan and the rings.  The search over the
   candidates is planner.c's; their cost, cost.c's.  */

#include "planner.h"
#include "diag.h"
#include "pacc-abi.h"

#include <stdlib.h>
#include <string.h>

/* N buffer slots of BYTES each, saturating.  */
static size_t
slots_bytes (size_t bytes, int n)
{
  size_t all;
  return __builtin_mul_overflow (bytes, (size_t) n, &all) ? (size_t) -1 : all;
}

/* Whether plan P, just partitioned, runs in the user's arrays: on the
   host path (IN->in_place), one chunk on one device, resident, over the
   region's rows and no more (no rows of other ranks), without ring,
   carry or skew.  Its kernels then sweep the arrays themselves, as the
   sequential build does (schedule-alloc.c), and only the targettemp
   arrays need buffers: a PACC_DEVICE_MEMORY the arrays exceed still
   fits it, and the host, which holds the arrays already, copies nothing
   (heat3d 160^3 in 16 MiB streamed 20 blocks of 10-plane chunks, 2.5
   GiB of copies: benchmarks/RESULTS.md, "Out of core on the host in
   place").  */
int
pacc_plan_in_place (const struct pacc_plan_in *in, const struct pacc_plan *p)
{
  return in->in_place && in->s->resident != 0 && p->nchunks == 1
         && p->nbuf == 1 && p->ndev == 1 && !p->ring && !p->carry && !p->skew
         && in->g.ext_lo == 0 && in->g.ext_hi == 0 && p->ch[0].blo == in->g.lo0
         && p->buf_rows == in->g.len0;
}

/* Partition into C chunks (of BLOCK rows when nonzero, else balanced),
   K steps per block (K0 in the region's first one, 0: K too), NQ queues
   per device, skewed if SKEW and the plan can be; derive span, buffers
   and their size, for the larger of K and K0.  */
void
pacc_make_plan (const struct pacc_plan_in *in, struct pacc_plan *p, int c,
                long block, long k, long k0, int nq, int skew)
{
  struct pacc_chunk *ch;
  long rows = 0, kmax = k0 > k ? k0 : k;
  size_t row_bytes = 0, carry_rb = 0, inout_rb = 0, bytes, carry, band;
  int i, span = 0;

  free (p->ch);
  p->ch = ch
    = pacc_xcalloc (in->where, (size_t) c, sizeof *ch, "the chunk plan");
  pacc_chunks_split (&in->g, ch, c, block);
  p->nchunks = c;
  p->resident = 0;
  p->ndev = in->ndev < c ? in->ndev : c;
  p->k = k;
  p->k_first = k0;
  /* NQ queues per device; the totals are multiples of ndev (or nchunks),
     so that chunk i, queue i % nqueues and slot i % nbuf are all on
     device i % ndev.  */
  if (nq > MAX_QUEUES / p->ndev)
    nq = MAX_QUEUES / p->ndev;
  p->nqueues = (long) nq * p->ndev < c ? nq * p->ndev : c;
  /* The carry, on one device when the chunks share buffers (a plan
     with a buffer per chunk may stay resident instead).  */
  p->carry = PACC_CARRY_NONE;
  if (in->s->carry != 0 && p->ndev == 1 && c > p->nqueues
      && in->g.hlo + in->g.hhi + in->g.elo + in->g.ehi > 0)
    p->carry = p->nqueues >= 2 ? PACC_CARRY_DIRECT : PACC_CARRY_BUFFER;
  /* Skewed with the carry, where the chunks tile the rows (not past
     another rank's).  */
  p->skew
    = skew && p->carry && c > 1 && in->g.ext_lo == 0 && in->g.ext_hi == 0;
  p->band_rows = p->skew ? in->g.hlo + in->g.elo + in->g.hhi : 0;
  p->band_buf_rows = (kmax - 1) * p->band_rows;
  /* Load ranges, span and carry grow with the steps of a block.  */
  pacc_chunks_block (&in->g, ch, c, kmax, 0, p->carry, p->skew);
  for (i = 0; i < c; i++)
    {
      span = ch[i].rd_hi - i > span ? ch[i].rd_hi - i : span;
      rows = ch[i].lhi - ch[i].llo > rows ? ch[i].lhi - ch[i].llo : rows;
    }
  p->span = span;
  p->buf_rows = rows;
  p->carry_rows = p->carry ? pacc_chunks_carry_rows (ch, c) : 0;
  p->nbuf = p->nqueues > span + 1 ? p->nqueues : span + 1;
  p->nbuf = (p->nbuf + p->ndev - 1) / p->ndev * p->ndev;
  if (p->nbuf > c)
    p->nbuf = c;
  p->dev_bufs = (p->nbuf + p->ndev - 1) / p->ndev;
  pacc_plan_rings (in, p, rows);
  /* The ranges of a k-step block, each buffer's first row (blo) kept
     where the larger block needs it, for a resident plan's blocks.  */
  if (kmax != k)
    pacc_chunks_block (&in->g, ch, c, k, 1, p->carry, p->skew);

  p->in_place = pacc_plan_in_place (in, p);
  for (i = 0; i < in->n; i++)
    {
      size_t rb = in->a[i].row_bytes;
      if (p->ring && in->a[i].kind == PACC_KIND_IN)
        continue;
      if (p->in_place && in->a[i].kind != PACC_KIND_TEMP)
        continue;
      row_bytes += rb;
      inout_rb += in->a[i].kind == PACC_KIND_INOUT ? rb : 0;
      carry_rb += in->a[i].kind == PACC_KIND_INOUT
                      || (in->a[i].kind == PACC_KIND_IN
                          && p->carry == PACC_CARRY_BUFFER)
                    ? rb
                    : 0;
    }
  /* Saturate: a plan too large to count is too large to fit.  */
  if (__builtin_mul_overflow ((size_t) rows, row_bytes, &bytes))
    bytes = (size_t) -1;
  if (__builtin_mul_overflow ((size_t) p->carry_rows, carry_rb, &carry))
    carry = (size_t) -1;
  if (__builtin_mul_overflow ((size_t) p->band_buf_rows, inout_rb, &band))
    band = (size_t) -1;
  p->band_bytes = p->skew ? band : 0;
  p->buf_bytes = slots_bytes (bytes, p->nbuf);
  p->dev_bytes = slots_bytes (bytes, p->dev_bufs); /* on one device */
  p->carry_bytes = carry;
  if (__builtin_add_overflow (carry, p->band_bytes, &carry)
      || __builtin_add_overflow (carry, p->ring_bytes, &carry))
    carry = (size_t) -1;
  if (__builtin_add_overflow (p->buf_bytes, carry, &p->buf_bytes))
    p->buf_bytes = (size_t) -1;
  if (__builtin_add_overflow (p->dev_bytes, carry, &p->dev_bytes))
    p->dev_bytes = (size_t) -1;
}
