/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* schedule.c - the order of a region's copies (schedule.h).

   Per block, chunk i has three operations on queue (i + rot) % Q: LOAD(i)
   (its load range, host -> buffer slot (i + rot) % nbuf), its kernels
   (launched by the generated code), WB(i) (its own rows, buffer -> host);
   rot is 0 but in the later blocks of a streaming plan on one device,
   which go on round the queues and slots (rotation_of).  They are issued
   with these waits, expressed as events so that a GPU back end keeps them
   with streams:

   (a) WB(j) waits for LOAD(k) of every chunk k of the same block whose
       load range meets j's own rows (k's halo reads them): with thin
       chunks that is more than the neighbours.
   (b) LOAD(i) waits for the previous block's WB(j) of every chunk j whose
       own rows it loads.
   (c) LOAD(i) into slot s waits for WB of the slot's previous chunk.

   An event is waited for only once its record has been issued (a CUDA
   wait on an unrecorded event is a no-op), so WB(j) is issued only once
   all the loads it waits for are: chunks are loaded in order and load
   ranges grow with the chunk index, so that is "LOAD(rd_hi) issued" and
   write-backs are issued in chunk order.  WB(j) may wait for chunk
   j + span, which must already have a buffer: hence nbuf >= span + 1
   (planner.c).

   The carry (streaming plans on one device, plan->carry): LOAD(i) copies
   only rows [xlo, xhi) from the host; the rows [llo, xlo) that chunk
   i - 1 loaded too come from the carry buffer, into which chunk i - 1
   copied them right after its own load, before its kernels changed
   them.  Each row crosses the link once per block, and since no later
   chunk reads j's own rows from the host, (a) names no chunk after j:
   span is 0 and the buffers follow the queues.  The carry buffer is used
   in chunk order (with two queues or more the targetin rows, which no
   kernel writes, are copied straight from chunk i - 1's buffer: WB(i - 1)
   waits for LOAD(i) by (a), span 1).  After its host copies, LOAD(i)
   waits for chunk i - 1's carry copy (chunk 0 for the previous block's
   last LOAD), then copies from the carry and into it: the host copies
   never wait for the chain of carry copies (measured: Himeno at 8x
   spent 6 of its 22 s there when they did).

   Resident plans (every chunk has a buffer of its own, nbuf == nchunks):
   the buffers keep the rows across blocks.  Block 0 loads from the host
   as above; the write-backs of all blocks but the last copy nothing (they
   only record their events, after the chunk's kernels); every later
   block starts with HALO(i) for all chunks at once: the rows of i's load
   range that other chunks own, copied from their buffers (another
   device's: a peer copy), for each targetinout array (targetin rows never
   change; the first block loaded all a later block needs).  HALO(i)
   waits, as LOAD(i) would by (b), for the previous block's events of the
   chunks it reads; the kernels of chunk j wait for HALO(k) of every chunk
   k that reads j's rows (as WB(j) does by (a)), since they overwrite
   them.  All HALOs are issued before any kernel of the block, so those
   waits always refer to issued records.

   Whole arrays (copyin): at the first block, before any chunk's load,
   each device's first queue copies every whole array into the device's
   copy and records an event that the device's other queues wait for;
   kernels only read the copies.

   Chunk i, queue q and buffer slot s are on device i % ndev, q % ndev and
   s % ndev: nqueues and nbuf are multiples of ndev or equal to nchunks
   (planner.c), so a chunk's queue and slot are on its own device; the
   waits above cross devices as events (CUDA streams may wait for another
   device's events).  */

#include "schedule.h"
#include "pacc-abi.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct pacc_opinfo
pacc_sched_opinfo (const struct pacc_sched *s, int kind, int a, int chunk,
                   size_t bytes)
{
  struct pacc_opinfo info;
  info.stats = s->st;
  info.where = s->where;
  info.array = a >= 0 ? s->a[a].name : NULL;
  info.kind = kind;
  info.device = s->host_device ? -1 : pacc_sched_device (s, chunk);
  info.queue = pacc_sched_queue (s, chunk);
  info.block = (int) s->blocks_started - 1;
  info.chunk = chunk;
  info.bytes = bytes;
  return info;
}

/* Events: number I < nchunks is chunk I's load, nchunks + J chunk J's
   write-back, 2 nchunks + D device D's whole arrays, 2 nchunks + ndev + I
   chunk I's carry, 3 nchunks + ndev + I its bands, 4 nchunks + ndev + T
   ring slot T's.  */
static void *
event (const struct pacc_sched *s, int ev)
{
  int c = s->p->nchunks, w = 2 * c + s->p->ndev;
  return ev < c           ? s->ev_load[ev]
         : ev < 2 * c     ? s->ev_wb[ev - c]
         : ev < w         ? s->ev_whole[ev - 2 * c]
         : ev < w + c     ? s->ev_carry[ev - w]
         : ev < w + 2 * c ? s->ev_band[ev - w - c]
                          : s->ev_ring[ev - w - 2 * c];
}

static int
band_event (const struct pacc_sched *s, int i)
{
  return 3 * s->p->nchunks + s->p->ndev + i;
}

static int
carry_event (const struct pacc_sched *s, int i)
{
  return 2 * s->p->nchunks + s->p->ndev + i;
}

static void
q_record (struct pacc_sched *s, int q, int ev)
{
  s->be->record (event (s, ev), s->queue[q]);
  s->ev_q[ev] = q;
  pacc_race_record (&s->race, q, ev);
}

/* Make queue Q wait for event EV (nothing to do when it was recorded on
   Q: a queue runs in order).  */
static void
q_wait (struct pacc_sched *s, int q, int ev)
{
  if (s->ev_q[ev] == q)
    return;
  s->be->wait (s->queue[q], event (s, ev));
  pacc_race_wait (&s->race, q, ev);
}

/* Wait for events BASE+LO..BASE+HI of chunks LO..HI of one block,
   recorded in chunk order on queues (chunk + rot) % nqueues: the last one
   of each queue implies the earlier ones.  */
static void
q_wait_chunks (struct pacc_sched *s, int q, int base, int lo, int hi)
{
  int j, stop = hi - s->p->nqueues + 1 > lo ? hi - s->p->nqueues + 1 : lo;
  for (j = hi; j >= stop; j--)
    q_wait (s, q, base + j);
}

/* The current operation on queue Q, WHAT of CHUNK, accesses BYTES at P.  */
static void
check_access (struct pacc_sched *s, int q, int what, int chunk, const void *p,
              size_t bytes, int write)
{
  char *p1, *p2;
  size_t n1;
  long b = s->blocks_started - 1;
  /* A ring's bytes, by their first mapping's addresses.  */
  if (!pacc_sched_ring_part (s, p, bytes, &p1, &n1, &p2))
    pacc_race_access (&s->race, q, what, chunk, b, p, bytes, write);
  else
    {
      pacc_race_access (&s->race, q, what, chunk, b, p1, n1, write);
      if (bytes > n1)
        pacc_race_access (&s->race, q, what, chunk, b, p2, bytes - n1, write);
    }
}

/* Address of global row ROW of array A (its buffer after the rotations
   of a resident plan) in the buffer slot of chunk I, or in its ring.  */
static char *
buf_row (const struct pacc_sched *s, int i, int a, long row)
{
  if (pacc_sched_in_ring (s, a))
    return pacc_sched_ring_row (s, a, row);
  return (char *) s->buf[pacc_sched_slot (s, i) * s->n + s->bperm[a]]
         + (size_t) (row - s->p->ch[i].blo) * s->a[a].row_bytes;
}

/* Copy rows [LO, HI) of array A between chunk I's buffer and the host
   (pacc_sched_host_row) on queue Q: a load (OUT 0) or a write-back.  */
static void
copy_rows (struct pacc_sched *s, int i, int q, int a, long lo, long hi,
           int out)
{
  size_t bytes = (size_t) (hi - lo) * s->a[a].row_bytes;
  struct pacc_opinfo info
    = pacc_sched_opinfo (s, out ? PACC_OP_WB : PACC_OP_LOAD, a, i, bytes);
  char *host = pacc_sched_host_row (s, a, lo);
  char *buf = buf_row (s, i, a, lo);
  /* In place (schedule-alloc.c): the rows are where they go.  */
  if (host == buf)
    return;
  check_access (s, q, info.kind, i, out ? buf : host, bytes, 0);
  check_access (s, q, info.kind, i, out ? host : buf, bytes, 1);
  if (out)
    s->be->copy_out (s->queue[q], host, buf, bytes, &info);
  else
    s->be->copy_in (s->queue[q], buf, host, bytes, &info);
}

/* Load rows [LO, HI) of array A into chunk I's buffer on queue Q, in up
   to three pieces: below lo0 and from lo0 + len0 from the side buffers
   (another rank's rows), and, if OWN, the own rows between.  */
static void
load_rows (struct pacc_sched *s, int i, int q, int a, long lo, long hi,
           int own)
{
  long cut[4] = { lo, s->g->lo0, s->g->lo0 + s->g->len0, hi };
  for (int k = 1; k < 3; k++)
    cut[k] = cut[k] < lo ? lo : cut[k] > hi ? hi : cut[k];
  for (int k = 0; k < 3; k++)
    if (cut[k + 1] > cut[k] && (own || k != 1))
      copy_rows (s, i, q, a, cut[k], cut[k + 1], 0);
}

/* The whole arrays to every device, on its first queue (queue d is on
   device d), before anything else; the device's other queues wait.  */
static void
load_whole (struct pacc_sched *s)
{
  const struct pacc_plan *p = s->p;
  for (int d = 0; d < p->ndev; d++)
    {
      pacc_race_op (&s->race, d);
      for (int w = 0; w < s->wn; w++)
        {
          void *buf = s->wbuf[(size_t) d * (size_t) s->wn + (size_t) w];
          struct pacc_opinfo info
            = pacc_sched_opinfo (s, PACC_OP_LOAD, -1, d, s->w[w].bytes);
          info.array = s->w[w].name;
          check_access (s, d, PACC_OP_LOAD, d, s->w[w].host, s->w[w].bytes, 0);
          check_access (s, d, PACC_OP_LOAD, d, buf, s->w[w].bytes, 1);
          s->be->copy_in (s->queue[d], buf, s->w[w].host, s->w[w].bytes,
                          &info);
        }
      q_record (s, d, 2 * p->nchunks + d);
      for (int q = d + p->ndev; q < p->nqueues; q += p->ndev)
        q_wait (s, q, 2 * p->nchunks + d);
      if (!s->async)
        s->be->sync (s->queue[d]);
    }
}

/* The rotation of the block about to start: a streaming plan on one
   device goes on round the queues and buffer slots where the last block
   stopped, so that its first chunk takes the slot whose write-back came
   first, not the one the last chunk still holds (chunk 0 would wait for
   the whole previous block to drain whenever the chunks are not a
   multiple of the slots: Himeno at 8x with 33 chunks on two slots).
   Resident plans keep chunk i in slot i; with several devices, chunk i
   stays on queue i's device.  */
static int
rotation_of (const struct pacc_sched *s)
{
  const struct pacc_plan *p = s->p;
  if (p->resident || p->ndev > 1)
    return 0;
  return (int) (((long) s->rot + p->nchunks) % ((long) p->nqueues * p->nbuf));
}

void
pacc_sched_block (struct pacc_sched *s, long kk)
{
  struct pacc_alloc_failure f;
  if (!s->resources && !pacc_sched_alloc (s, &f))
    pacc_error (s->where,
                "cannot allocate %zu bytes of %s buffer memory "
                "for array '%s'%s on device %d",
                f.bytes, s->be->name, f.array, f.what, f.dev);
  /* The rings: this block's rows after the last block's.  */
  if (s->ring && s->plan_blocks > 0)
    s->ring_start += s->p->ch[s->p->nchunks - 1].lhi - s->ring_first;
  pacc_chunks_block (s->g, s->p->ch, s->p->nchunks, kk, s->p->resident,
                     s->p->carry, s->p->skew);
  s->ring_first = s->p->ch[0].llo;
  s->kk = kk;
  if (s->plan_blocks > 0)
    s->rot = rotation_of (s);
  s->released = s->g->lo0;
  s->n_loaded = s->n_done = s->wb_next = 0;
  s->blocks_started++;
  s->plan_blocks++;
  if (s->plan_blocks == 1 && s->wn)
    load_whole (s);
}

/* The last block, on one device, after chunk J's write-back: no later
   chunk's copy touches the host rows below the later chunks' loads and
   own rows, so the back end may unpin them while the block goes on
   instead of after the region.  Every chunk releases (BYTES 0 too): the
   back end processes releases in order, so that a release's rows are
   unpinned only once every earlier chunk's copies have run.  */
static void
release_rows (struct pacc_sched *s, int j, void *queue)
{
  long wm = pacc_chunks_below_later (s->g, s->p->ch, s->p->nchunks, j);
  if (wm > s->released)
    s->released = wm;
  for (int a = 0; s->be->host_release && a < s->n; a++)
    if (s->a[a].kind != PACC_KIND_TEMP)
      {
        long rb = (long) s->a[a].row_bytes;
        s->be->host_release (queue, s->cur_host[a] + s->g->lo0 * rb,
                             (size_t) ((s->released - s->g->lo0) * rb));
      }
}

/* A host copy of rows [LO, HI) of chunk I after they were released
   would race with their unpinning: a schedule bug.  */
static void
check_released (const struct pacc_sched *s, int i, long lo, long hi)
{
  /* Rows below lo0 are another rank's, in the side buffers.  */
  lo = lo > s->g->lo0 ? lo : s->g->lo0;
  if (hi > lo && lo < s->released)
    pacc_internal_error (s->where,
                         "chunk %d copies host rows [%ld,%ld) "
                         "after rows below %ld were released",
                         i, lo, hi, s->released);
}

static void
issue_wb (struct pacc_sched *s, int j)
{
  const struct pacc_chunk *c = &s->p->ch[j];
  int q = pacc_sched_queue (s, j), b = pacc_sched_slot (s, j), a;
  void *queue = s->queue[q];
  /* Resident: only the last block writes back (and every block when a
     re-plan may follow it).  */
  int copy
    = !s->p->resident || s->steps_done + s->kk >= s->nsteps || s->write_all;

  if (pacc_settings.verbose >= 2)
    pacc_note (s->where,
               "  write-back chunk %d rows [%ld,%ld), after the "
               "loads of chunks %d-%d",
               j, c->lo, c->hi, c->rd_lo, c->rd_hi);
  /* (a) */
  q_wait_chunks (s, q, 0, c->rd_lo, c->rd_hi);
  pacc_race_op (&s->race, q);
  if (copy)
    check_released (s, j, c->lo, c->hi);
  /* Each buffer goes back to the host array it was loaded from; the
     rotation only changes where the next block loads from.  */
  for (a = 0; a < s->n; a++)
    if (s->a[a].kind == PACC_KIND_INOUT && c->hi > c->lo && copy)
      copy_rows (s, j, q, a, c->lo, c->hi, 1);
  q_record (s, q, s->p->nchunks + j);
  if (s->ring)
    q_record (s, q, pacc_sched_ring_event (s, pacc_sched_ring_slot (s, j)));
  /* Checked on the host too (check_released), where nothing is pinned.  */
  if (s->steps_done + s->kk >= s->nsteps && s->p->ndev == 1
      && (pacc_settings.early_unregister == 1
          || pacc_settings.early_unregister == 2))
    release_rows (s, j, queue);
  s->buf_busy[b] = 0;
  if (!s->async)
    s->be->sync (queue);
}

/* Issue the write-backs whose loads are all issued, in chunk order.  */
static void
issue_ready (struct pacc_sched *s)
{
  while (s->wb_next < s->n_done && s->p->ch[s->wb_next].rd_hi < s->n_loaded)
    issue_wb (s, s->wb_next++);
}

/* Resident plans, at the start of a block after the first: HALO(k) for
   every chunk k.  */
/* Resident chunk I on queue Q: load the rows of its load range that its
   buffer does not hold yet for the targetin arrays, and note them.  */
static void
in_rows (struct pacc_sched *s, int i, int q)
{
  struct pacc_chunk *c = &s->p->ch[i];
  if (s->plan_blocks == 1)
    {
      c->ilo = c->llo;
      c->ihi = c->lhi;
      return;
    }
  for (int a = 0; a < s->n; a++)
    if (s->a[a].kind == PACC_KIND_IN)
      {
        if (c->llo < c->ilo)
          load_rows (s, i, q, a, c->llo, c->ilo, 1);
        if (c->lhi > c->ihi)
          load_rows (s, i, q, a, c->ihi, c->lhi, 1);
      }
  c->ilo = c->llo < c->ilo ? c->llo : c->ilo;
  c->ihi = c->lhi > c->ihi ? c->lhi : c->ihi;
}

static void
issue_halos (struct pacc_sched *s)
{
  int k, j, a;
  for (k = 0; k < s->p->nchunks; k++)
    {
      const struct pacc_chunk *c = &s->p->ch[k];
      int q = pacc_sched_queue (s, k);
      void *queue = s->queue[q];
      if (pacc_settings.verbose >= 2)
        pacc_note (s->where,
                   "  chunk %d rows [%ld,%ld): halo rows of "
                   "[%ld,%ld) from chunks %d-%d on queue %d",
                   k, c->lo, c->hi, c->llo, c->lhi, c->wd_lo, c->wd_hi, q);
      /* (b) */
      q_wait_chunks (s, q, s->p->nchunks, c->wd_lo, c->wd_hi);
      pacc_race_op (&s->race, q);
      /* Rows beyond the own ones (another rank's): from the side buffers,
         which the exchange filled before this block.  */
      for (a = 0; a < s->n; a++)
        if (s->a[a].kind == PACC_KIND_INOUT)
          load_rows (s, k, q, a, c->llo, c->lhi, 0);
      /* The targetin rows a block of more steps than the first reaches
         (PACC_K_FIRST below k): never loaded, and no halo copy brings
         them.  */
      in_rows (s, k, q);
      for (j = c->wd_lo; j <= c->wd_hi; j++)
        {
          const struct pacc_chunk *o = &s->p->ch[j];
          long lo = c->llo > o->lo ? c->llo : o->lo;
          long hi = c->lhi < o->hi ? c->lhi : o->hi;
          if (j == k || hi <= lo)
            continue;
          for (a = 0; a < s->n; a++)
            if (s->a[a].kind == PACC_KIND_INOUT)
              {
                size_t rb = s->a[a].row_bytes;
                size_t bytes = (size_t) (hi - lo) * rb;
                struct pacc_opinfo info
                  = pacc_sched_opinfo (s, PACC_OP_HALO, a, k, bytes);
                char *dst = buf_row (s, k, a, lo);
                char *src = buf_row (s, j, a, lo);
                check_access (s, q, PACC_OP_HALO, k, src, bytes, 0);
                check_access (s, q, PACC_OP_HALO, k, dst, bytes, 1);
                s->be->copy_buf (queue, dst, src, pacc_sched_device (s, j),
                                 bytes, &info);
              }
        }
      q_record (s, q, k);
      if (!s->async)
        s->be->sync (queue);
    }
}

/* Rebased buffer pointers of chunk I: ptr + row * row_bytes is the
   buffer address of global row `row'.  Out of the buffer's bounds on
   purpose; unsigned arithmetic wraps instead of overflowing.  */
static void
chunk_ptrs (const struct pacc_sched *s, int i, void **ptr)
{
  const struct pacc_chunk *c = &s->p->ch[i];
  int d = pacc_sched_device (s, i);
  for (int a = 0; a < s->n; a++)
    {
      uintptr_t off = (uintptr_t) (c->blo * (long) s->a[a].row_bytes);
      ptr[a] = (void *) ((uintptr_t) buf_row (s, i, a, c->blo) - off);
    }
  for (int w = 0; w < s->wn; w++)
    ptr[s->n + w]
      = (void *) ((uintptr_t) s->wbuf[(size_t) d * (size_t) s->wn + (size_t) w]
                  - (uintptr_t) s->w[w].off);
}

/* The carry (chunks.h), on the one device.  Chunk I's load waits for
   the last use of the carry buffer before its own: chunk I - 1's
   carry_out (always, even when I shares no rows: I's carry_out
   overwrites the buffer), or for chunk 0 after the first block, the
   previous block's last chunk's carry_in.  */
static void
carry_wait (struct pacc_sched *s, int i)
{
  int q = pacc_sched_queue (s, i), last = s->p->nchunks - 1;
  if (i > 0)
    q_wait (s, q, carry_event (s, i - 1));
  else if (s->plan_blocks > 1)
    q_wait (s, q, last);
}

/* Chunk I copies the rows it shares with chunk I - 1 from the carry
   buffer into its own (targetin arrays with PACC_CARRY_DIRECT: from chunk
   I - 1's buffer, which its write-back keeps until then, by (a)).  */
static void
carry_in (struct pacc_sched *s, int i)
{
  const struct pacc_chunk *c = &s->p->ch[i];
  int q = pacc_sched_queue (s, i);
  if (i == 0)
    return;
  for (int a = 0; a < s->n; a++)
    if (s->a[a].kind != PACC_KIND_TEMP && c->xlo > c->llo
        && !pacc_sched_in_ring (s, a))
      {
        size_t rb = s->a[a].row_bytes;
        size_t bytes = (size_t) (c->xlo - c->llo) * rb;
        struct pacc_opinfo info
          = pacc_sched_opinfo (s, PACC_OP_HALO, a, i, bytes);
        char *src = pacc_sched_in_carry (s, a)
                      ? (char *) s->cbuf[a] + (size_t) (c->llo - s->c_lo) * rb
                      : buf_row (s, i - 1, a, c->llo);
        char *dst = buf_row (s, i, a, c->llo);
        check_access (s, q, PACC_OP_HALO, i, src, bytes, 0);
        check_access (s, q, PACC_OP_HALO, i, dst, bytes, 1);
        s->be->copy_buf (s->queue[q], dst, src, 0, bytes, &info);
      }
}

/* Chunk I, just loaded and before its kernels, copies the rows chunk
   I + 1 shares with it into the carry buffer.  */
static void
carry_out (struct pacc_sched *s, int i)
{
  const struct pacc_chunk *n = &s->p->ch[i + 1];
  int q = pacc_sched_queue (s, i), last = s->p->nchunks - 1;
  if (i == last)
    return;
  for (int a = 0; a < s->n; a++)
    if (pacc_sched_in_carry (s, a) && n->xlo > n->llo)
      {
        size_t rb = s->a[a].row_bytes;
        size_t bytes = (size_t) (n->xlo - n->llo) * rb;
        struct pacc_opinfo info
          = pacc_sched_opinfo (s, PACC_OP_HALO, a, i, bytes);
        char *src = buf_row (s, i, a, n->llo);
        check_access (s, q, PACC_OP_HALO, i, src, bytes, 0);
        check_access (s, q, PACC_OP_HALO, i, s->cbuf[a], bytes, 1);
        s->be->copy_buf (s->queue[q], s->cbuf[a], src, 0, bytes, &info);
      }
  s->c_lo = n->llo;
  q_record (s, q, carry_event (s, i));
}

void
pacc_sched_load (struct pacc_sched *s, int i, void **ptr)
{
  const struct pacc_chunk *c = &s->p->ch[i];
  int q = pacc_sched_queue (s, i), b = pacc_sched_slot (s, i), a;
  void *queue = s->queue[q];

  if (i != s->n_loaded)
    pacc_internal_error (s->where, "chunk %d loaded out of order", i);
  if (s->p->resident && s->plan_blocks > 1)
    {
      if (i == 0)
        issue_halos (s);
      /* The kernels overwrite the rows that HALO(rd_lo..rd_hi) read.  */
      q_wait_chunks (s, q, 0, c->rd_lo, c->rd_hi);
      s->buf_last[b] = i;
      s->buf_busy[b] = 1;
      s->n_loaded = i + 1;
      s->be->before_kernels (queue);
      issue_ready (s);
      chunk_ptrs (s, i, ptr);
      return;
    }
  if (pacc_settings.verbose >= 2)
    {
      char dev[32] = "", from[96] = "";
      if (s->p->ndev > 1)
        snprintf (dev, sizeof dev, " of device %d", pacc_sched_device (s, i));
      if (c->xlo > c->llo)
        snprintf (from, sizeof from, " ([%ld,%ld) from the carry)", c->llo,
                  c->xlo);
      if (s->plan_blocks > 1)
        pacc_note (s->where,
                   "  chunk %d rows [%ld,%ld): load [%ld,%ld)%s "
                   "into buffer %d on queue %d%s, after the previous block's "
                   "write-backs of chunks %d-%d",
                   i, c->lo, c->hi, c->llo, c->lhi, from, b, q, dev, c->wd_lo,
                   c->wd_hi);
      else
        pacc_note (s->where,
                   "  chunk %d rows [%ld,%ld): load [%ld,%ld)%s "
                   "into buffer %d on queue %d%s",
                   i, c->lo, c->hi, c->llo, c->lhi, from, b, q, dev);
    }

  /* (c) */
  if (s->buf_busy[b])
    pacc_internal_error (s->where,
                         "buffer %d reused by chunk %d before the "
                         "write-back of chunk %d",
                         b, i, s->buf_last[b]);
  if (s->buf_last[b] >= 0)
    q_wait (s, q, s->p->nchunks + s->buf_last[b]);
  /* (b) */
  if (s->plan_blocks > 1)
    q_wait_chunks (s, q, s->p->nchunks, c->wd_lo, c->wd_hi);
  /* The rows the rings' part of the load overwrites.  */
  for (int k = 0, nw = s->ring ? pacc_sched_ring_waits (s, i, s->ring_m) : 0;
       k < nw; k++)
    q_wait (s, q, pacc_sched_ring_event (s, s->ring_m[k]));

  pacc_race_op (&s->race, q);
  check_released (s, i, c->xlo, c->xhi);
  for (a = 0; a < s->n; a++)
    if (s->a[a].kind != PACC_KIND_TEMP)
      load_rows (s, i, q, a, c->xlo, c->xhi, 1);
  if (s->p->resident)
    in_rows (s, i, q);
  /* The carry after the host copies, so that these never wait for
     the chain of carry copies: the link stays busy.  */
  if (s->p->carry)
    {
      carry_wait (s, i);
      pacc_race_op (&s->race, q);
      carry_in (s, i);
      carry_out (s, i);
    }
  q_record (s, q, i);
  s->buf_last[b] = i;
  s->buf_busy[b] = 1;
  s->n_loaded = i + 1;
  if (!s->async)
    s->be->sync (queue);
  s->be->before_kernels (queue);
  issue_ready (s);
  chunk_ptrs (s, i, ptr);
}

/* Kernel time: from the queue itself when the back end can, else on the
   host clock around the generated code's launches.  */
void
pacc_sched_kernels_start (struct pacc_sched *s, int i)
{
  s->t_kernels = pacc_now_us ();
  if (s->be->kernels_mark)
    {
      struct pacc_opinfo info
        = pacc_sched_opinfo (s, PACC_OP_KERNELS, -1, i, 0);
      s->be->kernels_mark (s->queue[pacc_sched_queue (s, i)], 1, &info);
    }
}

void
pacc_sched_kernels_end (struct pacc_sched *s, int i, double t)
{
  struct pacc_opinfo info = pacc_sched_opinfo (s, PACC_OP_KERNELS, -1, i, 0);
  if (s->be->kernels_mark)
    s->be->kernels_mark (s->queue[pacc_sched_queue (s, i)], 0, &info);
  else
    pacc_trace_host_kernels (&info, s->t_kernels, t);
}

void
pacc_sched_step (struct pacc_sched *s, int i, void *const *ptr, long step)
{
  const struct pacc_plan *p = s->p;
  int q = pacc_sched_queue (s, i), last = p->nchunks - 1;
  if (i != s->n_loaded - 1 || i < s->n_done)
    pacc_internal_error (s->where,
                         "__pacc_step for chunk %d, which does "
                         "not run",
                         i);
  if (!p->skew || step < 1 || step >= s->kk)
    return;
  /* The band buffer's last user before I: chunk I - 1 (it saved I's
     bands), or the previous block's last chunk (it restored from the
     slots I overwrites).  */
  int prev = i > 0                ? band_event (s, i - 1)
             : s->plan_blocks > 1 ? band_event (s, last)
                                  : -1;
  if (step == 1 && prev >= 0 && s->ev_q[prev] >= 0)
    q_wait (s, q, prev);
  pacc_race_op (&s->race, q);
  /* Restore into I (from I - 1), then save for I + 1.  */
  for (int save = 0; save < 2; save++)
    {
      long lo, hi;
      if (save ? i == last : i == 0)
        continue;
      pacc_chunks_band (s->g, p->ch, save ? i + 1 : i, s->kk, step, &lo, &hi);
      for (int a = 0; a < s->n && hi > lo; a++)
        if (s->a[a].kind == PACC_KIND_INOUT)
          {
            size_t rb = s->a[a].row_bytes, bytes = (size_t) (hi - lo) * rb;
            char *band = (char *) s->sbuf[a]
                         + (size_t) (step - 1) * (size_t) p->band_rows * rb;
            char *buf = (char *) ptr[a] + (uintptr_t) (lo * (long) rb);
            char *src = save ? buf : band, *dst = save ? band : buf;
            struct pacc_opinfo info
              = pacc_sched_opinfo (s, PACC_OP_HALO, a, i, bytes);
            check_access (s, q, PACC_OP_HALO, i, src, bytes, 0);
            check_access (s, q, PACC_OP_HALO, i, dst, bytes, 1);
            s->be->copy_buf (s->queue[q], dst, src, 0, bytes, &info);
          }
    }
  if (step == s->kk - 1)
    q_record (s, q, band_event (s, i));
  if (!s->async)
    s->be->sync (s->queue[q]);
  s->be->before_kernels (s->queue[q]);
}

void
pacc_sched_done (struct pacc_sched *s, int i)
{
  int q = pacc_sched_queue (s, i), b = pacc_sched_slot (s, i), a;

  /* The kernels sit on the queue between the load and what is issued
     from now on; they may touch all of the chunk's buffers.  They only
     read targetin ones (the plugin rejects a write, and swaps stay within
     one clause), which the next chunk's carry copies read too.  */
  pacc_race_op (&s->race, q);
  for (a = 0; a < s->n; a++)
    if (pacc_sched_in_ring (s, a))
      check_access (s, q, PACC_OP_KERNELS, i,
                    pacc_sched_ring_row (s, a, s->p->ch[i].llo),
                    (size_t) (s->p->ch[i].lhi - s->p->ch[i].llo)
                      * s->a[a].row_bytes,
                    0);
    else
      check_access (s, q, PACC_OP_KERNELS, i, s->buf[b * s->n + a],
                    (size_t) s->p->buf_rows * s->a[a].row_bytes,
                    s->a[a].kind != PACC_KIND_IN);
  for (a = 0; a < s->wn; a++)
    check_access (
      s, q, PACC_OP_KERNELS, i,
      s->wbuf[(size_t) pacc_sched_device (s, i) * (size_t) s->wn + (size_t) a],
      s->w[a].bytes, 0);
  s->n_done = i + 1;
  issue_ready (s);
}

void
pacc_sched_block_end (struct pacc_sched *s, const int *perm)
{
  int i;
  char **t;

  if (s->wb_next != s->p->nchunks)
    pacc_internal_error (s->where,
                         "block ended with %d of %d write-backs "
                         "issued",
                         s->wb_next, s->p->nchunks);
  /* Name i held buffer perm[i], loaded from cur_host[perm[i]] and written
     back there: the next block loads it from there.  */
  for (i = 0; i < s->n; i++)
    s->new_host[i] = s->cur_host[perm[i]];
  t = s->cur_host, s->cur_host = s->new_host, s->new_host = t;
  if (s->side)
    {
      for (i = 0; i < s->n; i++)
        {
          s->new_side[2 * i] = s->side[2 * perm[i]];
          s->new_side[2 * i + 1] = s->side[2 * perm[i] + 1];
        }
      t = s->side, s->side = s->new_side, s->new_side = t;
    }
  /* A resident buffer keeps its data: name i now holds the buffer that
     name perm[i] held.  */
  if (s->p->resident)
    {
      for (i = 0; i < s->n; i++)
        s->perm_tmp[i] = s->bperm[perm[i]];
      memcpy (s->bperm, s->perm_tmp, (size_t) s->n * sizeof *s->bperm);
    }
  s->steps_done += s->kk;
}

void
pacc_sched_edges_out (struct pacc_sched *s, long first, long last)
{
  long end = s->g->lo0 + s->g->len0;
  long r[2][2] = { { s->g->lo0, s->g->lo0 + first }, { end - last, end } };
  for (int i = 0; s->p->resident && i < s->p->nchunks; i++)
    {
      const struct pacc_chunk *c = &s->p->ch[i];
      int q = pacc_sched_queue (s, i);
      pacc_race_op (&s->race, q);
      for (int e = 0; e < 2; e++)
        {
          long lo = r[e][0] > c->lo ? r[e][0] : c->lo;
          long hi = r[e][1] < c->hi ? r[e][1] : c->hi;
          for (int a = 0; a < s->n && hi > lo; a++)
            if (s->a[a].kind == PACC_KIND_INOUT)
              copy_rows (s, i, q, a, lo, hi, 1);
        }
    }
}
