/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* schedule-alloc.c - the state of a region's schedule (schedule.h): where
   chunk i runs, its host pointers and the host address of a row, and the
   plan's queues, events and buffers, allocated through the back end
   before the first block (or said which could not be had), waited for
   and given back at the region's end.  */

#include "schedule.h"
#include "pacc-abi.h"

#include <stdlib.h>

int
pacc_sched_queue (const struct pacc_sched *s, int i)
{
  return (i + s->rot) % s->p->nqueues;
}

int
pacc_sched_device (const struct pacc_sched *s, int i)
{
  return i % s->p->ndev;
}

int
pacc_sched_slot (const struct pacc_sched *s, int i)
{
  return (i + s->rot) % s->p->nbuf;
}

void
pacc_sched_rows (const struct pacc_sched *s, int i, long *ci)
{
  const struct pacc_plan *p = s->p;
  ci[PACC_CI_LO] = p->ch[i].lo;
  ci[PACC_CI_HI] = p->ch[i].hi;
  ci[PACC_CI_QUEUE] = pacc_sched_queue (s, i);
  ci[PACC_CI_INDEX] = i;
  ci[PACC_CI_GLO] = s->g->hlo;
  ci[PACC_CI_GHI] = s->g->hhi;
  ci[PACC_CI_SHIFT] = 0;
  if (!p->skew)
    return;
  /* Shifted up by hhi per step left; the end chunks reach the ends.  */
  ci[PACC_CI_GLO] = -s->g->hhi;
  ci[PACC_CI_SHIFT] = s->g->hhi;
  if (i == 0)
    ci[PACC_CI_LO] = -PACC_CI_UNBOUNDED;
  if (i == p->nchunks - 1)
    ci[PACC_CI_HI] = PACC_CI_UNBOUNDED;
}

void
pacc_sched_init (struct pacc_sched *s, char *const *host)
{
  const char *w = s->where;
  s->cur_host = pacc_xcalloc (w, (size_t) s->n, sizeof *s->cur_host, "arrays");
  s->new_host = pacc_xcalloc (w, (size_t) s->n, sizeof *s->new_host, "arrays");
  s->perm_tmp = pacc_xcalloc (w, (size_t) s->n, sizeof *s->perm_tmp, "arrays");
  for (int i = 0; i < s->n; i++)
    s->cur_host[i] = host[i];
}

int
pacc_sched_in_carry (const struct pacc_sched *s, int a)
{
  return s->a[a].kind == PACC_KIND_INOUT
         || (s->a[a].kind == PACC_KIND_IN && s->p->carry == PACC_CARRY_BUFFER
             && !s->p->ring);
}

int
pacc_sched_in_ring (const struct pacc_sched *s, int a)
{
  return s->p->ring && s->a[a].kind == PACC_KIND_IN;
}

char *
pacc_sched_ring_row (const struct pacc_sched *s, int a, long row)
{
  long r = row - s->ring_first + s->ring_start;
  return (char *) s->ring[a]
         + (size_t) ((unsigned __int128) r * s->a[a].row_bytes
                     % s->ring_bytes[a]);
}

int
pacc_sched_ring_part (const struct pacc_sched *s, const void *p, size_t bytes,
                      char **p1, size_t *n1, char **p2)
{
  for (int a = 0; s->ring && a < s->n; a++)
    {
      char *r = s->ring[a];
      size_t len = s->ring_bytes[a];
      if (!r || (const char *) p < r || (const char *) p >= r + 2 * len)
        continue;
      size_t off = (size_t) ((const char *) p - r) % len;
      if (bytes > len)
        pacc_internal_error (s->where, "%zu bytes of a ring of %zu", bytes,
                             len);
      *p1 = r + off;
      *p2 = r;
      *n1 = bytes < len - off ? bytes : len - off;
      return 1;
    }
  return 0;
}

int
pacc_sched_ring_event (const struct pacc_sched *s, int t)
{
  return 4 * s->p->nchunks + s->p->ndev + t;
}

int
pacc_sched_ring_slot (const struct pacc_sched *s, int i)
{
  return (int) ((s->plan_blocks - 1) & 1) * s->p->nchunks + i;
}

