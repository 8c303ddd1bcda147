/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* planner_devices.c - the planner's plans over several devices, with a
   GPU's rates given by hand (the host back end has none: the cost
   model only plans where rates are given, so this is how the host can
   check it).  Built like planner.c, from the planner's files alone
   (sweep.sh).

   Jacobi on H200s (52 GB/s each way on each GPU's own link, 4.8 TB/s
   memory): one targetinout and one targettemp array of float rows.
   What it pins: a device's plan keeps the chunks its own memory allows
   (the chunks per device of D devices no more than one device's, for
   the same arrays; about as many for D times the arrays), the time
   predicted on D devices about 1/D of one's (each has its own link),
   and no plan of hundreds of thin chunks where a wait (the arrays'
   registration, or the link ranked 20 % slower) makes the scores flat
   (issue 44: two H200s took 302 chunks where one took 22, and ran
   slower than one); in core, one resident chunk per device, with k > 1
   on several devices (their block boundaries cost), also while the
   arrays register (CIP).  */

#include "planner.h"
#include "pacc-abi.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

static void
report (const char *name, int ok, const char *detail)
{
  printf ("%s planner_devices: %s\n", ok ? "PASS" : "FAIL", name);
  if (!ok)
    {
      if (detail && *detail)
        printf ("  %s\n", detail);
      failures++;
    }
}

#define GIB ((size_t) 1 << 30)

struct region
{
  struct pacc_plan_array a[2];
  struct pacc_settings s;
  struct pacc_plan_in in;
};

/* A region of up to fourteen arrays (cip, himeno).  */
struct region2
{
  struct pacc_plan_array a[14];
  struct pacc_settings s;
  struct pacc_plan_in in;
};

/* The settings S (automatic but for the zeroed ones) and the input IN
   of a region of the N arrays A, ROWS rows, NSTEPS steps (halo 1 each
   way), on NDEV H200s of MEM bytes each, the first block waiting PIN_S
   for the registration (0: none).  */
static void
on_h200s (struct pacc_settings *s, struct pacc_plan_in *in,
          const struct pacc_plan_array *a, int n, long rows, long nsteps,
          int ndev, size_t mem, double pin_s)
{
  s->resident = -1;
  s->carry = -1;
  s->skew = -1;
  s->ring = -1;
  s->k_first = -1;
  s->workers = -1;
  in->where = "planner_devices.c:1";
  in->g.lo0 = 1;
  in->g.len0 = rows;
  in->g.hlo = in->g.hhi = 1;
  in->nsteps = nsteps;
  in->async = 1;
  in->n = n;
  in->a = a;
  in->ndev = ndev;
  in->mem = mem;
  in->mem_kind = "register";
  in->link_gbs = in->wb_gbs = 52;
  in->hbm_gbs = 4800;
  in->first_block = 1;
  in->pin_s = pin_s;
  in->ring_gran = (size_t) 2 << 20;
  in->s = s;
}

/* Jacobi of ROWS rows of COLS floats, NSTEPS steps, on NDEV devices of
   MEM bytes each; the first block waits PIN_S for the registration
   (0: none); PACC_K=K (0: automatic).  */
static void
jacobi (struct region *r, long rows, long cols, long nsteps, int ndev,
        size_t mem, double pin_s, long k)
{
  memset (r, 0, sizeof *r);
  r->a[0].name = "p";
  r->a[0].kind = PACC_KIND_INOUT;
  r->a[1].name = "q";
  r->a[1].kind = PACC_KIND_TEMP;
  r->a[0].row_bytes = r->a[1].row_bytes = (size_t) cols * sizeof (float);
  on_h200s (&r->s, &r->in, r->a, 2, rows, nsteps, ndev, mem, pin_s);
  r->s.k = k;
}

