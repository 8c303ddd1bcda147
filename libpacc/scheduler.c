/* scheduler.c - the chunk plan of a region (steps per block, chunks,
   queues, buffers) and the order of its copies.

   Per block, chunk i has three operations on queue i % Q: LOAD(i) (its
   load range, host -> buffer slot i % nbuf), its kernels (launched by the
   generated code), WB(i) (its own rows, buffer -> host).  They are issued
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
   j + span, which must already have a buffer: hence nbuf >= span + 1.

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

   Automatic choices:
   - k: the whole run when the halo is 0 (chunks are independent; the
     extra rows ELO/EHI do not grow with k), else 4;
     reduced while the halo rows of a block (hlo + hhi) * k exceed the
     thinnest chunk, so that redundant work stays below the useful work.
   - chunks: 4 (a pipeline of loads, kernels and write-backs over three
     queues needs at least that), at most one per row; doubled while the
     buffers do not fit in the device memory (PACC_DEVICE_MEMORY caps it).
   - queues: 3 per device with the `async' clause (load, compute and
     write-back of three chunks at once), 1 without; never more than the
     chunks.
   - buffers: max (queues, span + 1), at most one per chunk.
   - devices (PACC_DEVICES, else every device the back end has): chunks
     go round robin, chunk i to device i % D, so that the loads, kernels
     and write-backs of consecutive chunks run on different devices at
     once; a device has its own queues and buffers, and the waits above
     cross devices as events (CUDA streams may wait for another device's
     events).  The automatic chunk count is 4 per device.  */

#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CHUNKS (1L << 24)

int
pacc_chunk_queue (const struct pacc_region *r, int i)
{
  return i % r->nqueues;
}

/* Chunk I, queue Q and buffer slot S are on device I % ndev, Q % ndev and
   S % ndev: nqueues and nbuf are multiples of ndev or equal to nchunks
   (make_plan), so a chunk's queue and slot are on its own device.  */
int
pacc_chunk_device (const struct pacc_region *r, int i)
{
  return i % r->ndev;
}

int
pacc_chunk_slot (const struct pacc_region *r, int i)
{
  return i % r->nbuf;
}

/* Rows a chunk owning [LO, HI) needs for a block of KK steps.  */
static void
load_range (const struct pacc_region *r, long lo, long hi, long kk,
            long *llo, long *lhi)
{
  long end = r->lo0 + r->len0;
  long a = lo - r->hlo * kk - r->elo, b = hi + r->hhi * kk + r->ehi;
  *llo = a < r->lo0 ? r->lo0 : a;
  *lhi = b > end ? end : b;
  if (*lhi < *llo)
    *lhi = *llo;
}

/* Load ranges and dependency intervals of a block of KK steps.  Own and
   load ranges are nondecreasing in the chunk index at both ends, so each
   dependency set is an interval, found with two cursors.  */
void
pacc_sched_block (struct pacc_region *r, long kk)
{
  struct pacc_chunk *ch = r->ch;
  int C = r->nchunks, i, lo, hi;

  for (i = 0; i < C; i++)
    {
      load_range (r, ch[i].lo, ch[i].hi, kk, &ch[i].llo, &ch[i].lhi);
      /* A resident buffer keeps the rows where a k-step block put them.  */
      if (!r->resident)
        ch[i].blo = ch[i].llo;
    }
  /* (a): chunks whose load range meets i's own rows.  */
  for (i = lo = hi = 0; i < C; i++)
    {
      while (lo < C && ch[lo].lhi <= ch[i].lo)
        lo++;
      while (hi < C && ch[hi].llo < ch[i].hi)
        hi++;
      ch[i].rd_lo = lo;
      ch[i].rd_hi = hi - 1;
    }
  /* (b): chunks whose own rows meet i's load range.  */
  for (i = lo = hi = 0; i < C; i++)
    {
      while (lo < C && ch[lo].hi <= ch[i].llo)
        lo++;
      while (hi < C && ch[hi].lo < ch[i].lhi)
        hi++;
      ch[i].wd_lo = lo;
      ch[i].wd_hi = hi - 1;
    }
  r->kk = kk;
  r->n_loaded = r->n_done = r->wb_next = 0;
}

/* N buffer slots of BYTES each, saturating.  */
static size_t
slots_bytes (size_t bytes, int n)
{
  size_t all;
  return __builtin_mul_overflow (bytes, (size_t) n, &all) ? (size_t) -1 : all;
}