int
pacc_sched_ring_waits (struct pacc_sched *s, int i, int *m)
{
  const struct pacc_plan *p = s->p;
  const struct pacc_chunk *c = &p->ch[i];
  long base = s->ring_start - s->ring_first;
  long x0 = c->xlo + base, x1 = c->xhi + base;
  int n = 0, c2 = 2 * p->nchunks, t = pacc_sched_ring_slot (s, i);
  /* Loading ring row x may overwrite the bytes of rows x - len - 1 to
     x - len (rows need not fill the ring exactly).  Load ranges grow
     with the chunk index and the blocks follow each other: walk back
     until a range ends below (a ring holds at most two blocks).  */
  for (int d = 1; d < c2 && x1 > x0; d++)
    {
      int u = (t - d + c2) % c2;
      /* Chunks of the last block, and of the one before it (their slots
         wait for this block's later chunks).  */
      if (s->plan_blocks < (d > i + p->nchunks ? 3 : d > i ? 2 : 1))
        break;
      long a0 = s->ring_w[2 * u], a1 = s->ring_w[2 * u + 1];
      if (a1 <= x0 - s->ring_len - 1)
        break;
      if (a0 >= x1 - s->ring_len)
        continue;
      if (d < p->nbuf || s->ev_q[pacc_sched_ring_event (s, u)] < 0)
        pacc_internal_error (s->where,
                             "chunk %d's rows in the rings "
                             "overwrite those of the chunk %d before it, "
                             "which may still run (rings of %ld rows)",
                             i, d, s->ring_len);
      m[n++] = u;
    }
  s->ring_w[2 * t] = c->llo + base;
  s->ring_w[2 * t + 1] = c->lhi + base;
  return n;
}

/* The rings of the plan's targetin arrays on device 0: 1, or 0 with *F
   saying which could not be had.  */
static int
ring_alloc (struct pacc_sched *s, struct pacc_alloc_failure *f)
{
  const struct pacc_plan *p = s->p;
  size_t unit = s->be->ring_unit ? s->be->ring_unit (0) : 0;
  if (!unit)
    pacc_internal_error (s->where, "a plan with rings and a back end "
                                   "without");
  s->ring = pacc_xcalloc (s->where, (size_t) s->n, sizeof (void *), "rings");
  s->ring_bytes
    = pacc_xcalloc (s->where, (size_t) s->n, sizeof (size_t), "rings");
  s->ring_w
    = pacc_xcalloc (s->where, 4 * (size_t) p->nchunks, sizeof (long), "rings");
  s->ring_m
    = pacc_xcalloc (s->where, 2 * (size_t) p->nchunks, sizeof (int), "rings");
  s->ev_ring = pacc_xcalloc (s->where, 2 * (size_t) p->nchunks,
                             sizeof (void *), "events");
  for (int i = 0; i < 2 * p->nchunks; i++)
    s->ev_ring[i] = s->be->event_create (0);
  s->ring_len = -1;
  s->ring_first = s->ring_start = 0;
  for (int a = 0; a < s->n; a++)
    if (pacc_sched_in_ring (s, a))
      {
        size_t rb = s->a[a].row_bytes;
        size_t bytes = pacc_plan_ring_bytes (p->ring_rows, rb, unit);
        long len = (long) (bytes / rb);
        s->ring_len = s->ring_len < 0 || len < s->ring_len ? len : s->ring_len;
        s->ring_bytes[a] = bytes;
        if (!(s->ring[a] = s->be->ring_alloc (0, bytes)))
          {
            f->bytes = bytes;
            f->dev = 0;
            f->array = s->a[a].name;
            f->what = " (ring)";
            s->resources = 1;
            pacc_sched_release (s);
            return 0;
          }
      }
  return 1;
}

/* A buffer of ROWS rows on device 0 into (*BUF)[a] for every array a in
   the carry (or with BAND, every targetinout array), and an event per
   chunk into *EV: 1, or 0 with *F saying which buffer could not be had,
   everything given back.  */
static int
side_bufs (struct pacc_sched *s, void ***buf, void ***ev, long rows, int band,
           const char *what, struct pacc_alloc_failure *f)
{
  const struct pacc_plan *p = s->p;
  *buf = pacc_xcalloc (s->where, (size_t) s->n, sizeof (void *), "buffers");
  *ev
    = pacc_xcalloc (s->where, (size_t) p->nchunks, sizeof (void *), "events");
  for (int i = 0; i < p->nchunks; i++)
    (*ev)[i] = s->be->event_create (0);
  for (int a = 0; a < s->n; a++)
    if (band ? s->a[a].kind == PACC_KIND_INOUT : pacc_sched_in_carry (s, a))
      {
        size_t bytes = (size_t) rows * s->a[a].row_bytes;
        if (!((*buf)[a] = s->be->alloc (0, bytes ? bytes : 1)))
          {
            f->bytes = bytes;
            f->dev = 0;
            f->array = s->a[a].name;
            f->what = what;
            s->resources = 1;
            pacc_sched_release (s);
            return 0;
          }
      }
  return 1;
}