/* The plan of R into *P, "D devices: k K, C chunks, T s" into DESC.  */
static int
plan (struct region *r, struct pacc_plan *p, char *desc, size_t len)
{
  char err[2048];
  r->in.s = &r->s;
  r->in.a = r->a;
  int rc = pacc_plan (&r->in, p, err, sizeof err);
  if (rc)
    snprintf (desc, len, "%d devices: %s", r->in.ndev, err);
  else
    snprintf (desc, len, "%d devices: k %ld (first block %ld), %d chunks "
              "(%ld rows), %s, %.3f s", p->ndev, p->k, p->k_first,
              p->nchunks, p->buf_rows, p->resident ? "resident"
              : "streaming", p->predicted_s);
  return rc == 0;
}

/* The fewest chunks (a multiple of the devices) whose buffers fit R's
   memory with K steps and three queues per device (no fewer: one queue
   fits thicker chunks, and loses the overlap): what a device's memory
   allows.  */
static long
fewest_chunks (const struct region *r0, long k)
{
  for (long c = r0->in.ndev; c < r0->in.g.len0; c += r0->in.ndev)
    {
      struct region r = *r0;
      struct pacc_plan p;
      char d[2600];
      r.s.k = k;
      r.s.chunks = c;
      r.s.k_first = 0;
      r.s.queues = 3;
      int ok = plan (&r, &p, d, sizeof d);
      pacc_plan_free (&p);
      if (ok)
        return c;
    }
  return r0->in.g.len0;
}

/* The same arrays on 1 and D devices, oversubscribed F times on one
   (the arrays' bytes over one device's memory): each of D devices plans
   its share with no more chunks than one device (the same memory, 1/D
   of the rows), and the time predicted on D devices is at most
   1 / (0.9 D) of one's: the links are the devices' own.  */
static void
strong (double f, int d, long k)
{
  const long rows = 77440, cols = 77440, steps = 256;
  size_t bytes = (size_t) rows * (size_t) cols * sizeof (float) * 2;
  size_t mem = (size_t) ((double) bytes / f);
  struct region r1, rd;
  struct pacc_plan p1, pd;
  char d1[2600], dd[2600], name[256], detail[5400];
  jacobi (&r1, rows, cols, steps, 1, mem, 0, k);
  jacobi (&rd, rows, cols, steps, d, mem, 0, k);
  int ok = plan (&r1, &p1, d1, sizeof d1) && plan (&rd, &pd, dd, sizeof dd);
  snprintf (name, sizeof name, "%gx on one device, %s, %d devices: no "
            "more chunks per device than one, %d times as fast (within "
            "10 %%)", f, k ? "PACC_K=8" : "automatic k", d, d);
  snprintf (detail, sizeof detail, "%s; %s", d1, dd);
  report (name, ok && pd.ndev == d
          && pd.nchunks <= (long) p1.nchunks * d
          && p1.predicted_s / pd.predicted_s >= 0.9 * d, detail);
  pacc_plan_free (&p1);
  pacc_plan_free (&pd);
}

/* D times the arrays on D devices as on one, F times one device's
   memory per device: each device's plan is one device's (its chunks
   within a quarter of one's, per device) and so is the time (within
   5 %).  */
static void
weak (double f, int d, long k)
{
  const long rows = 77440, cols = 77440, steps = 256;
  size_t bytes = (size_t) rows * (size_t) cols * sizeof (float) * 2;
  size_t mem = (size_t) ((double) bytes / f);
  struct region r1, rd;
  struct pacc_plan p1, pd;
  char d1[2600], dd[2600], name[256], detail[5400];
  jacobi (&r1, rows, cols, steps, 1, mem, 0, k);
  jacobi (&rd, rows * d, cols, steps, d, mem, 0, k);
  int ok = plan (&r1, &p1, d1, sizeof d1) && plan (&rd, &pd, dd, sizeof dd);
  double per = ok ? (double) pd.nchunks / d : 0;
  snprintf (name, sizeof name, "%gx on each of %d devices, %s: the chunks "
            "per device and the time of one device's plan", f, d,
            k ? "PACC_K=8" : "automatic k");
  snprintf (detail, sizeof detail, "%s; %s", d1, dd);
  report (name, ok && pd.ndev == d && per <= 1.25 * p1.nchunks
          && per >= 0.75 * p1.nchunks
          && fabs (pd.predicted_s / p1.predicted_s - 1) < 0.05, detail);
  pacc_plan_free (&p1);
  pacc_plan_free (&pd);
}

