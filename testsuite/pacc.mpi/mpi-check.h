/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.

   mpi-check.h - helpers of the pacc.mpi tests (mpi.exp): how a rank's
   slab is laid out, deterministic initial values, and the bit-for-bit
   comparison of every rank's rows with the global sequential reference
   that rank 0 computes.

   A slab: OWN rows of the rank's own plus G ghost rows on each side,
   local rows [0, OWN + 2G), local row i being global row i + BASE where
   BASE is the sum of the own rows of the ranks before it (the `mpi'
   clause's numbering with lo = 0).  The global array has
   sum(OWN) + 2G rows; rank 0's low and the last rank's high ghost rows
   are its boundary rows.

   Every rank prints "mpi-check: rank R of N: ok" when all its checks
   pass; mpi.exp wants that line from every rank and exit status 0.  A
   mismatch prints where and what and makes every rank exit with 1.  */

#ifndef MPI_CHECK_H
#define MPI_CHECK_H

#include <mpi.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int mc_rank, mc_size, mc_failures;

static void
mc_init (int *argc, char ***argv)
{
  MPI_Init (argc, argv);
  MPI_Comm_rank (MPI_COMM_WORLD, &mc_rank);
  MPI_Comm_size (MPI_COMM_WORLD, &mc_size);
  setvbuf (stdout, NULL, _IOLBF, 0);
}

static void *
mc_alloc (size_t bytes)
{
  void *p = malloc (bytes ? bytes : 1);
  if (!p)
    {
      fprintf (stderr, "mpi-check: rank %d: out of memory (%zu bytes)\n",
               mc_rank, bytes);
      MPI_Abort (MPI_COMM_WORLD, 2);
    }
  return p;
}

/* The even split of N own rows over NP ranks (the first N % NP ranks
   get one more); BASE = the own rows of ranks < R.  */
static long
mc_split_even (long n, int r, int np, long *base)
{
  long q = n / np, m = n % np;
  *base = r * q + (r < m ? r : m);
  return q + (r < m ? 1 : 0);
}

/* A split given by a table of own rows per rank: BASE, and the total
   in *TOTAL.  */
static long
mc_split_table (const long *own, int r, int np, long *base, long *total)
{
  long b = 0, s = 0;
  for (int i = 0; i < np; i++)
    {
      if (i < r)
        b += own[i];
      s += own[i];
    }
  *base = b;
  *total = s;
  return own[r];
}

/* A deterministic value in [0, 1) for element (ROW, COL) of array SEED:
   the same on every rank and in the reference.  */
static double
mc_value (long row, long col, unsigned seed)
{
  uint64_t h = (uint64_t) row * 0x9E3779B97F4A7C15ull
               ^ ((uint64_t) col + 0x632BE59BD9B4E019ull) * 0xC2B2AE3D27D4EB4Full
               ^ (uint64_t) seed * 0x165667B19E3779F9ull;
  h ^= h >> 31;
  h *= 0xD6E8FEB86659FD93ull;
  h ^= h >> 29;
  return (double) (h >> 11) * 0x1.0p-53;
}

/* Fill ROWS rows of ROWLEN elements, local row i being global row
   GROW0 + i.  */
static void
mc_fill_double (double *a, long rows, long rowlen, long grow0, unsigned seed)
{
  for (long i = 0; i < rows; i++)
    for (long j = 0; j < rowlen; j++)
      a[i * rowlen + j] = mc_value (grow0 + i, j, seed);
}

static void
mc_fill_float (float *a, long rows, long rowlen, long grow0, unsigned seed)
{
  for (long i = 0; i < rows; i++)
    for (long j = 0; j < rowlen; j++)
      a[i * rowlen + j] = (float) mc_value (grow0 + i, j, seed);
}

static void
mc_fill_int (int *a, long rows, long rowlen, long grow0, unsigned seed)
{
  for (long i = 0; i < rows; i++)
    for (long j = 0; j < rowlen; j++)
      a[i * rowlen + j] = (int) (mc_value (grow0 + i, j, seed) * 1000.0);
}

/* Every rank's slab of NAME (LOCAL: NLOC rows of ROWBYTES bytes, G ghost
   rows each side, global rows from BASE) against the global reference
   REF (NGLOBAL rows), which only rank 0 has (REF may be NULL on the
   others).  Rank 0 gathers every rank's own rows (MPI_Gatherv) and
   compares them with REF's; then REF is broadcast and every rank
   compares its whole slab, ghost rows included (with GHOSTS_TOO: the
   ghost rows of targetinout arrays must hold the neighbours' final
   values).  */
static void
mc_check_rows (MPI_Comm comm, const char *name, const void *local,
               long nloc, long g, long base, long nglobal, size_t rowbytes,
               const void *ref, int ghosts_too)
{
  int rank, np;
  MPI_Comm_rank (comm, &rank);
  MPI_Comm_size (comm, &np);
  long own = nloc - 2 * g;
  int cnt = (int) (own * rowbytes);
  int *counts = NULL, *displs = NULL, bad = 0;
  char *gathered = NULL;
  if (rank == 0)
    {
      counts = mc_alloc (np * sizeof *counts);
      displs = mc_alloc (np * sizeof *displs);
    }
  MPI_Gather (&cnt, 1, MPI_INT, counts, 1, MPI_INT, 0, comm);
  if (rank == 0)
    {
      long off = g * rowbytes;
      for (int r = 0; r < np; r++)
        {
          displs[r] = (int) off;
          off += counts[r];
        }
      if (off != (long) ((nglobal - g) * rowbytes))
        {
          fprintf (stderr, "mpi-check: %s: the ranks' own rows add up to %ld "
                   "rows, the global array has %ld + 2 x %ld\n", name,
                   (long) (off / rowbytes) - g, nglobal - 2 * g, g);
          bad = 1;
        }
      gathered = mc_alloc ((off > nglobal * (long) rowbytes ? off : nglobal * (long) rowbytes));
    }
  MPI_Gatherv ((const char *) local + g * rowbytes, cnt, MPI_BYTE,
               gathered, counts, displs, MPI_BYTE, 0, comm);
  if (rank == 0 && !bad)
    {
      const char *rf = ref;
      for (long row = g; row < nglobal - g; row++)
        if (memcmp (gathered + row * rowbytes, rf + row * rowbytes, rowbytes))
          {
            int r = 0;
            while (r + 1 < np && displs[r + 1] <= row * (long) rowbytes)
              r++;
            fprintf (stderr, "mpi-check: %s: global row %ld (rank %d's own "
                     "rows) differs from the sequential reference\n", name, row, r);
            bad = 1;
            break;
          }
    }
  mc_failures += bad;
  free (counts);
  free (displs);
  free (gathered);

  /* Every rank: its whole slab, boundary and ghost rows included.  */
  char *all = mc_alloc (nglobal * rowbytes);
  if (rank == 0)
    memcpy (all, ref, nglobal * rowbytes);
  MPI_Bcast (all, (int) (nglobal * rowbytes), MPI_BYTE, 0, comm);
  for (long i = 0; i < nloc; i++)
    {
      int ghost = i < g || i >= nloc - g;
      int boundary = (i < g && rank == 0) || (i >= nloc - g && rank == np - 1);
      if (ghost && !boundary && !ghosts_too)
        continue;
      if (base + i < 0 || base + i >= nglobal)
        {
          fprintf (stderr, "mpi-check: rank %d: %s: local row %ld is global row "
                   "%ld, outside [0, %ld)\n", rank, name, i, base + i, nglobal);
          mc_failures++;
          break;
        }
      if (memcmp ((const char *) local + i * rowbytes, all + (base + i) * rowbytes,
                  rowbytes))
        {
          fprintf (stderr, "mpi-check: rank %d: %s: local %s row %ld (global row "
                   "%ld) differs from the sequential reference\n", rank, name,
                   boundary ? "boundary" : ghost ? "ghost" : "own", i, base + i);
          mc_failures++;
          break;
        }
    }
  free (all);
}

/* A scalar every rank has (a reduction's result) against rank 0's
   reference value, bit for bit.  */
static void
mc_check_scalar (MPI_Comm comm, const char *name, const void *got,
                 const void *ref, int bytes, const char *text_got)
{
  int rank;
  char *r = mc_alloc (bytes);
  MPI_Comm_rank (comm, &rank);
  if (rank == 0)
    memcpy (r, ref, bytes);
  MPI_Bcast (r, bytes, MPI_BYTE, 0, comm);
  if (memcmp (got, r, bytes))
    {
      fprintf (stderr, "mpi-check: rank %d: %s is %s, not the sequential "
               "reference's value\n", rank, name, text_got);
      mc_failures++;
    }
  free (r);
}

static void
mc_check_double (MPI_Comm comm, const char *name, double got, double ref)
{
  char buf[64];
  snprintf (buf, sizeof buf, "%a", got);
  mc_check_scalar (comm, name, &got, &ref, sizeof got, buf);
  if (mc_rank == 0 && got != ref)
    fprintf (stderr, "mpi-check: %s: reference %a\n", name, ref);
}

static void
mc_check_long (MPI_Comm comm, const char *name, long got, long ref)
{
  char buf[64];
  snprintf (buf, sizeof buf, "%ld", got);
  mc_check_scalar (comm, name, &got, &ref, sizeof got, buf);
  if (mc_rank == 0 && got != ref)
    fprintf (stderr, "mpi-check: %s: reference %ld\n", name, ref);
}

/* The end of a test: every rank learns whether any failed, prints its
   line, and returns the exit status (1 on every rank after any
   failure).  */
static int
mc_finish (void)
{
  int any = 0;
  MPI_Allreduce (&mc_failures, &any, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (any)
    printf ("mpi-check: rank %d of %d: FAILED (%d failures over the ranks)\n",
            mc_rank, mc_size, any);
  else
    printf ("mpi-check: rank %d of %d: ok\n", mc_rank, mc_size);
  fflush (stdout);
  MPI_Finalize ();
  return any ? 1 : 0;
}

#endif
