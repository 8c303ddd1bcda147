/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* cost.c - the cost model of a plan (planner.h): the time a plan takes
   from the link's and the memory's rates, the rates one measured block
   implies, and the memory of its rings.  planner.c searches the plans
   it predicts.  */

#include "planner.h"
#include "diag.h"
#include "pacc-abi.h"
#include "trace.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The cost model, when the back end gave its rates (a GPU): the time of
   the region under plan P.  Per block, each chunk loads its buffer rows
   of the arrays it reads (with the carry, only those the previous chunk
   did not load; those it copies within the device, which costs the
   kernels' memory bandwidth), writes its own rows of the inout arrays
   back, and its kernels compute its own rows plus the halo rows still
   needed (hlo + hhi fewer per step; none in a skewed plan, which copies
   bands instead, each at a fixed cost while loads run beside it:
   PLAN_BAND_COPY_S); kernels move each array's rows once
   per step, twice when they write it, at a fraction of the memory's peak
   (PLAN_KERNEL_EFF, about what PACC's kernels reach in core: 57-79 % of
   the HBM limit on an H100, benchmarks/RESULTS.md; after the first block
   the fraction measured, replan.c).  With three queues per device the
   loads, write-backs and kernels of different chunks overlap, so a block
   takes the longest of the three; with two, one queue's copies overlap
   the other's kernels (loads and write-backs alternate: schedule.c's
   rules (a) and (c)), so it takes the longer of the copies together and
   the kernels; one chunk's load, kernels and write-back add up once, to
   fill and drain the pipeline.  The region's
   first block loads no faster than the back end registers the arrays
   (pin_s; its first chunk waits for its own share before the device
   starts; on several devices the registration overlaps nothing and
   adds to the block), and may have steps of its own (k_first).  Staged arrays
   (stage.h) load at the staging rate, which the devices share, on the
   queue that issues them.  A resident plan loads once and writes back
   once; on several devices its blocks pay for their boundaries
   (resident_blocks).  */

static double
eff_of (const struct pacc_plan_in *in)
{
  return in->kernel_eff > 0 && in->kernel_eff <= 1 ? in->kernel_eff
                                                   : PLAN_KERNEL_EFF;
}

/* The write-back rate, GB/s: measured, else the link's.  */
static double
wb_of (const struct pacc_plan_in *in)
{
  return in->wb_gbs > 0 && in->wb_gbs < 1e9 ? in->wb_gbs : in->link_gbs;
}

/* The fraction of the shorter phases that does not overlap: measured,
   else none.  */
static double
loss_of (const struct pacc_plan_in *in)
{
  return in->overlap_loss > 0 && in->overlap_loss <= 1 ? in->overlap_loss : 0;
}

/* Bytes per row of the arrays a chunk loads, writes back, and that its
   kernels move per step.  */
static void
row_bytes (const struct pacc_plan_in *in, double *ld_rb, double *wb_rb,
           double *k_rb)
{
  *ld_rb = *wb_rb = *k_rb = 0;
  for (int i = 0; i < in->n; i++)
    {
      double rb = (double) in->a[i].row_bytes;
      *ld_rb += in->a[i].kind != PACC_KIND_TEMP ? rb : 0;
      *wb_rb += in->a[i].kind == PACC_KIND_INOUT ? rb : 0;
      *k_rb += in->a[i].kind == PACC_KIND_IN ? rb : 2 * rb;
    }
}

/* The share of one step per launch's kernel bytes that a block of K
   steps moves: with in-kernel temporal blocking, the stencil and its
   copy-back move the rows once per launch of up to TBLOCK_DEPTH steps,
   ceil (K / D) launches (the halo columns each strip computes again are
   in the kernels' efficiency); a launch of one step is an ordinary
   one.  Only where libpacc launches them (tblock.c): one device, no
   skew; on several devices the worker threads run one step per launch,
   and a 2-GPU plan the model had at in-kernel speed ran 4 times as long
   as predicted (Jacobi 30000^2 in core on two H200s, 2.76 s against
   0.66 s predicted; one device's plan ran 1.26 s).  */
