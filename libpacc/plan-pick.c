/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* plan-pick.c - which of the plans the planner's search found to fit it
   takes (planner.h: struct pacc_cands): the least score, unless a plan
   of fewer chunks scores within PLAN_CHUNKS_GAIN of it, in which case
   the one of fewest chunks among those; and of the plans with the
   queues asked for and with two per device, the two-queue one only
   when it scores PLAN_QUEUES_GAIN less.  planner.c's search fills the
   lists; this file only chooses.  */

#include "planner.h"
#include "diag.h"

#include <stdlib.h>
#include <string.h>

void
pacc_cands_add (const char *where, struct pacc_cands *cs,
                const struct pacc_cand *c)
{
  if (cs->n == cs->cap)
    {
      int cap = cs->cap ? 2 * cs->cap : 64;
      struct pacc_cand *v = pacc_xmalloc (where, (size_t) cap * sizeof *v,
                                          "the planner's candidates");
      if (cs->n)
        memcpy (v, cs->v, (size_t) cs->n * sizeof *v);
      free (cs->v);
      cs->v = v;
      cs->cap = cap;
    }
  cs->v[cs->n++] = *c;
}

const struct pacc_cand *
pacc_cands_pick (const struct pacc_cands *cs)
{
  const struct pacc_cand *least = NULL, *pick = NULL;
  for (int i = 0; i < cs->n; i++)
    if (!least || cs->v[i].t < least->t)
      least = &cs->v[i];
  if (!least)
    return NULL;
  /* Thinner chunks must pay for themselves: the model counts their
     fill, halo rows and kernels' tails, not what each chunk costs the
     host (its copies, launches and waits issued, its rows registered)
     nor the redundant halo loads hidden under a wait for the
     registration or a slower link, and thin plans ran behind the
     model where thick ones kept to it (benchmarks/RESULTS.md: twice
     the automatic chunk count 3-6 % slower at 2x and 8x; two H200s
     300 chunks where one took 22).  */
  double bound = least->t * (1 + PLAN_CHUNKS_GAIN);
  for (int i = 0; i < cs->n; i++)
    {
      const struct pacc_cand *c = &cs->v[i];
      if (c->t > bound)
        continue;
      if (!pick || c->c < pick->c || (c->c == pick->c && c->t < pick->t))
        pick = c;
    }
  return pick;
}

int
pacc_cands_choose (const struct pacc_cands cs[2], struct pacc_cand *best)
{
  const struct pacc_cand *b0 = pacc_cands_pick (&cs[0]);
  const struct pacc_cand *b1 = pacc_cands_pick (&cs[1]), *b = b0;
  if (b1 && (!b0 || b1->t < b0->t * (1 - PLAN_QUEUES_GAIN)))
    b = b1;
  if (b)
    *best = *b;
  return b != NULL;
}

void
pacc_cands_free (struct pacc_cands *cs)
{
  free (cs->v);
  cs->v = NULL;
  cs->n = cs->cap = 0;
}