/* PACC_K=K on one device at 8x (T = 256): the score ranks the link 20 %
   slower, so the loads bind it and thinner chunks only shorten the
   fill; the plan keeps chunks near the thickest that fit (at most twice
   the fewest chunks), where the least score took 713 chunks at k 8 and
   39487 at k 2.  */
static void
given_k (long k)
{
  const long rows = 77440, cols = 77440;
  size_t mem = (size_t) 6 * GIB;
  struct region r;
  struct pacc_plan p;
  char d[2600], name[256], detail[2800];
  jacobi (&r, rows, cols, 256, 1, mem, 0, k);
  int ok = plan (&r, &p, d, sizeof d);
  long few = fewest_chunks (&r, k);
  snprintf (name, sizeof name, "PACC_K=%ld at 8x: at most twice the fewest "
            "chunks that fit", k);
  snprintf (detail, sizeof detail, "%s; the fewest that fit: %ld", d, few);
  report (name, ok && p.nchunks <= 2 * few, detail);
  pacc_plan_free (&p);
}

/* The run of issue 44: Jacobi 60000^2, T = 64, PACC_DEVICE_MEMORY=6G
   on H200s, the first block waiting PIN_S for the arrays' registration
   (pin_pending: the same host for every device).  The registration
   binds, so D devices cannot be D times as fast; but their plans keep
   chunks about as thick as one device's (at most twice one device's
   chunks per device: 151 with 2 devices and PIN_S 1.7 before, against
   63), and predict no more time than one device once the registration,
   which on several devices hides nothing (cost.c), is left out.  */
static void
registration (double pin_s, int d)
{
  struct region r1, rd;
  struct pacc_plan p1, pd;
  char d1[2600], dd[2600], name[256], detail[5400];
  jacobi (&r1, 60000, 60000, 64, 1, 6 * GIB, pin_s, 0);
  jacobi (&rd, 60000, 60000, 64, d, 6 * GIB, pin_s, 0);
  int ok = plan (&r1, &p1, d1, sizeof d1) && plan (&rd, &pd, dd, sizeof dd);
  snprintf (name, sizeof name, "Jacobi 60000^2 at 6G, the registration "
            "%.1f s, %d devices: chunks per device at most twice one "
            "device's, no slower but for the registration", pin_s, d);
  snprintf (detail, sizeof detail, "%s; %s", d1, dd);
  report (name, ok && pd.ndev == d
          && pd.nchunks <= 2L * p1.nchunks * d
          && pd.predicted_s - pin_s <= p1.predicted_s, detail);
  pacc_plan_free (&p1);
  pacc_plan_free (&pd);
}

/* In core, the automatic plan (issue 44): Jacobi 16384^2 float, 1000
   steps, NVIDIA's multi-GPU setting, on H200s (141 GB each), the first
   block waiting 60 ms for the registration.  One device keeps its plan
   (one resident chunk: its blocks cost nothing beyond their kernels);
   D devices keep one resident chunk each, with k > 1: every block
   boundary synchronises the devices (PLAN_BLOCK_SYNC_S), and k 1 paid
   1000 of them, about 4 % of the run on two H200s (k 4 ran 1.80x one
   GPU, k 1 1.70x; benchmarks/RESULTS.md).  The plan taken predicts less
   than k 1 and no more than k 4.  */
