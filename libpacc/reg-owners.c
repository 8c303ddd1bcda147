/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* reg-owners.c - the devices whose copies touch each host row of a
   region under a plan (reg-owners.h).  A row inside one chunk's own rows
   and no other device's load range belongs to that chunk's device; the
   rows a neighbour on another device loads as its halo are shared.  */

#include "reg-owners.h"

#include <stdlib.h>
#include <string.h>

static int
cmp_long (const void *a, const void *b)
{
  long x = *(const long *) a, y = *(const long *) b;
  return x < y ? -1 : x > y;
}

int
pacc_owners_make (const struct pacc_geom *g, const struct pacc_plan *p,
                  struct pacc_owners *o)
{
  int c = p->nchunks, nb = 0;
  long lo0 = g->lo0, hi0 = g->lo0 + g->len0;
  long kmax = p->k_first > p->k ? p->k_first : p->k;
  memset (o, 0, sizeof *o);
  if (p->ndev <= 1 || p->ndev > 64 || c <= 0 || g->len0 <= 0)
    return 0;
  /* The load ranges of the widest block; the plan's own chunks keep
     those of its k-step block, which the schedule changes per block.  */
  struct pacc_chunk *ch = malloc ((size_t) c * sizeof *ch);
  long *b = malloc (((size_t) c * 2 + 2) * sizeof *b);
  if (!ch || !b)
    {
      free (ch);
      free (b);
      return -1;
    }
  memcpy (ch, p->ch, (size_t) c * sizeof *ch);
  pacc_chunks_block (g, ch, c, kmax, 0, p->carry, p->skew);
  b[nb++] = lo0;
  b[nb++] = hi0;
  for (int i = 0; i < c; i++)
    {
      if (ch[i].llo > lo0 && ch[i].llo < hi0)
        b[nb++] = ch[i].llo;
      if (ch[i].lhi > lo0 && ch[i].lhi < hi0)
        b[nb++] = ch[i].lhi;
    }
  qsort (b, (size_t) nb, sizeof *b, cmp_long);
  o->seg = malloc ((size_t) nb * sizeof *o->seg);
  if (!o->seg)
    {
      free (ch);
      free (b);
      return -1;
    }
  /* Between two boundaries every row has the same devices.  */
  for (int j = 0; j + 1 < nb; j++)
    {
      long lo = b[j], hi = b[j + 1];
      unsigned long long devs = 0;
      if (hi <= lo)
        continue;
      for (int i = 0; i < c; i++)
        if (ch[i].llo < hi && lo < ch[i].lhi)
          devs |= 1ULL << (i % p->ndev);
      if (o->nseg && o->seg[o->nseg - 1].devs == devs)
        o->seg[o->nseg - 1].hi = hi;
      else
        {
          o->seg[o->nseg].lo = lo;
          o->seg[o->nseg].hi = hi;
          o->seg[o->nseg++].devs = devs;
        }
    }
  free (ch);
  free (b);
  return 1;
}

void
pacc_owners_free (struct pacc_owners *o)
{
  free (o->seg);
  o->seg = NULL;
  o->nseg = 0;
}

unsigned long long
pacc_owners_any (const struct pacc_owners *o, long lo, long hi)
{
  unsigned long long devs = 0;
  for (int j = 0; j < o->nseg; j++)
    if (o->seg[j].lo < hi && lo < o->seg[j].hi)
      devs |= o->seg[j].devs;
  return devs;
}

int
pacc_owners_single (const struct pacc_owners *o, long lo, long hi)
{
  unsigned long long devs = pacc_owners_any (o, lo, hi);
  if (!devs || (devs & (devs - 1)))
    return -1;
  return __builtin_ctzll (devs);
}

int
pacc_owners_covers (const struct pacc_owners *o, long lo, long hi, int dev)
{
  long at = lo;
  for (int j = 0; j < o->nseg && at < hi; j++)
    if (o->seg[j].lo <= at && at < o->seg[j].hi)
      {
        if (!(o->seg[j].devs >> dev & 1))
          return 0;
        at = o->seg[j].hi;
      }
  return at >= hi;
}