static double
tb_share (const struct pacc_plan_in *in, const struct pacc_plan *p, double k)
{
  double d = (double) in->tblock_depth;
  if (d < 2 || k < 2 || p->ndev > 1 || p->skew)
    return 1;
  return ceil (k / d) / k;
}

/* Seconds per loaded row on one of ND devices: the registered arrays'
   bytes over its link, the staged ones' at the staging rate, which the
   devices share (the host's memory copies bound it).  */
static double
load_row_s (const struct pacc_plan_in *in, double nd)
{
  double ld_rb, wb_rb, k_rb, st_rb = 0;
  row_bytes (in, &ld_rb, &wb_rb, &k_rb);
  for (int i = 0; in->staged && in->stage_gbs > 0 && i < in->n; i++)
    st_rb += in->staged[i] && in->a[i].kind != PACC_KIND_TEMP
               ? (double) in->a[i].row_bytes
               : 0;
  return (ld_rb - st_rb) / (in->link_gbs * 1e9) / nd
         + (st_rb > 0 ? st_rb / (in->stage_gbs * 1e9) : 0);
}

/* Rows chunk CH's kernels compute in a block of K steps: its own rows
   each step and the halo rows still needed, at most its loaded rows;
   in a skewed plan (SKEW) as many as it owns.  */
static double
kernel_rows (const struct pacc_plan_in *in, const struct pacc_chunk *ch,
             double k, int skew)
{
  double h = (double) (in->g.hlo + in->g.hhi);
  double lr = (double) (ch->lhi - ch->llo), o = (double) (ch->hi - ch->lo);
  if (skew)
    return o * k;
  double r = o * k + h * k * (k - 1) / 2;
  return r < lr * k ? r : lr * k;
}

double
pacc_plan_kernel_bytes (const struct pacc_plan_in *in,
                        const struct pacc_plan *p)
{
  double ld_rb, wb_rb, k_rb, kr = 0;
  row_bytes (in, &ld_rb, &wb_rb, &k_rb);
  for (int c = 0; c < p->nchunks; c++)
    kr += kernel_rows (in, &p->ch[c], (double) p->k, p->skew);
  return kr * k_rb * tb_share (in, p, (double) p->k);
}

/* The band copies of a block of K steps of plan P (0 unless skewed).  */
static double
band_copies (const struct pacc_plan_in *in, const struct pacc_plan *p,
             double k)
{
  int inout = 0;
  for (int i = 0; p->skew && i < in->n; i++)
    inout += in->a[i].kind == PACC_KIND_INOUT;
  return k > 1 ? 2.0 * (p->nchunks - 1) * (k - 1) * inout : 0;
}

/* What the band copies of a block of K steps of plan P cost a device's
   kernels' queue while loads run beside them, in seconds.  */
static double
band_cost (const struct pacc_plan_in *in, const struct pacc_plan *p, double k)
{
  return band_copies (in, p, k) * PLAN_BAND_COPY_S / (double) p->ndev;
}

/* The kernels' tail per chunk and step: IN's, else planner.h's.  */
static double
tail_of (const struct pacc_plan_in *in)
{
  return in->kernel_tail_s > 0   ? in->kernel_tail_s
         : in->kernel_tail_s < 0 ? 0
                                 : PLAN_KERNEL_TAIL_S;
}

/* The tail of a chunk whose kernels take KT seconds in a block of K
   steps: its tail per step, but no more than its kernels take (small
   kernels have no waves to wait for).  */
static double
chunk_tail (const struct pacc_plan_in *in, double kt, double k)
{
  double f = k * tail_of (in);
  return kt < f ? kt : f;
}