static void
in_core (int d)
{
  struct region r, r1, r4;
  struct pacc_plan p, p1, p4;
  char dp[2600], d1[2600], d4[2600], name[256], detail[8000];
  jacobi (&r, 16384, 16384, 1000, d, (size_t) 140 * GIB, 0.06, 0);
  jacobi (&r1, 16384, 16384, 1000, d, (size_t) 140 * GIB, 0.06, 1);
  jacobi (&r4, 16384, 16384, 1000, d, (size_t) 140 * GIB, 0.06, 4);
  int ok = plan (&r, &p, dp, sizeof dp) && plan (&r1, &p1, d1, sizeof d1)
           && plan (&r4, &p4, d4, sizeof d4);
  snprintf (detail, sizeof detail, "automatic: %s; PACC_K=1: %s; PACC_K=4: "
            "%s", dp, d1, d4);
  if (d == 1)
    {
      snprintf (name, sizeof name, "in core on one device: one resident "
                "chunk, k 1 as before, every k predicted the same");
      report (name, ok && p.resident && p.nchunks == 1 && p.k == 1
              && p4.predicted_s == p1.predicted_s, detail);
    }
  else
    {
      snprintf (name, sizeof name, "in core on %d devices: a resident "
                "chunk each, k > 1, predicted below k 1 and at most k 4",
                d);
      report (name, ok && p.resident && p.nchunks == d && p.ndev == d
              && p.k > 1 && p.predicted_s < p1.predicted_s
              && p.predicted_s <= p4.predicted_s, detail);
    }
  pacc_plan_free (&p);
  pacc_plan_free (&p1);
  pacc_plan_free (&p4);
}

/* CIP of ROWS rows of COLS floats (three targetinout arrays, two
   targetin, three targettemp), NSTEPS steps, on NDEV devices of MEM
   bytes each, the first block waiting PIN_S for the registration.  */
static void
cip (struct region2 *r, long rows, long cols, long nsteps, int ndev,
     size_t mem, double pin_s)
{
  static const char *const names[8]
    = { "f", "gx", "gy", "u", "v", "fn", "gxn", "gyn" };
  memset (r, 0, sizeof *r);
  for (int i = 0; i < 8; i++)
    {
      r->a[i].name = names[i];
      r->a[i].kind = i < 3 ? PACC_KIND_INOUT
                     : i < 5 ? PACC_KIND_IN
                             : PACC_KIND_TEMP;
      r->a[i].row_bytes = (size_t) cols * sizeof (float);
    }
  on_h200s (&r->s, &r->in, r->a, 8, rows, nsteps, ndev, mem, pin_s);
  r->s.stage = -1;
  r->s.stage_ahead = 1;
  /* The CUDA back end's staging of targetin arrays, ahead of the
     loads (cuda-int.h's CUDA_STAGE_AHEAD_GBS).  */
  r->in.stage_auto = 1;
  r->in.stage_all = 1;
  r->in.stage_gbs = 28;
}

/* In core on several devices while the arrays register (issue 44: CIP
   16000^2, 200 steps, on four H200s took a streaming plan of 24 chunks
   whose first block held all 200 steps, the model having the kernels
   of the chunks registered first run beside the registration of the
   rest, and ran 1.13x one GPU): every device's launches wait for each
   registration call, so the arrays, which fit, stay resident, one
   chunk per device.  */
static void
in_core_registering (int d, double pin_s)
{
  struct region2 r;
  struct pacc_plan p;
  char dp[2600], name[256];
  char err[2048];
  cip (&r, 16000, 16000, 200, d, (size_t) 135 * GIB, pin_s);
  int ok = pacc_plan (&r.in, &p, err, sizeof err) == 0;
  if (ok)
    snprintf (dp, sizeof dp, "k %ld (first block %ld), %d chunks, %s, "
              "%.3f s", p.k, p.k_first, p.nchunks,
              p.resident ? "resident" : "streaming", p.predicted_s);
  else
    snprintf (dp, sizeof dp, "%s", err);
  snprintf (name, sizeof name, "CIP 16000^2 in core on %d devices, the "
            "registration %.1f s: a resident chunk per device", d, pin_s);
  report (name, ok && p.resident && p.nchunks == d && p.ndev == d, dp);
  pacc_plan_free (&p);
}

