/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* dist.c - a region over the ranks of a communicator (dist.h).

   Every check runs on data all ranks gathered, so every rank finds the
   same error and stops with the same message: no rank is left waiting in
   a collective call.  Exchanges happen between blocks, once the previous
   block's write-backs are on the host, from the host arrays: rank r
   sends its first rows to r - 1 and its last rows to r + 1, and receives
   theirs into its side buffers, which its chunks load from like the
   user's rows.  */

#include "dist.h"
#include "diag.h"
#include "pacc-abi.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* An error every rank finds: each prints it and waits for the others
   before it exits, so that mpirun, which stops the job when the first
   rank exits, cuts no rank's message.  */
static void __attribute__ ((format (printf, 2, 3), noreturn))
fail_all (struct pacc_dist *d, const char *fmt, ...)
{
  char msg[1024];
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (msg, sizeof msg, fmt, ap);
  va_end (ap);
  fprintf (stderr, "pacc: %s: %s\n", d->where, msg);
  fflush (stderr);
  d->ops->barrier (d->ctx);
  exit (1);
}

static void
gather (struct pacc_dist *d, const void *in, void *out, size_t bytes)
{
  char err[512];
  if (d->ops->allgather (d->ctx, in, out, bytes, err, sizeof err))
    pacc_error (d->where, "with 'mpi', %s", err);
}

static void
exchange (struct pacc_dist *d, const struct pacc_xfer *x, int nx)
{
  char err[512];
  double t0 = pacc_now_us ();
  if (nx && d->ops->exchange (d->ctx, x, nx, err, sizeof err))
    pacc_error (d->where, "with 'mpi', %s", err);
  d->t_exchange += pacc_now_us () - t0;
  for (int i = 0; i < nx; i++)
    if (!x[i].send)
      d->b_exchange += x[i].bytes;
}

/* Fields every rank must agree on, by name.  */
static void
agree (struct pacc_dist *d, const long *v, const char *const *names, int nv)
{
  long *all = pacc_xcalloc (d->where, (size_t) d->size * (size_t) nv,
                            sizeof *all, "the ranks' settings");
  gather (d, v, all, (size_t) nv * sizeof *v);
  for (int i = 0; i < nv; i++)
    for (int q = 1; q < d->size; q++)
      if (all[(size_t) q * (size_t) nv + (size_t) i] != all[i])
        fail_all (d,
                  "with 'mpi', the ranks disagree on %s: rank 0 "
                  "has %ld, rank %d has %ld",
                  names[i], all[i], q,
                  all[(size_t) q * (size_t) nv + (size_t) i]);
  free (all);
}

/* Rows a block of KK steps reaches below and above a partition.  */
static long
reach_lo (const struct pacc_geom *g, long kk)
{
  return g->hlo * kk + g->elo;
}

static long
reach_hi (const struct pacc_geom *g, long kk)
{
  return g->hhi * kk + g->ehi;
}

static long
reach_max (const struct pacc_geom *g, long kk)
{
  return reach_lo (g, kk) > reach_hi (g, kk) ? reach_lo (g, kk)
                                             : reach_hi (g, kk);
}

/* The largest k whose reach stays within the neighbours' partitions;
   0 when one step does not (R: a rank that limits it).  */
static long
largest_k (const struct pacc_dist *d, const struct pacc_geom *g, int *r)
{
  long k = LONG_MAX;
  *r = -1;
  for (int q = 0; q < d->size; q++)
    {
      long kq = LONG_MAX;
      /* q's rows are read by q + 1 (reaching down) and q - 1 (up).  */
      long reach[2] = { q + 1 < d->size ? g->hlo : 0, q > 0 ? g->hhi : 0 };
      long extra[2] = { q + 1 < d->size ? g->elo : 0, q > 0 ? g->ehi : 0 };
      for (int s = 0; s < 2; s++)
        {
          if (!reach[s] && !extra[s])
            continue;
          long room = d->plen[q] - extra[s];
          long ks = room < reach[s] ? 0
                    : reach[s]      ? room / reach[s]
                                    : LONG_MAX;
          kq = ks < kq ? ks : kq;
        }
      if (kq < k)
        k = kq, *r = q;
    }
  return k;
}