/* The tails of a block of K steps of P's chunks CHS on one device.  */
static double
tails (const struct pacc_plan_in *in, const struct pacc_plan *p,
       const struct pacc_chunk *chs, double k)
{
  double ld_rb, wb_rb, k_rb, t = 0;
  double mem = in->hbm_gbs * 1e9 * eff_of (in);
  row_bytes (in, &ld_rb, &wb_rb, &k_rb);
  k_rb *= tb_share (in, p, k);
  for (int c = 0; c < p->nchunks; c++)
    t += chunk_tail (in, kernel_rows (in, &chs[c], k, p->skew) * k_rb / mem,
                     k);
  return t / (double) p->ndev;
}

/* One block of K steps of plan P whose chunks' load ranges are CHS:
   its time, and in *FILL the longest one chunk's load, kernels and
   write-back add up to (the pipeline's fill and drain).  PIN_S: the
   seconds its loads wait at least for host memory to be registered
   (the region's first block, PACC_PIN=first-block).  */
static double
block_time (const struct pacc_plan_in *in, const struct pacc_plan *p,
            const struct pacc_chunk *chs, double k, double pin_s, double *fill)
{
  double wlink = wb_of (in) * 1e9;
  double mem = in->hbm_gbs * 1e9 * eff_of (in);
  double ld_rb, wb_rb, k_rb, ld = 0, own = 0, kr = 0, cr = 0, tt = 0;
  double row1 = load_row_s (in, 1), rowd = load_row_s (in, p->ndev);
  int qd = p->nqueues / p->ndev;
  row_bytes (in, &ld_rb, &wb_rb, &k_rb);
  k_rb *= tb_share (in, p, k);
  /* On several devices the registration hides nothing: a registration
     call holds the driver's lock (cuda-lazy.c), so while one device's
     thread registers, every other device's launches and copies wait,
     and the kernels of the chunks registered first do not run beside
     the registration of the next.  The model had them overlap, and CIP
     16000^2 in core on four H200s took a streaming plan of 24 chunks
     whose first block held every step (predicted 2x one GPU, ran
     1.13x) over the resident one (benchmarks/RESULTS.md, issue 44).  */
  double pin_alone = p->ndev > 1 ? pin_s : 0;
  pin_s = p->ndev > 1 ? 0 : pin_s;
  /* A chunk's share of the registration: its rows from the host.  */
  double host_rows = 0;
  for (int c = 0; pin_s > 0 && c < p->nchunks; c++)
    host_rows += (double) (chs[c].xhi - chs[c].xlo);
  *fill = 0;
  for (int c = 0; c < p->nchunks; c++)
    {
      const struct pacc_chunk *ch = &chs[c];
      double lr = (double) (ch->lhi - ch->llo), o = (double) (ch->hi - ch->lo);
      double xr = (double) (ch->xhi - ch->xlo);
      double r = kernel_rows (in, ch, k, p->skew);
      double tl = lr * row1;
      if (host_rows > 0 && pin_s * xr / host_rows > tl)
        tl = pin_s * xr / host_rows;
      double kt = r * k_rb / mem, ct = chunk_tail (in, kt, k);
      double t = tl + kt + ct + o * wb_rb / wlink;
      *fill = t > *fill ? t : *fill;
      ld += xr;
      cr += lr - xr;
      own += o;
      kr += r;
      tt += ct;
    }
  double nd = (double) p->ndev;
  double L = ld * rowd, W = own * wb_rb / wlink / nd;
  L = L > pin_s ? L : pin_s;
  /* The carry's rows are copied within the device, twice through the
     carry buffer (into it, out of it), once straight from the previous
     buffer; each copy is a read and a write.  */
  double in_rb = p->ring ? 0 : ld_rb - wb_rb;
  double cb = p->carry == PACC_CARRY_DIRECT ? 2 * in_rb + 4 * wb_rb
                                            : 4 * (wb_rb + in_rb);
  /* A skewed plan's bands: saved and restored once per step and chunk
     boundary, each copy a read and a write, and each a fixed cost.  */
  double bands = p->skew ? (double) (p->nchunks - 1) * (k - 1)
                             * (double) p->band_rows * 4 * wb_rb
                         : 0;
  double K = (kr * k_rb + cr * cb + bands) / mem / nd + tt / nd, block;
  /* The band copies' fixed cost, for the share of the block the loads
     run: B L / K when the loads are the shorter (K = K1 + B L / K).  */
  double B = band_cost (in, p, k);
  if (B > 0)
    {
      double kl = (K + sqrt (K * K + 4 * B * L)) / 2;
      K = kl > L ? kl : K + B;
    }
  /* What does not overlap of the shorter ones (measured: loads and
     write-backs about as long as the kernels hide each other less than
     the longest of the three says, RESULTS.md).  */
  double c = loss_of (in);
  if (qd >= 3)
    {
      block = L > W ? (L > K ? L : K) : (W > K ? W : K);
      block += c * (L + W + K - block);
    }
  else if (qd == 2)
    block = L + W > K ? L + W + c * K : K + c * (L + W);
  else
    block = L + W + K;
  return block + pin_alone;
}