/* Himeno of X planes of Y by Z floats (one targetinout array, twelve
   targetin, one targettemp), 64 steps, on NDEV devices of MEM bytes
   each (PACC_DEVICES=DEVICES, 0: unset), the first block waiting 0.5 s
   for the registration.  */
static void
himeno (struct region2 *r, long x, long y, long z, int ndev, size_t mem,
        int devices)
{
  cip (r, x, y * z, 64, ndev, mem, 0.5);
  r->in.n = 14;
  for (int i = 0; i < 14; i++)
    {
      r->a[i].name = "h";
      r->a[i].kind = i == 0 ? PACC_KIND_INOUT
                     : i < 13 ? PACC_KIND_IN
                              : PACC_KIND_TEMP;
      r->a[i].row_bytes = (size_t) y * z * sizeof (float);
    }
  r->s.devices = devices;
}

/* "k K, C chunks on D devices (FROM), ..., T s" of P into BUF.  */
static void
describe (const struct pacc_plan *p, char *buf, size_t len)
{
  snprintf (buf, len, "k %ld, %d chunks on %d devices (%s), %s%s, %.3f s; "
            "on one device: %d, %.3f s", p->k, p->nchunks, p->ndev,
            p->d_from, p->resident ? "resident" : "streaming",
            p->skew ? ", skewed" : "", p->predicted_s, p->fewer_ndev,
            p->fewer_s);
}

/* Out of core, a streaming plan skews its chunks and carries rows from
   one chunk to the next on one device only: Himeno at 8x on two H200s
   took k 6, unskewed, predicted 2.4 times one device's time, and ran
   0.53x one GPU (issue 44).  With PACC_DEVICES unset the plan takes the
   devices the model prefers, one here; given, it keeps them and says
   what one would predict.  Jacobi, whose plans differ less, keeps
   both devices.  */
static void
one_device (void)
{
  struct region2 r;
  struct region j;
  struct pacc_plan p;
  char d[1024], err[2048];
  himeno (&r, 407, 513, 1025, 2, (size_t) 3 * GIB / 2, 0);
  int ok = pacc_plan (&r.in, &p, err, sizeof err) == 0;
  describe (&p, d, sizeof d);
  report ("Himeno at 8x, two devices offered: one device's skewed plan",
          ok && p.ndev == 1 && p.skew && !p.fewer_ndev, ok ? d : err);
  pacc_plan_free (&p);
  himeno (&r, 407, 513, 1025, 2, (size_t) 3 * GIB / 2, 2);
  ok = pacc_plan (&r.in, &p, err, sizeof err) == 0;
  describe (&p, d, sizeof d);
  report ("Himeno at 8x, PACC_DEVICES=2: both devices, and what one "
          "would predict",
          ok && p.ndev == 2 && p.fewer_ndev == 1
          && p.fewer_s < p.predicted_s * (1 - PLAN_DEVICES_GAIN),
          ok ? d : err);
  pacc_plan_free (&p);
  jacobi (&j, 38720, 38720, 64, 2, (size_t) 3 * GIB / 2, 0.37, 0);
  ok = plan (&j, &p, d, sizeof d);
  report ("Jacobi at 8x, two devices offered: both",
          ok && p.ndev == 2 && !p.fewer_ndev, d);
  pacc_plan_free (&p);
  /* In-kernel temporal blocking runs on one device only (tblock.c): in
     core and at 8x, one device's blocked plan beats two devices' one
     step per launch (Jacobi 30000^2, 1008 steps, in core on two H200s:
     1.26 s on one, 2.76 s on two), and with the devices given the model
     must not rate two devices at the blocked speed.  */
  jacobi (&j, 30000, 30000, 1008, 2, (size_t) 64 * GIB, 0.25, 0);
  j.in.tblock_depth = 8;
  ok = plan (&j, &p, d, sizeof d);
  report ("Jacobi in core, in-kernel depth 8, two devices offered: one",
          ok && p.ndev == 1 && p.resident && p.k % 8 == 0, d);
  pacc_plan_free (&p);
  jacobi (&j, 77440, 77440, 256, 2, (size_t) 6 * GIB, 1.2, 0);
  j.in.tblock_depth = 8;
  ok = plan (&j, &p, d, sizeof d);
  report ("Jacobi at 8x, in-kernel depth 8, two devices offered: one",
          ok && p.ndev == 1, d);
  pacc_plan_free (&p);
  jacobi (&j, 30000, 30000, 1008, 2, (size_t) 64 * GIB, 0.25, 0);
  j.in.tblock_depth = 8;
  j.s.devices = 2;
  ok = plan (&j, &p, d, sizeof d);
  describe (&p, err, sizeof err);
  report ("Jacobi in core, in-kernel depth 8, PACC_DEVICES=2: both, at one "
          "step per launch's speed, and what one would predict",
          ok && p.ndev == 2 && p.fewer_ndev == 1 && p.predicted_s > 2.0
          && p.fewer_s < 1.5,
          ok ? err : d);
  pacc_plan_free (&p);
}

