/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* chunks.c - own rows, load ranges and dependency intervals of a
   region's chunks (chunks.h).  */

#include "chunks.h"

void
pacc_chunks_split (const struct pacc_geom *g, struct pacc_chunk *ch, int c,
                   long block)
{
  long len = g->len0;
  int i;
  for (i = 0; i < c; i++)
    {
      if (block)
        ch[i].lo = g->lo0 + i * block;
      else
        ch[i].lo = g->lo0 + i * (len / c) + (i < len % c ? i : len % c);
      if (i)
        ch[i - 1].hi = ch[i].lo;
    }
  ch[c - 1].hi = g->lo0 + len;
}

/* Rows a chunk owning [LO, HI) needs for a block of KK steps.  */
static void
load_range (const struct pacc_geom *g, long lo, long hi, long kk, long *llo,
            long *lhi)
{
  long end = g->lo0 + g->len0;
  long a = lo - g->hlo * kk - g->elo, b = hi + g->hhi * kk + g->ehi;
  *llo = a < g->lo0 ? g->lo0 : a;
  *lhi = b > end ? end : b;
  if (*lhi < *llo)
    *lhi = *llo;
}

/* Own and load ranges are nondecreasing in the chunk index at both ends,
   so each dependency set is an interval, found with two cursors.  */
void
pacc_chunks_block (const struct pacc_geom *g, struct pacc_chunk *ch, int c,
                   long kk, int resident)
{
  int i, lo, hi;

  for (i = 0; i < c; i++)
    {
      load_range (g, ch[i].lo, ch[i].hi, kk, &ch[i].llo, &ch[i].lhi);
      if (!resident)
        ch[i].blo = ch[i].llo;
    }
  /* Chunks whose load range meets i's own rows.  */
  for (i = lo = hi = 0; i < c; i++)
    {
      while (lo < c && ch[lo].lhi <= ch[i].lo)
        lo++;
      while (hi < c && ch[hi].llo < ch[i].hi)
        hi++;
      ch[i].rd_lo = lo;
      ch[i].rd_hi = hi - 1;
    }
  /* Chunks whose own rows meet i's load range.  */
  for (i = lo = hi = 0; i < c; i++)
    {
      while (lo < c && ch[lo].hi <= ch[i].llo)
        lo++;
      while (hi < c && ch[hi].lo < ch[i].lhi)
        hi++;
      ch[i].wd_lo = lo;
      ch[i].wd_hi = hi - 1;
    }
}