/* Whether the plan's buffers can be the host arrays themselves: the
   planner's pacc_plan_in_place (plan-make.c: on the host path, a
   resident plan of one chunk whose buffer holds exactly the arrays'
   rows, one process, one emulated device, no rings, carry or skew),
   which counted no buffer memory for them.  Its kernels then sweep the user's arrays in place, as the
   sequential build and `omp parallel for' do, and its loads and
   write-backs would copy a region onto itself: heat3d 384³ on one
   thread spent 2.1 s loading 864 MiB (the first touch of the buffer's
   fresh pages) against 2.2 s of kernels (benchmarks/RESULTS.md, "The
   host engine in place").  A rotation at a block's end permutes the
   buffers as it permutes the host arrays they stand for, so each name
   stays in place.  targettemp arrays keep buffers of their own: their
   host arrays are never written (pacc.unit/jacobi_copy.c), and swaps
   stay within one clause.  */
static int
in_place (const struct pacc_sched *s)
{
  const struct pacc_plan *p = s->p;
  if (!s->on_host || !p->in_place || !p->resident || s->side)
    return 0;
  for (int a = 0; a < s->n; a++)
    if (!s->cur_host[a])
      return 0;
  return 1;
}

/* Whether array A's buffer is its host array (in_place).  */
static int
host_buf (const struct pacc_sched *s, int a)
{
  return s->in_place && s->a[a].kind != PACC_KIND_TEMP;
}

/* Queues, events and buffers of the plan.  */
int
pacc_sched_alloc (struct pacc_sched *s, struct pacc_alloc_failure *f)
{
  const struct pacc_backend *be = s->be;
  const struct pacc_plan *p = s->p;
  int i, b, a;

  s->queue
    = pacc_xcalloc (s->where, (size_t) p->nqueues, sizeof (void *), "queues");
  for (i = 0; i < p->nqueues; i++)
    s->queue[i] = be->queue_create (i % p->ndev, i);
  s->ev_load
    = pacc_xcalloc (s->where, (size_t) p->nchunks, sizeof (void *), "events");
  s->ev_wb
    = pacc_xcalloc (s->where, (size_t) p->nchunks, sizeof (void *), "events");
  for (i = 0; i < p->nchunks; i++)
    {
      s->ev_load[i] = be->event_create (pacc_sched_device (s, i));
      s->ev_wb[i] = be->event_create (pacc_sched_device (s, i));
    }
  s->buf = pacc_xcalloc (s->where, (size_t) p->nbuf * (size_t) s->n,
                         sizeof (void *), "buffers");
  s->buf_last
    = pacc_xcalloc (s->where, (size_t) p->nbuf, sizeof (int), "buffers");
  s->buf_busy = pacc_xcalloc (s->where, (size_t) p->nbuf, 1, "buffers");
  s->bperm
    = pacc_xcalloc (s->where, (size_t) s->n, sizeof *s->bperm, "arrays");
  for (i = 0; i < s->n; i++)
    s->bperm[i] = i;
  s->in_place = in_place (s);
  for (b = 0; b < p->nbuf; b++)
    {
      s->buf_last[b] = -1;
      for (a = 0; a < s->n; a++)
        {
          size_t bytes = (size_t) p->buf_rows * s->a[a].row_bytes;
          if (pacc_sched_in_ring (s, a))
            continue;
          if (host_buf (s, a))
            {
              s->buf[a] = pacc_sched_host_row (s, a, s->g->lo0);
              continue;
            }
          void *m = be->alloc (b % p->ndev, bytes);
          if (!m)
            {
              f->bytes = bytes;
              f->dev = b % p->ndev;
              f->array = s->a[a].name;
              f->what = "";
              s->resources = 1;
              pacc_sched_release (s);
              return 0;
            }
          s->buf[(size_t) b * (size_t) s->n + (size_t) a] = m;
        }
    }
  s->wbuf = pacc_xcalloc (s->where, (size_t) p->ndev * (size_t) s->wn,
                          sizeof (void *), "buffers");
  s->ev_whole
    = pacc_xcalloc (s->where, (size_t) p->ndev, sizeof (void *), "events");
  for (int d = 0; d < p->ndev; d++)
    {
      s->ev_whole[d] = be->event_create (d);
      for (int w = 0; w < s->wn; w++)
        {
          void *m = be->alloc (d, s->w[w].bytes);
          if (!m)
            {
              f->bytes = s->w[w].bytes;
              f->dev = d;
              f->array = s->w[w].name;
              f->what = " (copyin)";
              s->resources = 1;
              pacc_sched_release (s);
              return 0;
            }
          s->wbuf[(size_t) d * (size_t) s->wn + (size_t) w] = m;
        }
    }
  if ((p->ring && !ring_alloc (s, f))
      || (p->carry
          && !side_bufs (s, &s->cbuf, &s->ev_carry, p->carry_rows, 0,
                         " (carry)", f))
      || (p->skew
          && !side_bufs (s, &s->sbuf, &s->ev_band, p->band_buf_rows, 1,
                         " (bands)", f)))
    return 0;
  int nev = p->ring ? pacc_sched_ring_event (s, 2 * p->nchunks)
                    : (p->carry ? 3 : 2) * p->nchunks + p->ndev
                        + (p->skew ? p->nchunks : 0);
  s->ev_q = pacc_xcalloc (s->where, (size_t) nev, sizeof *s->ev_q, "events");
  for (i = 0; i < nev; i++)
    s->ev_q[i] = -1;
  s->rot = 0;
  pacc_race_start (&s->race, s->where, p->nqueues, nev);
  s->resources = 1;
  if (be->select_device)
    be->select_device (0);
  return 1;
}

