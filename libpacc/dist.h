/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* dist.h - a region whose rows are split over the ranks of an MPI
   communicator (`mpi(COMM, GHOSTS)'): the ranks' agreement on the region,
   the rows each rank owns and may load, the bounds its kernels use, k,
   the exchange of the rows a block reaches into the neighbouring ranks'
   slabs, the ghost rows after the region, and reductions over the ranks
   (dist.c).  MPI itself is behind struct pacc_dist_ops, which
   libpacc-mpi.so (mpi.c) fills: libpacc needs no MPI.

   Rows.  On rank r the size clause gives rows [ulo0, ulo0 + ulen0), the
   first and last GHOSTS of them ghost rows.  Global row = local row - ulo0
   + base_r, base_r the own rows of the ranks before r: rank 0's rows are
   global rows [0, ulen0), and rank r's own rows follow rank r - 1's.
   Rank 0's low ghost rows and the last rank's high ones are the global
   array's first and last rows: theirs.  Each rank's chunks split its rows
   (its partition, plen[r] rows); they may load up to k * halo rows of the
   neighbours' partitions, which the exchange puts into side buffers
   (schedule.h) before each block.  */

#ifndef PACC_DIST_H
#define PACC_DIST_H

#include <stddef.h>

#include "schedule.h"

/* One message of an exchange: BYTES at BUF to (SEND) or from rank PEER.  */
struct pacc_xfer
{
  int peer;
  int send;
  int tag;
  void *buf;
  size_t bytes;
};

/* The communicator, as libpacc-mpi gives it.  Each returns 0, or nonzero
   with a message (the MPI call and MPI's words) in ERR.  */
struct pacc_dist_ops
{
  /* OUT[r * BYTES ...] = rank r's BYTES at IN, on every rank.  */
  int (*allgather) (void *ctx, const void *in, void *out, size_t bytes,
                    char *err, size_t errlen);
  /* Post every transfer of X, wait for all of them.  */
  int (*exchange) (void *ctx, const struct pacc_xfer *x, int nx, char *err,
                   size_t errlen);
  /* Every rank got here.  */
  int (*barrier) (void *ctx);
  /* The region is over: free what CTX holds.  */
  void (*end) (void *ctx);
};

struct pacc_dist
{
  const struct pacc_dist_ops *ops;
  void *ctx;
  const char *where;
  int rank, size;
  long ghosts;
  long ulo0;                /* the size clause's first row on this rank.  */
  long base;                /* global = local - ulo0 + base.  */
  long *plen, *pfirst;      /* [size]: each rank's partition, rows and its
                            first global row.  */
  long total;               /* rows of the global array.  */
  long kmax;                /* the largest k the neighbours' slabs allow.  */
  struct pacc_settings set; /* what the planner gets: k once agreed.  */
  int n;
  const struct pacc_plan_array *a;
  char **side, **side2; /* [2 * n]: given to the schedule.  */
  char *side_mem;       /* all side buffers.  */
  size_t side_bytes;
  long blocks;       /* exchanges done.  */
  double t_exchange; /* microseconds in exchanges.  */
  size_t b_exchange; /* bytes received.  */
};

/* Agree on the region: SIG (NSIG longs; names of the fields in SIGNAMES)
   must be the same on every rank, and the arrays A (N of them) too; set
   the partition and the rows beyond it into G (lo0, len0, ext_lo,
   ext_hi); replace the kernels' bounds KB (2 * NK longs, see pacc-abi.h)
   by the ones over all ranks.  Errors stop every rank, each with the
   same message.  */
void pacc_dist_setup (struct pacc_dist *d, struct pacc_geom *g,
                      const long *sig, const char *const *signames, int nsig,
                      const struct pacc_plan_array *a, int n, long *kb,
                      int nk);

/* The k every rank uses, given this rank's plan's K: the smallest over
   the ranks (and at most kmax).  */
long pacc_dist_agree_k (struct pacc_dist *d, long k);

/* Side buffers for blocks of at most K steps, handed to S (side_mem,
   side_bytes: one host range for the back end's region_begin).  */
void pacc_dist_side (struct pacc_dist *d, struct pacc_sched *s, long k);

/* Before a block of KK steps: after the previous block's copies are done,
   the rows it reaches into the neighbours' slabs, from them.  */
void pacc_dist_block (struct pacc_dist *d, struct pacc_sched *s, long kk);

/* After the last block: the ghost rows of the targetinout arrays get the
   neighbours' rows (as one exchange after the last step would).  */
void pacc_dist_ghosts (struct pacc_dist *d, struct pacc_sched *s);

/* Combine BUF (COUNT elements, see __pacc_region_allreduce) over the
   ranks, in rank order, the same on every rank.  */
void pacc_dist_reduce (struct pacc_dist *d, void *buf, long count, int bytes,
                       int type, int op);

/* Free the side buffers and the communicator.  */
void pacc_dist_end (struct pacc_dist *d);

/* libpacc-mpi's entry into libpacc (region.c): __pacc_region_begin with
   the ranks.  ERR: an error libpacc-mpi found (printed as the region's,
   on this rank), or NULL.  */
void *__pacc_region_begin_dist (int abi_version, const char *where,
                                const char *names, int narrays,
                                void *const *host, const long *ainfo,
                                const long *rinfo, long *kb, long ghosts,
                                const struct pacc_dist_ops *ops, void *ctx,
                                int rank, int size, const char *err);

#endif /* PACC_DIST_H */
