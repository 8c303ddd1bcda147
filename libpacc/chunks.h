/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* chunks.h - the geometry of a region's chunks: which rows a chunk owns,
   which rows it needs for a block of k steps, and which other chunks'
   copies its own copies must wait for.  Pure functions of the region's
   rows and halo (chunks.c), shared by the planner and the schedule.

   Row: index along the decomposed dimension (the first C index).  All
   ranges are rows, half open.  */

#ifndef PACC_CHUNKS_H
#define PACC_CHUNKS_H

/* What the compiler says of a region's rows.  */
struct pacc_geom
{
  long lo0, len0;      /* the arrays' rows [lo0, lo0 + len0).  */
  long hlo, hhi;       /* halo: rows one step reads below and above.  */
  long elo, ehi;       /* extra rows below and above that an early
                            kernel of a step computes (chains).  */
  long ext_lo, ext_hi; /* rows below lo0 and above lo0 + len0 that a
                            chunk may load as halo although no chunk
                            owns them: another rank's (dist.h); 0 in a
                            region of one process.  */
};

struct pacc_chunk
{
  long lo, hi;      /* rows it owns (the same in every block).  */
  long llo, lhi;    /* rows its buffer holds in the current block.  */
  long blo;         /* row at the start of its buffer (llo, or in a
                            resident plan the llo of a k-step block).  */
  long xlo, xhi;    /* rows of [llo, lhi) it loads from the host;
                            with the carry, [llo, xlo) come from the
                            previous chunk's buffer (the rows both
                            load), else xlo = llo and xhi = lhi.  */
  int rd_lo, rd_hi; /* its write-back waits for the loads of chunks
                            rd_lo..rd_hi (they read its own rows from
                            the host).  */
  int wd_lo, wd_hi; /* its host load waits for the previous block's
                            write-backs of chunks wd_lo..wd_hi.  */
  long ilo, ihi;    /* resident: rows of the targetin arrays its
                            buffer holds (loaded once; a later block of
                            more steps than the first loads the rest).  */
};

/* Own rows of C chunks (they split [lo0, lo0 + len0)): BLOCK rows each when BLOCK > 0 (the last one the
   rest), else as even as can be.  */
void pacc_chunks_split (const struct pacc_geom *g, struct pacc_chunk *ch,
                        int c, long block);

/* How a streaming chunk gets the rows it shares with the previous one.  */
enum pacc_carry
{
  PACC_CARRY_NONE = 0, /* from the host, again.  */
  PACC_CARRY_BUFFER,   /* through the carry buffer.  */
  PACC_CARRY_DIRECT    /* targetin arrays straight from the previous
                            chunk's buffer (kernels never write them), so
                            its write-back, after which the buffer may be
                            reused, waits for the next chunk's load;
                            targetinout ones through the carry buffer.  */
};

/* Load ranges and dependency intervals of the C chunks for a block of KK
   steps; blo follows llo unless RESIDENT (a resident buffer keeps the
   rows where a k-step block put them).  With SKEW (a skewed plan, below)
   a chunk loads [lo - hlo - elo, hi + hhi * KK + ehi) instead of the
   trapezoid's [lo - hlo * KK - elo, hi + hhi * KK + ehi).  With CARRY (enum pacc_carry),
   chunk i > 0 takes the rows its load range shares with chunk i - 1's
   from that chunk's buffer (schedule.c) and loads only the rest from the
   host: each row crosses the link once per block, and no later chunk
   reads a chunk's own rows from the host, so its write-back waits for no
   later load (PACC_CARRY_DIRECT: for the next one's).  */
void pacc_chunks_block (const struct pacc_geom *g, struct pacc_chunk *ch,
                        int c, long kk, int resident, int carry, int skew);

/* Skewed plans (streaming on one device, with the carry).  The trapezoid
   has chunk i compute, at step s of a block of kk, its own rows widened
   by the halo of the kk - 1 - s steps still to come: neighbours compute
   the same rows again (Himeno at 8x: 1.47 times the work).  A skewed
   chunk computes instead its own rows shifted up by hhi * (kk - 1 - s):
   the chunks' rows at one step tile the region (chunk 0 from the first
   row, the last one to the end), nothing is computed twice, and the
   last step computes the own rows, which the write-back copies.  What a
   step reads below its rows at level s, chunk i - 1 computed: before
   step s, chunk i - 1 saves those rows of every targetinout array into
   slot s - 1 of a band buffer and chunk i restores them from there
   (schedule.c).  Band s of chunk J: rows [lo + hhi * (kk - 1 - s) - hlo
   - elo, lo + hhi * (kk - s)), clipped to the region's rows; at most
   hlo + elo + hhi rows.  */
void pacc_chunks_band (const struct pacc_geom *g, const struct pacc_chunk *ch,
                       int j, long kk, long s, long *lo, long *hi);

/* Rows the carry buffer needs for the C chunks of a block (after
   pacc_chunks_block with CARRY): the most any chunk takes from its
   predecessor.  */
long pacc_chunks_carry_rows (const struct pacc_chunk *ch, int c);

/* Rings (streaming on one device, with the carry): the rows of a
   targetin array live in one ring of device memory per array, mapped
   twice end to end so that any run of rows is contiguous, instead of in
   each chunk's buffer; chunk i's rows shared with chunk i - 1 are where
   that chunk loaded them, and no carry copies them.  The rows the ring
   must hold for the C chunks of blocks like this one (after
   pacc_chunks_block) when NLIVE consecutive chunks' load ranges are in
   use at once: the blocks follow each other in the ring, the next
   block's chunk 0 after this block's last rows.  */
long pacc_chunks_ring_rows (const struct pacc_chunk *ch, int c, int nlive);

/* The first row that a chunk after J of the block loads or owns (G's
   last row + 1 after the last chunk): once chunks 0..J have run, no copy
   touches the rows below it again in the block.  */
long pacc_chunks_below_later (const struct pacc_geom *g,
                              const struct pacc_chunk *ch, int c, int j);

#endif /* PACC_CHUNKS_H */