static void
check_kernels (struct pacc_dist *d, long *kb, int nk, const long *ulo0)
{
  if (!nk)
    return;
  long *mine
    = pacc_xcalloc (d->where, 2 * (size_t) nk, sizeof *mine, "kernel rows");
  long *all = pacc_xcalloc (d->where, 2 * (size_t) nk * (size_t) d->size,
                            sizeof *all, "kernel rows");
  /* In global rows.  */
  for (int j = 0; j < 2 * nk; j++)
    mine[j] = kb[j] - d->ulo0 + d->base;
  gather (d, mine, all, 2 * (size_t) nk * sizeof *mine);
  for (int j = 0; j < nk; j++)
    {
      long e = LONG_MAX, f = LONG_MIN;
      for (int q = 0; q < d->size; q++)
        {
          const long *b = &all[((size_t) q * (size_t) nk + (size_t) j) * 2];
          if (b[1] > b[0])
            e = b[0] < e ? b[0] : e, f = b[1] > f ? b[1] : f;
        }
      for (int q = 0; q < d->size; q++)
        {
          const long *b = &all[((size_t) q * (size_t) nk + (size_t) j) * 2];
          long p = d->pfirst[q], pq = p + d->plen[q];
          long c = e > p ? e : p, dd = f < pq ? f : pq;
          int empty = !(dd > c), has = b[1] > b[0];
          if ((empty && has) || (!empty && (b[0] != c || b[1] != dd)))
            {
              long base_q = d->pfirst[q] - (q ? d->ghosts : 0);
              fail_all (d,
                        "with 'mpi', kernel %d covers global "
                        "rows [%ld, %ld) on rank %d, whose rows are "
                        "[%ld, %ld): it must cover [%ld, %ld), the "
                        "kernel's global rows [%ld, %ld) within them "
                        "(rank %d's local row = global row - %ld)",
                        j + 1, b[0], b[1] > b[0] ? b[1] : b[0], q, p, pq, c,
                        dd > c ? dd : c, e, f, q, base_q - ulo0[q]);
            }
        }
      if (f > e)
        kb[2 * j] = e - d->base + d->ulo0,
               kb[2 * j + 1] = f - d->base + d->ulo0;
      else
        kb[2 * j] = kb[2 * j + 1] = d->ulo0;
    }
  free (mine);
  free (all);
}