/* A copy of plan P's chunks with their ranges for a block of KK steps
   (SKEW: skewed ranges); the caller frees it.  */
static struct pacc_chunk *
chunks_for (const struct pacc_plan_in *in, const struct pacc_plan *p, long kk,
            int skew)
{
  struct pacc_chunk *ch
    = pacc_xmalloc (in->where, (size_t) p->nchunks * sizeof *ch,
                    "the chunk plan");
  memcpy (ch, p->ch, (size_t) p->nchunks * sizeof *ch);
  pacc_chunks_block (&in->g, ch, p->nchunks, kk, 0, p->carry, skew);
  return ch;
}

/* One block of KK steps of plan P (P's chunks are laid out for its k):
   block_time of the chunks' ranges for KK.  */
static double
block_of (const struct pacc_plan_in *in, const struct pacc_plan *p, long kk,
          double pin_s, double *fill)
{
  if (kk == p->k)
    return block_time (in, p, p->ch, (double) kk, pin_s, fill);
  struct pacc_chunk *ch = chunks_for (in, p, kk, p->skew);
  double t = block_time (in, p, ch, (double) kk, pin_s, fill);
  free (ch);
  return t;
}

/* The kernels of a resident plan P's blocks, S seconds per row they
   compute: each chunk its own rows and the halo rows still needed
   (kernel_rows: none more than it holds, so one chunk alone computes no
   row twice), and on several devices each block boundary's
   synchronisation and halo exchange, PLAN_BLOCK_SYNC_S.  Without the
   latter, every k scored the same and the plan kept k = 1 (issue 44).  */
static double
resident_blocks (const struct pacc_plan_in *in, const struct pacc_plan *p,
                 double s)
{
  long left = in->nsteps, k0 = in->first_block ? p->k_first : 0;
  double t = 0;
  if (p->k < 1)
    return 0;
  while (left > 0)
    {
      long kk = k0 > 0 ? k0 : p->k;
      long n = k0 > 0 ? 1 : left / kk;
      kk = kk < left ? kk : left;
      n = n > 0 ? n : 1;
      double rows = 0;
      if (p->ndev == 1 && p->nchunks == 1)
        rows = (double) in->g.len0 * (double) kk;
      else
        {
          struct pacc_chunk *ch = chunks_for (in, p, kk, 0);
          for (int c = 0; c < p->nchunks; c++)
            rows += kernel_rows (in, &ch[c], (double) kk, 0);
          free (ch);
        }
      t += (double) n
           * (rows * s * tb_share (in, p, (double) kk)
              + (p->ndev > 1 ? PLAN_BLOCK_SYNC_S : 0));
      left -= n * kk;
      k0 = 0;
    }
  return t;
}

