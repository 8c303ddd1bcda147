/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* tblock.c - __pacc_tblock, the entry point of in-kernel temporal
   blocking (issue 46): whether a chunk's next steps run as one launch of
   the step's register-streaming kernel (plugin/lower-ptx.cc), its depth
   and its rows; the back end (cuda-tblock.c) loads and launches it.

   Rows.  At sub-step S of a block of KK steps the stencil computes the
   rows [max (A, LO - GLO (KK-1-S)), min (B, HI + GHI (KK-1-S))) of the
   chunk (pacc-abi.h); it reads one more on each side, which the chunk
   holds valid then.  A launch of d steps reads those rows (RLO, RHI)
   and writes DST at the rows of sub-step S + d - 1 (WLO, WHI): the
   kernel's level j is exact on rows RLO + j to RHI - j, and the rows of
   sub-step S + j lie inside them since GLO, GHI >= 1 (the halo).  Rows
   outside [A, B) are the nest's boundary: never written, copied from
   level to level.  The copy-back then runs once, at sub-step S + d - 1,
   over its rows, which are the stencil's.  A step that swaps SRC and
   DST instead (PACC_TB_SWAP) has no copy-back: d is odd, so that the
   names after d swaps (the generated code makes them) give DST's rows
   as the latest step, and the block's last step is an ordinary one,
   which leaves the step before it in the other array, as the
   sequential program does (both may be written back).  */

#include "pacc-abi.h"
#include "region-state.h"
#include "runtime.h"
#include "settings.h"

#include <stdio.h>

/* Rows per warp's segment: a warp reads 2 D more rows than it writes
   (benchmarks/tblock/README.md: 512 rows, 128 columns, 4 warps per
   block was the fastest at D = 8).  */
#define TB_SEGMENT 512
/* Warps per block: plugin/lower-ptx.cc's TB_WARPS.  */
#define TB_WARPS 4

/* PACC_VERBOSE's line for the region, once.  */
static void
say (struct pacc_region *r, const char *fmt, const char *why, int depth)
{
  if (r->tblock_said || !pacc_settings.verbose)
    return;
  r->tblock_said = 1;
  if (why)
    pacc_note (r->where, "kernel 1: one step per launch: %s", why);
  else
    pacc_note (r->where, fmt, depth);
}

static long
lmax (long a, long b)
{
  return a > b ? a : b;
}

static long
lmin (long a, long b)
{
  return a < b ? a : b;
}

long
__pacc_tblock (void *region, const long *ci, void *const *ptr, long s, long kk,
               const char *ptx, const long *tb, const double *scal)
{
  struct pacc_region *r = pacc_region_check (region, "__pacc_tblock");
  long elem = tb[PACC_TB_ELEM];
  int D = pacc_tblock_depth (elem);
  char why[256] = "";

  if (D <= 1)
    snprintf (why, sizeof why, "PACC_TBLOCK_DEPTH=%d", D);
  else if (r->be->on_host)
    snprintf (why, sizeof why, "the host back end runs its host kernels");
  else if (!r->be->tblock)
    snprintf (why, sizeof why,
              "the region issues through worker threads (several devices, "
              "or PACC_WORKERS=1)");
  else if (r->plan.skew)
    snprintf (why, sizeof why, "the plan is skewed");
  else if (r->dist)
    snprintf (why, sizeof why, "the region has mpi");
  else if (r->tblock_off)
    return 0;
  else if (tb[PACC_TB_SWAP] && D < 3)
    snprintf (why, sizeof why,
              "a step that swaps takes odd depths of 3 or more");
  else if ((long) r->a[tb[PACC_TB_SRC]].row_bytes != tb[PACC_TB_ROWLEN] * elem
           || (long) r->a[tb[PACC_TB_DST]].row_bytes
                != tb[PACC_TB_ROWLEN] * elem)
    snprintf (why, sizeof why, "the rows are not the size clause's");
  if (*why)
    {
      say (r, NULL, why, 0);
      return 0;
    }
  long d = lmin (D, kk - s);
  if (tb[PACC_TB_SWAP])
    {
      /* The swap form: the launch writes its last step into DST, which
         the names reach after an odd number of swaps; the block's last
         step runs as usual, so that SRC then holds the step before it
         (written back too, the same as the sequential program's).  */
      d = lmin (D, kk - s - 1);
      d -= d % 2 == 0;
      if (d < 3)
        return 0;
    }
  if (d < 2)
    return 0;

  long A = tb[PACC_TB_A], B = tb[PACC_TB_B];
  long ca = tb[PACC_TB_CA], cb = tb[PACC_TB_CB];
  long left_s = kk - 1 - s, left_e = kk - s - d;
  long slo = lmax (A, ci[PACC_CI_LO] - ci[PACC_CI_GLO] * left_s);
  long shi = lmin (B, ci[PACC_CI_HI] + ci[PACC_CI_GHI] * left_s);
  long wlo = lmax (A, ci[PACC_CI_LO] - ci[PACC_CI_GLO] * left_e);
  long whi = lmin (B, ci[PACC_CI_HI] + ci[PACC_CI_GHI] * left_e);
  long rlo = lmax (slo - 1, r->g.lo0);
  long rhi = lmin (shi + 1, r->g.lo0 + r->g.len0);
  if (ci[PACC_CI_GLO] < 1 || ci[PACC_CI_GHI] < 1)
    {
      snprintf (why, sizeof why, "the halo is not at least one row per step");
      say (r, NULL, why, 0);
      return 0;
    }
  if (whi <= wlo || cb <= ca)
    return d; /* Nothing to compute: the steps are done.  */

  int C = elem == 8 ? 2 : 4;
  long V = 32L * C - 2L * D;
  long nstrips = (cb - ca + V - 1) / V;
  long nsegs = (whi - wlo + TB_SEGMENT - 1) / TB_SEGMENT;
  long nwarps = nstrips * nsegs;
  if (nwarps > 0x7fffffffL)
    {
      snprintf (why, sizeof why, "the chunk has too many strips");
      say (r, NULL, why, 0);
      return 0;
    }
  void *src = ptr[tb[PACC_TB_SRC]], *dst = ptr[tb[PACC_TB_DST]];
  long rowlen = tb[PACC_TB_ROWLEN];
  unsigned ud = (unsigned) d, sx = TB_SEGMENT, ns = (unsigned) nstrips,
           nw = (unsigned) nwarps;
  long ns_scal = tb[PACC_TB_NSCAL];
  void *args[15 + 32];
  if (ns_scal > 32)
    {
      snprintf (why, sizeof why, "the stencil reads more than 32 scalars");
      say (r, NULL, why, 0);
      return 0;
    }
  void *vals[] = { &src, &dst, &rowlen, &A,  &B,  &ca, &cb, &rlo,
                   &rhi, &wlo, &whi,    &ud, &sx, &ns, &nw };
  for (int i = 0; i < 15; i++)
    args[i] = vals[i];
  for (long i = 0; i < ns_scal; i++)
    args[15 + i] = (void *) &scal[i];
  unsigned grid = (unsigned) ((nwarps + TB_WARPS - 1) / TB_WARPS);
  if (!r->be->tblock ((int) ci[PACC_CI_QUEUE], ptx, D, args, grid, why,
                      sizeof why))
    {
      r->tblock_off = 1;
      say (r, NULL, why, 0);
      return 0;
    }
  say (r, "kernel 1: in-kernel depth %d", NULL, D);
  return d;
}