/* Partition into C chunks (of BLOCK rows when nonzero, else balanced),
   K steps per block, NQ queues; derive span, buffers and their size.  */
static void
make_plan (struct pacc_region *r, int C, long block, long K, int nq)
{
  struct pacc_chunk *ch;
  long len = r->len0, rows = 0;
  size_t row_bytes = 0, bytes;
  int i, span = 0;

  free (r->ch);
  r->ch = ch = pacc_xcalloc (r->where, (size_t) C, sizeof *ch, "the chunk plan");
  for (i = 0; i < C; i++)
    {
      if (block)
        ch[i].lo = r->lo0 + i * block;
      else
        ch[i].lo = r->lo0 + i * (len / C) + (i < len % C ? i : len % C);
      if (i)
        ch[i - 1].hi = ch[i].lo;
    }
  ch[C - 1].hi = r->lo0 + len;

  r->nchunks = C;
  r->resident = 0;
  r->ndev = r->ndev_want < C ? r->ndev_want : C;
  r->k = K;
  pacc_sched_block (r, K);
  for (i = 0; i < C; i++)
    {
      span = ch[i].rd_hi - i > span ? ch[i].rd_hi - i : span;
      rows = ch[i].lhi - ch[i].llo > rows ? ch[i].lhi - ch[i].llo : rows;
    }
  r->span = span;
  r->buf_rows = rows;
  /* NQ queues per device; the totals are multiples of ndev (or nchunks),
     see pacc_chunk_device.  */
  if (nq > PACC_MAX_QUEUES / r->ndev)
    nq = PACC_MAX_QUEUES / r->ndev;
  r->nqueues = (long) nq * r->ndev < C ? nq * r->ndev : C;
  r->nbuf = r->nqueues > span + 1 ? r->nqueues : span + 1;
  r->nbuf = (r->nbuf + r->ndev - 1) / r->ndev * r->ndev;
  if (r->nbuf > C)
    r->nbuf = C;
  r->dev_bufs = (r->nbuf + r->ndev - 1) / r->ndev;

  for (i = 0; i < r->n; i++)
    row_bytes += r->a[i].row_bytes;
  /* Saturate: a plan too large to count is too large to fit.  */
  if (__builtin_mul_overflow ((size_t) rows, row_bytes, &bytes))
    bytes = (size_t) -1;
  r->buf_bytes = slots_bytes (bytes, r->nbuf);
  r->dev_bytes = slots_bytes (bytes, r->dev_bufs);  /* on one device */
}

/* Automatic k for chunks of at least MINROWS rows.  */
static long
thin_k (const struct pacc_region *r, long k, long minrows)
{
  while (k > 1 && (r->hlo + r->hhi) * k > minrows)
    k--;
  return k;
}