double
pacc_plan_predict (const struct pacc_plan_in *in, const struct pacc_plan *p)
{
  double wlink = wb_of (in) * 1e9;
  double mem = in->hbm_gbs * 1e9 * eff_of (in);
  double ld_rb, wb_rb, k_rb, nd = (double) p->ndev, fill = 0, fill0 = 0;
  double fill1 = 0, block = 0, t = 0;
  double pin_s = in->first_block && in->pin_s > 0 ? in->pin_s : 0;
  long steps = in->nsteps, k0 = in->first_block ? p->k_first : 0;
  row_bytes (in, &ld_rb, &wb_rb, &k_rb);
  if (p->resident)
    {
      double own = (double) in->g.len0;
      double L = own * load_row_s (in, nd);
      return (L > pin_s ? L : pin_s) + own * wb_rb / wlink / nd
             + resident_blocks (in, p, k_rb / mem / nd);
    }
  /* The region's first block: its own steps, and the registration.  */
  k0 = k0 < steps ? k0 : steps;
  if (!k0 && pin_s > 0)
    k0 = steps < p->k ? steps : p->k;
  if (k0)
    {
      t += block_of (in, p, k0, pin_s, &fill0);
      steps -= k0;
    }
  /* The full blocks, then the last one's own steps (the schedule runs
     a block of what is left): charged as a full block, a region of 256
     steps at k 96 would pay for 288 steps of kernels.  */
  double blocks = (double) (steps / p->k);
  if (blocks > 0)
    block = block_time (in, p, p->ch, (double) p->k, 0, &fill);
  if (steps % p->k)
    t += block_of (in, p, steps % p->k, 0, &fill1);
  /* The fill and drain once: the longest of the blocks run, the first
     block's (whose first chunk waits for its registration) included.  */
  fill = fill1 > fill ? fill1 : fill;
  return t + blocks * block + (fill0 > fill ? fill0 : fill);
}

int
pacc_plan_measured (const struct pacc_plan_in *in, const struct pacc_plan *p,
                    const double busy[4], const double bytes[4], double span,
                    struct pacc_plan_in *out)
{
  double nd = (double) p->ndev, kb = pacc_plan_kernel_bytes (in, p);
  *out = *in;
  if (busy[PACC_OP_LOAD] <= 0 || bytes[PACC_OP_LOAD] <= 0
      || busy[PACC_OP_KERNELS] <= 0 || kb <= 0 || span <= 0 || in->hbm_gbs <= 0
      || p->resident)
    return 0;
  /* Bytes per microsecond are kB/ms: 1e-3 GB/s.  Devices run at once:
     the busy time is each one's.  */
  out->link_gbs = bytes[PACC_OP_LOAD] / nd / busy[PACC_OP_LOAD] * 1e-3;
  out->wb_gbs = busy[PACC_OP_WB] > 0 && bytes[PACC_OP_WB] > 0
                  ? bytes[PACC_OP_WB] / nd / busy[PACC_OP_WB] * 1e-3
                  : out->link_gbs;
  /* The band copies sit in the kernels' queues (their time counts
     there): what the model has them cost is not the kernels'.  */
  double lshare = busy[PACC_OP_LOAD] / busy[PACC_OP_KERNELS];
  double kbusy
    = busy[PACC_OP_KERNELS]
      - band_cost (in, p, (double) p->k) * 1e6 * (lshare < 1 ? lshare : 1)
      - tails (in, p, p->ch, (double) p->k) * 1e6;
  kbusy = kbusy > 0.5 * busy[PACC_OP_KERNELS] ? kbusy
                                              : 0.5 * busy[PACC_OP_KERNELS];
  double eff = kb / nd / kbusy * 1e-3 / in->hbm_gbs;
  out->kernel_eff = eff < 0.01 ? 0.01 : eff > 1 ? 1 : eff;
  /* The model is linear in the overlap loss: the loss that makes one
     block's prediction (its fill included) the span measured.  What
     follows is planned from a later block: no first block of its own,
     nothing left to register.  */
  out->first_block = 0;
  out->pin_s = 0;
  out->nsteps = p->k;
  out->overlap_loss = 0;
  double t0 = pacc_plan_predict (out, p);
  out->overlap_loss = 1;
  double t1 = pacc_plan_predict (out, p);
  double c = t1 > t0 ? (span * 1e-6 - t0) / (t1 - t0) : 0;
  out->overlap_loss = c < 0 ? 0 : c > 1 ? 1 : c;
  out->nsteps = in->nsteps;
  return 1;
}

