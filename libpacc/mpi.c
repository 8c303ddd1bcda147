/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* mpi.c - libpacc-mpi.so: the entry point of a region with
   `mpi(COMM, GHOSTS)' and the MPI calls behind struct pacc_dist_ops
   (dist.h).  Only this file includes mpi.h, so that libpacc itself, and
   every program that does not use the clause, needs no MPI.  The region
   works on a duplicate of the user's communicator (its messages never
   meet the program's), which returns errors instead of aborting, so that
   a failing call is reported with its name.  */

#include <mpi.h>

#include "dist.h"
#include "pacc-abi.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct mpi_ctx
{
  MPI_Comm comm;
};

static int
failed (const char *call, int rc, char *err, size_t errlen)
{
  char s[MPI_MAX_ERROR_STRING];
  int len = 0;
  if (MPI_Error_string (rc, s, &len) != MPI_SUCCESS)
    snprintf (s, sizeof s, "error code %d", rc);
  snprintf (err, errlen, "%s failed: %s", call, s);
  return 1;
}

static int
mpi_allgather (void *ctx, const void *in, void *out, size_t bytes, char *err,
               size_t errlen)
{
  struct mpi_ctx *m = ctx;
  if (bytes > INT_MAX)
    {
      snprintf (err, errlen,
                "MPI_Allgather of %zu bytes per rank: too "
                "many",
                bytes);
      return 1;
    }
  int rc = MPI_Allgather (in, (int) bytes, MPI_BYTE, out, (int) bytes,
                          MPI_BYTE, m->comm);
  return rc == MPI_SUCCESS ? 0 : failed ("MPI_Allgather", rc, err, errlen);
}

/* Messages in pieces of at most 1 GiB (MPI counts are ints).  */
#define PIECE ((size_t) 1 << 30)

static int
mpi_exchange (void *ctx, const struct pacc_xfer *x, int nx, char *err,
              size_t errlen)
{
  struct mpi_ctx *m = ctx;
  size_t nreq = 0;
  for (int i = 0; i < nx; i++)
    nreq += (x[i].bytes + PIECE - 1) / PIECE;
  MPI_Request *req = calloc (nreq ? nreq : 1, sizeof *req);
  if (!req)
    {
      snprintf (err, errlen, "out of memory for %zu MPI requests", nreq);
      return 1;
    }
  size_t k = 0;
  int rc = MPI_SUCCESS;
  const char *call = "MPI_Irecv";
  /* Receives first, so that every send finds its receive posted.  */
  for (int pass = 0; pass < 2 && rc == MPI_SUCCESS; pass++)
    for (int i = 0; i < nx && rc == MPI_SUCCESS; i++)
      if (x[i].send == pass)
        for (size_t off = 0; off < x[i].bytes && rc == MPI_SUCCESS;
             off += PIECE)
          {
            size_t n = x[i].bytes - off < PIECE ? x[i].bytes - off : PIECE;
            char *b = (char *) x[i].buf + off;
            /* The piece's index in the tag keeps pieces apart.  */
            int tag = x[i].tag * 64 + (int) (off / PIECE % 64);
            if (pass)
              call = "MPI_Isend",
              rc = MPI_Isend (b, (int) n, MPI_BYTE, x[i].peer, tag, m->comm,
                              &req[k++]);
            else
              rc = MPI_Irecv (b, (int) n, MPI_BYTE, x[i].peer, tag, m->comm,
                              &req[k++]);
          }
  if (rc == MPI_SUCCESS)
    call = "MPI_Waitall", rc = MPI_Waitall ((int) k, req, MPI_STATUSES_IGNORE);
  free (req);
  return rc == MPI_SUCCESS ? 0 : failed (call, rc, err, errlen);
}

static int
mpi_barrier (void *ctx)
{
  struct mpi_ctx *m = ctx;
  return MPI_Barrier (m->comm) != MPI_SUCCESS;
}

static void
mpi_end (void *ctx)
{
  struct mpi_ctx *m = ctx;
  int done = 0;
  MPI_Finalized (&done);
  if (!done && m->comm != MPI_COMM_NULL)
    MPI_Comm_free (&m->comm);
  free (m);
}

static const struct pacc_dist_ops ops
  = { mpi_allgather, mpi_exchange, mpi_barrier, mpi_end };

void *
__pacc_region_begin_mpi__needs_pkg_config_libs_pacc_mpi (
  int abi_version, const char *where, const char *names, int narrays,
  void *const *host, const long *ainfo, const long *rinfo, long *kb,
  const void *comm, unsigned long comm_bytes, long ghosts)
{
  char err[512] = "";
  int init = 0, fini = 0, rank = 0, size = 1, rc;
  struct mpi_ctx *m = calloc (1, sizeof *m);
  MPI_Comm c = MPI_COMM_NULL;

  if (!m)
    snprintf (err, sizeof err, "with 'mpi', out of memory");
  else if (MPI_Initialized (&init), MPI_Finalized (&fini), !init || fini)
    snprintf (err, sizeof err,
              "with 'mpi', MPI is not initialised: call "
              "MPI_Init before the pipeline%s",
              fini ? " (MPI_Finalize was "
                     "called)"
                   : "");
  else if (comm_bytes != sizeof (MPI_Comm))
    snprintf (err, sizeof err,
              "with 'mpi', the communicator is not an "
              "MPI_Comm of the MPI libpacc-mpi was built with (%lu bytes, "
              "expected %zu)",
              comm_bytes, sizeof (MPI_Comm));
  else if (memcpy (&c, comm, sizeof c), c == MPI_COMM_NULL)
    snprintf (err, sizeof err,
              "with 'mpi', the communicator is "
              "MPI_COMM_NULL");
  else if ((rc = MPI_Comm_dup (c, &m->comm)) != MPI_SUCCESS)
    {
      char e[400];
      failed ("MPI_Comm_dup", rc, e, sizeof e);
      snprintf (err, sizeof err, "with 'mpi', %s", e);
    }
  else
    {
      MPI_Comm_set_errhandler (m->comm, MPI_ERRORS_RETURN);
      MPI_Comm_rank (m->comm, &rank);
      MPI_Comm_size (m->comm, &size);
    }
  return __pacc_region_begin_dist (abi_version, where, names, narrays, host,
                                   ainfo, rinfo, kb, ghosts, &ops, m, rank,
                                   size, err[0] ? err : NULL);
}