void
pacc_plan (struct pacc_region *r)
{
  const struct pacc_settings *s = &pacc_settings;
  long rows = r->len0 > 0 ? r->len0 : 1;
  long K, block = 0, nc;
  int c_auto = 0, k_auto = 0, nq, d;
  size_t avail;
  char b1[32], b2[32];

  r->ndev_want = pacc_ndevices_pipeline ();
  r->d_from = s->devices ? "PACC_DEVICES" : "auto";

  if (s->k)
    K = s->k, r->k_from = "PACC_K";
  else
    K = r->hlo + r->hhi ? 4 : r->nsteps, k_auto = 1, r->k_from = "auto";
  K = K > r->nsteps ? r->nsteps : K;
  K = K < 1 ? 1 : K;

  if (s->chunks)
    nc = s->chunks < rows ? s->chunks : rows, r->c_from = "PACC_CHUNKS";
  else if (s->block)
    {
      block = s->block < rows ? s->block : rows;
      nc = (rows + block - 1) / block;
      r->c_from = "PACC_BLOCK";
    }
  else
    nc = rows < 4L * r->ndev_want ? rows : 4L * r->ndev_want, c_auto = 1,
    r->c_from = "auto";
  if (nc > MAX_CHUNKS)
    pacc_error (r->where, "%s gives %ld chunks, more than %ld; use thicker "
                "chunks", r->c_from, nc, MAX_CHUNKS);
  r->r_from = s->resident >= 0 ? "PACC_RESIDENT" : "auto";

  if (!r->async)
    nq = 1, r->q_from = "no async clause";
  else if (s->queues)
    nq = s->queues, r->q_from = "PACC_QUEUES";
  else
    nq = 3, r->q_from = "auto";

  /* The smallest device decides: every device holds as many buffers.  */
  avail = pacc_backend->mem_available (0);
  for (d = 1; d < r->ndev_want; d++)
    {
      size_t m = pacc_backend->mem_available (d);
      avail = m < avail ? m : avail;
    }
  if (s->device_memory && s->device_memory < avail)
    avail = (size_t) s->device_memory;

  /* Automatic chunks and several blocks: first one chunk per device, kept
     resident, if all of it fits.  */
  if (c_auto && s->resident != 0)
    {
      long rc = rows < r->ndev_want ? rows : r->ndev_want;
      long rk = k_auto ? thin_k (r, K, rows / rc) : K;
      if (r->nsteps > rk)
        {
          make_plan (r, (int) rc, 0, rk, nq);
          if (r->dev_bytes <= avail && r->nbuf == r->nchunks)
            {
              r->resident = 1;
              r->c_from = "auto, resident";
              return;
            }
        }
    }

  for (;;)
    {
      if (k_auto)
        K = thin_k (r, K, block ? (rows % block ? rows % block : block)
                          : rows / nc);
      make_plan (r, (int) nc, block, K, nq);
      if (r->dev_bytes <= avail)
        break;
      if (c_auto && nc < rows && nc < MAX_CHUNKS)
        nc = 2 * nc < rows ? 2 * nc : rows;
      else if (k_auto && K > 1)
        K--;
      else
        {
          /* Name what does not fit: the arrays, the halo, the memory.  */
          char arrays[512];
          long own = 0;
          int i;
          pacc_format_arrays (r, arrays, sizeof arrays);
          for (i = 0; i < r->nchunks; i++)
            own = r->ch[i].hi - r->ch[i].lo > own ? r->ch[i].hi - r->ch[i].lo
                                                   : own;
          pacc_error (r->where, "the chunk buffers need %s per device (%d "
                      "buffers of %ld rows: %ld own rows and %ld halo rows, "
                      "halo -%ld/+%ld per step over k = %ld steps; rows of "
                      "%s), more than the %s of %s memory%s; use thinner "
                      "chunks (PACC_CHUNKS, PACC_BLOCK) or a smaller PACC_K",
                      pacc_fmt_bytes (b1, sizeof b1, r->dev_bytes),
                      r->dev_bufs, r->buf_rows, own, r->buf_rows - own,
                      r->hlo, r->hhi, r->k, arrays,
                      pacc_fmt_bytes (b2, sizeof b2, avail),
                      pacc_backend->name,
                      s->device_memory ? " (PACC_DEVICE_MEMORY)" : "");
        }
    }
  /* Every chunk has a buffer of its own: keep them across blocks.  */
  if (r->nbuf == r->nchunks && s->resident != 0)
    r->resident = 1;
  else if (s->resident == 1)
    pacc_error (r->where, "PACC_RESIDENT=1, but the %d chunks share %d "
                "buffers (%s per device available); use fewer chunks or "
                "more devices", r->nchunks, r->nbuf,
                pacc_fmt_bytes (b2, sizeof b2, avail));
}

/* The schedule check.  Every run checks the schedule it issues against
   the stream model itself, not against what the host back end happened
   to execute: each queue has a vector clock (an operation's time on its
   queue, and what it knows of the others through waits), a record takes
   a snapshot of its queue's clock, a wait merges the snapshot in.  Two
   accesses to the same memory, one a write, with neither ordered before
   the other, are a race: an internal error.  On the host the loads have
   completed before the kernels run, so a missing wait of a write-back on
   a load never gives a wrong result there; this check is what catches it
   before a GPU back end runs the same schedule.  Accesses that every
   queue is known to follow are dropped, which keeps the log short.  */

#define CHECK_MAX_SNAP (1L << 20)

enum { OP_LOAD, OP_KERNELS, OP_WB, OP_HALO };
static const char *const op_name[] = { "load", "kernels", "write-back",
                                       "halo copy" };

void
pacc_sched_start (struct pacc_region *r)
{
  size_t q = (size_t) r->nqueues, nsnap = 2 * (size_t) r->nchunks * q;
  r->check = nsnap <= (size_t) CHECK_MAX_SNAP;
  if (!r->check)
    return;
  r->vc = pacc_xcalloc (r->where, q * q, sizeof *r->vc, "the schedule check");
  r->snap = pacc_xcalloc (r->where, nsnap, sizeof *r->snap,
                          "the schedule check");
}

void
pacc_sched_free (struct pacc_region *r)
{
  free (r->vc);
  free (r->snap);
  free (r->log);
  r->vc = r->snap = NULL;
  r->log = NULL;
  r->nlog = r->caplog = 0;
}