void
pacc_dist_setup (struct pacc_dist *d, struct pacc_geom *g, const long *sig,
                 const char *const *signames, int nsig,
                 const struct pacc_plan_array *a, int n, long *kb, int nk)
{
  const char *w = d->where;
  d->n = n;
  d->a = a;
  d->ulo0 = g->lo0;
  d->set = pacc_settings;
  /* The ranks' blocks have the same steps, the first one's too.  */
  if (d->set.k_first > 0 && d->rank == 0)
    pacc_warning (w,
                  "PACC_K_FIRST=%ld is ignored in a region with the "
                  "'mpi' clause: the first block has k steps, as on every "
                  "rank",
                  d->set.k_first);
  d->set.k_first = 0;
  agree (d, sig, signames, nsig);
  /* The arrays, once their number is agreed.  */
  long *av = pacc_xcalloc (w, 2 * (size_t) n, sizeof *av, "arrays");
  const char **an = pacc_xcalloc (w, 2 * (size_t) n, sizeof *an, "arrays");
  char *names = pacc_xcalloc (w, 2 * (size_t) n, 96, "arrays");
  for (int i = 0; i < n; i++)
    {
      av[2 * i] = a[i].kind;
      av[2 * i + 1] = (long) a[i].row_bytes;
      snprintf (names + 192 * i, 96, "the clause of array %d ('%s')", i + 1,
                a[i].name);
      snprintf (names + 192 * i + 96, 96,
                "the bytes per row of array %d "
                "('%s')",
                i + 1, a[i].name);
      an[2 * i] = names + 192 * i;
      an[2 * i + 1] = names + 192 * i + 96;
    }
  agree (d, av, an, 2 * n);
  free (av);
  free (an);
  free (names);

  /* Partitions.  */
  long mine[2] = { g->lo0, g->len0 };
  long *all = pacc_xcalloc (w, 2 * (size_t) d->size, sizeof *all, "ranks");
  gather (d, mine, all, sizeof mine);
  long G = d->ghosts;
  if (G < 0)
    fail_all (d, "with 'mpi', the ghost rows (%ld) must not be negative", G);
  d->plen = pacc_xcalloc (w, (size_t) d->size, sizeof *d->plen, "ranks");
  d->pfirst = pacc_xcalloc (w, (size_t) d->size, sizeof *d->pfirst, "ranks");
  long own_before = 0,
       *ulo0 = pacc_xcalloc (w, (size_t) d->size, sizeof *ulo0, "ranks");
  for (int q = 0; q < d->size; q++)
    {
      long len = all[2 * q + 1], own = len - 2 * G;
      ulo0[q] = all[2 * q];
      if (own < 1)
        fail_all (d,
                  "with 'mpi', rank %d of %d owns no rows (its size "
                  "clause gives %ld rows, 2 x %ld of them ghost rows)",
                  q, d->size, len, G);
      d->plen[q] = own + (q == 0 ? G : 0) + (q == d->size - 1 ? G : 0);
      d->pfirst[q] = q == 0 ? 0 : own_before + G;
      if (q == d->rank)
        d->base = own_before;
      own_before += own;
    }
  d->total = own_before + 2 * G;
  free (all);
  /* The ghost rows after the region come from one neighbour each.  */
  for (int q = 0; q < d->size; q++)
    if ((q > 0 && G > d->plen[q - 1])
        || (q + 1 < d->size && G > d->plen[q + 1]))
      fail_all (d,
                "with 'mpi', the %ld ghost rows of rank %d reach "
                "beyond the rows of a neighbouring rank (%ld and %ld)",
                G, q, q > 0 ? d->plen[q - 1] : 0,
                q + 1 < d->size ? d->plen[q + 1] : 0);

  g->lo0 = d->ulo0 + (d->rank ? G : 0);
  g->len0 = d->plen[d->rank];
  g->ext_lo = d->pfirst[d->rank];
  g->ext_hi = d->total - d->pfirst[d->rank] - d->plen[d->rank];

  int r;
  d->kmax = largest_k (d, g, &r);
  if (d->kmax < 1)
    fail_all (d,
              "with 'mpi', one time step reaches %ld rows into the "
              "neighbouring ranks' slabs, but rank %d owns only %ld rows "
              "(use fewer ranks)",
              reach_max (g, 1), r, d->plen[r]);
  if (d->set.k > d->kmax)
    fail_all (d,
              "with 'mpi', PACC_K=%ld makes a block reach %ld rows "
              "into the neighbouring ranks' slabs, but rank %d owns only "
              "%ld rows: set PACC_K to at most %ld (or use fewer ranks)",
              d->set.k, reach_max (g, d->set.k), r, d->plen[r], d->kmax);
  check_kernels (d, kb, nk, ulo0);
  free (ulo0);
}

long
pacc_dist_agree_k (struct pacc_dist *d, long k)
{
  long mine = k < d->kmax ? k : d->kmax;
  long *all = pacc_xcalloc (d->where, (size_t) d->size, sizeof *all, "ranks");
  gather (d, &mine, all, sizeof mine);
  for (int q = 0; q < d->size; q++)
    mine = all[q] < mine ? all[q] : mine;
  free (all);
  return mine;
}

void
pacc_dist_side (struct pacc_dist *d, struct pacc_sched *s, long k)
{
  const struct pacc_geom *g = s->g;
  size_t rows_all = 0;
  /* Rank 0 has nothing below, the last rank nothing above.  */
  long dlo = reach_lo (g, k) < g->ext_lo ? reach_lo (g, k) : g->ext_lo;
  long dhi = reach_hi (g, k) < g->ext_hi ? reach_hi (g, k) : g->ext_hi;
  for (int a = 0; a < d->n; a++)
    if (d->a[a].kind != PACC_KIND_TEMP)
      rows_all += (size_t) (dlo + dhi) * d->a[a].row_bytes;
  d->side = pacc_xcalloc (d->where, 2 * (size_t) d->n, sizeof *d->side,
                          "side buffers");
  d->side2 = pacc_xcalloc (d->where, 2 * (size_t) d->n, sizeof *d->side2,
                           "side buffers");
  d->side_bytes = rows_all;
  d->side_mem = rows_all ? pacc_xmalloc (d->where, rows_all,
                                         "the rows of the neighbouring "
                                         "ranks")
                         : NULL;
  char *m = d->side_mem;
  for (int a = 0; a < d->n; a++)
    if (d->a[a].kind != PACC_KIND_TEMP)
      {
        d->side[2 * a] = m;
        m += (size_t) dlo * d->a[a].row_bytes;
        d->side[2 * a + 1] = m;
        m += (size_t) dhi * d->a[a].row_bytes;
      }
  s->side = d->side;
  s->new_side = d->side2;
  s->side_first[0] = g->lo0 - dlo;
  s->side_first[1] = g->lo0 + g->len0;
}

