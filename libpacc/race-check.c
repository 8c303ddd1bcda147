/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* race-check.c - the vector-clock check of a region's schedule
   (race-check.h).  Accesses that every queue is known to follow are
   dropped, which keeps the log short.  */

#include "race-check.h"
#include "settings.h"
#include "trace.h"

#include <stdlib.h>
#include <string.h>

#define CHECK_MAX_SNAP (1L << 20)

/* By enum pacc_op_kind.  */
static const char *const op_name[]
  = { "load", "write-back", "kernels", "halo copy" };

void
pacc_race_start (struct pacc_race *c, const char *where, int nqueues,
                 int nevents)
{
  size_t q = (size_t) nqueues, nsnap = (size_t) nevents * q;
  memset (c, 0, sizeof *c);
  c->nq = nqueues;
  c->where = where;
  c->on = nsnap <= (size_t) CHECK_MAX_SNAP;
  if (!c->on)
    return;
  c->vc = pacc_xcalloc (where, q * q, sizeof *c->vc, "the schedule check");
  c->snap = pacc_xcalloc (where, nsnap, sizeof *c->snap, "the schedule check");
}

void
pacc_race_free (struct pacc_race *c)
{
  free (c->vc);
  free (c->snap);
  free (c->log);
  c->vc = c->snap = NULL;
  c->log = NULL;
  c->nlog = c->caplog = 0;
}

void
pacc_race_op (struct pacc_race *c, int q)
{
  unsigned long minc[MAX_QUEUES];
  int nq = c->nq, a, b;
  size_t i, n = 0;

  if (!c->on)
    return;
  c->vc[q * nq + q]++;
  for (b = 0; b < nq; b++)
    for (minc[b] = ~0ul, a = 0; a < nq; a++)
      if (c->vc[a * nq + b] < minc[b])
        minc[b] = c->vc[a * nq + b];
  for (i = 0; i < c->nlog; i++)
    if (c->log[i].clock > minc[c->log[i].queue])
      c->log[n++] = c->log[i];
  c->nlog = n;
}

void
pacc_race_access (struct pacc_race *c, int q, int what, int chunk, long block,
                  const void *p, size_t bytes, int write)
{
  const unsigned long *v;
  struct pacc_race_access x;
  size_t i;

  if (!c->on || !bytes)
    return;
  v = c->vc + (size_t) q * (size_t) c->nq;
  x.lo = (uintptr_t) p;
  x.hi = x.lo + bytes;
  x.clock = v[q];
  x.queue = q;
  x.chunk = chunk;
  x.what = what;
  x.write = write;
  x.block = block;
  for (i = 0; i < c->nlog; i++)
    {
      const struct pacc_race_access *y = &c->log[i];
      if (y->lo < x.hi && x.lo < y->hi && (x.write || y->write)
          && y->clock > v[y->queue])
        pacc_internal_error (c->where,
                             "schedule race: %s of chunk %d "
                             "(block %ld, queue %d) and %s of chunk %d "
                             "(block %ld, queue %d) access the same memory "
                             "with no event between them",
                             op_name[x.what], x.chunk, x.block, x.queue,
                             op_name[y->what], y->chunk, y->block, y->queue);
    }
  if (c->nlog == c->caplog)
    {
      size_t cap = c->caplog ? 2 * c->caplog : 64;
      struct pacc_race_access *log
        = pacc_xmalloc (c->where, cap * sizeof *log, "the schedule check");
      if (c->nlog)
        memcpy (log, c->log, c->nlog * sizeof *log);
      free (c->log);
      c->log = log;
      c->caplog = cap;
    }
  c->log[c->nlog++] = x;
}

void
pacc_race_record (struct pacc_race *c, int q, int ev)
{
  size_t nq = (size_t) c->nq;
  if (c->on)
    memcpy (c->snap + (size_t) ev * nq, c->vc + (size_t) q * nq,
            nq * sizeof *c->vc);
}

void
pacc_race_wait (struct pacc_race *c, int q, int ev)
{
  size_t nq = (size_t) c->nq, b;
  if (c->on)
    for (b = 0; b < nq; b++)
      if (c->snap[(size_t) ev * nq + b] > c->vc[(size_t) q * nq + b])
        c->vc[(size_t) q * nq + b] = c->snap[(size_t) ev * nq + b];
}