int
pacc_plan_link_margin (const struct pacc_plan_in *in)
{
  int m = in->s ? in->s->link_margin : 0;
  return m < 0 ? 0 : m > 0 ? m : DEFAULT_LINK_MARGIN;
}

double
pacc_plan_score (const struct pacc_plan_in *in, const struct pacc_plan *p)
{
  struct pacc_plan_in slow = *in;
  double f = 1 - pacc_plan_link_margin (in) / 100.0;
  slow.link_gbs = in->link_gbs * f;
  slow.wb_gbs = wb_of (in) * f;
  slow.stage_gbs = in->stage_gbs * f;
  return pacc_plan_predict (&slow, p);
}

void
pacc_plan_set_predicted (const struct pacc_plan_in *in, struct pacc_plan *p)
{
  p->predicted_s = pacc_plan_predict (in, p);
  p->score_s = pacc_plan_score (in, p);
  p->link_gbs = in->link_gbs;
  p->wb_gbs = wb_of (in);
  p->hbm_gbs = in->hbm_gbs;
  p->kernel_eff = eff_of (in);
  p->overlap_loss = loss_of (in);
}

int
pacc_plan_replan_block (const struct pacc_plan *p, long steps_left, int pinned)
{
  if (!pinned && !p->k_first)
    return 0;
  return steps_left > p->k ? 1 : -1;
}

size_t
pacc_plan_ring_bytes (long rows, size_t row_bytes, size_t unit)
{
  size_t b;
  if (__builtin_mul_overflow ((size_t) rows, row_bytes, &b)
      || __builtin_add_overflow (b, unit - 1, &b))
    return (size_t) -1;
  return b / unit * unit;
}

/* Rings, where the back end has them (the chunks of every slot may be
   in use at once) and they take less memory than the targetin arrays'
   rows in the buffers and the carry (not so with tiny arrays and the
   ring's unit): the memory side of the model.  */
void
pacc_plan_rings (const struct pacc_plan_in *in, struct pacc_plan *p, long rows)
{
  size_t in_rb = 0, in_bytes, ring_bytes = 0, unit = in->ring_gran;
  p->ring_rows = 0;
  for (int i = 0; i < in->n && unit && p->carry && in->s->ring; i++)
    if (in->a[i].kind == PACC_KIND_IN)
      {
        size_t rb = in->a[i].row_bytes;
        in_rb += rb;
        if (!p->ring_rows)
          p->ring_rows = pacc_chunks_ring_rows (p->ch, p->nchunks, p->nbuf);
        if (__builtin_add_overflow (ring_bytes,
                                    pacc_plan_ring_bytes (p->ring_rows, rb,
                                                          unit),
                                    &ring_bytes))
          ring_bytes = (size_t) -1;
      }
  if (__builtin_mul_overflow (
        (size_t) rows * (size_t) p->dev_bufs
          + (p->carry == PACC_CARRY_BUFFER ? (size_t) p->carry_rows : 0),
        in_rb, &in_bytes))
    in_bytes = (size_t) -1;
  p->ring = in_rb && ring_bytes < in_bytes;
  p->ring_rows = p->ring ? p->ring_rows : 0;
  p->ring_bytes = p->ring ? ring_bytes : 0;
}