/* A new operation on queue Q.  */
static void
check_op (struct pacc_region *r, int q)
{
  unsigned long minc[PACC_MAX_QUEUES];
  int nq = r->nqueues, a, b;
  size_t i, n = 0;

  if (!r->check)
    return;
  r->vc[q * nq + q]++;
  for (b = 0; b < nq; b++)
    for (minc[b] = ~0ul, a = 0; a < nq; a++)
      if (r->vc[a * nq + b] < minc[b])
        minc[b] = r->vc[a * nq + b];
  for (i = 0; i < r->nlog; i++)
    if (r->log[i].clock > minc[r->log[i].queue])
      r->log[n++] = r->log[i];
  r->nlog = n;
}

/* The current operation on queue Q, WHAT of CHUNK, accesses BYTES at P.  */
static void
check_access (struct pacc_region *r, int q, int what, int chunk,
              const void *p, size_t bytes, int write)
{
  const unsigned long *v = r->vc + (size_t) q * (size_t) r->nqueues;
  struct pacc_access x;
  size_t i;

  if (!r->check || !bytes)
    return;
  x.lo = (uintptr_t) p;
  x.hi = x.lo + bytes;
  x.clock = v[q];
  x.queue = q;
  x.chunk = chunk;
  x.what = what;
  x.write = write;
  x.block = r->blocks_started - 1;
  for (i = 0; i < r->nlog; i++)
    {
      const struct pacc_access *y = &r->log[i];
      if (y->lo < x.hi && x.lo < y->hi && (x.write || y->write)
          && y->clock > v[y->queue])
        pacc_internal_error (r->where, "schedule race: %s of chunk %d "
                             "(block %ld, queue %d) and %s of chunk %d "
                             "(block %ld, queue %d) access the same memory "
                             "with no event between them", op_name[x.what],
                             x.chunk, x.block, x.queue, op_name[y->what],
                             y->chunk, y->block, y->queue);
    }
  if (r->nlog == r->caplog)
    {
      size_t cap = r->caplog ? 2 * r->caplog : 64;
      struct pacc_access *log = pacc_xmalloc (r->where, cap * sizeof *log,
                                              "the schedule check");
      if (r->nlog)
        memcpy (log, r->log, r->nlog * sizeof *log);
      free (r->log);
      r->log = log;
      r->caplog = cap;
    }
  r->log[r->nlog++] = x;
}

/* Events: number I < nchunks is chunk I's load, nchunks + J chunk J's
   write-back.  */
static void *
event (const struct pacc_region *r, int ev)
{
  return ev < r->nchunks ? r->ev_load[ev] : r->ev_wb[ev - r->nchunks];
}

static void
q_record (struct pacc_region *r, int q, int ev)
{
  size_t nq = (size_t) r->nqueues;
  r->be->record (event (r, ev), r->queue[q]);
  if (r->check)
    memcpy (r->snap + (size_t) ev * nq, r->vc + (size_t) q * nq,
            nq * sizeof *r->vc);
}

/* Make queue Q wait for event EV, recorded on queue EVQ (nothing to do on
   the same queue: it runs in order).  */
static void
q_wait (struct pacc_region *r, int q, int ev, int evq)
{
  size_t nq = (size_t) r->nqueues, b;
  if (evq == q)
    return;
  r->be->wait (r->queue[q], event (r, ev));
  if (r->check)
    for (b = 0; b < nq; b++)
      if (r->snap[(size_t) ev * nq + b] > r->vc[(size_t) q * nq + b])
        r->vc[(size_t) q * nq + b] = r->snap[(size_t) ev * nq + b];
}

/* Wait for events BASE+LO..BASE+HI of chunks LO..HI, recorded in chunk
   order on queue chunk % nqueues: the last one of each queue implies the
   earlier ones.  */
static void
q_wait_chunks (struct pacc_region *r, int q, int base, int lo, int hi)
{
  int j, stop = hi - r->nqueues + 1 > lo ? hi - r->nqueues + 1 : lo;
  for (j = hi; j >= stop; j--)
    q_wait (r, q, base + j, pacc_chunk_queue (r, j));
}

/* What an operation of kind KIND on chunk CHUNK is (array A, or none when
   A < 0), for the totals, the trace and error messages.  */