/* One array's messages: rows [lo, hi) of this rank to or from PEER.  */
static void
add_xfer (struct pacc_xfer *x, int *nx, int peer, int send, int tag, void *buf,
          long rows, size_t rb)
{
  if (rows <= 0)
    return;
  x[*nx].peer = peer;
  x[*nx].send = send;
  x[*nx].tag = tag;
  x[*nx].buf = buf;
  x[*nx].bytes = (size_t) rows * rb;
  (*nx)++;
}

/* Array A's messages with the neighbouring ranks: from rank r - 1 its
   last NLO rows into the NLO rows below lo0, to it the first NHI own
   rows; from rank r + 1 its first NHI rows into the rows from
   lo0 + len0, to it the last NLO own rows.  Received into the side
   buffers (SIDE) or into the user's ghost rows.  */
static void
neighbours (const struct pacc_dist *d, const struct pacc_sched *s, int a,
            long nlo, long nhi, int side, struct pacc_xfer *x, int *nx)
{
  const struct pacc_geom *g = s->g;
  size_t rb = d->a[a].row_bytes;
  long end = g->lo0 + g->len0;
  if (d->rank > 0)
    {
      char *in = side ? pacc_sched_host_row (s, a, g->lo0 - nlo)
                      : s->cur_host[a] + (g->lo0 - nlo) * (long) rb;
      add_xfer (x, nx, d->rank - 1, 0, 2 * a, in, nlo, rb);
      add_xfer (x, nx, d->rank - 1, 1, 2 * a + 1,
                pacc_sched_host_row (s, a, g->lo0), nhi, rb);
    }
  if (d->rank + 1 < d->size)
    {
      char *in = side ? pacc_sched_host_row (s, a, end)
                      : s->cur_host[a] + end * (long) rb;
      add_xfer (x, nx, d->rank + 1, 0, 2 * a + 1, in, nhi, rb);
      add_xfer (x, nx, d->rank + 1, 1, 2 * a,
                pacc_sched_host_row (s, a, end - nlo), nlo, rb);
    }
}

void
pacc_dist_block (struct pacc_dist *d, struct pacc_sched *s, long kk)
{
  const struct pacc_geom *g = s->g;
  int r = d->rank;
  /* The previous block's write-backs are what the neighbours read (one
     rank: nothing to exchange, and the blocks overlap as without mpi).  */
  if (d->size == 1)
    return;
  long below = reach_lo (g, kk), above = reach_hi (g, kk);
  if (d->blocks)
    {
      /* A resident plan keeps the rows on the devices: the edge rows go
         to the host first.  */
      pacc_sched_edges_out (s, r > 0 ? above : 0, r + 1 < d->size ? below : 0);
      pacc_sched_wait_all (s);
    }
  struct pacc_xfer *x
    = pacc_xcalloc (d->where, 4 * (size_t) d->n, sizeof *x, "messages");
  int nx = 0;
  /* Into the side buffers.  A neighbour's partition holds every row
     the block reaches (largest_k), so the rows come from it alone.  */
  for (int a = 0; a < d->n; a++)
    /* targetin rows never change: once.  */
    if (d->a[a].kind == PACC_KIND_INOUT
        || (d->a[a].kind == PACC_KIND_IN && !d->blocks))
      neighbours (d, s, a, below, above, 1, x, &nx);
  exchange (d, x, nx);
  free (x);
  d->blocks++;
}

void
pacc_dist_ghosts (struct pacc_dist *d, struct pacc_sched *s)
{
  long G = d->ghosts;
  pacc_sched_wait_all (s);
  struct pacc_xfer *x
    = pacc_xcalloc (d->where, 4 * (size_t) d->n + 1, sizeof *x, "messages");
  int nx = 0;
  /* Into the user's ghost rows.  */
  for (int a = 0; a < d->n; a++)
    if (d->a[a].kind == PACC_KIND_INOUT)
      neighbours (d, s, a, G, G, 0, x, &nx);
  exchange (d, x, nx);
  free (x);
}

