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
load_range (const struct pacc_geom *g, long lo, long hi, long kk, int skew,
            long *llo, long *lhi)
{
  long first = g->lo0 - g->ext_lo, end = g->lo0 + g->len0 + g->ext_hi;
  long a = lo - g->hlo * (skew ? 1 : kk) - g->elo;
  long b = hi + g->hhi * kk + g->ehi;
  *llo = a < first ? first : a;
  *lhi = b > end ? end : b;
  if (*lhi < *llo)
    *lhi = *llo;
}

/* Own and load ranges are nondecreasing in the chunk index at both ends,
   so each dependency set is an interval, found with two cursors.  */
void
pacc_chunks_block (const struct pacc_geom *g, struct pacc_chunk *ch, int c,
                   long kk, int resident, int carry, int skew)
{
  int i, lo, hi;

  for (i = 0; i < c; i++)
    {
      load_range (g, ch[i].lo, ch[i].hi, kk, skew, &ch[i].llo, &ch[i].lhi);
      if (!resident)
        ch[i].blo = ch[i].llo;
      ch[i].xlo = ch[i].llo;
      ch[i].xhi = ch[i].lhi;
      /* llo and lhi are nondecreasing and llo[i] <= lo[i] = hi[i-1] <=
         lhi[i-1]: the shared rows are [llo[i], min (lhi[i-1], lhi[i])),
         a subset of chunk i - 1's range.  */
      if (carry && i > 0)
        ch[i].xlo = ch[i - 1].lhi < ch[i].lhi ? ch[i - 1].lhi : ch[i].lhi;
    }
  /* Chunks whose host load range meets i's own rows (an empty range
     may count: one wait too many, never one too few).  */
  for (i = lo = hi = 0; i < c; i++)
    {
      while (lo < c && ch[lo].xhi <= ch[i].lo)
        lo++;
      while (hi < c && ch[hi].xlo < ch[i].hi)
        hi++;
      ch[i].rd_lo = lo;
      ch[i].rd_hi = hi - 1;
      /* The next chunk reads i's buffer.  */
      if (carry == PACC_CARRY_DIRECT && i + 1 < c && ch[i].rd_hi < i + 1)
        ch[i].rd_hi = i + 1;
    }
  /* Chunks whose own rows meet i's host load range.  */
  for (i = lo = hi = 0; i < c; i++)
    {
      while (lo < c && ch[lo].hi <= ch[i].xlo)
        lo++;
      while (hi < c && ch[hi].lo < ch[i].xhi)
        hi++;
      ch[i].wd_lo = lo;
      ch[i].wd_hi = hi - 1;
    }
}

void
pacc_chunks_band (const struct pacc_geom *g, const struct pacc_chunk *ch,
                  int j, long kk, long s, long *lo, long *hi)
{
  long first = g->lo0 - g->ext_lo, end = g->lo0 + g->len0 + g->ext_hi;
  long a = ch[j].lo + g->hhi * (kk - 1 - s) - g->hlo - g->elo;
  long b = ch[j].lo + g->hhi * (kk - s);
  *lo = a < first ? first : a;
  *hi = b > end ? end : b;
  if (*hi < *lo)
    *hi = *lo;
}

long
pacc_chunks_carry_rows (const struct pacc_chunk *ch, int c)
{
  long rows = 0;
  for (int i = 1; i < c; i++)
    rows = ch[i].xlo - ch[i].llo > rows ? ch[i].xlo - ch[i].llo : rows;
  return rows;
}

long
pacc_chunks_ring_rows (const struct pacc_chunk *ch, int c, int nlive)
{
  /* Two blocks' load ranges in ring order: chunk t % c of block t / c
     starts (t / c) * per + ch[t % c].llo - first.  */
  long first = ch[0].llo, per = ch[c - 1].lhi - first, rows = 0;
  for (int t = 0; t < 2 * c; t++)
    {
      int o = t - nlive + 1 > 0 ? t - nlive + 1 : 0;
      long end = (long) (t / c) * per + ch[t % c].lhi - first;
      long start = (long) (o / c) * per + ch[o % c].llo - first;
      rows = end - start > rows ? end - start : rows;
    }
  return rows;
}

long
pacc_chunks_below_later (const struct pacc_geom *g,
                         const struct pacc_chunk *ch, int c, int j)
{
  long wm = g->lo0 + g->len0;
  for (int i = j + 1; i < c; i++)
    {
      long lo = ch[i].llo < ch[i].lo ? ch[i].llo : ch[i].lo;
      wm = lo < wm ? lo : wm;
    }
  return wm;
}