struct pacc_opinfo
pacc_opinfo (struct pacc_region *r, int kind, int a, int chunk, size_t bytes)
{
  struct pacc_opinfo info;
  info.stats = &r->st;
  info.where = r->where;
  info.array = a >= 0 ? r->a[a].name : NULL;
  info.kind = kind;
  info.device = pacc_report_device (r, chunk);
  info.queue = pacc_chunk_queue (r, chunk);
  info.block = (int) r->blocks_started - 1;
  info.chunk = chunk;
  info.bytes = bytes;
  return info;
}

/* Address of global row ROW of array A (its buffer after the rotations
   of a resident plan) in the buffer slot of chunk I.  */
static char *
buf_row (const struct pacc_region *r, int i, int a, long row)
{
  return (char *) r->buf[pacc_chunk_slot (r, i) * r->n + r->bperm[a]]
         + (size_t) (row - r->ch[i].blo) * r->a[a].row_bytes;
}

static void
issue_wb (struct pacc_region *r, int j)
{
  const struct pacc_chunk *c = &r->ch[j];
  int q = pacc_chunk_queue (r, j), s = pacc_chunk_slot (r, j), a;
  void *queue = r->queue[q];
  /* Resident: only the last block writes back.  */
  int copy = !r->resident || r->steps_done + r->kk >= r->nsteps;

  if (pacc_settings.verbose >= 2)
    pacc_note (r->where, "  write-back chunk %d rows [%ld,%ld), after the "
               "loads of chunks %d-%d", j, c->lo, c->hi, c->rd_lo, c->rd_hi);
  /* (a) */
  q_wait_chunks (r, q, 0, c->rd_lo, c->rd_hi);
  check_op (r, q);
  for (a = 0; a < r->n; a++)
    if (r->a[a].kind == PACC_KIND_INOUT && c->hi > c->lo && copy)
      {
        size_t rb = r->a[a].row_bytes;
        size_t bytes = (size_t) (c->hi - c->lo) * rb;
        struct pacc_opinfo info = pacc_opinfo (r, PACC_OP_WB, a, j, bytes);
        /* Each buffer goes back to the host array it was loaded from; the
           rotation only changes where the next block loads from.  */
        char *host = r->cur_host[a] + c->lo * (long) rb;
        char *buf = buf_row (r, j, a, c->lo);
        check_access (r, q, OP_WB, j, buf, bytes, 0);
        check_access (r, q, OP_WB, j, host, bytes, 1);
        r->be->copy_out (queue, host, buf, bytes, &info);
      }
  q_record (r, q, r->nchunks + j);
  r->buf_busy[s] = 0;
  if (!r->async)
    r->be->sync (queue);
}

/* Issue the write-backs whose loads are all issued, in chunk order.  */
static void
issue_ready (struct pacc_region *r)
{
  while (r->wb_next < r->n_done && r->ch[r->wb_next].rd_hi < r->n_loaded)
    issue_wb (r, r->wb_next++);
}

/* Resident plans, at the start of a block after the first: HALO(k) for
   every chunk k.  */
static void
issue_halos (struct pacc_region *r)
{
  int k, j, a;
  for (k = 0; k < r->nchunks; k++)
    {
      const struct pacc_chunk *c = &r->ch[k];
      int q = pacc_chunk_queue (r, k);
      void *queue = r->queue[q];
      if (pacc_settings.verbose >= 2)
        pacc_note (r->where, "  chunk %d rows [%ld,%ld): halo rows of "
                   "[%ld,%ld) from chunks %d-%d on queue %d", k, c->lo,
                   c->hi, c->llo, c->lhi, c->wd_lo, c->wd_hi, q);
      /* (b) */
      q_wait_chunks (r, q, r->nchunks, c->wd_lo, c->wd_hi);
      check_op (r, q);
      for (j = c->wd_lo; j <= c->wd_hi; j++)
        {
          const struct pacc_chunk *o = &r->ch[j];
          long lo = c->llo > o->lo ? c->llo : o->lo;
          long hi = c->lhi < o->hi ? c->lhi : o->hi;
          if (j == k || hi <= lo)
            continue;
          for (a = 0; a < r->n; a++)
            if (r->a[a].kind == PACC_KIND_INOUT)
              {
                size_t rb = r->a[a].row_bytes;
                size_t bytes = (size_t) (hi - lo) * rb;
                struct pacc_opinfo info = pacc_opinfo (r, PACC_OP_HALO, a,
                                                       k, bytes);
                char *dst = buf_row (r, k, a, lo);
                char *src = buf_row (r, j, a, lo);
                check_access (r, q, OP_HALO, k, src, bytes, 0);
                check_access (r, q, OP_HALO, k, dst, bytes, 1);
                r->be->copy_buf (queue, dst, src,
                                        pacc_chunk_device (r, j), bytes,
                                        &info);
              }
        }
      q_record (r, q, k);
      if (!r->async)
        r->be->sync (queue);
    }
}