/* Combining in rank order, per type.  */
#define COMBINE(T, LOGIC_ONLY)                                                \
  static void combine_##T (T *acc, const T *v, long n, int op)                \
  {                                                                           \
    for (long i = 0; i < n; i++)                                              \
      switch (op)                                                             \
        {                                                                     \
        case PACC_RED_ADD:                                                    \
          acc[i] = acc[i] + v[i];                                             \
          break;                                                              \
        case PACC_RED_MUL:                                                    \
          acc[i] = acc[i] * v[i];                                             \
          break;                                                              \
        case PACC_RED_LAND:                                                   \
          acc[i] = acc[i] && v[i];                                            \
          break;                                                              \
        case PACC_RED_LOR:                                                    \
          acc[i] = acc[i] || v[i];                                            \
          break;                                                              \
        case PACC_RED_MAX:                                                    \
          acc[i] = acc[i] > v[i] ? acc[i] : v[i];                             \
          break;                                                              \
        case PACC_RED_MIN:                                                    \
          acc[i] = acc[i] < v[i] ? acc[i] : v[i];                             \
          break;                                                              \
        default:                                                              \
          LOGIC_ONLY;                                                         \
        }                                                                     \
  }
#define BITS(T)                                                               \
  switch (op)                                                                 \
    {                                                                         \
    case PACC_RED_AND:                                                        \
      acc[i] = acc[i] & v[i];                                                 \
      break;                                                                  \
    case PACC_RED_OR:                                                         \
      acc[i] = acc[i] | v[i];                                                 \
      break;                                                                  \
    case PACC_RED_XOR:                                                        \
      acc[i] = acc[i] ^ v[i];                                                 \
      break;                                                                  \
    default:                                                                  \
      abort ();                                                               \
    }
COMBINE (int8_t, BITS (int8_t))
COMBINE (int16_t, BITS (int16_t))
COMBINE (int32_t, BITS (int32_t))
COMBINE (int64_t, BITS (int64_t))
COMBINE (uint8_t, BITS (uint8_t))
COMBINE (uint16_t, BITS (uint16_t))
COMBINE (uint32_t, BITS (uint32_t))
COMBINE (uint64_t, BITS (uint64_t))
COMBINE (float, abort ())
COMBINE (double, abort ())
typedef long double ldouble;
COMBINE (ldouble, abort ())

void
pacc_dist_reduce (struct pacc_dist *d, void *buf, long count, int bytes,
                  int type, int op)
{
  size_t sz = (size_t) count * (size_t) bytes;
  if (count <= 0 || bytes <= 0)
    return;
  char *all
    = pacc_xcalloc (d->where, (size_t) d->size, sz, "reduction results");
  gather (d, buf, all, sz);
  memcpy (buf, all, sz);
  for (int q = 1; q < d->size; q++)
    {
      const void *v = all + (size_t) q * sz;
#define CASE(T)                                                               \
  combine_##T ((T *) buf, (const T *) v, count, op);                          \
  break
      if (type == 2)
        switch (bytes)
          {
          case sizeof (float):
            CASE (float);
          case sizeof (double):
            CASE (double);
          case sizeof (ldouble):
            CASE (ldouble);
          default:
            goto bad;
          }
      else if (type == 0)
        switch (bytes)
          {
          case 1:
            CASE (int8_t);
          case 2:
            CASE (int16_t);
          case 4:
            CASE (int32_t);
          case 8:
            CASE (int64_t);
          default:
            goto bad;
          }
      else
        switch (bytes)
          {
          case 1:
            CASE (uint8_t);
          case 2:
            CASE (uint16_t);
          case 4:
            CASE (uint32_t);
          case 8:
            CASE (uint64_t);
          default:
            goto bad;
          }
#undef CASE
    }
  free (all);
  return;
bad:
  pacc_internal_error (d->where,
                       "reduction of %d-byte elements of type "
                       "class %d",
                       bytes, type);
}

void
pacc_dist_end (struct pacc_dist *d)
{
  if (pacc_settings.verbose && d->size > 1)
    {
      char b[32];
      pacc_note (d->where,
                 "mpi: rank %d of %d, global rows [%ld, %ld) of "
                 "%ld; %ld exchanges, %s received in %.3f s",
                 d->rank, d->size, d->pfirst[d->rank],
                 d->pfirst[d->rank] + d->plen[d->rank], d->total, d->blocks,
                 pacc_fmt_bytes (b, sizeof b, d->b_exchange),
                 d->t_exchange * 1e-6);
    }
  free (d->side_mem);
  free (d->side);
  free (d->side2);
  free (d->plen);
  free (d->pfirst);
  d->side_mem = NULL;
  d->side = d->side2 = NULL;
  d->plen = d->pfirst = NULL;
  if (d->ops->end)
    d->ops->end (d->ctx);
}
