/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* planner.c - the automatic plan of a region (planner.h).

   When the back end gives its rates (the CUDA one: the link measured by
   a short copy, the memory's peak from its clock and bus width), k and
   the chunk count are those of the plan that fits with the least time
   the cost model gives with the link PACC_LINK_MARGIN percent slower
   (pacc_plan_score, cost.c), or of those within PLAN_CHUNKS_GAIN of
   it the one of fewest chunks (plan-pick.c); the settings the user gave stay
   as they are, and queues and buffers follow the rules below.  Without
   rates (the host path), or when no candidate fits, the fixed rules.

   Automatic choices:
   - k: the whole run when the halo is 0 (chunks are independent; the
     extra rows ELO/EHI do not grow with k), else 4;
     reduced while the halo rows of a block (hlo + hhi) * k exceed the
     thinnest chunk, so that redundant work stays below the useful work.
   - k of the first block (k_first): PACC_K_FIRST, else on a GPU the
     cost model's when that block waits for the arrays' registration
     (pin_s): as many steps as the model finds the waiting worth, with
     buffers for them; else the same as the others.
   - chunks: 4 (a pipeline of loads, kernels and write-backs over three
     queues needs at least that), at most one per row; on the host, cache
     blocks (plan-host.c, also k); doubled while the
     buffers do not fit in the device memory (PACC_DEVICE_MEMORY caps it).
   - queues: 3 per device with the `async' clause (load, compute and
     write-back of three chunks at once), 1 without; never more than the
     chunks.  With the cost model, 2 when the model predicts that plan
     PLAN_QUEUES_GAIN faster: two buffers instead of three leave room for
     thicker chunks or a larger k (Himeno at 8x).  Automatic queues drop
     to 2, then 1, where nothing fits with 3.
   - buffers: max (queues, span + 1), at most one per chunk: the
     write-back of chunk j waits for the loads of chunks up to j + span
     (schedule.c), which must already have buffers.  On one device with
     fewer queues than chunks, the carry (chunks.h; PACC_CARRY=0 turns it
     off) makes span 0 (1 when the next chunk reads the targetin rows
     from the buffer, with two queues or more): as many buffers as
     queues, plus the carry buffer of the targetinout rows two
     neighbours share (of every array read, with one queue).
   - staged arrays (PACC_STAGE=auto, stage.h): when the first block
     waits for the registration and that wait costs the plan at least
     PLAN_STAGE_GAIN, the plans with the last 1, 2, ... targetin arrays
     staged instead (STAGE_CANDS counts), the one that scores
     PLAN_STAGE_GAIN less than registering all, if any.
   - devices (PACC_DEVICES, else every device the back end has): chunks
     go round robin, chunk i to device i % D, so that the loads, kernels
     and write-backs of consecutive chunks run on different devices at
     once; a device has its own queues and buffers.  The automatic chunk
     count is 4 per device.
   - resident: with automatic chunks and more steps than one block, first
     one chunk per device, kept resident (only halos move between
     blocks), if all of it fits; otherwise resident whenever every chunk
     has a buffer of its own (PACC_RESIDENT=0 forbids it, =1 demands
     it).  */

#include "planner.h"
#include "diag.h"
#include "pacc-abi.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CHUNKS (1L << 24)

/* Automatic k for chunks of at least MINROWS rows.  */
static long
thin_k (const struct pacc_geom *g, long k, long minrows)
{
  while (k > 1 && (g->hlo + g->hhi) * k > minrows)
    k--;
  return k;
}

static const char *const kind_name[] = { "in", "inout", "temp" };

void
pacc_format_arrays (int n, const struct pacc_plan_array *a, char *buf,
                    size_t size)
{
  size_t len = 0;
  buf[0] = 0;
  for (int i = 0; i < n && len < size; i++)
    {
      int m = snprintf (buf + len, size - len, "%s%s (%s, %zu B/row)",
                        i ? ", " : "", a[i].name, kind_name[a[i].kind],
                        a[i].row_bytes);
      if (m < 0)
        break;
      len += (size_t) m;
    }
}

static int plan_core (const struct pacc_plan_in *in, struct pacc_plan *p,
                      char *err, size_t errlen);

/* The region's first block: the steps PACC_K_FIRST gives (capped by
   the region's), 0 when it gives none or the plan is not for the first
   block.  */
static long
user_k_first (const struct pacc_plan_in *in)
{
  long k0 = in->s->k_first;
  if (!in->first_block || k0 <= 0)
    return 0;
  return k0 < in->nsteps ? k0 : in->nsteps;
}

/* Whether the model may give the first block steps of its own: it waits
   for the arrays' registration anyway (PIN_S), and the device can use
   that time for more steps of the chunks it has (PACC_K_FIRST unset).  */
static int
auto_k_first (const struct pacc_plan_in *in)
{
  return in->first_block && in->s->k_first < 0 && in->pin_s > 0;
}

/* Plan P (C chunks, BLOCK, K, first block K0, NQ queues) if it fits
   (resident when every chunk has a buffer and the settings allow it):
   its score (pacc_plan_score) in *T, else 0.  */
static int
try_plan (const struct pacc_plan_in *in, struct pacc_plan *p, long c,
          long block, long k, long k0, int nq, int skew, double *t)
{
  /* PACC_SKEW=1: the trapezoid only where the plan cannot be skewed.  */
  pacc_make_plan (in, p, (int) c, block, k, k0, nq, skew || in->s->skew == 1);
  if (p->dev_bytes > p->avail || skew != p->skew)
    return 0;
  p->resident = p->nbuf == p->nchunks && in->s->resident != 0;
  if (in->s->resident == 1 && !p->resident)
    return 0;
  /* A resident plan loads once: a first block of its own gains
     nothing.  */
  if (p->resident && k0 && auto_k_first (in))
    return 0;
  *t = pacc_plan_score (in, p);
  return 1;
}

/* The candidate of C chunks, K steps, first block K0: with NQ queues per
   device into BC[0] if it fits and predicts less, and with two into
   BC[1] when TWO.  The two-queue plan of the same chunks predicts no
   less where NQ's fits (block_time: the longest phase with three queues,
   against the longer of the kernels and the copies with two; the same
   loads, kernels and fill), so it is tried only where NQ's does not fit
   or has too few chunks for the carry that two queues would have.  Bit
   Q of the result: the plan of BC[Q] fits and may gain from a deeper
   first block (its time, less the registration wait, below BC[Q]'s).  */
static int
try_cand (const struct pacc_plan_in *in, struct pacc_plan *p, long c,
          long block, long k, long k0, int nq, int two, struct pacc_cand *bc,
          struct pacc_cands *cs)
{
  int r = 0;
  double t;
  /* Trapezoid and skewed (PACC_SKEW unset or 1: try_plan), or the
     trapezoid only; the two-queue twin of each as above.  */
  for (int sk = 0; sk <= (in->s->skew != 0); sk++)
    for (int q = 0, rs = 0; q < 1 + two; q++)
      {
        int qn = q ? 2 : nq;
        if (q && rs && c > (long) nq * in->ndev)
          break;
        if (!try_plan (in, p, c, block, k, k0, qn, sk, &t))
          continue;
        struct pacc_cand n = { t, k, c, k0, qn, sk };
        pacc_cands_add (in->where, &cs[q], &n);
        if (!bc[q].k || t < bc[q].t)
          bc[q].t = t, bc[q].k = k, bc[q].c = c, bc[q].k0 = k0, bc[q].nq = qn,
          bc[q].skew = sk;
        rs |= (t - in->pin_s < bc[q].t ? 2 : 1) << (2 * q);
        r |= rs;
      }
  return r;
}

/* Chunk counts the search goes on past the last that gave a better plan
   (a count and the next are a quarter apart: 8 of them, six times
   thinner chunks).  */
#define SEARCH_STALE 8

/* The steps per block the search tries, I-th: 1, 2, 3, 4, 6, 8, ...,
   256, then all of the NSTEPS (so that a block can hold every step of a
   region of more than 256: without a halo, one block loads each row
   once); none more than NSTEPS.  */
#define K_CANDS 17
static long
k_cand (int i, long nsteps)
{
  static const long ks[K_CANDS - 1]
    = { 1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256 };
  return i < K_CANDS - 1 && ks[i] < nsteps ? ks[i] : nsteps;
}

/* The plan of least score (BC[0] with NQ queues per device,
   BC[1] with two when TWO) among K (0: k_cand's, with the halo rows of a
   block within the thinnest chunk) and NC chunks (0: from the device
   count up, a quarter more each time, up to a chunk per row) that
   fits, with the first block's steps of PACC_K_FIRST or, when the arrays
   are registered as that block goes, the best of the same candidates
   above K; a BC's k stays 0 when none fits.  Every plan that fits goes
   into CS[0] or CS[1] too (plan-pick.c chooses).  */
static void
search (const struct pacc_plan_in *in, struct pacc_plan *p, long k, long nc,
        long block, int nq, int two, struct pacc_cand *bc,
        struct pacc_cands *cs)
{
  const int nks = K_CANDS;
  long rows = in->g.len0 > 0 ? in->g.len0 : 1, h = in->g.hlo + in->g.hhi;
  long uk0 = user_k_first (in);
  int carry = in->s->carry != 0 && in->ndev == 1;
  int nk = k ? 1 : nks, stale = 0;
  memset (bc, 0, 2 * sizeof *bc);
  /* Chunk counts a quarter apart (multiples of the devices), so that the
     thickest chunks that fit are not missed by up to half; once a plan
     fits, up to SEARCH_STALE counts past the last that predicted less
     (thinner chunks only add halo work and fill: the counts beyond, up
     to a chunk per row, took most of the planner's time, 0.23 s for
     Jacobi 77440^2, while the device waits for a re-plan).  */
  for (long c = nc ? nc : in->ndev;
       c <= (nc ? nc : rows) && c <= 65536 && stale < SEARCH_STALE;
       c = nc ? c + 1
              : c + (c / 4 / in->ndev > 1 ? c / 4 / in->ndev : 1) * in->ndev)
    {
      double t0 = bc[0].k ? bc[0].t : -1, t1 = bc[1].k ? bc[1].t : -1;
      /* Halo rows of a block within the thinnest chunk (twice that with
         the carry, whose buffers do not grow with k): beyond, the
         redundant work outgrows the useful work.  One step has none.  */
      long thin = (block ? block : rows / c) * (carry ? 2 : 1);
      /* Skewed plans compute no halo row twice: any k.  */
      if (carry && in->s->skew != 0 && c > nq * in->ndev && in->g.ext_lo == 0
          && in->g.ext_hi == 0)
        thin = rows * 256;
      for (int i = 0; i < nk; i++)
        {
          long kk = k ? k : k_cand (i, in->nsteps);
          if (!k && i > 0 && k_cand (i - 1, in->nsteps) == in->nsteps)
            break;
          kk = kk > in->nsteps ? in->nsteps : kk;
          kk = kk < 1 ? 1 : kk;
          /* In-kernel temporal blocking: k a multiple of its depth, so
             that no launch but the region's last is a shorter one (k
             below the depth stays: launches of k steps).  */
          if (!k && in->tblock_depth > 1 && kk > in->tblock_depth
              && kk % in->tblock_depth && kk != in->nsteps)
            continue;
          if (!k && kk > 1 && h * kk > thin)
            break;
          int r = try_cand (in, p, c, block, kk, uk0, nq, two, bc, cs);
          /* The first block waits for the registration: more steps in
             it than in the others, which can save at most that wait.  */
          if (!auto_k_first (in) || !(r & 0xa))
            continue;
          for (int j = 0; j < nks; j++)
            {
              long k0 = k_cand (j, in->nsteps);
              if (k0 <= kk)
                continue;
              if (h * k0 > thin
                  || !try_cand (in, p, c, block, kk, k0, nq, two, bc, cs))
                break;
              if (k0 == in->nsteps)
                break;
            }
        }
      if (bc[0].k || bc[1].k)
        stale = (bc[0].k && bc[0].t != t0) || (bc[1].k && bc[1].t != t1)
                  ? 0
                  : stale + 1;
    }
}

/* The plan the cost model prefers (search; plan-pick.c chooses: the
   thickest chunks within PLAN_CHUNKS_GAIN of the least score) with NQ
   queues per device, or with two when Q_AUTO and that is
   PLAN_QUEUES_GAIN faster; 0 when none fits.  */
static int
model_search (const struct pacc_plan_in *in, struct pacc_plan *p, long k,
              long nc, long block, int nq, int q_auto)
{
  struct pacc_cand bc[2], best;
  struct pacc_cands cs[2] = { { NULL, 0, 0 }, { NULL, 0, 0 } };
  search (in, p, k, nc, block, nq, q_auto && nq > 2, bc, cs);
  int found = pacc_cands_choose (cs, &best);
  pacc_cands_free (&cs[0]);
  pacc_cands_free (&cs[1]);
  if (!found)
    return 0;
  pacc_make_plan (in, p, (int) best.c, block, best.k, best.k0, best.nq,
                  best.skew);
  p->resident = p->nbuf == p->nchunks && in->s->resident != 0;
  pacc_plan_set_predicted (in, p);
  return 1;
}

/* PACC_K and the chunks both given, and their plan with NQ queues, not
   skewed unless PACC_SKEW=1, does not fit: the settings left automatic
   may still make one fit.  Skewed (PACC_SKEW unset), then two queues
   (PACC_QUEUES unset), then both: the order in which the buffers shrink
   for the usual shapes.  Into P the first that fits; 0 if none.  */
static int
fit_given (const struct pacc_plan_in *in, struct pacc_plan *p, long nc,
           long block, long k, int nq)
{
  const struct pacc_settings *s = in->s;
  int q2 = in->async && !s->queues && nq > 2;
  for (int i = 1; i < 4; i++)
    {
      int sk = i & 1, qn = i & 2 ? 2 : nq;
      if ((sk && s->skew != -1) || (qn != nq && !q2))
        continue;
      pacc_make_plan (in, p, (int) nc, block, k, user_k_first (in), qn,
                      sk || s->skew == 1);
      if (p->dev_bytes <= p->avail)
        return 1;
    }
  return 0;
}

/* Whether IN plans with PACC_K=K (0: automatic) and PACC_CHUNKS=CHUNKS
   (0: automatic, and no PACC_BLOCK) instead of its own settings.  */
static int
fits_with (const struct pacc_plan_in *in, long k, long chunks)
{
  struct pacc_settings s = *in->s;
  struct pacc_plan_in t = *in;
  struct pacc_plan p;
  char err[512];
  int rc;
  s.k = k;
  s.chunks = chunks;
  s.block = 0;
  t.s = &s;
  rc = plan_core (&t, &p, err, sizeof err);
  pacc_plan_free (&p);
  return rc == 0;
}

/* The message when plan P, the last one the search tried, does not fit:
   what it needs, and only what would help, tried: the largest PACC_K
   that fits, other chunks, both; or, when not even one-row chunks with
   k = 1 fit, the memory they need.  */
static void
no_fit (const struct pacc_plan_in *in, const struct pacc_plan *p, char *err,
        size_t errlen)
{
  const struct pacc_settings *s = in->s;
  char arrays[512], b1[32], b2[32], b3[32], help[256] = "";
  long own = 0, rows = in->g.len0 > 0 ? in->g.len0 : 1;
  long thin = rows < MAX_CHUNKS ? rows : MAX_CHUNKS;
  int i, user_chunks = s->chunks || s->block;
  struct pacc_plan least;
  struct pacc_settings ls = *s;
  struct pacc_plan_in li = *in;

  pacc_format_arrays (in->n, in->a, arrays, sizeof arrays);
  for (i = 0; i < p->nchunks; i++)
    own = p->ch[i].hi - p->ch[i].lo > own ? p->ch[i].hi - p->ch[i].lo : own;
  /* The least any plan needs: one-row chunks, k = 1.  */
  ls.k = 1;
  ls.k_first = 0;
  ls.chunks = thin;
  ls.block = 0;
  ls.device_memory = 0;
  ls.resident = -1;
  li.s = &ls;
  li.mem = (size_t) -1;
  memset (&least, 0, sizeof least);
  if (plan_core (&li, &least, help, sizeof help) != 0)
    least.dev_bytes = (size_t) -1;
  help[0] = 0;
  if (least.dev_bytes > p->avail)
    snprintf (help, sizeof help,
              "; nothing fits: even chunks of %s with "
              "k = 1 need %s per device",
              thin == rows ? "one row" : "the fewest rows",
              pacc_fmt_bytes (b3, sizeof b3, least.dev_bytes));
  else
    {
      size_t len = 0;
      /* PACC_K_FIRST makes the buffers larger than k would.  */
      if (p->k_first > p->k)
        {
          struct pacc_settings fs = *s;
          struct pacc_plan_in fi = *in;
          struct pacc_plan fp;
          char e[512];
          fs.k_first = 0;
          fi.s = &fs;
          if (plan_core (&fi, &fp, e, sizeof e) == 0)
            len += (size_t) snprintf (help + len, sizeof help - len,
                                      "; PACC_K_FIRST=0 fits");
          pacc_plan_free (&fp);
        }
      /* The largest PACC_K that fits these chunk settings.  */
      long lo = 0, hi = p->k - 1;
      if (s->k)
        while (lo < hi)
          {
            long mid = lo + (hi - lo + 1) / 2;
            if (fits_with (in, mid, s->chunks))
              lo = mid;
            else
              hi = mid - 1;
          }
      if (s->k && lo >= 1 && (!s->block || fits_with (in, lo, 0)))
        len += (size_t) snprintf (help + len, sizeof help - len,
                                  "; PACC_K=%ld fits%s", lo,
                                  s->block ? " without PACC_BLOCK" : "");
      if (user_chunks && own > 1 && fits_with (in, s->k, 0))
        len += (size_t) snprintf (help + len, sizeof help - len,
                                  "; the automatic chunks fit (leave "
                                  "PACC_CHUNKS and PACC_BLOCK unset)");
      if (!len)
        snprintf (help, sizeof help,
                  "; thinner chunks and a smaller k fit "
                  "(leave PACC_K, PACC_CHUNKS and PACC_BLOCK unset)");
    }
  pacc_plan_free (&least);
  char carry[128] = "";
  if (p->carry)
    snprintf (carry, sizeof carry, ", and a carry buffer of %ld rows",
              p->carry_rows);
  if (p->ring)
    snprintf (carry + strlen (carry), sizeof carry - strlen (carry),
              "; the targetin arrays in rings of %ld rows, not in the "
              "buffers",
              p->ring_rows);
  snprintf (err, errlen,
            "the chunk buffers need %s per device (%d "
            "buffers of %ld rows: %ld own rows and %ld halo rows, halo "
            "-%ld/+%ld per step over k = %ld steps%s%s; rows of %s), more "
            "than the %s of %s memory%s%s",
            pacc_fmt_bytes (b1, sizeof b1, p->dev_bytes), p->dev_bufs,
            p->buf_rows, own, p->buf_rows - own, in->g.hlo, in->g.hhi,
            p->k_first > p->k ? p->k_first : p->k,
            p->k_first > p->k ? " (the first block's, PACC_K_FIRST)" : "",
            carry, arrays, pacc_fmt_bytes (b2, sizeof b2, p->avail),
            in->mem_kind,
            in->mem_why        ? in->mem_why
            : s->device_memory ? " (PACC_DEVICE_MEMORY)"
                               : "",
            help);
}

int
pacc_plan_stage_mark (const struct pacc_plan_in *in, int nstage, char *staged)
{
  int m = 0;
  memset (staged, 0, (size_t) in->n);
  for (int i = in->n - 1; i >= 0 && m < nstage; i--)
    if (in->a[i].kind == PACC_KIND_IN && in->a[i].row_bytes)
      staged[i] = 1, m++;
  return m;
}

/* The plan of IN with the last M targetin arrays staged (their share of
   the registration gone from the first block's wait) into *P, its score
   in *T: 0, or plan_core's failure.  */
static int
plan_staged (const struct pacc_plan_in *in, int m, char *staged,
             struct pacc_plan *p, double *t, char *err, size_t errlen)
{
  struct pacc_plan_in s = *in;
  double all = 0, st = 0;
  pacc_plan_stage_mark (in, m, staged);
  for (int i = 0; i < in->n; i++)
    if (in->a[i].kind != PACC_KIND_TEMP)
      {
        all += (double) in->a[i].row_bytes;
        st += staged[i] ? (double) in->a[i].row_bytes : 0;
      }
  s.staged = staged;
  s.stage_auto = 0;
  s.pin_s = all > 0 ? in->pin_s * (1 - st / all) : in->pin_s;
  if (m > 0)
    s.pin_s *= PLAN_STAGE_PIN_SLOWER;
  int rc = plan_core (&s, p, err, errlen);
  *t = p->score_s;
  p->nstage = m;
  return rc;
}

/* Staging candidates: none, and then every count of targetin arrays up
   to all of them, or STAGE_CANDS - 1 counts evenly spread when there are
   more (each a search of its own: 2-10 ms for Himeno at 8x); none and
   all of them with STAGE_ALL.  */
#define STAGE_CANDS 9

/* The plan of IN on its IN->ndev devices (pacc_plan's).  */
static int
plan_on (const struct pacc_plan_in *in, struct pacc_plan *p, char *err,
         size_t errlen)
{
  int rc, nin = 0;
  for (int i = 0; i < in->n; i++)
    nin += in->a[i].kind == PACC_KIND_IN && in->a[i].row_bytes;
  /* The first block would wait for the arrays' registration: staging
     some of the read-only ones instead shortens that wait, and slows
     every block's loads of them (PACC_STAGE; the cost model decides).  */
  if (in->stage_auto && in->stage_gbs > 0 && in->first_block && in->pin_s > 0
      && in->link_gbs > 0 && in->hbm_gbs > 0 && nin > 0)
    {
      char *staged
        = pacc_xcalloc (in->where, (size_t) in->n + 1, 1, "the staged arrays");
      double t, t0 = 0, best = 0;
      int last = -1;
      rc = plan_staged (in, 0, staged, p, &t0, err, errlen);
      double pred0 = p->predicted_s;
      best = t0;
      /* What the registration wait costs that plan: staging can save
         no more, and a wait the first block's kernels nearly hide is
         not worth the slower loads of every block.  */
      struct pacc_plan_in nowait = *in;
      nowait.pin_s = 0;
      double wait = rc == 0 ? pred0 - pacc_plan_predict (&nowait, p) : 0;
      int nc = in->stage_all           ? 1
               : nin < STAGE_CANDS - 1 ? nin
                                       : STAGE_CANDS - 1;
      if (wait < pred0 * PLAN_STAGE_GAIN)
        nc = 0;
      for (int c = 1; rc == 0 && c <= nc; c++)
        {
          int m = (nin * c + nc - 1) / nc;
          struct pacc_plan q;
          if (m <= last || m > nin)
            continue;
          last = m;
          if (plan_staged (in, m, staged, &q, &t, err, errlen) == 0 && t < best
              && t < t0 * (1 - PLAN_STAGE_GAIN))
            {
              pacc_plan_free (p);
              *p = q;
              best = t;
            }
          else
            pacc_plan_free (&q);
        }
      free (staged);
      if (rc == 0 && p->nstage)
        {
          /* What registering every array was predicted to take, for
             the report (the caller marks the staged arrays again).  */
          p->nostage_s = pred0;
          return 0;
        }
      if (rc == 0)
        return 0;
      pacc_plan_free (p);
    }
  rc = plan_core (in, p, err, errlen);
  if (rc == -2)
    {
      no_fit (in, p, err, errlen);
      rc = -1;
    }
  /* PACC_QUEUES asked for more queues than the plan has: say why.  */
  const struct pacc_settings *s = in->s;
  if (rc == 0 && in->async && s->queues
      && p->nqueues < (long) s->queues * p->ndev)
    p->q_from = s->queues > MAX_QUEUES / p->ndev
                  ? "PACC_QUEUES, cut: at most " PACC_STR (
                    MAX_QUEUES) " queues over all devices"
                  : "PACC_QUEUES, cut: at most one queue per chunk";
  return rc;
}

/* On one device: with the cost model, its plan when its score is
   PLAN_DEVICES_GAIN below that of all the devices (PACC_DEVICES unset;
   given, the plan keeps them, and P says what one would predict).  A
   streaming plan has the carry, skewed chunks and rings on one device
   only: Himeno out of core at 8x took k 6 and unskewed chunks on two
   H200s, predicted 2.4 times as long as one device's plan, and ran
   0.53x one GPU (benchmarks/RESULTS.md, issue 44).  Not half the
   devices: their plans lack those too, and a search costs 12 ms.  The scores
   compared leave the first block's registration out: the model has it
   hide nothing on several devices, where some of it does (Jacobi at 8x
   ran 1.18x one GPU on two H200s, which the model rates even), and the
   registration is the same for any device count.  */
static void
fewer_devices (const struct pacc_plan_in *in, struct pacc_plan *p)
{
  /* A resident plan is as fast on fewer devices at best, unless in-kernel
     blocking (one device only) makes one faster; a re-plan keeps the
     first plan's devices (replan.c).  */
  int tb = in->tblock_depth > 1;
  if (in->ndev < 2 || in->on_host || !(p->score_s > 0) || (p->resident && !tb)
      || !in->first_block)
    return;
  struct pacc_plan_in one = *in, nopin = *in;
  struct pacc_plan q;
  char e[512];
  nopin.pin_s = 0;
  double want = pacc_plan_score (&nopin, p) * (1 - PLAN_DEVICES_GAIN);
  /* One device's kernels compute every own row of every step at least
     (cost.c's rates): when that alone is too slow, no search (the one
     device's costs as much as the first, and most regions end here).  */
  double krb = 0;
  for (int i = 0; i < in->n; i++)
    krb
      += (double) in->a[i].row_bytes * (in->a[i].kind == PACC_KIND_IN ? 1 : 2);
  double eff = in->kernel_eff > 0 && in->kernel_eff <= 1 ? in->kernel_eff
                                                         : PLAN_KERNEL_EFF;
  if ((double) in->g.len0 * (double) in->nsteps * krb
        / (in->hbm_gbs * 1e9 * eff) / (tb ? (double) in->tblock_depth : 1)
      >= want)
    return;
  one.ndev = nopin.ndev = 1;
  int rc = plan_on (&one, &q, e, sizeof e);
  if (rc != 0 || !(q.score_s > 0) || pacc_plan_score (&nopin, &q) >= want)
    {
      pacc_plan_free (&q);
      return;
    }
  if (in->s->devices)
    {
      p->fewer_ndev = 1;
      p->fewer_s = q.predicted_s;
      pacc_plan_free (&q);
      return;
    }
  pacc_plan_free (p);
  *p = q;
  p->d_from = "auto, one: the cost model's";
}

int
pacc_plan (const struct pacc_plan_in *in, struct pacc_plan *p, char *err,
           size_t errlen)
{
  int rc = plan_on (in, p, err, errlen);
  if (rc == 0)
    fewer_devices (in, p);
  return rc;
}

/* Plan IN into *P: 0; -1 with a message in ERR; -2 when nothing the
   search tries fits (*P is the last plan tried).  */
static int
plan_core (const struct pacc_plan_in *in, struct pacc_plan *p, char *err,
           size_t errlen)
{
  const struct pacc_settings *s = in->s;
  long rows = in->g.len0 > 0 ? in->g.len0 : 1;
  long k, block = 0, nc;
  int c_auto = 0, k_auto = 0, nq;
  char b[32];

  memset (p, 0, sizeof *p);
  p->d_from = s->devices ? "PACC_DEVICES" : "auto";

  if (s->k)
    k = s->k, p->k_from = "PACC_K";
  else
    k = in->g.hlo + in->g.hhi ? 4 : in->nsteps, k_auto = 1,
    p->k_from = in->tblock_depth > 1 ? "auto, in-kernel depth" : "auto";
  k = k > in->nsteps ? in->nsteps : k;
  k = k < 1 ? 1 : k;
  p->kf_from = user_k_first (in) ? "PACC_K_FIRST" : "auto";

  if (s->chunks)
    nc = s->chunks < rows ? s->chunks : rows, p->c_from = "PACC_CHUNKS";
  else if (s->block)
    {
      block = s->block < rows ? s->block : rows;
      nc = (rows + block - 1) / block;
      p->c_from = "PACC_BLOCK";
    }
  else
    nc = rows < 4L * in->ndev ? rows : 4L * in->ndev, c_auto = 1,
    p->c_from = "auto";
  int host = pacc_plan_host (in, k_auto ? &k : NULL, c_auto ? &nc : NULL);
  if (nc > MAX_CHUNKS)
    {
      snprintf (err, errlen,
                "%s gives %ld chunks, more than %ld; use "
                "thicker chunks",
                p->c_from, nc, MAX_CHUNKS);
      return -1;
    }
  p->r_from = s->resident >= 0 ? "PACC_RESIDENT" : "auto";

  if (!in->async)
    nq = 1, p->q_from = "no async clause";
  else if (s->queues)
    nq = s->queues, p->q_from = "PACC_QUEUES";
  else
    nq = 3, p->q_from = "auto";

  /* Every device holds as many buffers: the smallest one decides.  */
  p->avail = in->mem;
  if (s->device_memory && s->device_memory < p->avail)
    p->avail = (size_t) s->device_memory;

  /* With the back end's rates, the plan the cost model prefers among
     those that fit (the settings given stay as they are).  */
  if (in->link_gbs > 0 && in->hbm_gbs > 0 && (k_auto || c_auto)
      && model_search (in, p, k_auto ? 0 : k, c_auto ? 0 : nc, block, nq,
                       in->async && !s->queues))
    {
      if (p->resident)
        p->c_from = c_auto ? "auto, resident" : p->c_from;
      return 0;
    }

  /* Automatic chunks and several blocks: first one chunk per device, kept
     resident, if all of it fits.  */
  if (c_auto && !host && s->resident != 0)
    {
      long rc = rows < in->ndev ? rows : in->ndev;
      long rk = k_auto ? thin_k (&in->g, k, rows / rc) : k;
      if (in->nsteps > rk)
        {
          pacc_make_plan (in, p, (int) rc, 0, rk, user_k_first (in), nq, 0);
          if (p->dev_bytes <= p->avail && p->nbuf == p->nchunks)
            {
              p->resident = 1;
              p->c_from = "auto, resident";
              if (in->link_gbs > 0 && in->hbm_gbs > 0)
                pacc_plan_set_predicted (in, p);
              return 0;
            }
        }
    }

  long nc0 = nc, k0 = k;
  for (;;)
    {
      if (k_auto)
        k = thin_k (&in->g, k,
                    block ? (rows % block ? rows % block : block) : rows / nc);
      pacc_make_plan (in, p, (int) nc, block, k, user_k_first (in), nq,
                      s->skew == 1);
      if (p->dev_bytes <= p->avail)
        break;
      /* On the host path with one device and no workers, copies and
         kernels run one after another in the calling thread: more
         queues overlap nothing and only take buffers, so they go first
         (heat3d 160³ in 16 MiB: 3 queues left k 1 and chunks of 5
         planes, 3.65 s; one queue, k 2 and 10 planes, 2.65 s).  */
      if (in->on_host && in->ndev == 1 && in->async && !s->queues && nq > 1
          && s->workers != 1)
        {
          nq = 1;
          nc = nc0;
          k = k0;
          p->q_from = "auto, fewer to fit";
          continue;
        }
      if (c_auto && nc < rows && nc < MAX_CHUNKS)
        nc = 2 * nc < rows ? 2 * nc : rows;
      else if (k_auto && k > 1)
        k--;
      else if (!k_auto && !c_auto && fit_given (in, p, nc, block, k, nq))
        break;
      else if (in->async && !s->queues && nq > 1)
        {
          /* Fewer queues need fewer buffers: one queue still streams
             (issue 45: "nothing fits" where one queue ran).  */
          nq--;
          nc = nc0;
          k = k0;
          p->q_from = "auto, fewer to fit";
        }
      else
        {
          /* The message describes the plan the settings asked for.  */
          pacc_make_plan (in, p, (int) nc, block, k, user_k_first (in), nq,
                          s->skew == 1);
          return -2;
        }
    }
  /* Every chunk has a buffer of its own: keep them across blocks.  */
  if (p->nbuf == p->nchunks && s->resident != 0)
    p->resident = 1;
  else if (s->resident == 1)
    {
      snprintf (err, errlen,
                "PACC_RESIDENT=1, but the %d chunks share %d "
                "buffers (%s per device available); use fewer chunks or "
                "more devices",
                p->nchunks, p->nbuf, pacc_fmt_bytes (b, sizeof b, p->avail));
      return -1;
    }
  /* The settings chose the plan; the model, given rates, still says
     what it costs (a re-plan compares it with its alternatives).  */
  if (in->link_gbs > 0 && in->hbm_gbs > 0)
    pacc_plan_set_predicted (in, p);
  return 0;
}

void
pacc_plan_free (struct pacc_plan *p)
{
  free (p->ch);
  p->ch = NULL;
}