void
pacc_sched_load (struct pacc_region *r, int i)
{
  const struct pacc_chunk *c = &r->ch[i];
  int q = pacc_chunk_queue (r, i), s = pacc_chunk_slot (r, i), a;
  void *queue = r->queue[q];

  if (i != r->n_loaded)
    pacc_internal_error (r->where, "chunk %d loaded out of order", i);
  if (r->resident && r->blocks_started > 1)
    {
      if (i == 0)
        issue_halos (r);
      /* The kernels overwrite the rows that HALO(rd_lo..rd_hi) read.  */
      q_wait_chunks (r, q, 0, c->rd_lo, c->rd_hi);
      r->buf_last[s] = i;
      r->buf_busy[s] = 1;
      r->n_loaded = i + 1;
      r->be->before_kernels (queue);
      issue_ready (r);
      return;
    }
  if (pacc_settings.verbose >= 2)
    {
      char dev[32] = "";
      if (r->ndev > 1)
        snprintf (dev, sizeof dev, " of device %d", pacc_chunk_device (r, i));
      if (r->blocks_started > 1)
        pacc_note (r->where, "  chunk %d rows [%ld,%ld): load [%ld,%ld) "
                   "into buffer %d on queue %d%s, after the previous block's "
                   "write-backs of chunks %d-%d", i, c->lo, c->hi, c->llo,
                   c->lhi, s, q, dev, c->wd_lo, c->wd_hi);
      else
        pacc_note (r->where, "  chunk %d rows [%ld,%ld): load [%ld,%ld) "
                   "into buffer %d on queue %d%s", i, c->lo, c->hi, c->llo,
                   c->lhi, s, q, dev);
    }

  /* (c) */
  if (r->buf_busy[s])
    pacc_internal_error (r->where, "buffer %d reused by chunk %d before the "
                         "write-back of chunk %d", s, i, r->buf_last[s]);
  if (r->buf_last[s] >= 0)
    q_wait (r, q, r->nchunks + r->buf_last[s],
            pacc_chunk_queue (r, r->buf_last[s]));
  /* (b) */
  if (r->blocks_started > 1)
    q_wait_chunks (r, q, r->nchunks, c->wd_lo, c->wd_hi);

  check_op (r, q);
  for (a = 0; a < r->n; a++)
    if (r->a[a].kind != PACC_KIND_TEMP && c->lhi > c->llo)
      {
        size_t rb = r->a[a].row_bytes;
        size_t bytes = (size_t) (c->lhi - c->llo) * rb;
        struct pacc_opinfo info = pacc_opinfo (r, PACC_OP_LOAD, a, i, bytes);
        char *host = r->cur_host[a] + c->llo * (long) rb;
        char *buf = buf_row (r, i, a, c->llo);
        check_access (r, q, OP_LOAD, i, host, bytes, 0);
        check_access (r, q, OP_LOAD, i, buf, bytes, 1);
        r->be->copy_in (queue, buf, host, bytes, &info);
      }
  q_record (r, q, i);
  r->buf_last[s] = i;
  r->buf_busy[s] = 1;
  r->n_loaded = i + 1;
  if (!r->async)
    r->be->sync (queue);
  r->be->before_kernels (queue);
  issue_ready (r);
}

void
pacc_sched_done (struct pacc_region *r, int i)
{
  int q = pacc_chunk_queue (r, i), s = pacc_chunk_slot (r, i), a;

  /* The kernels sit on the queue between the load and what is issued
     from now on; they may touch all of the chunk's buffers.  */
  check_op (r, q);
  for (a = 0; a < r->n; a++)
    check_access (r, q, OP_KERNELS, i, r->buf[s * r->n + a],
                  (size_t) r->buf_rows * r->a[a].row_bytes, 1);
  r->n_done = i + 1;
  issue_ready (r);
}

void
pacc_sched_block_end (struct pacc_region *r)
{
  if (r->wb_next != r->nchunks)
    pacc_internal_error (r->where, "block ended with %d of %d write-backs "
                         "issued", r->wb_next, r->nchunks);
}

void
pacc_sched_sync (struct pacc_region *r)
{
  int q;
  for (q = 0; q < r->nqueues; q++)
    r->be->sync (r->queue[q]);
}