void
pacc_sched_release (struct pacc_sched *s)
{
  const struct pacc_backend *be = s->be;
  const struct pacc_plan *p = s->p;
  int i;

  if (!s->resources)
    return;
  for (i = 0; i < p->nqueues; i++)
    be->sync (s->queue[i]);
  pacc_race_free (&s->race);
  for (i = 0; s->buf && i < p->nbuf * s->n; i++)
    if (s->buf[i] && !host_buf (s, i % s->n))
      be->free (i / s->n % p->ndev, s->buf[i]);
  for (i = 0; i < p->nchunks; i++)
    {
      be->event_destroy (s->ev_load[i]);
      be->event_destroy (s->ev_wb[i]);
    }
  for (i = 0; s->ev_whole && i < p->ndev; i++)
    {
      if (s->ev_whole[i])
        be->event_destroy (s->ev_whole[i]);
      for (int w = 0; w < s->wn; w++)
        if (s->wbuf[(size_t) i * (size_t) s->wn + (size_t) w])
          be->free (i, s->wbuf[(size_t) i * (size_t) s->wn + (size_t) w]);
    }
  for (i = 0; s->ev_carry && i < p->nchunks; i++)
    be->event_destroy (s->ev_carry[i]);
  for (i = 0; s->cbuf && i < s->n; i++)
    if (s->cbuf[i])
      be->free (0, s->cbuf[i]);
  for (i = 0; s->ev_band && i < p->nchunks; i++)
    be->event_destroy (s->ev_band[i]);
  for (i = 0; s->sbuf && i < s->n; i++)
    if (s->sbuf[i])
      be->free (0, s->sbuf[i]);
  for (i = 0; s->ring && i < s->n; i++)
    if (s->ring[i])
      be->ring_free (0, s->ring[i], s->ring_bytes[i]);
  free (s->ring);
  free (s->ring_bytes);
  for (i = 0; s->ev_ring && i < 2 * p->nchunks; i++)
    be->event_destroy (s->ev_ring[i]);
  free (s->ev_ring);
  s->ev_ring = NULL;
  free (s->ring_w);
  free (s->ring_m);
  s->ring = NULL;
  s->ring_bytes = NULL;
  s->ring_w = NULL;
  s->ring_m = NULL;
  free (s->cbuf);
  free (s->ev_carry);
  free (s->sbuf);
  free (s->ev_band);
  s->sbuf = s->ev_band = NULL;
  free (s->wbuf);
  free (s->ev_whole);
  for (i = 0; i < p->nqueues; i++)
    be->queue_destroy (s->queue[i]);
  free (s->buf);
  free (s->buf_last);
  free (s->buf_busy);
  free (s->bperm);
  free (s->ev_load);
  free (s->ev_wb);
  free (s->ev_q);
  free (s->queue);
  s->cbuf = s->wbuf = NULL;
  s->ev_carry = s->ev_whole = s->ev_load = s->ev_wb = s->queue = NULL;
  s->buf = NULL;
  s->in_place = 0;
  s->buf_last = s->bperm = NULL;
  s->buf_busy = NULL;
  s->ev_q = NULL;
  s->resources = 0;
  s->plan_blocks = 0;
}

void
pacc_sched_end (struct pacc_sched *s)
{
  pacc_sched_release (s);
  free (s->cur_host);
  free (s->new_host);
  free (s->perm_tmp);
  s->cur_host = s->new_host = NULL;
  s->perm_tmp = NULL;
}

char *
pacc_sched_host_row (const struct pacc_sched *s, int a, long x)
{
  long rb = (long) s->a[a].row_bytes;
  if (s->side && x < s->g->lo0)
    return s->side[2 * a] + (x - s->side_first[0]) * rb;
  if (s->side && x >= s->g->lo0 + s->g->len0)
    return s->side[2 * a + 1] + (x - s->side_first[1]) * rb;
  return s->cur_host[a] + x * rb;
}

void
pacc_sched_wait_all (struct pacc_sched *s)
{
  for (int i = 0; s->resources && i < s->p->nqueues; i++)
    s->be->sync (s->queue[i]);
}
