/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* planner.c - the planner (libpacc/planner.c and its cost model,
   cost.c) called directly, with no back end: sweep.sh builds this test
   from planner.c, cost.c, chunks.c, diag.c and settings.c alone, so a
   planner that needed a back end would not even link.

   Named cases check what the manual promises (resident when everything
   fits, streaming in the memory given, the messages when nothing fits or
   the settings contradict each other, the automatic k and queues).  Then
   thousands of random geometries, array sets, device counts, memory sizes
   and settings check every plan against rules computed here
   independently: the chunks partition the rows, the buffers hold a
   chunk's rows for k steps, there are enough buffers for the schedule's
   waits (span + 1, with the carry's host ranges where it applies), the
   carry is used where the manual says and holds the rows neighbours
   share, the buffers of one device fit its memory, and a plan
   is refused exactly when even one-row chunks with k = 1 do not fit.  */

#include "planner.h"
#include "pacc-abi.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int failures;

static void
report (const char *name, int ok, const char *detail)
{
  printf ("%s planner: %s\n", ok ? "PASS" : "FAIL", name);
  if (!ok)
    {
      if (detail && *detail)
        printf ("  %s\n", detail);
      failures++;
    }
}

/* A region of N arrays of ROW_BYTES each (kinds inout, then temp, in).  */
struct setup
{
  struct pacc_plan_array a[8];
  struct pacc_settings s;
  struct pacc_plan_in in;
};

static void
setup (struct setup *u, long len0, long hlo, long hhi, long nsteps, int n,
       size_t row_bytes, int ndev, size_t mem)
{
  static const char *const names[] = { "p", "q", "r", "s", "t", "u", "v",
                                       "w" };
  memset (u, 0, sizeof *u);
  for (int i = 0; i < n; i++)
    {
      u->a[i].name = names[i];
      u->a[i].kind = i == 0 ? PACC_KIND_INOUT
                     : i % 3 == 1 ? PACC_KIND_TEMP : PACC_KIND_IN;
      u->a[i].row_bytes = row_bytes;
    }
  u->s.resident = -1;
  u->s.carry = -1;
  /* u->s.skew stays 0 (trapezoids): the cases that skew say so.  */
  u->s.workers = -1;
  u->in.where = "planner.c:1";
  u->in.g.len0 = len0;
  u->in.g.hlo = hlo;
  u->in.g.hhi = hhi;
  u->in.nsteps = nsteps;
  u->in.async = 1;
  u->in.n = n;
  u->in.a = u->a;
  u->in.ndev = ndev;
  u->in.mem = mem;
  u->in.mem_kind = "register";
  u->in.s = &u->s;
}

/* *DST, a copy of SRC whose input points into DST itself.  */
static void
copy_setup (struct setup *dst, const struct setup *src)
{
  *dst = *src;
  dst->in.s = &dst->s;
  dst->in.a = dst->a;
}

static long
min_l (long a, long b)
{
  return a < b ? a : b;
}

static long
max_l (long a, long b)
{
  return a > b ? a : b;
}

/* Rows chunk [LO, HI) needs for K steps (computed here, not by chunks.c);
   SKEW: in a skewed plan, only hlo below.  */
static long skew_of_need;
static void
need (const struct pacc_geom *g, long lo, long hi, long k, long *llo,
      long *lhi)
{
  long end = g->lo0 + g->len0;
  *llo = max_l (g->lo0, lo - g->hlo * (skew_of_need ? 1 : k) - g->elo);
  *lhi = min_l (end, hi + g->hhi * k + g->ehi);
  if (*lhi < *llo)
    *lhi = *llo;
}

/* Every rule a successful plan P of IN must keep; the first one broken
   goes into WHY.  */
static int
plan_ok (const struct pacc_plan_in *in, const struct pacc_plan *p, char *why,
         size_t len)
{
  const struct pacc_geom *g = &in->g;
  long end = g->lo0 + g->len0, rows = 0, avail;
  size_t rb = 0, crb = 0;
  int span = 0, c = p->nchunks;

#define BAD(...) return snprintf (why, len, __VA_ARGS__), 0
  if (c < 1 || !p->ch)
    BAD ("%d chunks", c);
  if (p->k < 1 || p->k > max_l (in->nsteps, 1))
    BAD ("k = %ld for %ld steps", p->k, in->nsteps);
  if (in->s->k && p->k != max_l (1, min_l (in->s->k, in->nsteps)))
    BAD ("k = %ld, but PACC_K=%ld and %ld steps", p->k, in->s->k,
         in->nsteps);
  /* The first block: PACC_K_FIRST as given (at most the steps); the
     model's only while it waits for the registration, and then more
     steps than the others; none in a re-plan.  */
  long uk0 = in->first_block && in->s->k_first > 0
             ? min_l (in->s->k_first, in->nsteps) : 0;
  if (uk0 && p->k_first != uk0)
    BAD ("first block of %ld steps, but PACC_K_FIRST=%ld and %ld steps",
         p->k_first, in->s->k_first, in->nsteps);
  if (!uk0 && p->k_first
      && (!in->first_block || in->s->k_first >= 0 || in->pin_s <= 0
          || p->k_first <= p->k || p->k_first > in->nsteps))
    BAD ("first block of %ld steps (k %ld, PACC_K_FIRST=%ld, first block "
         "%d, registration %.3f s)", p->k_first, p->k, in->s->k_first,
         in->first_block, in->pin_s);
  /* The buffers hold the larger of the two blocks.  */
  long kb = max_l (p->k, p->k_first);
  if (p->ch[0].lo != g->lo0 || p->ch[c - 1].hi != end)
    BAD ("chunks cover [%ld,%ld), not the rows [%ld,%ld)", p->ch[0].lo,
         p->ch[c - 1].hi, g->lo0, end);
  /* The carry: one device, chunks sharing buffers, a halo to share.  */
  int carry = in->s->carry != 0 && p->ndev == 1 && c > p->nqueues
              && g->hlo + g->hhi + g->elo + g->ehi > 0;
  long carry_rows = 0;
  /* With two queues or more the targetin rows come straight from the
     previous chunk's buffer, which its write-back must keep.  */
  int direct = carry && p->nqueues >= 2;
  carry = direct ? PACC_CARRY_DIRECT : carry ? PACC_CARRY_BUFFER : 0;
  if (p->carry != carry)
    BAD ("carry %d, expected %d (%d chunks, %d queues, %d devices)",
         p->carry, carry, c, p->nqueues, p->ndev);
  /* Skewed: only with the carry, as the settings allow; then the
     buffers hold hlo rows below the own ones, and the band buffer
     k - 1 bands of hlo + elo + hhi rows of the targetinout arrays.  */
  if (p->skew && (!carry || c < 2 || in->s->skew == 0))
    BAD ("skewed with carry %d, %d chunks, PACC_SKEW=%d", carry, c,
         in->s->skew);
  if (!p->skew && carry && c > 1 && in->s->skew == 1)
    BAD ("not skewed although PACC_SKEW=1 and the carry");
  long kmax = max_l (p->k, p->k_first);
  if (p->band_buf_rows
      != (p->skew ? (kmax - 1) * (in->g.hlo + in->g.elo + in->g.hhi) : 0))
    BAD ("a band buffer of %ld rows (skew %d, k %ld, first block %ld)",
         p->band_buf_rows, p->skew, p->k, p->k_first);
  skew_of_need = p->skew;
  for (int i = 0; i < c; i++)
    {
      long llo, lhi, plo, phi;
      if (p->ch[i].hi < p->ch[i].lo || (i && p->ch[i].lo != p->ch[i - 1].hi))
        BAD ("chunk %d owns [%ld,%ld) after [%ld,%ld)", i, p->ch[i].lo,
             p->ch[i].hi, i ? p->ch[i - 1].lo : 0, i ? p->ch[i - 1].hi : 0);
      need (g, p->ch[i].lo, p->ch[i].hi, kb, &llo, &lhi);
      rows = max_l (rows, lhi - llo);
      if (carry && i)
        {
          /* The rows chunk i - 1 loaded too come from the carry.  */
          need (g, p->ch[i - 1].lo, p->ch[i - 1].hi, kb, &plo, &phi);
          if (plo > llo)
            BAD ("chunk %d loads from row %ld, below chunk %d's %ld", i,
                 llo, i - 1, plo);
          carry_rows = max_l (carry_rows, min_l (phi, lhi) - llo);
        }
      /* Span: the last chunk whose host load range meets i's own
         rows.  */
      for (int j = i + 1; j < c; j++)
        {
          long jlo, jhi;
          need (g, p->ch[j].lo, p->ch[j].hi, kb, &jlo, &jhi);
          if (carry)
            {
              need (g, p->ch[j - 1].lo, p->ch[j - 1].hi, kb, &plo, &phi);
              jlo = min_l (phi, jhi);
            }
          if (jlo < jhi && jlo < p->ch[i].hi && p->ch[i].lo < jhi
              && j - i > span)
            span = j - i;
        }
      if (direct && i + 1 < c && span < 1)
        span = 1;
    }
  /* Balanced chunks, or PACC_BLOCK rows each but the last.  */
  for (int i = 0; i < c; i++)
    {
      long own = p->ch[i].hi - p->ch[i].lo;
      long first = p->ch[0].hi - p->ch[0].lo;
      if (in->s->block ? i < c - 1 && own != min_l (in->s->block, g->len0)
                       : own < g->len0 / c || own > g->len0 / c + 1)
        BAD ("chunk %d owns %ld rows of %ld in %d chunks (the first %ld)",
             i, own, g->len0, c, first);
    }
  if (p->buf_rows < rows)
    BAD ("buffers of %ld rows, but a chunk needs %ld for k = %ld",
         p->buf_rows, rows, kb);
  if (p->nbuf < min_l (c, span + 1) || p->nbuf > c)
    BAD ("%d buffers for %d chunks of span %d", p->nbuf, c, span);
  /* Every device the chunks allow, or (the cost model's choice, with
     PACC_DEVICES unset) one.  */
  int dev_ok = p->ndev == min_l (in->ndev, c)
               || (p->ndev == 1 && !in->s->devices && p->d_from
                   && !strcmp (p->d_from, "auto, one: the cost model's"));
  if (!dev_ok)
    BAD ("%d devices of %d for %d chunks (%s)", p->ndev, in->ndev, c,
         p->d_from ? p->d_from : "?");
  if ((p->nbuf % p->ndev && p->nbuf != c)
      || (p->nqueues % p->ndev && p->nqueues != c))
    BAD ("%d buffers and %d queues over %d devices", p->nbuf, p->nqueues,
         p->ndev);
  if (p->nqueues < 1 || p->nqueues > min_l (c, MAX_QUEUES))
    BAD ("%d queues for %d chunks", p->nqueues, c);
  if (!in->async && p->nqueues != 1 * p->ndev && p->nqueues != c)
    BAD ("%d queues without the async clause", p->nqueues);
  if (p->dev_bufs != (p->nbuf + p->ndev - 1) / p->ndev)
    BAD ("%d buffers per device for %d over %d devices", p->dev_bufs,
         p->nbuf, p->ndev);
  size_t brb = 0, ring_bytes = 0;
  /* Rings: the targetin arrays, with the carry, where the back end has
     them; each holds the load ranges of nbuf chunks in a row, two
     blocks end to end.  */
  int ring = 0;
  for (int i = 0; i < in->n; i++)
    ring |= in->ring_gran && carry && in->s->ring
            && in->a[i].kind == PACC_KIND_IN;
  long ring_rows = 0;
  for (int t = 0; ring && t < 2 * c; t++)
    {
      long flo, fhi, llo, lhi, olo, ohi, per;
      int o = (int) max_l (0, t - p->nbuf + 1);
      need (g, p->ch[0].lo, p->ch[0].hi, kb, &flo, &fhi);
      need (g, p->ch[c - 1].lo, p->ch[c - 1].hi, kb, &llo, &per);
      need (g, p->ch[t % c].lo, p->ch[t % c].hi, kb, &llo, &lhi);
      need (g, p->ch[o % c].lo, p->ch[o % c].hi, kb, &olo, &ohi);
      per -= flo;
      ring_rows = max_l (ring_rows, (t / c - o / c) * per + lhi - olo);
    }
  /* ... and only where they take less memory than the targetin arrays'
     rows in the buffers and the carry.  */
  size_t in_rb = 0, rings = 0;
  for (int i = 0; ring && i < in->n; i++)
    if (in->a[i].kind == PACC_KIND_IN)
      {
        in_rb += in->a[i].row_bytes;
        rings += ((size_t) ring_rows * in->a[i].row_bytes + in->ring_gran - 1)
                 / in->ring_gran * in->ring_gran;
      }
  if (ring && rings >= ((size_t) rows * (size_t) p->nbuf
                        + (direct ? 0 : (size_t) carry_rows)) * in_rb)
    ring = 0, ring_rows = 0;
  if (p->ring != ring || p->ring_rows != ring_rows)
    BAD ("rings %d of %ld rows, expected %d of %ld (carry %d, unit %zu, "
         "PACC_RING=%d)", p->ring, p->ring_rows, ring, ring_rows, carry,
         in->ring_gran, in->s->ring);
  for (int i = 0; i < in->n; i++)
    {
      if (ring && in->a[i].kind == PACC_KIND_IN)
        {
          ring_bytes += ((size_t) ring_rows * in->a[i].row_bytes
                         + in->ring_gran - 1) / in->ring_gran * in->ring_gran;
          continue;
        }
      rb += in->a[i].row_bytes;
      brb += in->a[i].kind == PACC_KIND_INOUT ? in->a[i].row_bytes : 0;
      crb += in->a[i].kind == PACC_KIND_INOUT
             || (in->a[i].kind == PACC_KIND_IN && !direct)
             ? in->a[i].row_bytes : 0;
    }
  if (p->carry_rows != carry_rows)
    BAD ("a carry of %ld rows, but chunks share up to %ld", p->carry_rows,
         carry_rows);
  size_t band = p->skew ? (size_t) (kb - 1)
                          * (size_t) (g->hlo + g->elo + g->hhi) * brb : 0;
  if (p->dev_bytes != (size_t) p->dev_bufs * (size_t) p->buf_rows * rb
                      + (size_t) carry_rows * crb + band + ring_bytes)
    BAD ("%zu bytes per device for %d buffers of %ld rows of %zu bytes, "
         "a carry of %ld rows of %zu bytes, %zu of bands and %zu of rings",
         p->dev_bytes, p->dev_bufs, p->buf_rows, rb, carry_rows, crb, band,
         ring_bytes);
  if (carry && p->nbuf != p->nqueues)
    BAD ("%d buffers with the carry and %d queues", p->nbuf, p->nqueues);
  avail = (long) in->mem;
  if (in->s->device_memory && (long) in->s->device_memory < avail)
    avail = (long) in->s->device_memory;
  if ((long) p->dev_bytes > avail)
    BAD ("%zu bytes of buffers per device, more than the %ld bytes there "
         "are", p->dev_bytes, avail);
  if (p->resident && p->nbuf != c)
    BAD ("resident with %d buffers for %d chunks", p->nbuf, c);
  if (in->s->resident == 0 && p->resident)
    BAD ("resident although PACC_RESIDENT=0");
  if (in->s->resident == 1 && !p->resident)
    BAD ("streaming although PACC_RESIDENT=1");
#undef BAD
  return 1;
}

static unsigned long long rng = 88172645463325252ull;

static long
rnd (long n)
{
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return n > 0 ? (long) (rng % (unsigned long long) n) : 0;
}

/* Random regions: every plan keeps the rules; a plan is refused only
   when one-row chunks with k = 1 (what the automatic choice ends with)
   do not fit either.  */
static void
random_plans (int cases, int model)
{
  char why[512] = "", err[2048], detail[2600] = "";
  int bad = 0, refused = 0, resident = 0, refusal_bad = 0;

  for (int t = 0; t < cases; t++)
    {
      struct setup u;
      struct pacc_plan p, q;
      long len0 = rnd (4) ? 1 + rnd (3000) : rnd (3);
      int n = 1 + (int) rnd (4);
      size_t row = (size_t) (4 + 4 * rnd (512));
      size_t all = (size_t) (len0 ? len0 : 1) * row * (size_t) n;
      /* From nothing to four times everything.  */
      size_t mem = rnd (5) ? (size_t) rnd ((long) (4 * all)) + 1
                           : (size_t) rnd (64 * (long) row * n);
      setup (&u, len0, rnd (4), rnd (4), rnd (10) ? rnd (300) : 0, n, row,
             1 + (int) rnd (8), mem);
      u.in.g.lo0 = rnd (3) ? 0 : rnd (1000) - 500;
      u.in.g.elo = rnd (3) ? 0 : rnd (3);
      u.in.g.ehi = rnd (3) ? 0 : rnd (3);
      u.in.async = rnd (5) != 0;
      if (!rnd (3))
        u.s.k = 1 + rnd (40);
      if (!rnd (4))
        u.s.chunks = 1 + rnd (200);
      else if (!rnd (5))
        u.s.block = 1 + rnd (300);
      if (!rnd (4))
        u.s.queues = 1 + (int) rnd (8);
      if (!rnd (6))
        u.s.resident = (int) rnd (2);
      if (!rnd (4))
        u.s.carry = (int) rnd (2);
      u.s.skew = (int) rnd (3) - 1;
      /* A back end with rings (page or odd units), PACC_RING unset, 0, 1.  */
      if (rnd (2))
        {
          u.in.ring_gran = rnd (2) ? 4096 : 1 + (size_t) rnd (5000);
          u.s.ring = (int) rnd (3) - 1;
        }
      if (!rnd (4))
        u.s.device_memory = (unsigned long long) rnd ((long) (2 * all)) + 1;
      /* The first block: given, or left to the model, which takes it
         only while that block waits for the registration.  */
      u.s.k_first = !rnd (5) ? 1 + rnd (60) : rnd (2) ? -1 : 0;
      u.in.first_block = rnd (4) != 0;
      u.in.pin_s = rnd (2) ? (double) rnd (400) / 100 : 0;
      /* The cost model's rates of a back end, from a slow link to a fast
         one, from a small memory to a large one.  */
      if (model)
        {
          u.in.link_gbs = 1 + (double) rnd (60);
          u.in.hbm_gbs = 100 + (double) rnd (4000);
          /* And rates a re-plan measured.  */
          if (!rnd (3))
            {
              u.in.wb_gbs = 1 + (double) rnd (60);
              u.in.kernel_eff = 0.05 + (double) rnd (95) / 100;
              u.in.overlap_loss = (double) rnd (101) / 100;
            }
        }

      if (pacc_plan (&u.in, &p, err, sizeof err) == 0)
        {
          if (p.resident)
            resident++;
          if (!plan_ok (&u.in, &p, why, sizeof why) && !bad++)
            snprintf (detail, sizeof detail, "case %d (rows %ld, halo "
                      "-%ld/+%ld, %ld steps, %d arrays of %zu B, %d devices, "
                      "%zu B): %s", t, len0, u.in.g.hlo, u.in.g.hhi,
                      u.in.nsteps, n, row, u.in.ndev, mem, why);
        }
      else
        {
          refused++;
          /* Automatic chunks and k: refused only if the last plan the
             search tries, one row per chunk and k = 1, does not fit.  */
          /* PACC_K and the chunks given: refused only if none of the
             settings left automatic (skew, two queues) fits either.  */
          if (u.s.k && (u.s.chunks || u.s.block) && u.s.resident != 1
              && strstr (err, "the chunk buffers need"))
            for (int i = 1; i < 4; i++)
              {
                struct setup v;
                copy_setup (&v, &u);
                if (((i & 1) && u.s.skew != -1) || ((i & 2) && u.s.queues))
                  continue;
                v.s.skew = i & 1 ? 1 : u.s.skew;
                v.s.queues = i & 2 ? 2 : u.s.queues;
                if (pacc_plan (&v.in, &q, why, sizeof why) == 0
                    && !refusal_bad++)
                  snprintf (detail, sizeof detail, "case %d refused (%s) "
                            "although PACC_SKEW=%d PACC_QUEUES=%d fits "
                            "(carry %d, %d devices, async %d, chunks %ld, "
                            "block %ld, k %ld, first %ld/%d: skew %d, %d "
                            "queues, %ld chunks, %zu B, k %ld span %d rows %ld nbuf %d carry %d)",
                            t, err, v.s.skew, v.s.queues, u.s.carry,
                            u.in.ndev, u.in.async, u.s.chunks, u.s.block,
                            u.s.k, u.s.k_first, u.in.first_block, q.skew,
                            q.nqueues, (long) q.nchunks, q.dev_bytes, q.k, (int) q.span, (long) q.buf_rows, (int) q.nbuf, (int) q.carry);
                pacc_plan_free (&q);
              }
          if (!u.s.k && !u.s.chunks && !u.s.block && u.s.resident != 1
              && (u.s.k_first <= 0 || !u.in.first_block)
              && strstr (err, "the chunk buffers need"))
            {
              struct setup v;
              copy_setup (&v, &u);
              v.s.chunks = len0 ? len0 : 1;
              v.s.k = 1;
              v.in.mem = (size_t) -1;
              v.s.device_memory = 0;
              /* On the same devices (unlimited, the model may prefer
                 one, whose carry needs fewer buffers).  */
              v.s.devices = v.in.ndev;
              if (pacc_plan (&v.in, &q, why, sizeof why) == 0)
                {
                  size_t avail = u.s.device_memory
                                 && u.s.device_memory < mem
                                 ? (size_t) u.s.device_memory : mem;
                  if (q.dev_bytes <= avail && !refusal_bad++)
                    snprintf (detail, sizeof detail, "case %d refused (%s) "
                              "although one-row chunks need %zu of %zu "
                              "bytes", t, err, q.dev_bytes, avail);
                }
              pacc_plan_free (&q);
            }
        }
      pacc_plan_free (&p);
    }
  snprintf (why, sizeof why, "random plans%s keep every rule (%d plans: "
            "%d refused, %d resident)", model ? " of the cost model" : "",
            cases, refused, resident);
  report (why, !bad && !refusal_bad, detail);
}

/* A re-plan measures a block (replan.c): rates made up here, the busy
   times and bytes they give for one block of a plan, computed here from
   its chunks, and the span the model gives them.  pacc_plan_measured
   must recover the rates, and the overlap loss.  */
static void
measured_rates (void)
{
  struct setup u;
  struct pacc_plan p;
  struct pacc_plan_in m, truth;
  char err[2048], msg[2600];
  double busy[4] = { 0 }, bytes[4] = { 0 }, rb = 309760;
  const double link = 40, wb = 44, eff = 0.64, loss = 0.3;

  /* Jacobi at 8x: p (inout) and q (temp).  */
  setup (&u, 77440, 1, 1, 256, 2, 309760, 1, (size_t) 6 << 30);
  u.in.link_gbs = 54;
  u.in.hbm_gbs = 3352;
  int rc = pacc_plan (&u.in, &p, err, sizeof err);
  for (int c = 0; rc == 0 && c < p.nchunks; c++)
    {
      const struct pacc_chunk *ch = &p.ch[c];
      double k = (double) p.k, own = (double) (ch->hi - ch->lo);
      double rows = own * k + 2 * k * (k - 1) / 2;
      double most = (double) (ch->lhi - ch->llo) * k;
      bytes[0] += (double) (ch->xhi - ch->xlo) * rb;
      bytes[1] += own * rb;
      /* Kernels: p read and written, q written and read: 4 rows.  */
      busy[2] += (rows < most ? rows : most) * 4 * rb / (eff * 3352e9) * 1e6;
      /* And the tail of each step's kernels (thick chunks: the whole).  */
      busy[2] += k * PLAN_KERNEL_TAIL_S * 1e6;
    }
  busy[0] = bytes[0] / (link * 1e9) * 1e6;
  busy[1] = bytes[1] / (wb * 1e9) * 1e6;
  truth = u.in;
  truth.link_gbs = link;
  truth.wb_gbs = wb;
  truth.kernel_eff = eff;
  truth.overlap_loss = loss;
  truth.nsteps = p.k;
  double span = pacc_plan_predict (&truth, &p) * 1e6;
  int ok = rc == 0 && pacc_plan_measured (&u.in, &p, busy, bytes, span, &m);
  snprintf (msg, sizeof msg, "%s; link %.6f, write-back %.6f, kernels "
            "%.6f, loss %.6f, %ld steps", err, m.link_gbs, m.wb_gbs,
            m.kernel_eff, m.overlap_loss, m.nsteps);
  report ("a measured block gives back the rates that made it",
          ok && fabs (m.link_gbs - link) < 1e-9 && fabs (m.wb_gbs - wb) < 1e-9
          && fabs (m.kernel_eff - eff) < 1e-9
          && fabs (m.overlap_loss - loss) < 1e-9 && m.nsteps == 256
          && m.hbm_gbs == 3352, msg);
  /* Rates out of their ranges plan as the defaults do.  */
  struct pacc_plan d, w;
  struct pacc_plan_in bad = u.in;
  bad.kernel_eff = NAN;
  bad.overlap_loss = 7;
  bad.wb_gbs = -3;
  int rd = pacc_plan (&u.in, &d, err, sizeof err);
  int rw = pacc_plan (&bad, &w, err, sizeof err);
  snprintf (msg, sizeof msg, "defaults k %ld, %d chunks, %.6f s; bad "
            "inputs k %ld, %d chunks, %.6f s", d.k, d.nchunks,
            d.predicted_s, w.k, w.nchunks, w.predicted_s);
  report ("kernel fraction, overlap loss and write-back rate out of range "
          "are the defaults", rd == 0 && rw == 0 && d.k == w.k
          && d.nchunks == w.nchunks && d.predicted_s == w.predicted_s, msg);
  pacc_plan_free (&d);
  pacc_plan_free (&w);
  /* Nothing measured: nothing to say.  */
  double none[4] = { 0 };
  report ("a block without loads or kernels measures nothing",
          rc == 0 && !pacc_plan_measured (&u.in, &p, none, bytes, span, &m),
          "");
  pacc_plan_free (&p);
}

/* A random region on one device, up to 20000 rows of 1-6 arrays in
   memory for some of them, with a back end's rates (the model plans).  */
static void
random_model_region (struct setup *u)
{
  long len0 = 1 + rnd (20000);
  int n = 1 + (int) rnd (6);
  size_t row = (size_t) (8 + rnd (4000));
  setup (u, len0, rnd (3), rnd (3), 2 + rnd (300), n, row, 1,
         (size_t) (row * (size_t) n * (size_t) (1 + rnd (len0))));
  u->in.link_gbs = 1 + (double) rnd (60);
  u->in.hbm_gbs = 100 + (double) rnd (4000);
}

/* Re-planning the steps left with other rates never scores more (the
   time the planner ranks plans by, pacc_plan_score) than the plan it
   would replace (that plan is among the candidates; with
   another queue count, by at most PLAN_QUEUES_GAIN, the margin a change
   of queues needs) but for PLAN_CHUNKS_GAIN (the plan taken is the one
   of fewest chunks within that of the least), and every plan keeps the
   rules.  */
static void
replan_property (int cases)
{
  int bad = 0, tried = 0;
  char detail[2600] = "", why[512];
  for (int t = 0; t < cases; t++)
    {
      struct setup u;
      struct pacc_plan p, q;
      char err[2048];
      random_model_region (&u);
      if (pacc_plan (&u.in, &p, err, sizeof err) != 0 || p.resident
          || u.in.nsteps - p.k < p.k)
        {
          pacc_plan_free (&p);
          continue;
        }
      struct pacc_plan_in m = u.in;
      m.nsteps = u.in.nsteps - p.k;
      m.link_gbs = 1 + (double) rnd (60);
      m.wb_gbs = 1 + (double) rnd (60);
      m.kernel_eff = 0.05 + (double) rnd (95) / 100;
      m.overlap_loss = (double) rnd (101) / 100;
      double cur = pacc_plan_score (&m, &p);
      tried++;
      if (pacc_plan (&m, &q, err, sizeof err) != 0)
        {
          if (!bad++)
            snprintf (detail, sizeof detail, "case %d: no plan (%s)", t, err);
        }
      else if (q.score_s > cur * (1 + PLAN_CHUNKS_GAIN) * (1 + 1e-9)
                           / (q.nqueues == p.nqueues
                              ? 1 : 1 - PLAN_QUEUES_GAIN)
               && !bad++)
        snprintf (detail, sizeof detail, "case %d: re-plan k %ld, %d chunks, "
                  "%d queues predicts %.6f s, the plan so far (k %ld, %d "
                  "chunks, %d queues) %.6f s", t, q.k, q.nchunks, q.nqueues,
                  q.score_s, p.k, p.nchunks, p.nqueues, cur);
      else if (!plan_ok (&m, &q, why, sizeof why) && !bad++)
        snprintf (detail, sizeof detail, "case %d: %s", t, why);
      pacc_plan_free (&q);
      pacc_plan_free (&p);
    }
  snprintf (why, sizeof why, "re-plans with measured rates score no "
            "more than the plan so far (%d cases)", tried);
  report (why, !bad && tried > cases / 10, detail);
}

/* Case T of a property test: U with a setting (WITH says which) and V
   without, planned into P and Q.  1 when both are planned; a failure
   into *BAD and DETAIL when only one is (the setting never makes a
   region fit or not fit).  */
static int
plan_both (int t, struct setup *u, struct setup *v, struct pacc_plan *p,
           struct pacc_plan *q, const char *with, int *bad, char *detail,
           size_t size)
{
  char err[2048];
  int rp = pacc_plan (&u->in, p, err, sizeof err);
  int rq = pacc_plan (&v->in, q, err, sizeof err);
  if (rp != rq && !(*bad)++)
    snprintf (detail, size, "case %d: %s %s, %s without", t,
              rp ? "refused" : "planned", with, rq ? "refused" : "planned");
  return !rp && !rq;
}

/* A first block that waits for the registration: the model's plan,
   which may give that block steps of its own, never scores more than
   the best plan without (PACC_K_FIRST=0, the same wait; with another
   queue count, by at most PLAN_QUEUES_GAIN) but for PLAN_CHUNKS_GAIN
   (both take the plan of fewest chunks within that of their least), and
   every plan keeps the rules.  */
static void
first_block_property (int cases)
{
  int bad = 0, tried = 0, deeper = 0;
  char detail[2600] = "", why[512];
  for (int t = 0; t < cases; t++)
    {
      struct setup u, v;
      struct pacc_plan p, q;
      random_model_region (&u);
      u.in.first_block = 1;
      u.in.pin_s = (double) (1 + rnd (500)) / 100;
      u.s.k_first = -1;
      copy_setup (&v, &u);
      v.s.k_first = 0;
      if (plan_both (t, &u, &v, &p, &q, "with the first block free", &bad,
                     detail, sizeof detail))
        {
          tried++;
          deeper += p.k_first > 0;
          if (p.score_s > q.score_s * (1 + PLAN_CHUNKS_GAIN) * (1 + 1e-9)
                              / (p.nqueues == q.nqueues
                                 ? 1 : 1 - PLAN_QUEUES_GAIN) && !bad++)
            snprintf (detail, sizeof detail, "case %d: k %ld, first block "
                      "%ld predicts %.6f s, k %ld without one %.6f s", t,
                      p.k, p.k_first, p.score_s, q.k, q.score_s);
          else if (!plan_ok (&u.in, &p, why, sizeof why) && !bad++)
            snprintf (detail, sizeof detail, "case %d: %s", t, why);
        }
      pacc_plan_free (&p);
      pacc_plan_free (&q);
    }
  snprintf (why, sizeof why, "a first block of its own scores no more "
            "than none (%d cases, %d deeper)", tried, deeper);
  report (why, !bad && tried > cases / 10 && deeper > 0, detail);
}

/* The automatic queue count: the plan scores no more than the best
   with three queues (PACC_QUEUES=3) and no more than the best with two
   (PACC_QUEUES=2) but for the margin; two only when that margin is
   saved.  The search tries two queues only where three do not fit
   (planner.c, try_cand): this checks that nothing is lost by it.  */
static void
queues_property (int cases)
{
  int bad = 0, tried = 0, twos = 0;
  char detail[2600] = "", why[512];
  for (int t = 0; t < cases; t++)
    {
      struct setup u, v, w;
      struct pacc_plan p, q3, q2;
      char err[2048];
      random_model_region (&u);
      if (rnd (2))
        {
          u.in.first_block = 1;
          u.in.pin_s = (double) (1 + rnd (500)) / 100;
          u.s.k_first = -1;
        }
      copy_setup (&v, &u);
      copy_setup (&w, &u);
      v.s.queues = 3;
      w.s.queues = 2;
      int rp = pacc_plan (&u.in, &p, err, sizeof err);
      int r3 = pacc_plan (&v.in, &q3, err, sizeof err);
      int r2 = pacc_plan (&w.in, &q2, err, sizeof err);
      if (!rp && !r3 && !r2 && p.score_s > 0)
        {
          tried++;
          twos += p.nqueues == 2 * p.ndev && q3.nqueues == 3 * q3.ndev;
          double g = 1 - PLAN_QUEUES_GAIN, e = 1 + 1e-9;
          if ((p.score_s > q3.score_s * e
               || p.score_s > q2.score_s * e / g
               || (p.nqueues < q3.nqueues
                   && p.score_s >= q3.score_s * g * e))
              && !bad++)
            snprintf (detail, sizeof detail, "case %d (%ld rows, halo "
                      "%ld/%ld, %ld steps, %zu B of memory): automatic %d "
                      "queues, k %ld, %d chunks, %.6f s; three: k %ld, %d "
                      "chunks, %.6f s; two: k %ld, %d chunks, %.6f s", t,
                      u.in.g.len0, u.in.g.hlo, u.in.g.hhi, u.in.nsteps,
                      u.in.mem, p.nqueues, p.k, p.nchunks, p.score_s,
                      q3.k, q3.nchunks, q3.score_s, q2.k, q2.nchunks,
                      q2.score_s);
        }
      /* PACC_QUEUES=3 may be refused where the automatic plan fits
         only with two queues' buffers.  */
      else if (!rp != !r3 && !(!rp && p.nqueues < 3 * p.ndev) && !bad++)
        snprintf (detail, sizeof detail, "case %d: %s automatically (%d "
                  "queues), %s with three queues", t,
                  rp ? "refused" : "planned", rp ? 0 : p.nqueues,
                  r3 ? "refused" : "planned");
      pacc_plan_free (&p);
      pacc_plan_free (&q3);
      pacc_plan_free (&q2);
    }
  snprintf (why, sizeof why, "the automatic queues score no more than "
            "three, nor than two but for the margin (%d cases, %d with two)",
            tried, twos);
  report (why, !bad && tried > cases / 10, detail);
}

/* Staging (stage.h): where the planner may stage targetin arrays, the
   plan it takes stages some only when that scores PLAN_STAGE_GAIN less
   than registering them all (the plan of the same input with staging
   not offered), it never scores more, every plan keeps the rules, and
   nothing is staged unless the first block waits for registration.  */
static void
stage_property (int cases)
{
  int bad = 0, tried = 0, staged = 0;
  char detail[2600] = "", why[512];
  for (int t = 0; t < cases; t++)
    {
      struct setup u, v;
      struct pacc_plan p, q;
      random_model_region (&u);
      u.in.first_block = rnd (4) != 0;
      u.in.pin_s = rnd (4) ? (double) (1 + rnd (800)) / 100 : 0;
      u.s.k_first = rnd (2) ? -1 : 0;
      u.in.stage_gbs = 1 + (double) rnd (40);
      u.in.stage_auto = 1;
      u.in.stage_all = rnd (2);
      int nin = 0;
      for (int i = 0; i < u.in.n; i++)
        nin += u.in.a[i].kind == PACC_KIND_IN && u.in.a[i].row_bytes;
      copy_setup (&v, &u);
      v.in.stage_auto = 0;
      int may = u.in.first_block && u.in.pin_s > 0;
      if (plan_both (t, &u, &v, &p, &q, "with staging", &bad, detail,
                     sizeof detail))
        {
          tried++;
          staged += p.nstage > 0;
          if (p.nstage && (!may || p.score_s > q.score_s
                                                 * (1 - PLAN_STAGE_GAIN)
                           || p.nostage_s != q.predicted_s) && !bad++)
            snprintf (detail, sizeof detail, "case %d: %d staged, pin %.2f "
                      "s, first block %d: %.6f s (%.6f predicted without), "
                      "%.6f s with none offered", t, p.nstage, u.in.pin_s,
                      u.in.first_block, p.score_s, p.nostage_s,
                      q.score_s);
          else if (u.in.stage_all && p.nstage && p.nstage != nin
                   && !bad++)
            snprintf (detail, sizeof detail, "case %d: %d of %d targetin "
                      "arrays staged, where it may stage none or all", t,
                      p.nstage, nin);
          else if (!p.nstage && (p.score_s != q.score_s || p.k != q.k
                                 || p.nchunks != q.nchunks) && !bad++)
            snprintf (detail, sizeof detail, "case %d: nothing staged, yet "
                      "k %ld, %d chunks, %.6f s against k %ld, %d chunks, "
                      "%.6f s with none offered", t, p.k, p.nchunks,
                      p.score_s, q.k, q.nchunks, q.score_s);
          else if (!plan_ok (&u.in, &p, why, sizeof why) && !bad++)
            snprintf (detail, sizeof detail, "case %d: %s", t, why);
        }
      pacc_plan_free (&p);
      pacc_plan_free (&q);
    }
  snprintf (why, sizeof why, "staging is taken only where it saves "
            "PLAN_STAGE_GAIN (%d cases, %d staged)", tried, staged);
  report (why, !bad && tried > cases / 10 && staged > 0, detail);
}

/* Himeno at 8x on an H100 (1630 planes: p inout, its 12 coefficient
   arrays in, as 6 of twice the bytes, wrk2 temp; 6 GiB, T = 256), with
   the H100's rates.  */
/* IN's kernel bytes for plan P with IN->tblock_depth D are those of one
   step per launch times ceil (k / D) / k: a launch per D steps.  */
static int
kernel_bytes_over (struct pacc_plan_in *in, const struct pacc_plan *p,
                   long D)
{
  double bd = pacc_plan_kernel_bytes (in, p);
  in->tblock_depth = 0;
  double b1 = pacc_plan_kernel_bytes (in, p);
  in->tblock_depth = (int) D;
  double share = p->k < 2 ? 1 : (double) ((p->k + D - 1) / D) / p->k;
  return b1 > 0 && fabs (bd - b1 * share) <= 1e-9 * b1;
}

static void
himeno_8x (struct setup *u)
{
  setup (u, 1630, 1, 1, 256, 8, 2103300, 1, (size_t) 79 << 30);
  for (int i = 0; i < 8; i++)
    {
      u->a[i].kind = i == 0 ? PACC_KIND_INOUT : i == 7 ? PACC_KIND_TEMP
                     : PACC_KIND_IN;
      u->a[i].row_bytes = i == 0 || i == 7 ? 2103300 : 2 * 2103300;
    }
  u->s.device_memory = (size_t) 6 << 30;
  u->in.link_gbs = 51.9;
  u->in.wb_gbs = 49.9;
  u->in.hbm_gbs = 3352;
}

/* A re-plan of a skewed plan (Himeno at 8x, PACC_SKEW=1): the kernels'
   queue also ran the band copies, which cost PLAN_BAND_COPY_S each for
   the share of the block the loads ran (cost.c, block_time).  From busy
   times made that way, pacc_plan_measured must give back the kernels'
   own rate.  */
static void
measured_rates_skewed (void)
{
  struct setup u;
  struct pacc_plan p;
  struct pacc_plan_in m;
  char err[2048], msg[2600];
  double busy[4] = { 0 }, bytes[4] = { 0 };
  const double link = 45, wb = 47, eff = 0.58;

  himeno_8x (&u);
  u.s.skew = 1;
  int rc = pacc_plan (&u.in, &p, err, sizeof err);
  double ld_rb = 0, wb_rb = 0;
  for (int i = 0; i < u.in.n; i++)
    {
      ld_rb += u.a[i].kind != PACC_KIND_TEMP ? (double) u.a[i].row_bytes : 0;
      wb_rb += u.a[i].kind == PACC_KIND_INOUT ? (double) u.a[i].row_bytes
                                              : 0;
    }
  for (int c = 0; rc == 0 && c < p.nchunks; c++)
    {
      bytes[0] += (double) (p.ch[c].xhi - p.ch[c].xlo) * ld_rb;
      bytes[1] += (double) (p.ch[c].hi - p.ch[c].lo) * wb_rb;
    }
  busy[0] = bytes[0] / (link * 1e9) * 1e6;
  busy[1] = bytes[1] / (wb * 1e9) * 1e6;
  /* Kernels alone K1, with the band copies K = K1 + B L / K (L < K), or
     K1 + B.  One targetinout array: 2 (chunks - 1) (k - 1) copies.  */
  double k1 = pacc_plan_kernel_bytes (&u.in, &p) / (eff * 3352e9) * 1e6
              + (double) p.nchunks * (double) p.k * PLAN_KERNEL_TAIL_S * 1e6;
  double b = 2.0 * (p.nchunks - 1) * (double) (p.k - 1) * PLAN_BAND_COPY_S
             * 1e6;
  double kq = (k1 + sqrt (k1 * k1 + 4 * b * busy[0])) / 2;
  busy[2] = kq > busy[0] ? kq : k1 + b;
  int ok = rc == 0 && p.skew
           && pacc_plan_measured (&u.in, &p, busy, bytes, busy[2], &m);
  snprintf (msg, sizeof msg, "%s; skew %d, k %ld, %d chunks, kernels "
            "%.6f (%.1f ms of band copies in %.1f ms)", err, p.skew, p.k,
            p.nchunks, m.kernel_eff, (busy[2] - k1) * 1e-3, busy[2] * 1e-3);
  report ("a skewed plan's measured block gives back its kernels' rate, "
          "less the band copies", ok && fabs (m.kernel_eff - eff) < 1e-9
          && busy[2] > k1, msg);
  pacc_plan_free (&p);
}

/* Skewed or not (PACC_SKEW unset): the plan scores no more than the
   best trapezoid (PACC_SKEW=0) and the best skewed plan (PACC_SKEW=1)
   (but for the margin of another queue count, and PLAN_CHUNKS_GAIN: the
   automatic plan searches both, and takes the fewest chunks within that
   of the least), and all three keep the rules.  Rows of kilobytes to megabytes, where the band copies' fixed
   cost does not decide it alone.  */
static void
skew_property (int cases)
{
  int bad = 0, tried = 0, skews = 0;
  char detail[2600] = "", why[512];
  for (int t = 0; t < cases; t++)
    {
      struct setup u, v, w;
      struct pacc_plan p, p0, p1;
      char err[2048];
      random_model_region (&u);
      for (int i = 0; i < u.in.n; i++)
        u.a[i].row_bytes *= 256;
      u.in.mem *= 256;
      u.s.skew = -1;
      u.in.g.elo = rnd (3) ? 0 : rnd (3);
      copy_setup (&v, &u);
      copy_setup (&w, &u);
      v.s.skew = 0;
      w.s.skew = 1;
      int rp = pacc_plan (&u.in, &p, err, sizeof err);
      int r0 = pacc_plan (&v.in, &p0, err, sizeof err);
      int r1 = pacc_plan (&w.in, &p1, err, sizeof err);
      if (!rp && !r0 && !r1 && p.score_s > 0)
        {
          char w1[512] = "", w2[512] = "", w3[512] = "";
          tried++;
          skews += p.skew;
          double g = 1 - PLAN_QUEUES_GAIN;
          double e0 = (p.nqueues != p0.nqueues ? 1 / g : 1)
                      * (1 + PLAN_CHUNKS_GAIN) + 1e-9;
          double e1 = (p.nqueues != p1.nqueues ? 1 / g : 1)
                      * (1 + PLAN_CHUNKS_GAIN) + 1e-9;
          if ((p.score_s > p0.score_s * e0
               || p.score_s > p1.score_s * e1
               || !plan_ok (&u.in, &p, w1, sizeof w1)
               || !plan_ok (&v.in, &p0, w2, sizeof w2)
               || !plan_ok (&w.in, &p1, w3, sizeof w3) || p0.skew)
              && !bad++)
            snprintf (detail, sizeof detail, "case %d (%ld rows, halo "
                      "%ld/%ld, extra %ld, %ld steps): automatic skew %d, "
                      "k %ld, %d chunks, %.6f s; trapezoid k %ld, %d "
                      "chunks, %.6f s; skewed %d, k %ld, %d chunks, %.6f "
                      "s %s%s%s", t, u.in.g.len0, u.in.g.hlo, u.in.g.hhi,
                      u.in.g.elo, u.in.nsteps, p.skew, p.k, p.nchunks,
                      p.score_s, p0.k, p0.nchunks, p0.score_s,
                      p1.skew, p1.k, p1.nchunks, p1.score_s, w1, w2, w3);
        }
      else if (!rp != !r0 && !bad++)
        snprintf (detail, sizeof detail, "case %d: %s automatically, %s "
                  "as a trapezoid", t, rp ? "refused" : "planned",
                  r0 ? "refused" : "planned");
      pacc_plan_free (&p);
      pacc_plan_free (&p0);
      pacc_plan_free (&p1);
    }
  snprintf (why, sizeof why, "the automatic plan scores no more than the "
            "trapezoid or the skewed one (%d cases, %d skewed)", tried,
            skews);
  report (why, !bad && tried > cases / 10 && skews > 0, detail);
}

/* The host plan's cache blocks (plan-host.c), for two host threads:
   chunks sized to the cache share, computed here from the same sysconf,
   only where such a chunk holds k 4 with its redundant rows within a
   quarter of it; rows too large for that keep one resident chunk.  */
static void
host_blocks (void)
{
  struct setup u;
  struct pacc_plan p;
  char err[2048], msg[2600];
  long llc = sysconf (_SC_LEVEL3_CACHE_SIZE);
  if (llc <= 0)
    llc = sysconf (_SC_LEVEL2_CACHE_SIZE);
  if (llc <= 0)
    llc = 8L << 20;
  size_t share = (size_t) llc / 8 < ((size_t) 4 << 20) ? (size_t) llc / 8
                                                        : (size_t) 4 << 20;
  size_t target = 2 * share < (size_t) llc / 2 ? 2 * share : (size_t) llc / 2;
  if (target < share)
    target = share;
  /* Two arrays, halo 1 + 1: a cache-sized chunk of R rows gives k
     R / 8; R 24 (k 3) stays resident, R 64 blocks at k 8.  */
  for (int r = 24; r <= 64; r += 40)
    {
      size_t rb = target / (size_t) r / 2;
      setup (&u, 1000, 1, 1, 40, 2, rb, 1, (size_t) 1 << 40);
      u.in.on_host = 1;
      u.in.host_threads = 2;
      int rc = pacc_plan (&u.in, &p, err, sizeof err);
      snprintf (msg, sizeof msg, "rc %d, %d chunks, k %ld, %s, %s", rc,
                p.nchunks, p.k, p.resident ? "resident" : "streaming", err);
      if (r == 24)
        report ("host: chunks of the cache's size that would hold k 3 stay "
                "one resident chunk",
                rc == 0 && p.nchunks == 1 && p.resident, msg);
      else
        report ("host: chunks of the cache's size that hold k 8 block",
                rc == 0 && p.nchunks == (1000 + 63) / 64 && p.k == 8
                  && !p.resident,
                msg);
      pacc_plan_free (&p);
    }
}

/* On the host path a resident plan of one chunk runs in the user's
   arrays (pacc_plan_in_place): its buffers are the targettemp arrays'
   alone, so out of core (PACC_DEVICE_MEMORY below the arrays) the
   automatic plan is that one chunk, in place, where the temp arrays
   fit; where they do not, or in-place is off, it streams within the
   cap.  Rows of 2 MiB (too large for cache blocks), three arrays
   (inout, temp, in).  */
static void
host_in_place (void)
{
  struct setup u;
  struct pacc_plan p;
  char err[2048], msg[2600];
  size_t rb = (size_t) 2 << 20, temp = 160 * rb;
  for (int c = 0; c < 3; c++)
    {
      setup (&u, 160, 2, 2, 40, 3, rb, 1, (size_t) 1 << 40);
      u.in.on_host = 1;
      u.in.host_threads = 2;
      u.in.in_place = c != 1;
      u.s.device_memory = c == 2 ? temp - rb : temp + rb;
      int rc = pacc_plan (&u.in, &p, err, sizeof err);
      snprintf (msg, sizeof msg,
                "rc %d, %d chunks, %s%s, %zu of %zu bytes, %s", rc,
                p.nchunks, p.resident ? "resident" : "streaming",
                p.in_place ? ", in place" : "", p.dev_bytes,
                (size_t) u.s.device_memory, err);
      if (c == 0)
        report ("host: out of core, one resident chunk in place, buffers "
                "for the temp array alone",
                rc == 0 && p.nchunks == 1 && p.resident && p.in_place
                  && p.dev_bytes == temp,
                msg);
      else
        report (c == 1 ? "host: out of core with in-place off, streaming "
                         "within the cap"
                       : "host: out of core, the temp array larger than "
                         "the cap: streaming within it",
                rc == 0 && p.nchunks > 1 && !p.in_place && !p.resident
                  && p.dev_bytes <= (size_t) u.s.device_memory,
                msg);
      pacc_plan_free (&p);
    }
}

int
main (void)
{
  struct setup u;
  struct pacc_plan p;
  char err[2048], msg[2600], why_named[512];
  int rc;

  host_blocks ();
  host_in_place ();

  /* Everything fits: one chunk per device, resident.  */
  setup (&u, 1000, 1, 1, 100, 2, 8000, 2, (size_t) 1 << 30);
  rc = pacc_plan (&u.in, &p, err, sizeof err);
  report ("resident when everything fits (one chunk per device)",
          rc == 0 && p.resident && p.nchunks == 2 && p.ndev == 2
          && !strcmp (p.c_from, "auto, resident"), err);
  pacc_plan_free (&p);

  /* A quarter of it fits: streaming, more chunks, within the memory.  */
  setup (&u, 1000, 1, 1, 100, 2, 8000, 1, 1000 * 2 * 8000 / 4);
  rc = pacc_plan (&u.in, &p, err, sizeof err);
  snprintf (msg, sizeof msg, "rc %d, %d chunks, %zu of %zu bytes, %s", rc,
            p.nchunks, p.dev_bytes, u.in.mem, err);
  report ("streaming in a quarter of the arrays' memory",
          rc == 0 && !p.resident && p.nchunks > 4
          && p.dev_bytes <= u.in.mem && p.k == 4, msg);
  pacc_plan_free (&p);

  /* PACC_DEVICE_MEMORY caps what the back end offers.  */
  setup (&u, 1000, 1, 1, 100, 2, 8000, 1, (size_t) 1 << 30);
  u.s.device_memory = 1000 * 2 * 8000 / 8;
  rc = pacc_plan (&u.in, &p, err, sizeof err);
  report ("PACC_DEVICE_MEMORY caps the buffers",
          rc == 0 && p.dev_bytes <= u.s.device_memory && !p.resident, err);
  pacc_plan_free (&p);

  /* Every memory size from a few rows up: never more than is there.  */
  {
    int bad = 0, fits = 0;
    for (size_t m = 16000; m < 4000000; m = m * 9 / 8)
      {
        setup (&u, 1000, 2, 1, 50, 2, 8000, 3, m);
        if (pacc_plan (&u.in, &p, err, sizeof err) == 0)
          {
            fits++;
            bad += p.dev_bytes > m;
          }
        pacc_plan_free (&p);
      }
    snprintf (msg, sizeof msg, "%d sizes fitted, %d over", fits, bad);
    report ("never more buffer memory than a device has", !bad && fits > 10,
            msg);
  }

  /* Nothing fits.  */
  setup (&u, 1000, 1, 1, 100, 2, 8000, 1, 100);
  u.in.mem_kind = "host";
  u.s.device_memory = 100;
  rc = pacc_plan (&u.in, &p, err, sizeof err);
  report ("the error when nothing fits names the memory needed",
          rc == -1 && strstr (err, "the chunk buffers need ")
          && strstr (err, "halo -1/+1 per step over k = 1 steps, and a "
                     "carry buffer of 2 rows; rows of p (inout, 8000 B/row), "
                     "q (temp, 8000 B/row)), more than the 100 B of host "
                     "memory (PACC_DEVICE_MEMORY); nothing fits: even "
                     "chunks of one row with k = 1 need 156.2 KiB per "
                     "device")
          && !strstr (err, "thinner"), err);
  pacc_plan_free (&p);

  /* PACC_K too large for the memory: the error names the largest k that
     fits, and that k does fit while the next does not.  */
  {
    long kfit = 0;
    const char *at;
    setup (&u, 1000, 1, 1, 100, 2, 8000, 1, 60L * 16000);
    u.s.k = 40;
    rc = pacc_plan (&u.in, &p, err, sizeof err);
    pacc_plan_free (&p);
    at = strstr (err, "; PACC_K=");
    if (at)
      kfit = atol (at + strlen ("; PACC_K="));
    int ok = rc == -1 && kfit > 1 && kfit < 40 && strstr (err, " fits")
             && !strstr (err, "chunks fit");
    if (ok)
      {
        u.s.k = kfit;
        ok = pacc_plan (&u.in, &p, msg, sizeof msg) == 0;
        pacc_plan_free (&p);
        u.s.k = kfit + 1;
        ok = ok && pacc_plan (&u.in, &p, msg, sizeof msg) == -1;
        pacc_plan_free (&p);
      }
    report ("the error names the largest PACC_K that fits", ok, err);
  }

  /* Two fixed chunks too thick for the memory: thinner ones fit.  */
  setup (&u, 1000, 1, 1, 100, 2, 8000, 1, 40L * 16000);
  u.s.chunks = 2;
  u.s.k = 2;
  rc = pacc_plan (&u.in, &p, err, sizeof err);
  report ("the error suggests other chunks when they fit",
          rc == -1 && strstr (err, "; the automatic chunks fit (leave "
                              "PACC_CHUNKS and PACC_BLOCK unset)")
          && !strstr (err, "PACC_K="), err);
  pacc_plan_free (&p);

  /* PACC_RESIDENT=1 with chunks that share buffers.  */
  setup (&u, 64, 1, 1, 10, 2, 16, 1, (size_t) 1 << 30);
  u.s.resident = 1;
  u.s.chunks = 7;
  u.s.queues = 1;
  rc = pacc_plan (&u.in, &p, err, sizeof err);
  report ("PACC_RESIDENT=1 refused when chunks share buffers",
          rc == -1 && strstr (err, "PACC_RESIDENT=1, but the 7 chunks share "
                              "1 buffers"), err);
  pacc_plan_free (&p);
  /* Without the carry, chunk j's write-back waits for chunk j + 1's
     load: two buffers.  */
  u.s.carry = 0;
  rc = pacc_plan (&u.in, &p, err, sizeof err);
  report ("PACC_CARRY=0: span + 1 buffers",
          rc == -1 && strstr (err, "PACC_RESIDENT=1, but the 7 chunks share "
                              "2 buffers"), err);
  pacc_plan_free (&p);

  /* More chunks than can be counted.  */
  setup (&u, 1L << 26, 0, 0, 1, 1, 4, 1, (size_t) 1 << 40);
  u.s.block = 1;
  rc = pacc_plan (&u.in, &p, err, sizeof err);
  report ("too many chunks refused",
          rc == -1 && !strcmp (err, "PACC_BLOCK gives 67108864 chunks, more "
                               "than 16777216; use thicker chunks"), err);
  pacc_plan_free (&p);

  /* No halo: the whole run in one block.  */
  setup (&u, 1000, 0, 0, 77, 1, 64, 1, (size_t) 1 << 30);
  u.s.resident = 0;
  rc = pacc_plan (&u.in, &p, err, sizeof err);
  report ("k is the whole run without a halo", rc == 0 && p.k == 77, err);
  pacc_plan_free (&p);

  /* Thin chunks: k shrinks until the halo rows of a block are no more
     than a chunk's own rows.  */
  setup (&u, 40, 2, 2, 100, 1, 64, 1, (size_t) 1 << 30);
  u.s.chunks = 8;
  rc = pacc_plan (&u.in, &p, err, sizeof err);
  snprintf (msg, sizeof msg, "k %ld for chunks of 5 rows and halo 2+2", p.k);
  report ("k shrinks for thin chunks", rc == 0 && p.k == 1, msg);
  pacc_plan_free (&p);

  /* Queues: three per device with async, one without.  */
  setup (&u, 1000, 1, 1, 100, 1, 64, 2, 1000 * 64 / 4);
  rc = pacc_plan (&u.in, &p, err, sizeof err);
  snprintf (msg, sizeof msg, "%d queues (%s) over %d devices", p.nqueues,
            p.q_from, p.ndev);
  report ("three queues per device with async",
          rc == 0 && p.nqueues == 6 && !strcmp (p.q_from, "auto"), msg);
  pacc_plan_free (&p);
  u.in.async = 0;
  rc = pacc_plan (&u.in, &p, err, sizeof err);
  snprintf (msg, sizeof msg, "%d queues (%s)", p.nqueues, p.q_from);
  report ("one queue per device without async",
          rc == 0 && p.nqueues == 2 && !strcmp (p.q_from, "no async clause"),
          msg);
  pacc_plan_free (&p);

  /* PACC_QUEUES cut by a limit: the plan says which.  */
  setup (&u, 1000, 1, 1, 100, 1, 64, 64, (size_t) 1 << 30);
  u.s.queues = 2;
  rc = pacc_plan (&u.in, &p, err, sizeof err);
  snprintf (msg, sizeof msg, "%d queues (%s) over %d devices", p.nqueues,
            p.q_from, p.ndev);
  report ("PACC_QUEUES cut to 64 queues in all says so",
          rc == 0 && p.nqueues == 64
          && !strcmp (p.q_from, "PACC_QUEUES, cut: at most 64 queues over "
                      "all devices"), msg);
  pacc_plan_free (&p);
  setup (&u, 1000, 1, 1, 100, 1, 64, 1, (size_t) 1 << 30);
  u.s.queues = 8;
  u.s.chunks = 4;
  rc = pacc_plan (&u.in, &p, err, sizeof err);
  snprintf (msg, sizeof msg, "%d queues (%s)", p.nqueues, p.q_from);
  report ("PACC_QUEUES above the chunk count says so",
          rc == 0 && p.nqueues == 4
          && !strcmp (p.q_from, "PACC_QUEUES, cut: at most one queue per "
                      "chunk"), msg);
  pacc_plan_free (&p);
  setup (&u, 1000, 1, 1, 100, 1, 64, 1, 1000 * 64 / 4);
  u.s.queues = 3;
  rc = pacc_plan (&u.in, &p, err, sizeof err);
  snprintf (msg, sizeof msg, "%d queues (%s)", p.nqueues, p.q_from);
  report ("PACC_QUEUES within the limits is reported as such",
          rc == 0 && p.nqueues == 3 && !strcmp (p.q_from, "PACC_QUEUES"),
          msg);
  pacc_plan_free (&p);

  /* The cost model (a back end with rates): Jacobi's 77440 rows of 2 x
     309760 B at 8x oversubscription (6 GiB for 48 GB), T = 256, on a
     link of 25 GB/s and a memory of 3350 GB/s.  The link bounds k = 4
     (what the fixed rules take): the model must take a deeper k, fit,
     and say what it predicts; a PACC_K given stays.  */
  setup (&u, 77440, 1, 1, 256, 2, 309760, 1, (size_t) 6 << 30);
  u.in.link_gbs = 25;
  u.in.hbm_gbs = 3350;
  rc = pacc_plan (&u.in, &p, err, sizeof err);
  snprintf (msg, sizeof msg, "%s; k %ld, %d chunks, %d buffers, %zu B, "
            "predicted %.3f s", err, p.k, p.nchunks, p.nbuf, p.dev_bytes,
            p.predicted_s);
  report ("cost model: a deeper k than the link-bound 4 at 8x",
          rc == 0 && p.k >= 8 && p.dev_bytes <= ((size_t) 6 << 30)
          && !p.resident && p.predicted_s > 0, msg);
  double deep = p.predicted_s;
  pacc_plan_free (&p);
  u.s.k = 4;
  rc = pacc_plan (&u.in, &p, err, sizeof err);
  snprintf (msg, sizeof msg, "%s; k %ld, %d chunks, predicted %.3f s", err,
            p.k, p.nchunks, p.predicted_s);
  report ("cost model: PACC_K=4 stays, and predicts more time than its "
          "own choice", rc == 0 && p.k == 4 && !strcmp (p.k_from, "PACC_K")
          && p.predicted_s > deep, msg);
  pacc_plan_free (&p);
  /* The last block runs the steps left, not k: with the kernels the
     longer part (a fast link), 2k + 1 steps cost about two blocks and a
     step, well under three blocks.  */
  setup (&u, 77440, 1, 1, 256, 2, 309760, 1, (size_t) 6 << 30);
  u.in.link_gbs = 1000;
  u.in.hbm_gbs = 3350;
  u.s.k = 16;
  u.s.chunks = 27;
  rc = pacc_plan (&u.in, &p, err, sizeof err);
  {
    double t[3];
    long steps[3] = { 32, 33, 48 };
    for (int i = 0; i < 3; i++)
      {
        u.in.nsteps = steps[i];
        t[i] = rc == 0 ? pacc_plan_predict (&u.in, &p) : 0;
      }
    snprintf (msg, sizeof msg, "%s; k %ld: 32 steps %.6f s, 33 %.6f s, 48 "
              "%.6f s", err, p.k, t[0], t[1], t[2]);
    report ("cost model: the last block's own steps, not k",
            rc == 0 && p.k == 16 && t[1] > t[0]
            && t[1] < t[2] - 0.5 * (t[2] - t[0]), msg);
  }
  pacc_plan_free (&p);
  /* Everything fits: resident, one load and one write-back.  */
  setup (&u, 1000, 1, 1, 100, 2, 8000, 2, (size_t) 1 << 30);
  u.in.link_gbs = 25;
  u.in.hbm_gbs = 3350;
  rc = pacc_plan (&u.in, &p, err, sizeof err);
  report ("cost model: resident when everything fits",
          rc == 0 && p.resident && p.predicted_s > 0, err);
  pacc_plan_free (&p);
  /* No halo, a quarter of the arrays fits: a block of every step loads
     each row once, however many steps (the search's steps per block
     stopped at 256).  On a link slow enough for the loads to count (at
     25 GB/s the kernels hide five blocks' loads, and k 64's smaller fill
     wins by 0.2 %).  */
  setup (&u, 1000, 0, 0, 300, 2, 8000, 1, 1000 * 2 * 8000 / 4);
  u.in.link_gbs = 2;
  u.in.hbm_gbs = 3350;
  rc = pacc_plan (&u.in, &p, err, sizeof err);
  snprintf (msg, sizeof msg, "%s; k %ld, %d chunks, resident %d", err, p.k,
            p.nchunks, p.resident);
  report ("cost model: no halo, one block of all 300 steps",
          rc == 0 && p.k == 300 && !p.resident
          && plan_ok (&u.in, &p, why_named, sizeof why_named), msg);
  pacc_plan_free (&p);

  /* CIP at 8x on an H100 (38720 rows, 3 inout, 2 in and 3 temp arrays
     of 154880 B, T = 256, 6 GiB, the probe's link and the peak of
     benchmarks/RESULTS.md), its 27.9 GiB registered at 15 GB/s as the
     first block goes: that block gets more steps than the others, in
     buffers that fit, and the plan predicts less than the best one
     without (which the same wait costs); PACC_K_FIRST given stays; a
     re-plan has none.  */
  {
    static const int kinds[] = { PACC_KIND_INOUT, PACC_KIND_INOUT,
                                 PACC_KIND_INOUT, PACC_KIND_IN, PACC_KIND_IN,
                                 PACC_KIND_TEMP, PACC_KIND_TEMP,
                                 PACC_KIND_TEMP };
    setup (&u, 38720, 1, 1, 256, 8, 154880, 1, (size_t) 79 << 30);
    for (int i = 0; i < 8; i++)
      u.a[i].kind = kinds[i];
    u.s.device_memory = (size_t) 6 << 30;
    u.in.link_gbs = 51.9;
    u.in.wb_gbs = 49.9;
    u.in.hbm_gbs = 3352;
    u.in.first_block = 1;
    u.in.pin_s = 5.0 * 38720 * 154880 / 15e9;
    u.s.k_first = -1;
    rc = pacc_plan (&u.in, &p, err, sizeof err);
    snprintf (msg, sizeof msg, "%s; k %ld, first block %ld (%s), %d chunks, "
              "%zu B, predicted %.3f s", err, p.k, p.k_first, p.kf_from,
              p.nchunks, p.dev_bytes, p.predicted_s);
    report ("cost model: a first block waiting 2 s for the registration "
            "gets more steps", rc == 0 && p.k_first > p.k
            && !strcmp (p.kf_from, "auto")
            && p.dev_bytes <= ((size_t) 6 << 30)
            && plan_ok (&u.in, &p, why_named, sizeof why_named), msg);
    double free_first = p.predicted_s;
    pacc_plan_free (&p);
    u.s.k_first = 0;
    rc = pacc_plan (&u.in, &p, err, sizeof err);
    snprintf (msg, sizeof msg, "%s; k %ld, first block %ld, predicted %.3f "
              "s against %.3f s", err, p.k, p.k_first, p.predicted_s,
              free_first);
    report ("cost model: PACC_K_FIRST=0 gives the first block k steps and "
            "predicts more", rc == 0 && p.k_first == 0
            && p.predicted_s > free_first, msg);
    pacc_plan_free (&p);
    u.s.k_first = 40;
    rc = pacc_plan (&u.in, &p, err, sizeof err);
    snprintf (msg, sizeof msg, "%s; k %ld, first block %ld (%s), %ld rows a "
              "buffer", err, p.k, p.k_first, p.kf_from, p.buf_rows);
    report ("PACC_K_FIRST=40 stays, with buffers for its halo rows",
            rc == 0 && p.k_first == 40 && !strcmp (p.kf_from, "PACC_K_FIRST")
            && p.buf_rows >= 38720 / p.nchunks + 80
            && plan_ok (&u.in, &p, why_named, sizeof why_named), msg);
    pacc_plan_free (&p);
    u.s.k_first = -1;
    u.in.first_block = 0;
    rc = pacc_plan (&u.in, &p, err, sizeof err);
    report ("a re-plan's steps have no first block of their own",
            rc == 0 && p.k_first == 0, err);
    pacc_plan_free (&p);
    /* Ranked with the link 20 % slower (PACC_LINK_MARGIN), k 16, whose
       loads take as long as its kernels and which ran 1-12 % behind k 32
       and 64 on the H100 (benchmarks/RESULTS.md), is taken neither at
       the start nor by a re-plan that measured the link at 46 GB/s and
       the kernels at 63 % of the peak (the planner before took k 16 in
       both).  */
    u.in.first_block = 1;
    rc = pacc_plan (&u.in, &p, err, sizeof err);
    snprintf (msg, sizeof msg, "%s; k %ld, first block %ld, %d chunks, "
              "predicted %.3f s, score %.3f s", err, p.k, p.k_first,
              p.nchunks, p.predicted_s, p.score_s);
    report ("cost model: CIP at 8x starts with k above 16",
            rc == 0 && p.k > 16 && p.score_s >= p.predicted_s
            && plan_ok (&u.in, &p, why_named, sizeof why_named), msg);
    pacc_plan_free (&p);
    /* PACC_LINK_MARGIN=0 (stored as -1): ranked by the prediction
       itself, as before, k 16.  */
    u.s.link_margin = -1;
    rc = pacc_plan (&u.in, &p, err, sizeof err);
    snprintf (msg, sizeof msg, "%s; k %ld, predicted %.3f s, score %.3f s",
              err, p.k, p.predicted_s, p.score_s);
    report ("PACC_LINK_MARGIN=0: CIP at 8x ranked by its prediction, k 16",
            rc == 0 && p.k == 16 && p.score_s == p.predicted_s, msg);
    pacc_plan_free (&p);
    u.s.link_margin = 0;
    u.in.first_block = 0;
    u.in.pin_s = 0;
    u.in.nsteps = 176;
    u.in.link_gbs = 46.0;
    u.in.wb_gbs = 45.7;
    u.in.kernel_eff = 0.63;
    rc = pacc_plan (&u.in, &p, err, sizeof err);
    snprintf (msg, sizeof msg, "%s; k %ld, %d chunks, skew %d, predicted "
              "%.3f s, score %.3f s", err, p.k, p.nchunks, p.skew,
              p.predicted_s, p.score_s);
    report ("cost model: CIP's re-plan at 46 GB/s takes k above 16",
            rc == 0 && p.k > 16
            && plan_ok (&u.in, &p, why_named, sizeof why_named), msg);
    pacc_plan_free (&p);
  }

  /* Himeno at 8x on an H100 (1630 planes: p inout, its 12 coefficient
     arrays in, as 6 of twice the bytes, wrk2 temp; 6 GiB, T = 256): two
     queues' buffers leave room for a larger k, which the model finds
     more than PLAN_QUEUES_GAIN faster; PACC_QUEUES=3 stays three; Jacobi
     in the same memory keeps three.  */
  {
    himeno_8x (&u);
    rc = pacc_plan (&u.in, &p, err, sizeof err);
    double two = p.predicted_s;
    long k2 = p.k;
    snprintf (msg, sizeof msg, "%s; k %ld, %d chunks, %d queues (%s), %d "
              "buffers, predicted %.3f s", err, p.k, p.nchunks, p.nqueues,
              p.q_from, p.nbuf, p.predicted_s);
    report ("cost model: Himeno at 8x takes two queues",
            rc == 0 && p.nqueues == 2 && p.nbuf == 2
            && !strcmp (p.q_from, "auto")
            && plan_ok (&u.in, &p, why_named, sizeof why_named), msg);
    pacc_plan_free (&p);
    u.s.queues = 3;
    rc = pacc_plan (&u.in, &p, err, sizeof err);
    snprintf (msg, sizeof msg, "%s; k %ld, %d queues (%s), predicted %.3f "
              "s against %.3f s with two at k %ld", err, p.k, p.nqueues,
              p.q_from, p.predicted_s, two, k2);
    report ("PACC_QUEUES=3 stays three, predicted more than two by the "
            "margin", rc == 0 && p.nqueues == 3
            && !strcmp (p.q_from, "PACC_QUEUES") && k2 > p.k
            && two < p.predicted_s * (1 - PLAN_QUEUES_GAIN), msg);
    pacc_plan_free (&p);
    setup (&u, 77440, 1, 1, 256, 2, 309760, 1, (size_t) 79 << 30);
    u.s.device_memory = (size_t) 6 << 30;
    u.in.link_gbs = 51.9;
    u.in.wb_gbs = 49.9;
    u.in.hbm_gbs = 3352;
    rc = pacc_plan (&u.in, &p, err, sizeof err);
    snprintf (msg, sizeof msg, "%s; k %ld, %d chunks, %d queues (%s)", err,
              p.k, p.nchunks, p.nqueues, p.q_from);
    report ("cost model: Jacobi at 8x keeps three queues",
            rc == 0 && p.nqueues == 3 && !strcmp (p.q_from, "auto"), msg);
    pacc_plan_free (&p);
    /* PACC_SKEW unset: Jacobi's 2-D chunks, thousands of rows thick,
       recompute little, less than the band copies cost: a trapezoid.  */
    u.s.skew = -1;
    rc = pacc_plan (&u.in, &p, err, sizeof err);
    snprintf (msg, sizeof msg, "%s; k %ld, %d chunks, skew %d", err, p.k,
              p.nchunks, p.skew);
    report ("cost model: Jacobi at 8x stays a trapezoid",
            rc == 0 && !p.skew, msg);
    pacc_plan_free (&p);
  }

  /* Himeno at 8x again, PACC_SKEW unset: chunks of a few dozen planes
     recompute much of their halo, a skewed plan none: the model skews
     it, and predicts it faster than the best trapezoid.  */
  {
    himeno_8x (&u);
    rc = pacc_plan (&u.in, &p, err, sizeof err);
    double trap = p.predicted_s;
    pacc_plan_free (&p);
    u.s.skew = -1;
    rc |= pacc_plan (&u.in, &p, err, sizeof err);
    snprintf (msg, sizeof msg, "%s; k %ld, %d chunks, skew %d, %ld rows a "
              "buffer, predicted %.3f s against %.3f s", err, p.k,
              p.nchunks, p.skew, p.buf_rows, p.predicted_s, trap);
    report ("cost model: Himeno at 8x is skewed, predicted faster",
            rc == 0 && p.skew && p.predicted_s < trap
            && p.buf_rows == (1630 + p.nchunks - 1) / p.nchunks + 1 + p.k
            && plan_ok (&u.in, &p, why_named, sizeof why_named), msg);
    pacc_plan_free (&p);
  }

  /* Himeno at 8x with PACC_K=64 and PACC_CHUNKS=51, the automatic
     plan's (the sweep of RESULTS): three queues' trapezoid buffers need
     13.4 GiB, but the settings left automatic, skew and queues, make it
     fit in 6 GiB; with PACC_SKEW=0 and PACC_QUEUES=3 none does, and the
     message names the plan the settings asked for.  */
  {
    himeno_8x (&u);
    u.in.link_gbs = u.in.wb_gbs = u.in.hbm_gbs = 0;
    u.s.k = 64;
    u.s.chunks = 51;
    u.s.skew = -1;
    rc = pacc_plan (&u.in, &p, err, sizeof err);
    snprintf (msg, sizeof msg, "%s; skew %d, %d queues (%s), %zu bytes",
              err, p.skew, p.nqueues, p.q_from, p.dev_bytes);
    report ("PACC_K and PACC_CHUNKS given: skew and queues left automatic "
            "make the plan fit", rc == 0 && p.k == 64 && p.nchunks == 51
            && p.skew && p.nqueues == 2 && p.dev_bytes <= (size_t) 6 << 30
            && plan_ok (&u.in, &p, why_named, sizeof why_named), msg);
    pacc_plan_free (&p);
    u.s.skew = 0;
    u.s.queues = 3;
    rc = pacc_plan (&u.in, &p, err, sizeof err);
    report ("PACC_K, PACC_CHUNKS, PACC_SKEW=0 and PACC_QUEUES=3 given: "
            "refused, with the buffers asked for",
            rc != 0 && strstr (err, "3 buffers of 160 rows"), err);
    pacc_plan_free (&p);
  }

  /* Which block a re-plan measures (replan.c).  Himeno at 2x: a first
     block of 192 steps, k 64, 256 steps: the block after it is the last,
     so none (measured as a 64-step block, the first gave its kernels a
     third of their rate).  */
  {
    struct pacc_plan b;
    memset (&b, 0, sizeof b);
    b.k = 64;
    b.k_first = 192;
    int w1 = pacc_plan_replan_block (&b, 64, 1);
    int w2 = pacc_plan_replan_block (&b, 128, 0);
    b.k_first = 0;
    int w3 = pacc_plan_replan_block (&b, 64, 1);
    int w4 = pacc_plan_replan_block (&b, 192, 1);
    int w5 = pacc_plan_replan_block (&b, 64, 0);
    snprintf (msg, sizeof msg, "%d %d %d %d %d, expected -1 1 -1 1 0", w1,
              w2, w3, w4, w5);
    report ("a re-plan measures block 0 only if it had k steps and did "
            "not register, else the next one if it is not the last",
            w1 == -1 && w2 == 1 && w3 == -1 && w4 == 1 && w5 == 0, msg);
  }

  /* Staging at 8x (stage.h): Himeno's first block of 64 steps would
     wait 3.5 s for the registration of its 41.5 GiB (12.7 GB/s, as
     measured on an H100 host); the kernels' rate and the link as its
     re-plans measured them.  The model stages some of the targetin
     arrays, the last ones, and predicts at least PLAN_STAGE_GAIN less;
     with nothing to wait for, or staging not offered, none.  */
  {
    char marks[8];
    himeno_8x (&u);
    /* Skewed where faster, as on a GPU.  */
    u.s.skew = -1;
    u.in.first_block = 1;
    u.in.pin_s = 41.5 * 1073741824.0 / 12.7e9;
    u.in.kernel_eff = 0.58;
    u.in.link_gbs = 47.6;
    u.in.wb_gbs = 49.2;
    u.in.stage_gbs = 17;
    u.in.stage_auto = 1;
    rc = pacc_plan (&u.in, &p, err, sizeof err);
    int m = rc == 0 ? pacc_plan_stage_mark (&u.in, p.nstage, marks) : 0;
    snprintf (msg, sizeof msg, "%s; k %ld, %d chunks, %d queues, %d staged "
              "(marks %d%d%d%d%d%d%d%d), predicted %.3f s, %.3f s staging "
              "none", rc ? err : "planned", p.k, p.nchunks, p.nqueues, p.nstage, marks[0],
              marks[1], marks[2], marks[3], marks[4], marks[5], marks[6],
              marks[7], p.predicted_s, p.nostage_s);
    report ("cost model: Himeno at 8x stages its last targetin arrays",
            rc == 0 && p.nstage > 0 && p.nstage < 6 && m == p.nstage
            && marks[6] && !marks[0] && !marks[7]
            && p.predicted_s < p.nostage_s * (1 - PLAN_STAGE_GAIN)
            && plan_ok (&u.in, &p, why_named, sizeof why_named), msg);
    pacc_plan_free (&p);
    /* Copied ahead of their loads (PACC_STAGE_AHEAD=1, 28 GB/s): all of
       them or none, and at 8x all.  */
    u.in.stage_all = 1;
    u.in.stage_gbs = 28;
    rc = pacc_plan (&u.in, &p, err, sizeof err);
    m = rc == 0 ? pacc_plan_stage_mark (&u.in, p.nstage, marks) : 0;
    snprintf (msg, sizeof msg, "%s; k %ld, %d chunks, %d queues, %d staged "
              "(marks %d%d%d%d%d%d%d%d), predicted %.3f s, %.3f s staging "
              "none", rc ? err : "planned", p.k, p.nchunks, p.nqueues,
              p.nstage, marks[0], marks[1], marks[2], marks[3], marks[4],
              marks[5], marks[6], marks[7], p.predicted_s, p.nostage_s);
    report ("cost model: Himeno at 8x stages every targetin array when "
            "they are copied ahead",
            rc == 0 && p.nstage == 6 && m == 6 && !marks[0] && marks[1]
            && marks[6] && !marks[7]
            && p.predicted_s < p.nostage_s * (1 - PLAN_STAGE_GAIN)
            && plan_ok (&u.in, &p, why_named, sizeof why_named), msg);
    pacc_plan_free (&p);
    u.in.stage_all = 0;
    u.in.stage_gbs = 17;
    u.in.pin_s = 0;
    rc = pacc_plan (&u.in, &p, err, sizeof err);
    int none1 = rc == 0 && p.nstage == 0;
    pacc_plan_free (&p);
    u.in.pin_s = 3.5;
    u.in.first_block = 0;
    rc = pacc_plan (&u.in, &p, err, sizeof err);
    int none2 = rc == 0 && p.nstage == 0;
    pacc_plan_free (&p);
    u.in.first_block = 1;
    u.in.stage_auto = 0;
    rc = pacc_plan (&u.in, &p, err, sizeof err);
    int none3 = rc == 0 && p.nstage == 0;
    pacc_plan_free (&p);
    snprintf (msg, sizeof msg, "no wait %d, a later block %d, not offered "
              "%d", none1, none2, none3);
    report ("cost model: nothing staged without a registration wait, in a "
            "re-plan, or when not offered", none1 && none2 && none3, msg);
    /* The cost model: staged arrays at the link's own rate cost what
       registered ones do; slower, more.  */
    pacc_plan_stage_mark (&u.in, 3, marks);
    rc = pacc_plan (&u.in, &p, err, sizeof err);
    double reg = pacc_plan_predict (&u.in, &p);
    u.in.staged = marks;
    u.in.stage_gbs = u.in.link_gbs;
    double same = pacc_plan_predict (&u.in, &p);
    u.in.stage_gbs = 17;
    double slow = pacc_plan_predict (&u.in, &p);
    u.in.stage_gbs = 0;
    double off = pacc_plan_predict (&u.in, &p);
    pacc_plan_free (&p);
    snprintf (msg, sizeof msg, "registered %.6f s, staged at the link's "
              "rate %.6f, at 17 GB/s %.6f, rate 0 %.6f", reg, same, slow,
              off);
    report ("cost model: staged loads at the staging rate",
            rc == 0 && fabs (same - reg) < 1e-9 * reg && slow > reg
            && off == reg, msg);
    /* The marks: the last N targetin arrays with rows, no other kind.  */
    struct pacc_plan_array ma[5] = {
      { "a", PACC_KIND_IN, 8 }, { "b", PACC_KIND_INOUT, 8 },
      { "c", PACC_KIND_IN, 0 }, { "d", PACC_KIND_IN, 8 },
      { "e", PACC_KIND_TEMP, 8 } };
    struct pacc_plan_in mi;
    memset (&mi, 0, sizeof mi);
    mi.n = 5;
    mi.a = ma;
    int m1 = pacc_plan_stage_mark (&mi, 1, marks);
    int ok1 = m1 == 1 && marks[3] && !marks[0] && !marks[1] && !marks[2]
              && !marks[4];
    int m9 = pacc_plan_stage_mark (&mi, 9, marks);
    int ok9 = m9 == 2 && marks[3] && marks[0] && !marks[1] && !marks[2]
              && !marks[4];
    snprintf (msg, sizeof msg, "1: %d marked, 9: %d marked", m1, m9);
    report ("pacc_plan_stage_mark marks the last targetin arrays with "
            "rows", ok1 && ok9, msg);
  }

  /* PACC_STAGE's default: auto with the host copies ahead of the loads,
     0 with them in the queue's order (stage.c says why).  */
  {
    static const struct { const char *stage, *ahead; int want; } c[] = {
      { NULL, NULL, -1 }, { NULL, "1", -1 }, { NULL, "0", 0 },
      { "auto", "0", -1 }, { "0", NULL, 0 }, { "3", "0", 3 },
    };
    int bad = 0;
    msg[0] = 0;
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++)
      {
        if (c[i].stage)
          setenv ("PACC_STAGE", c[i].stage, 1);
        else
          unsetenv ("PACC_STAGE");
        if (c[i].ahead)
          setenv ("PACC_STAGE_AHEAD", c[i].ahead, 1);
        else
          unsetenv ("PACC_STAGE_AHEAD");
        pacc_env_read ("planner.c");
        if (pacc_settings.stage != c[i].want)
          {
            bad++;
            snprintf (msg + strlen (msg), sizeof msg - strlen (msg),
                      "PACC_STAGE=%s PACC_STAGE_AHEAD=%s: %d (want %d); ",
                      c[i].stage ? c[i].stage : "(unset)",
                      c[i].ahead ? c[i].ahead : "(unset)",
                      pacc_settings.stage, c[i].want);
          }
      }
    unsetenv ("PACC_STAGE");
    unsetenv ("PACC_STAGE_AHEAD");
    report ("PACC_STAGE is auto by default, 0 with PACC_STAGE_AHEAD=0",
            !bad, msg);
  }

  /* In-kernel temporal blocking (tblock_depth): the automatic k is a
     multiple of the depth (or below it, or every step), and the model
     predicts the step's kernels for less than one step per launch.  */
  {
    static const int depths[] = { 8, 6 };
    int bad = 0;
    msg[0] = 0;
    for (int i = 0; i < 2; i++)
      for (long T = 7; T <= 1000; T = T * 3 + 1)
        {
          struct pacc_plan q1, qd;
          setup (&u, 77440, 1, 1, T, 2, 77440 * 4, 1, (size_t) 80 << 30);
          u.s.device_memory = (size_t) 6 << 30;
          u.in.link_gbs = 51.9;
          u.in.wb_gbs = 49.9;
          u.in.hbm_gbs = 4800;
          int r1 = pacc_plan (&u.in, &q1, err, sizeof err);
          u.in.tblock_depth = depths[i];
          int rd = pacc_plan (&u.in, &qd, err, sizeof err);
          long D = depths[i];
          if (r1 || rd
              || !(qd.k % D == 0 || qd.k < D || qd.k == T)
              || !kernel_bytes_over (&u.in, &qd, D))
            {
              bad++;
              snprintf (msg + strlen (msg), sizeof msg - strlen (msg),
                        "D %ld T %ld: rc %d/%d, k %ld (one step per launch: "
                        "k %ld); ", D, T, r1, rd, qd.k, q1.k);
            }
          if (!r1)
            pacc_plan_free (&q1);
          if (!rd)
            pacc_plan_free (&qd);
        }
    /* In core (Jacobi 30000^2, 1008 steps, one H200): one resident chunk
       whose k was 1 (every k scored the same) now takes launches of the
       depth.  */
    for (int i = 0; i < 2; i++)
      {
        struct pacc_plan qd;
        setup (&u, 30000, 1, 1, 1008, 2, 30000 * 4, 1, (size_t) 140 << 30);
        u.in.link_gbs = 51.9;
        u.in.wb_gbs = 49.9;
        u.in.hbm_gbs = 4800;
        u.in.tblock_depth = depths[i];
        int rd = pacc_plan (&u.in, &qd, err, sizeof err);
        if (rd || !qd.resident || qd.k < depths[i] || qd.k % depths[i])
          {
            bad++;
            snprintf (msg + strlen (msg), sizeof msg - strlen (msg),
                      "in core, D %d: rc %d, resident %d, k %ld; ", depths[i],
                      rd, rd ? 0 : qd.resident, rd ? 0 : qd.k);
          }
        if (!rd)
          pacc_plan_free (&qd);
      }
    u.in.tblock_depth = 0;
    report ("in-kernel temporal blocking: k a multiple of the depth", !bad,
            msg);
  }

  measured_rates ();
  measured_rates_skewed ();
  replan_property (3000);
  first_block_property (3000);
  queues_property (1000);
  skew_property (1000);
  random_plans (20000, 0);
  random_plans (20000, 1);
  stage_property (400);
  return failures ? 1 : 0;
}