/* plan-pick.c alone: the fewest chunks within PLAN_CHUNKS_GAIN of the
   least score, the least score among equal chunks, two queues only
   PLAN_QUEUES_GAIN ahead.  */
static void
pick (void)
{
  struct pacc_cands cs[2] = { { NULL, 0, 0 }, { NULL, 0, 0 } };
  const struct pacc_cand v[] = {
    { 1.000, 16, 40, 0, 3, 0 }, { 1.020, 16, 24, 0, 3, 0 },
    { 1.025, 24, 16, 0, 3, 0 }, { 1.010, 32, 16, 0, 3, 0 },
    { 1.040, 64, 8, 0, 3, 0 },
  };
  for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
    pacc_cands_add ("pick", &cs[0], &v[i]);
  const struct pacc_cand *c = pacc_cands_pick (&cs[0]);
  report ("the pick: the fewest chunks within the gain, then the least "
          "score", c && c->c == 16 && c->k == 32, "");
  struct pacc_cand b, two = { 0.980, 16, 8, 0, 2, 0 };
  pacc_cands_add ("pick", &cs[1], &two);
  report ("two queues must gain PLAN_QUEUES_GAIN",
          pacc_cands_choose (cs, &b) && b.nq == 3 && b.c == 16, "");
  two.t = 0.9;
  cs[1].v[0] = two;
  report ("two queues taken when they gain it",
          pacc_cands_choose (cs, &b) && b.nq == 2, "");
  pacc_cands_free (&cs[0]);
  pacc_cands_free (&cs[1]);
  report ("no candidates, no plan", !pacc_cands_choose (cs, &b)
          && !pacc_cands_pick (&cs[0]), "");
}

int
main (void)
{
  pick ();
  for (int d = 2; d <= 4; d += 2)
    {
      strong (8, d, 0);
      strong (2, d, 0);
      strong (8, d, 8);
      weak (8, d, 0);
      weak (2, d, 0);
      weak (8, d, 8);
      weak (2, d, 8);
      registration (1.0, d);
      registration (1.7, d);
    }
  for (int d = 1; d <= 4; d *= 2)
    in_core (d);
  for (int d = 2; d <= 4; d += 2)
    {
      in_core_registering (d, 0.3);
      in_core_registering (d, 0.8);
    }
  one_device ();
  given_k (8);
  given_k (2);
  if (failures)
    printf ("%d failed\n", failures);
  return failures != 0;
}
