/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* bench-mpi.h -- what the MPI benchmarks (jacobi-mpi.c, cip-mpi.c) share:
   the slab of global rows each rank owns, and a hash of a float array
   over all ranks that equals bench.h's hash of the whole global array
   (the hash is a sum over the global index, so each rank adds its own
   rows' terms).  Not timed.  */

#ifndef PACC_BENCH_MPI_H
#define PACC_BENCH_MPI_H

#include <mpi.h>

#include "bench.h"

/* The interior rows [1, X - 1) split as evenly as can be: rank R owns
   *OWN of them from global row 1 + *OFF; its local array has *OWN + 2
   rows (one ghost row each side), local row i = global row *OFF + i.  */
static inline void
bench_mpi_slab (long X, int rank, int size, long *own, long *off)
{
  long n = X - 2, o = 0;
  for (int r = 0; r <= rank; r++)
    {
      long k = n / size + (r < n % size ? 1 : 0);
      if (r == rank)
        *own = k, *off = o;
      o += k;
    }
}

struct bench_mpi_hash
{
  const float *a;   /* the first row's element 0.  */
  long Y, goff;     /* GOFF: global element index of a[0].  */
  uint64_t h;
};

static void
bench_mpi_hash_rows (long lo, long hi, void *vctx)
{
  struct bench_mpi_hash *c = (struct bench_mpi_hash *) vctx;
  uint64_t h = 0;
  for (long i = lo * c->Y; i < hi * c->Y; i++)
    h += bench_hash_term ((uint64_t) (c->goff + i), c->a[i]);
  /* The sum commutes: the threads' ranges add in any order.  */
  __atomic_add_fetch (&c->h, h, __ATOMIC_RELAXED);
}

/* Prints on rank 0 "checksum NAME hash H" for the global array whose
   rows this rank holds: local rows [FIRST, LAST) of A (Y floats per row)
   are global rows from GFIRST.  */
static inline void
bench_mpi_print_hash (const char *name, const float *a, long first,
                      long last, long gfirst, long Y, MPI_Comm comm)
{
  struct bench_mpi_hash c;
  memset (&c, 0, sizeof c);
  c.a = a + first * Y;
  c.Y = Y;
  c.goff = gfirst * Y;
  bench_parallel (last - first, bench_mpi_hash_rows, &c);
  unsigned long long mine = c.h, all = 0;
  int rank;
  MPI_Comm_rank (comm, &rank);
  MPI_Reduce (&mine, &all, 1, MPI_UNSIGNED_LONG_LONG, MPI_SUM, 0, comm);
  if (!rank)
    printf ("checksum %s hash %016llx\n", name, all);
}

#endif /* PACC_BENCH_MPI_H */
